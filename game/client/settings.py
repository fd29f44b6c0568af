"""Player settings: window, sound (master, music and effects volumes, mute), animation speed, AI
thinking time, how fast the AI's moves are shown, the player's portrait, the designer's tools and
accessibility (colour palette, text size, reduced motion) and the language, saved with the store."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields

from game.client.theme import PALETTE_NAMES, STANDARD
from game.i18n import LANGUAGES, PSEUDO
from game.rules.saves.store import Store, StoreError

SETTINGS_VERSION = 1
SETTINGS_NAME = "settings"

WINDOW_SIZES = [(1024, 576), (1280, 720), (1600, 900), (1920, 1080)]
VOLUMES = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
ANIMATION_SPEEDS = [0.5, 1.0, 1.5, 2.0, 4.0]
THINK_TIMES_MS = [250, 500, 1000, 2000, 4000]
# How the AI's actions are shown: the pause before each (ms) and how much faster than the player's
# own its animations run. "normal" shows an action in about 0.4-0.8 s; "instant" skips to the end.
AI_PACES = {"slow": (420, 1.0), "normal": (180, 1.6), "fast": (60, 2.6), "instant": (0, 0.0)}
PLAYER_PORTRAITS = ["apprentice", "knight", "ranger", "automaton"]
TEXT_SCALES = [1.0, 1.25, 1.5]  # "Text size": 100 %, 125 %, 150 %
# Text settings: the values each may take (a saved value outside them keeps the default).
_CHOICES = {
    "ai_pace": list(AI_PACES),
    "portrait": PLAYER_PORTRAITS,
    "palette": list(PALETTE_NAMES),
    "language": ["", *LANGUAGES, PSEUDO],
}
# Numbers that take only some values: a saved one is clamped, then moved to the nearest of them.
_STEPS = {"text_scale": TEXT_SCALES}
# Accepted range of each number (a saved value outside is clamped to it).
_RANGES = {
    "width": (640, 7680),
    "height": (360, 4320),
    "volume": (0.0, 1.0),
    "music_volume": (0.0, 1.0),
    "effects_volume": (0.0, 1.0),
    "animation_speed": (0.25, 8.0),
    "ai_think_ms": (20, 30000),
    "text_scale": (1.0, 1.5),
}


@dataclass
class Settings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    volume: float = 0.6  # the master volume (a file from before music_volume/effects_volume has only this)
    music_volume: float = 0.7  # x volume, for the music
    effects_volume: float = 1.0  # x volume, for the sound effects
    mute: bool = False
    animation_speed: float = 1.0
    ai_think_ms: int = 1000
    ai_pace: str = "normal"  # how fast the AI's actions are shown (AI_PACES)
    portrait: str = "apprentice"  # the player's face in quick matches (PLAYER_PORTRAITS)
    designer: bool = False  # level designer's hints on screen (F5 reloads the level file)
    palette: str = STANDARD  # colours (game/client/theme.py PALETTES): standard or colour-blind safe
    text_scale: float = 1.0  # every font drawn this much larger (TEXT_SCALES)
    # No screen shake, hit-stop or slow motion, animations twice as fast, no idle bobbing. It took
    # over the old `screen_shake` switch: a file saying screen_shake=false loads as reduced motion.
    reduced_motion: bool = False
    # The game's language (game/i18n.py LANGUAGES); "" until the player picks one: the system's.
    language: str = ""

    @property
    def screen_shake(self) -> bool:
        """Big hits shake the table (read by the duel; reduced motion turns it off)."""
        return not self.reduced_motion

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        """Settings from saved data: unknown fields, wrong types and non-finite numbers are ignored
        (the default stays), numbers are clamped to their range (before any conversion, so a
        huge integer such as 10**400 cannot overflow a float)."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        if data.get("screen_shake") is False and "reduced_motion" not in data:
            settings.reduced_motion = True  # a file from before reduced motion, with shake off
        for field in fields(cls):
            if field.name in data:
                value = data[field.name]
                kind = type(getattr(settings, field.name))
                if kind is bool and isinstance(value, bool):
                    setattr(settings, field.name, value)
                elif kind is str and isinstance(value, str) and value in _CHOICES.get(field.name, ()):
                    setattr(settings, field.name, value)
                elif kind in (int, float) and isinstance(value, (int, float)) and not isinstance(value, bool):
                    if isinstance(value, float) and not math.isfinite(value):
                        continue
                    low, high = _RANGES[field.name]
                    value = kind(max(low, min(value, high)))
                    if field.name in _STEPS:
                        value = min(_STEPS[field.name], key=lambda step: abs(step - value))
                    setattr(settings, field.name, value)
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
