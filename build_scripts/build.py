"""Build Duelmind's desktop app with PyInstaller and smoke-test each fresh build.

    python3.11 -m pip install -e ".[build]" && python3.11 build_scripts/build.py [--onedir] [--onefile] [--skip-smoke]

Without --onedir/--onefile both are built, into dist/:
  - one folder: dist/Duelmind/ (run dist/Duelmind/Duelmind; on macOS with --windowed also
    dist/Duelmind.app)
  - one file:   dist/Duelmind-<version>-<os>-<arch> (.exe on Windows)

After each build it checks the bundle holds the game data (levels, fonts, icon), runs the app's
`--smoke-test` headless (SDL_VIDEODRIVER=dummy, SDL_AUDIODRIVER=dummy; every screen rendered,
every level and card file loaded, one AI search in a spawned worker process) and `COMMAND --help`
for every command of main.py, and fails (exit 1) if any of that fails. PyInstaller's work files
and cache go under --work (default build/pyinstaller/), so builds with different --work folders
never share state.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_config as config  # noqa: E402

SPEC = Path(__file__).resolve().parent / "duelmind.spec"
SMOKE_TIMEOUT = 300.0
# Files every bundle must hold, relative to the bundle's data root (sys._MEIPASS).
REQUIRED_FILES = (
    "levels/campaign/campaign.json",
    "levels/cards/core.json",
    "assets/fonts/Inter-Regular.otf",
    "assets/fonts/Inter-Bold.otf",
    "assets/icon.png",
    "pygame/freesansbold.ttf",  # pygame-ce's default font, the client's fallback
)


class BuildError(Exception):
    """A build step failed; the message says which and why."""


@dataclass
class Result:
    mode: str
    executable: Path
    size: int  # bytes: the whole folder (onedir) or the file (onefile)
    build_seconds: float
    smoke_seconds: float | None = None


def pyinstaller_command(mode: str, dist: Path, work: Path, windowed: bool = False, upx: bool = False,
                        strip: bool | None = None, clean: bool = False) -> list[str]:
    """The PyInstaller command line for one build of duelmind.spec."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work / mode)]
    if clean:
        command.append("--clean")
    command += [str(SPEC), "--", "--mode", mode]
    if windowed:
        command.append("--windowed")
    if upx:
        command.append("--upx")
    if strip is not None:
        command.append("--strip" if strip else "--no-strip")
    if sys.platform == "win32":
        version_file = work / "version_info.txt"
        version_file.parent.mkdir(parents=True, exist_ok=True)
        version_file.write_text(config.windows_version_info(config.read_version()), encoding="utf-8")
        command += ["--version-file", str(version_file)]
    return command


def pyinstaller_env(work: Path) -> dict[str, str]:
    """The environment for PyInstaller: its cache (stripped binaries...) inside the work folder."""
    env = dict(os.environ)
    env["PYINSTALLER_CONFIG_DIR"] = str(work / "pyinstaller-config")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # the analysis imports pygame
    return env


def executable_path(mode: str, dist: Path) -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    if mode == "onefile":
        return dist / f"{config.onefile_name()}{suffix}"
    return dist / config.APP_NAME / f"{config.APP_NAME}{suffix}"


def tree_size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder (symbolic links counted as links)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def bundled_names(mode: str, executable: Path) -> set[str]:
    """Paths of the data files in a bundle, relative to its data root, with / separators."""
    if mode == "onefile":
        from PyInstaller.archive.readers import CArchiveReader

        return {name.replace("\\", "/") for name in CArchiveReader(str(executable)).toc}
    root = executable.parent / "_internal"
    if not root.is_dir():  # PyInstaller < 6 or --contents-directory .
        root = executable.parent
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def check_contents(mode: str, executable: Path) -> None:
    names = bundled_names(mode, executable)
    missing = [name for name in REQUIRED_FILES if name not in names]
    source_files = [Path(src).relative_to(config.ROOT).as_posix() for src, _ in config.data_files()]
    missing += [name for name in source_files if name not in names and name not in missing]
    if missing:
        raise BuildError(f"{executable} lacks: {', '.join(missing)}")


