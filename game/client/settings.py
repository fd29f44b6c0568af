"""Player settings: window, sound, animation speed and AI thinking time, saved with the store."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.rules.saves.store import Store, StoreError

SETTINGS_VERSION = 1
SETTINGS_NAME = "settings"

WINDOW_SIZES = [(1024, 576), (1280, 720), (1600, 900), (1920, 1080)]
VOLUMES = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
ANIMATION_SPEEDS = [0.5, 1.0, 1.5, 2.0, 4.0]
THINK_TIMES_MS = [250, 500, 1000, 2000, 4000]


@dataclass
class Settings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    volume: float = 0.6
    animation_speed: float = 1.0
    ai_think_ms: int = 1000

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        settings = cls()
        for field in fields(cls):
            if field.name in data:
                value = data[field.name]
                kind = type(getattr(settings, field.name))
                if kind is bool and isinstance(value, bool):
                    setattr(settings, field.name, value)
                elif kind in (int, float) and isinstance(value, (int, float)) and not isinstance(value, bool):
                    setattr(settings, field.name, kind(value))
        settings.width = max(640, min(settings.width, 7680))
        settings.height = max(360, min(settings.height, 4320))
        settings.volume = max(0.0, min(settings.volume, 1.0))
        settings.animation_speed = max(0.25, min(settings.animation_speed, 8.0))
        settings.ai_think_ms = max(20, min(settings.ai_think_ms, 30000))
        return settings

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height


class SettingsFile:
    """Loads the settings once and saves them on change; remembers any problem for the title."""

    def __init__(self, store: Store | None = None):
        self.store = store if store is not None else Store(kind="config")
        document = self.store.load(SETTINGS_NAME, SETTINGS_VERSION, default=Settings().to_dict())
        self.settings = Settings.from_dict(document.data)
        self.problem = document.problem

    @property
    def path(self):
        return self.store.path(SETTINGS_NAME)

    def save(self) -> str | None:
        """Save; returns an error sentence instead of raising (the game goes on either way)."""
        try:
            self.store.save(SETTINGS_NAME, self.settings.to_dict(), SETTINGS_VERSION)
        except StoreError as error:
            self.problem = str(error)
            return self.problem
        return None
