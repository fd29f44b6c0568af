"""Argument types, shared options and the usage error of the command-line tools, so that every
command refuses the same nonsense (a negative or infinite time limit, zero worker processes, a
missing extra) with the same kind of sentence and exit code 2, and offers `--json` and
`--no-progress` the same way.

Conventions every long-running tool follows:

- stdout carries the report (text, or one JSON document with `--json`) and nothing else;
- the progress bar (tqdm) goes to stderr, on by default, off with `--no-progress` (and with
  `--json`, as `levels simulate --json` always did: a machine reading the document runs quiet);
- a per-game line printed beside a progress bar goes through `ProgressBar.write`, which takes
  the bar off the terminal for the line and puts it back after.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

PROGRAM = "duelmind"  # as game/cli.py names it (not imported from there: the tools stay importable alone)


class RunError(RuntimeError):
    """A run that cannot start or go on, with a sentence for the user (the tools exit 2)."""


MAX_MS = 3_600_000.0  # one hour: no turn, start-up or search limit of a tool is longer
MAX_SECONDS = 86_400.0  # one day: no wait of a tool is longer


def positive_ms(text: str) -> float:
    """A time in milliseconds: a finite number above zero and at most MAX_MS (one hour; a
    larger value such as 1e13 would overflow the clocks and deadlines it feeds)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a time in ms, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a time in ms above 0, not {text!r}")
    if value > MAX_MS:
        raise argparse.ArgumentTypeError(f"expected a time in ms of at most {MAX_MS:.0f} (one hour), not {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """A time in seconds: a finite number above zero and at most MAX_SECONDS (one day)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a time in seconds, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a time in seconds above 0, not {text!r}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected a time in seconds of at most {MAX_SECONDS:.0f} (one day), not {text!r}"
        )
    return value


def job_count(text: str) -> int:
    """--jobs: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of jobs, at least 1, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 job, not {text!r} (1 plays in this process)")
    return value


def add_jobs_argument(parser, default: int, help: str = "worker processes") -> None:
    parser.add_argument("--jobs", type=job_count, default=default, metavar="N", help=help)


def add_output_arguments(
    parser, json_help: str = "print one JSON document on stdout instead of the text report", progress: bool = True
) -> None:
    """--json and (with `progress`) --no-progress."""
    parser.add_argument("--json", action="store_true", help=json_help)
    if progress:
        add_progress_argument(parser)


def add_progress_argument(parser) -> None:
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def progress_wanted(args) -> bool:
    """A progress bar unless --no-progress or --json."""
    return not getattr(args, "no_progress", False) and not getattr(args, "json", False)


def print_json(data: Any) -> None:
    """The one JSON document of a `--json` run, on stdout."""
    print(json.dumps(data, indent=2, default=str), flush=True)


class ProgressBar:
    """A tqdm bar on stderr, or nothing when `enabled` is false; `write` prints a line to
    stdout (or `file`) without tearing the bar."""

    def __init__(self, total: int | None, desc: str, enabled: bool = True, unit: str = "game"):
        self.bar = None
        if enabled:
            from tqdm import tqdm

            self.bar = tqdm(
                total=total, desc=desc, unit=unit, file=sys.stderr, mininterval=0.5, smoothing=0.1, dynamic_ncols=True
            )

    def update(self, count: int = 1, postfix: dict | None = None) -> None:
        if self.bar is not None:
            self.bar.update(count)
            if postfix:
                self.bar.set_postfix(postfix, refresh=False)

    def write(self, line: str, file=None) -> None:
        stream = file or sys.stdout
        if self.bar is None:
            print(line, file=stream, flush=True)
        else:
            self.bar.write(line, file=stream)
            stream.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
