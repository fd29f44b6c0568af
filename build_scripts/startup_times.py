"""Start-up times of Duelmind from source and from the builds in dist/ (run build.py first).

    python3.11 build_scripts/startup_times.py [--runs 7] [--dist dist]

For each of source (`python3.11 main.py`), the one-folder and the one-file build it runs
`--smoke-test` headless (SDL dummy drivers) and measures, from process launch:
  - first frame: until the smoke test prints "smoke test: first frame" (the title screen's
    first frame is rendered: interpreter/bootloader start, imports, window, settings, card pool,
    AI workers launched, the same path as starting the game);
  - smoke exit: until the whole smoke test exits (every screen, every level file, one AI search
    in a spawned worker, workers shut down);
  - --help: `COMMAND --help` start-up alone (interpreter or bootloader start and main.py).
Prints a Markdown table of medians (and minimums) after one untimed warm-up run per target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_config as config  # noqa: E402
from build import executable_path, human_size, smoke_env, tree_size  # noqa: E402

FIRST_FRAME = "smoke test: first frame"


def timed_smoke(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first frame, seconds to exit) of one --smoke-test run."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [*command, "--smoke-test"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    first = None
    for line in process.stdout:
        if first is None and line.startswith(FIRST_FRAME):
            first = time.perf_counter() - started
    code = process.wait()
    total = time.perf_counter() - started
    if code != 0 or first is None:
        raise RuntimeError(f"{' '.join(command)} --smoke-test failed (exit code {code})")
    return first, total


def timed_help(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run([*command, "--help"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def targets(dist: Path) -> list[tuple[str, list[str], str]]:
    found = [("source", [sys.executable, str(config.ROOT / "main.py")], "-")]
    for mode, label in (("onedir", "one-folder"), ("onefile", "one-file")):
        executable = executable_path(mode, dist)
        if executable.is_file():
            size = tree_size(executable if mode == "onefile" else executable.parent)
            found.append((label, [str(executable)], human_size(size)))
        else:
            print(f"({label}: {executable} not built, skipped)", file=sys.stderr)
    return found


def seconds(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} s ({min(values):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per target (default 7)")
    parser.add_argument("--dist", type=Path, default=config.ROOT / "dist", help="where build.py put the builds")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="duelmind-timing-") as home:
        env = smoke_env(home)
        for label, command, size in targets(args.dist.resolve()):
            timed_smoke(command, env)  # warm-up: file cache, byte-code cache for source
            runs = [timed_smoke(command, env) for _ in range(args.runs)]
            helps = [timed_help(command, env) for _ in range(args.runs)]
            rows.append((label, size, seconds([r[0] for r in runs]), seconds([r[1] for r in runs]), seconds(helps)))
            print(f"{label}: done", file=sys.stderr)
    print(f"{args.runs} runs each, median (min); {os.cpu_count()} CPUs\n")
    print("| run from | size | first frame | smoke test exit | `--help` |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
