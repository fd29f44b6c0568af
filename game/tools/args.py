"""Argument types shared by the command-line tools, so that every command refuses the same
nonsense (a negative or infinite time limit) with the same sentence and exit code 2."""

from __future__ import annotations

import argparse
import math


def positive_ms(text: str) -> float:
    """A time in milliseconds: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a time in ms, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a time in ms above 0, not {text!r}")
    return value
