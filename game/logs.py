"""Where Duelmind writes what happened: a rotating log file and crash reports.

Every command (the game and each tool) logs the same way: `game/cli.py` calls `setup_logging`
once, before the command runs, and modules log through `logging.getLogger(__name__)`. The log
goes to a file only, never to stdout (the protocol bots speak on stdout, and the windowed
desktop build has no console at all), so that a problem a player meets can still be read
afterwards: `duelmind saves` prints the folder.

Where: `$DUELMIND_HOME/logs` when that variable is set (tests), else the platform's user log
folder (platformdirs). A folder that cannot be written leaves the game running without a log.
"""

from __future__ import annotations

import datetime
import logging
import logging.handlers
import os
import platform
import sys
import traceback
from pathlib import Path

from game.version import __version__

APP_NAME = "duelmind"
HOME_VARIABLE = "DUELMIND_HOME"  # the same variable as the saves' (game/rules/saves/store.py)
LOG_NAME = "duelmind.log"
LOG_BYTES = 1_000_000  # one file's size before it rotates
LOG_BACKUPS = 4  # duelmind.log.1 ... .4 are kept: at most 5 MB of logs in all
CRASH_PREFIX = "crash-"
CRASHES_KEPT = 20  # older crash reports are removed when a new one is written
FORMAT = "%(asctime)s %(levelname)-7s %(process)d %(name)s: %(message)s"

_handler: logging.Handler | None = None  # the file handler installed by setup_logging


def log_dir() -> Path:
    """The folder of the log file and the crash reports."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home) / "logs"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_file() -> Path:
    return log_dir() / LOG_NAME


def setup_logging(debug: bool = False, command: str = "play") -> Path | None:
    """Send the root logger to the rotating log file (INFO, or DEBUG with `debug`) and log
    uncaught exceptions there too. Returns the file, or None when its folder cannot be written
    (the command still runs; nothing is printed, since stdout may be a protocol)."""
    global _handler
    root = logging.getLogger()
    if _handler is not None:  # a second call (tests run several commands in one process)
        root.removeHandler(_handler)
        _handler.close()
        _handler = None
    root.setLevel(logging.DEBUG if debug else logging.INFO)
    path = log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    _handler = handler
    for noisy in ("PIL", "matplotlib", "asyncio", "distributed", "tornado", "fsspec"):
        logging.getLogger(noisy).setLevel(max(logging.INFO, root.level))
    logging.captureWarnings(True)
    _install_excepthook()
    logging.getLogger("duelmind").info(
        "Duelmind %s: %s (Python %s, %s)", __version__, command, platform.python_version(), platform.platform()
    )
    return path


def _install_excepthook() -> None:
    previous = sys.excepthook
    if getattr(previous, "_duelmind_logs", False):
        return

    def log_then_report(kind, value, tb):
        if not issubclass(kind, KeyboardInterrupt):
            logging.getLogger("duelmind").critical("uncaught exception", exc_info=(kind, value, tb))
        previous(kind, value, tb)

    log_then_report._duelmind_logs = True  # type: ignore[attr-defined]
    sys.excepthook = log_then_report


def environment_lines() -> list[str]:
    """Version, platform and libraries: the head of a crash report."""
    lines = [
        f"Duelmind {__version__}",
        f"Python {platform.python_version()} ({sys.executable})",
        f"Platform {platform.platform()} ({platform.machine()})",
        f"Frozen build: {'yes' if getattr(sys, 'frozen', False) else 'no'}",
    ]
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        version = getattr(pygame, "version", None)
        sdl = ".".join(str(n) for n in pygame.get_sdl_version()) if hasattr(pygame, "get_sdl_version") else "?"
        lines.append(f"pygame-ce {getattr(version, 'ver', '?')} (SDL {sdl})")
    return lines


def crash_report_text(error: BaseException, scene: str | None = None, context: dict | None = None) -> str:
    """The report of an uncaught exception: when, versions and platform, the scene, the traceback."""
    lines = [
        "Duelmind crash report",
        f"Time {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        *environment_lines(),
        f"Scene {scene or '(none)'}",
    ]
    for key, value in (context or {}).items():
        lines.append(f"{key} {value}")
    lines += ["", "".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip()]
    return "\n".join(lines) + "\n"


def write_crash_report(
    error: BaseException, scene: str | None = None, context: dict | None = None, folder: Path | None = None
) -> tuple[Path | None, str]:
    """Write a crash report into the log folder; (its path or None when it could not be
    written, the report's text). The error is logged too, and old reports are pruned."""
    text = crash_report_text(error, scene, context)
    logging.getLogger("duelmind").critical("crash in scene %s", scene, exc_info=error)
    folder = folder or log_dir()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"{CRASH_PREFIX}{stamp}.txt"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None, text
    _prune_crash_reports(folder)
    return path, text


def crash_reports(folder: Path | None = None) -> list[Path]:
    """The crash reports in the log folder, oldest first."""
    folder = folder or log_dir()
    try:
        return sorted(path for path in folder.glob(f"{CRASH_PREFIX}*.txt") if path.is_file())
    except OSError:
        return []


def _prune_crash_reports(folder: Path) -> None:
    for old in crash_reports(folder)[:-CRASHES_KEPT]:
        try:
            old.unlink()
        except OSError:
            pass
