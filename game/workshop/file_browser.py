"""What the workshop's file dialog shows and checks, without pygame: a folder's subfolders and
level files (each with its title and game), the recent files (kept in the config store, newest
first), whether a typed name can be a file name, and where a copied level goes in a campaign
folder (a fresh id when its own is taken). The dialog (game/client/workshop/file_dialog.py)
draws this and turns keys and clicks into it.
"""

from __future__ import annotations

from game.i18n import _

import re
from dataclasses import dataclass
from pathlib import Path

from game.rules.levels.level_base import LEVEL_ID_PATTERN
from game.rules.registry import UnknownGame, game_kind
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, parse_json_text, read_text_file
from game.rules.saves.store import Store, StoreError

RECENT_NAME = "workshop_recent"
RECENT_VERSION = 1
RECENT_KEPT = 12  # the recent list's length: older files fall off the end
CAMPAIGN_FILE = "campaign.json"


@dataclass(frozen=True)
class Entry:
    """One line of a folder's listing: a subfolder, or a JSON file with what it holds."""

    path: Path
    folder: bool
    title: str  # a level's title, "Campaign: <title>", or the file name when it holds neither
    what: str  # "folder", the game's name ("card duel"), "campaign", or why it cannot be opened here

    @property
    def name(self) -> str:
        return self.path.name


def describe(path: Path) -> tuple[str, str]:
    """(title, what) of a JSON file: a level's title and game, a campaign's title, or the file
    name and what is wrong with it ("not valid JSON": the raw editor opens it)."""
    try:
        data = parse_json_text(read_text_file(path), str(path))
    except (JsonFileError, JsonFileUnreadable, OSError, UnicodeDecodeError):
        return path.stem, "not valid JSON"
    if not isinstance(data, dict):
        return path.stem, "not a level"
    found = data.get("title")
    title = found.strip() if isinstance(found, str) else ""
    if isinstance(data.get("chapters"), list):
        return (title or path.stem), "campaign"
    kind = data.get("kind")
    try:
        game = game_kind(kind).title.lower() if isinstance(kind, str) else None
    except UnknownGame:
        game = None
    if game is None:
        return path.stem, "not a level"
    return (title or path.stem), game


def listing(folder: Path, files: bool = True) -> list[Entry]:
    """The folder's subfolders (hidden ones and Python's __pycache__ left out), then its JSON files (`files`), each sorted
    by name; [] for a folder that cannot be read."""
    try:
        children = sorted(folder.iterdir(), key=lambda p: p.name.lower())
    except OSError:
        return []
    found = [Entry(p, True, p.name, "folder") for p in children if not p.name.startswith((".", "__")) and _is_dir(p)]
    if files:
        for path in children:
            if path.suffix.lower() == ".json" and not path.name.startswith(".") and path.is_file():
                title, what = describe(path)
                found.append(Entry(path, False, title, what))
    return found


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


# ---------------------------------------------------------------------------------- names

_FORBIDDEN = set('<>:"/\\|?*')
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{n}" for n in range(1, 10)} | {f"lpt{n}" for n in range(1, 10)}


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a level file's name on every system the game runs on (None: it can).
    The sentence is for the designer."""
    stem = name.removesuffix(".json")
    if not stem.strip():
        return _("Type a name for the file")
    bad = sorted({c for c in name if c in _FORBIDDEN})
    if bad:
        return _(
            "A file name cannot hold these characters: {characters} (choose the folder above; type only the name here)"
        ).format(characters=" ".join(bad))
    if any(ord(c) < 32 for c in name):
        return _("A file name cannot hold control characters")
    if name != name.strip() or name.endswith("."):
        return _("A file name cannot start or end with a space, or end with a dot")
    if stem.lower().split(".")[0] in _RESERVED:
        return _('"{name}" is a name Windows keeps for a device: choose another').format(name=stem)
    if len(name.encode("utf-8")) > 200:
        return _("That name is too long (200 bytes at most)")
    return None


def with_suffix(name: str) -> str:
    """The file name for a typed name: ".json" added when it has none."""
    return name if name.lower().endswith(".json") else f"{name}.json"


def id_for(stem: str) -> str | None:
    """The level id a file name gives (a campaign level's id is its file name), or None when the
    name is not a valid id (letters a-z, digits and _, starting with a letter or digit)."""
    return stem if re.match(LEVEL_ID_PATTERN, stem) else None


def fresh_id(level_id: str, taken: set[str]) -> str:
    """`level_id`, or `level_id_2`, `_3`... : the first not in `taken` (kept within the id's 48
    characters)."""
    if level_id not in taken:
        return level_id
    n = 2
    while True:
        suffix = f"_{n}"
        candidate = level_id[: 48 - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def copy_name(level_id: str, taken: set[str]) -> str:
    """A duplicate's id: `<id>_copy`, then `<id>_copy_2`..."""
    base = re.sub(r"_copy(_\d+)?$", "", level_id)[:43] + "_copy"
    return fresh_id(base, taken)


def campaign_file(folder: Path) -> Path | None:
    """The campaign file of a folder (its campaign.json), or None."""
    path = folder / CAMPAIGN_FILE
    return path if path.is_file() else None


# ---------------------------------------------------------------------------------- recent files


class RecentFiles:
    """The level and campaign files the workshop opened or saved lately, newest first, kept in
    the config store (a file that is gone is left out of the list, never an error)."""

    def __init__(self, store: Store | None = None):
        self.store = store if store is not None else Store(kind="config")

    def _stored(self) -> list[str]:
        document = self.store.load(RECENT_NAME, RECENT_VERSION, default={"files": []})
        files = document.data.get("files")
        return [item for item in files if isinstance(item, str)] if isinstance(files, list) else []

    def files(self) -> list[Path]:
        """The recent files that still exist, newest first."""
        return [Path(item) for item in self._stored() if Path(item).is_file()]

    def add(self, path: str | Path) -> None:
        """`path` becomes the newest; saving the list may fail (a read-only config folder): the
        workshop goes on without it."""
        path = str(Path(path).resolve())
        kept = [path] + [item for item in self._stored() if item != path and Path(item).is_file()]
        try:
            self.store.save(RECENT_NAME, {"files": kept[:RECENT_KEPT]}, RECENT_VERSION)
        except StoreError:
            pass
