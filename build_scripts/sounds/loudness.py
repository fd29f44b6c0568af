"""The loudness targets and how a sound is measured, normalised to them and trimmed."""

from __future__ import annotations

import math

import numpy as np

from .synth import SR, from_db, limit, n_of, to_db

# ---------------------------------------------------------------------------------- targets
PEAK_CEILING_DB = -1.0  # no file peaks above this (sample peak, dBFS)
PEAK_MARGIN_DB = 0.3  # what we aim under the ceiling (Vorbis and 16-bit rounding move peaks a little)
EFFECT_RMS_RANGE = (-30.0, -12.0)  # every effect's RMS over its non-silent part
EFFECT_TOLERANCE_DB = 3.0  # an effect's documented range is its target +- this (inside EFFECT_RMS_RANGE)
MUSIC_RMS_TARGET = -20.0
MUSIC_TOLERANCE_DB = 4.0
GATE_DB = -50.0  # 10 ms blocks quieter than this are silence and left out of the RMS
BLOCK_SECONDS = 0.01


def measure(samples: np.ndarray) -> tuple[float, float]:
    """(peak dBFS, RMS dBFS over the non-silent part) of int16 samples, (n,) or (n, channels):
    the RMS of the 10 ms blocks (all channels) whose own RMS is at least GATE_DB. The test
    computes exactly this in pure Python."""
    x = samples.astype(np.float64).reshape(len(samples), -1) / 32768.0
    peak = to_db(float(np.max(np.abs(x)))) if x.size else float("-inf")
    block = int(SR * BLOCK_SECONDS)
    gate = from_db(GATE_DB) ** 2
    total, count = 0.0, 0
    for start in range(0, len(x), block):
        b = x[start : start + block]
        ms = float(np.mean(b * b))
        if ms >= gate:
            total += float(np.sum(b * b))
            count += b.size
    rms = to_db(math.sqrt(total / count)) if count else float("-inf")
    return peak, rms


def fit_loudness(x: np.ndarray, target_db: float, ceiling_db: float) -> np.ndarray:
    """Scale to the target RMS, soft-limiting peaks into the ceiling; a few rounds since
    limiting lowers the RMS a little."""
    for _ in range(8):
        x = x * from_db(target_db - _float_rms(x))
        if np.max(np.abs(x)) > from_db(ceiling_db - 6.0):
            x = limit(x, ceiling_db)
        if abs(_float_rms(x) - target_db) < 0.05:
            break
    return x


def _float_rms(x: np.ndarray) -> float:
    return measure(np.clip(x, -1.0, 1.0) * 32768.0)[1]


def trim_tail(x: np.ndarray, floor_db: float = -60.0) -> np.ndarray:
    """Cut the inaudible end: after the last 10 ms block above floor_db, keep 30 ms."""
    block = int(SR * BLOCK_SECONDS)
    level = from_db(floor_db)
    last = 0
    for start in range(0, len(x), block):
        if np.sqrt(np.mean(x[start : start + block] ** 2)) > level:
            last = start + block
    return x[: min(len(x), last + n_of(0.03))]


def to_int16(x: np.ndarray) -> np.ndarray:
    return np.round(np.clip(x, -1.0, 1.0) * 32767.0).astype(np.int16)


def effect_range(target: float) -> tuple[float, float]:
    lo, hi = EFFECT_RMS_RANGE
    return max(lo, target - EFFECT_TOLERANCE_DB), min(hi, target + EFFECT_TOLERANCE_DB)


def music_range(target: float) -> tuple[float, float]:
    return MUSIC_RMS_TARGET - MUSIC_TOLERANCE_DB, MUSIC_RMS_TARGET + MUSIC_TOLERANCE_DB
