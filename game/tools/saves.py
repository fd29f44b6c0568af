"""`duelmind saves`: where the game keeps a player's files, whether each one loads, and what
was moved aside. It only reads: a bad file is reported here and moved aside by the game itself.

To reset, `--reset settings|progress|runs|all` moves those files aside (as
`NAME.json.reset-<time>`, never deleted); the game starts with defaults for them next time.
"""

from __future__ import annotations

import argparse
import datetime
import os
import time
from pathlib import Path

from pydantic import ValidationError

from game.client.settings import SETTINGS_NAME, SETTINGS_VERSION  # pure Python: no pygame
from game.logs import crash_reports, log_dir
from game.rules.safe_json import JsonFileError, JsonFileUnreadable, parse_json_text, read_text_file
from game.rules.saves.progress import PROGRESS_VERSION, RUN_VERSION, ProgressData, RunData, default_store
from game.rules.saves.store import HOME_VARIABLE, STALE_TEMP_SECONDS, Store, default_root

RESETTABLE = ("settings", "progress", "runs", "all")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Show where Duelmind keeps settings, campaign progress, saved level games and its logs, whether each "
        "loads, and which unreadable files were moved aside (NAME.json.corrupt-<time>). To start "
        "afresh, --reset moves files aside (nothing is deleted); the game then uses defaults. "
        f"Set {HOME_VARIABLE} to keep all files under one folder instead of the platform's."
    )
    parser.add_argument(
        "--reset",
        choices=RESETTABLE,
        default=None,
        help="move these files aside: settings, progress, runs (saved level games) or all",
    )


def check_document(path: Path, version: int, model=None) -> str:
    """'ok', 'missing', or a sentence saying why the game could not load the file (read only)."""
    try:
        data = parse_json_text(read_text_file(path), path.name)
    except FileNotFoundError:
        return "missing (defaults are used)"
    except JsonFileUnreadable as error:
        return f"cannot be read: {error}"
    except OSError as error:
        return f"cannot be read: {error}"
    except JsonFileError as error:
        return f"unreadable: {error.json_path + ': ' if error.json_path else ''}{error.message}"
    if not isinstance(data, dict):
        return f"unreadable: a JSON object was expected, not {type(data).__name__}"
    found = data.get("version", 0)
    if not isinstance(found, int) or isinstance(found, bool) or found > version or found < 0:
        return f"unreadable: version {found!r} is not one this game reads (up to {version})"
    if model is not None:
        try:
            model.model_validate(data)
        except ValidationError as error:  # reported in one line: the first problem
            return f"unreadable: {error.errors()[0]['msg']}"
    return "ok"


def _when(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return "?"
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def _moved_aside(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.json.*") if ".corrupt-" in p.name or ".reset-" in p.name)
    except OSError:
        return []


def _left_over(folder: Path) -> list[Path]:
    """The atomic store's temporary files (``.NAME.json.XXXX.tmp``) in ``folder``: a save that was
    killed mid-write leaves one behind (read only: the game removes old ones itself)."""
    try:
        return sorted(p for p in folder.glob(".*.json.*.tmp") if p.is_file())
    except OSError:
        return []


def _age(path: Path, now: float | None = None) -> str:
    """How long ago the file was last written: '45 s', '12 min', '3 h', '2 days'."""
    try:
        seconds = max(0.0, (now if now is not None else time.time()) - path.stat().st_mtime)
    except OSError:
        return "age unknown"
    if seconds < 120:
        return f"{seconds:.0f} s old"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min old"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h old"
    return f"{seconds / 86400:.0f} days old"


def _stale(path: Path, now: float) -> bool:
    try:
        return now - path.stat().st_mtime > STALE_TEMP_SECONDS
    except OSError:
        return False


def _reset(paths: list[Path]) -> list[str]:
    lines = []
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    for path in paths:
        if not path.exists():
            continue
        target = path.with_name(f"{path.name}.reset-{stamp}")
        try:
            os.replace(path, target)
            lines.append(f"moved {path} to {target.name}")
        except OSError as error:
            lines.append(f"could not move {path}: {error}")
    return lines


def run(args: argparse.Namespace) -> int:
    settings_store = Store(kind="config")
    campaign_store = default_store()
    settings_path = settings_store.path(SETTINGS_NAME)
    progress_path = campaign_store.path("progress")
    try:
        run_paths = sorted(campaign_store.root.glob("run-*.json"))
    except OSError:
        run_paths = []
    if args.reset:
        chosen = {"settings": [settings_path], "progress": [progress_path], "runs": run_paths}
        paths = [p for key, group in chosen.items() if args.reset in (key, "all") for p in group]
        lines = _reset(paths) or ["nothing to reset"]
        print("\n".join(lines))
        return 1 if any(line.startswith("could not") for line in lines) else 0
    where = (
        f"under ${HOME_VARIABLE} ({os.environ[HOME_VARIABLE]})"
        if os.environ.get(HOME_VARIABLE)
        else "in the platform's user folders"
    )
    print(f"Duelmind keeps your files {where}.")
    print(f"  settings:   {settings_path}: {check_document(settings_path, SETTINGS_VERSION)}")
    print(f"  progress:   {progress_path}: {check_document(progress_path, PROGRESS_VERSION, ProgressData)}")
    if run_paths:
        print(f"  level runs: {len(run_paths)} saved game(s) in {campaign_store.root}")
        for path in run_paths:
            print(f"    {path.name} (saved {_when(path)}): {check_document(path, RUN_VERSION, RunData)}")
    else:
        print(f"  level runs: none saved (they go to {campaign_store.root}/run-LEVEL.json)")
    crashes = crash_reports()
    print(
        f"  logs:       {log_dir()}"
        + (f" ({len(crashes)} crash report(s), newest {crashes[-1].name})" if crashes else "")
    )
    aside = _moved_aside(settings_store.root) + _moved_aside(campaign_store.root)
    if aside:
        print("Moved aside (the game could not read them, or you reset them; nothing was deleted):")
        for path in aside:
            print(f"    {path} ({_when(path)})")
    folders = dict.fromkeys([settings_store.root, campaign_store.root, default_root("data")])
    left = [path for folder in folders for path in _left_over(folder)]
    if left:
        now = time.time()
        print(
            "Left over from an interrupted save (temporary files a killed save left behind; the file it was "
            "saving is intact):"
        )
        for path in left:
            note = "the game removes it when it next starts" if _stale(path, now) else "a save may be running now"
            print(f"    {path} ({_age(path, now)}; {note})")
    print("To start afresh: duelmind saves --reset settings|progress|runs|all")
    return 0
