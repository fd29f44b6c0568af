"""Argument types and the usage error shared by the command-line tools, so that every command
refuses the same nonsense (a negative or infinite time limit, a missing extra) with the same
kind of sentence and exit code 2."""

from __future__ import annotations

import argparse
import math


class RunError(RuntimeError):
    """A run that cannot start or go on, with a sentence for the user (the tools exit 2)."""


def positive_ms(text: str) -> float:
    """A time in milliseconds: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a time in ms, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a time in ms above 0, not {text!r}")
    return value