def smoke_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DUELMIND_HOME=home,
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def run_checked(command: list[str], env: dict[str, str], what: str, timeout: float = SMOKE_TIMEOUT,
                expect: str | None = None) -> str:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as error:
        raise BuildError(f"{what}: no exit after {timeout:.0f} s\n{error.stdout or ''}{error.stderr or ''}") from None
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise BuildError(f"{what}: exit code {done.returncode}\n{output}")
    if expect is not None and expect not in done.stdout:
        raise BuildError(f"{what}: exit code 0 but no {expect!r} in its output\n{output}")
    return output


def smoke_test(executable: Path, windowed: bool = False) -> float:
    """Run the bundle's --smoke-test and every command's --help; the smoke test's seconds."""
    with tempfile.TemporaryDirectory(prefix="duelmind-smoke-home-") as home:
        env = smoke_env(home)
        # A windowed Windows app has no stdout: only its exit code can be checked.
        expect = None if windowed and sys.platform == "win32" else "screens rendered"
        started = time.perf_counter()
        output = run_checked([str(executable), "--smoke-test"], env, f"{executable.name} --smoke-test",
                             expect=expect)
        seconds = time.perf_counter() - started
        for line in output.splitlines():
            if line.startswith("smoke test"):
                print(f"    {line}")
        for name in config.command_names():
            run_checked([str(executable), *name.split(), "--help"], env, f"{executable.name} {name} --help",
                        timeout=120.0, expect=None if expect is None else "usage:")
    return seconds


def build(mode: str, dist: Path, work: Path, *, windowed: bool = False, upx: bool = False,
          strip: bool | None = None, clean: bool = False, smoke: bool = True, quiet: bool = False) -> Result:
    """Build one bundle, check what it holds and (unless smoke=False) smoke-test it."""
    if upx and shutil.which("upx") is None:
        raise BuildError("--upx: no upx program on PATH")
    command = pyinstaller_command(mode, dist, work, windowed=windowed, upx=upx, strip=strip, clean=clean)
    started = time.perf_counter()
    done = subprocess.run(command, env=pyinstaller_env(work), cwd=config.ROOT, text=True,
                          capture_output=quiet)
    build_seconds = time.perf_counter() - started
    if done.returncode != 0:
        log = (done.stdout or "") + (done.stderr or "") if quiet else "(see above)"
        raise BuildError(f"PyInstaller failed ({mode}, exit code {done.returncode}): {log}")
    executable = executable_path(mode, dist)
    if not executable.is_file():
        raise BuildError(f"PyInstaller reported success but {executable} does not exist")
    check_contents(mode, executable)
    size = tree_size(executable if mode == "onefile" else executable.parent)
    result = Result(mode, executable, size, build_seconds)
    if smoke:
        result.smoke_seconds = smoke_test(executable, windowed)
    return result


def human_size(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--onedir", action="store_true", help="build the one-folder app")
    parser.add_argument("--onefile", action="store_true", help="build the one-file app")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the smoke test on the builds")
    parser.add_argument("--windowed", action="store_true",
                        help="no console window (use for Windows and macOS releases; makes Duelmind.app on macOS)")
    parser.add_argument("--upx", action="store_true", help="compress the binaries with UPX (upx must be on PATH)")
    parser.add_argument("--strip", action=argparse.BooleanOptionalAction, default=None,
                        help="strip symbols from the binaries (default: on Linux only)")
    parser.add_argument("--clean", action="store_true", help="rebuild from scratch (PyInstaller's cache too)")
    parser.add_argument("--dist", type=Path, default=config.ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=config.ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work and cache folder (default: build/pyinstaller/)")
    args = parser.parse_args(argv)
    modes = [mode for mode in ("onedir", "onefile") if getattr(args, mode)] or ["onedir", "onefile"]

    from make_icon import write_icons

    for path in write_icons():
        print(f"drew {path.relative_to(config.ROOT)}")
    print(f"Duelmind {config.read_version()}: building {' and '.join(modes)} into {args.dist}")
    results = []
    try:
        for mode in modes:
            print(f"== {mode}")
            result = build(mode, args.dist.resolve(), args.work.resolve(), windowed=args.windowed, upx=args.upx,
                           strip=args.strip, clean=args.clean, smoke=not args.skip_smoke)
            results.append(result)
            smoke = "not smoke-tested" if result.smoke_seconds is None else \
                f"smoke test passed in {result.smoke_seconds:.1f} s"
            print(f"    {result.executable} ({human_size(result.size)}), built in {result.build_seconds:.0f} s, {smoke}")
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print("done:")
    for result in results:
        print(f"  {result.mode:8} {human_size(result.size):>10}  {result.executable}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
