"""Render Duelmind's sound effects and music loops into assets/sounds (a build-time tool).

    python3.11 build_scripts/make_sounds.py [--out assets/sounds] [--only NAME ...] [--no-music]

Everything is synthesised here from code, nothing is sampled: oscillators (sine, band-limited
saw and square, triangle, FM), ADSR and percussive envelopes, noise through state-variable
filters (static or swept) and biquads, Karplus-Strong plucked strings, modal resonators for
struck wood, stone, glass and metal, additive brass, a Freeverb-style reverb (eight damped
feedback combs and four allpasses, rendered once as an impulse response and applied by FFT
convolution), soft clipping and a soft-knee peak limiter.

Effects are 44.1 kHz mono 16-bit WAV. Music is 44.1 kHz stereo Ogg Vorbis (quality 0.4) in
loops that are exactly periodic: every note, reverb tail and filter is rendered on a circular
buffer, so the end runs straight into the start when the game loops the file.

Loudness targets are defined below (PEAK_CEILING_DB, EFFECT_RMS_RANGE, the per-effect targets,
MUSIC_RMS_*); every output is normalised to them, measured as written, and the measurements go
to LOUDNESS.md beside the files (tests/client/test_sound_assets.py checks the files against it).

Deterministic: one seed, a random stream per sound derived from its name, and the Ogg stream
serial number fixed, so re-running gives byte-identical files (same numpy and libsndfile).

Needs numpy and soundfile (the PyPI wheels include libsndfile with Vorbis): `pip install numpy
soundfile`. The game needs neither: it only loads the files with pygame.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import time
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

try:
    import numpy as np
except ImportError:  # pragma: no cover - a build-time tool
    sys.exit("make_sounds.py needs numpy and soundfile: python3.11 -m pip install numpy soundfile")

SR = 44100
SEED = 1729
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"

# ---------------------------------------------------------------------------------- targets
PEAK_CEILING_DB = -1.0  # no file peaks above this (sample peak, dBFS)
PEAK_MARGIN_DB = 0.3  # what we aim under the ceiling (Vorbis and 16-bit rounding move peaks a little)
EFFECT_RMS_RANGE = (-30.0, -12.0)  # every effect's RMS over its non-silent part
EFFECT_TOLERANCE_DB = 3.0  # an effect's documented range is its target +- this (inside EFFECT_RMS_RANGE)
MUSIC_RMS_TARGET = -20.0
MUSIC_TOLERANCE_DB = 4.0
GATE_DB = -50.0  # 10 ms blocks quieter than this are silence and left out of the RMS
BLOCK_SECONDS = 0.01
OGG_QUALITY = 0.4  # Vorbis quality 0..1 (libsndfile's compression level is 1 - quality)
OGG_SERIAL = 0x44554C4D  # "DULM": a fixed stream serial keeps the Ogg files reproducible
FADE_IN = 0.002
FADE_OUT = 0.025


# ================================================================================== basics
def n_of(seconds: float) -> int:
    return max(0, round(seconds * SR))


def times(n: int) -> np.ndarray:
    return np.arange(n) / SR


def midi_hz(m: float) -> float:
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


_LETTERS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def note(name: str) -> int:
    """MIDI number of a note name such as 'A4', 'F#5' or 'Bb2'."""
    pc, rest = _LETTERS[name[0]], name[1:]
    while rest and rest[0] in "#b":
        pc += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return 12 * (int(rest) + 1) + pc


def hz(name: str) -> float:
    return midi_hz(note(name))


def cents(f: float, c: float) -> float:
    return f * 2.0 ** (c / 1200.0)


def to_db(x: float) -> float:
    return 20.0 * math.log10(x) if x > 0 else float("-inf")


def from_db(d: float) -> float:
    return 10.0 ** (d / 20.0)


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng([SEED, zlib.crc32(name.encode())])


def unit(x: np.ndarray) -> np.ndarray:
    peak = float(np.max(np.abs(x))) if len(x) else 0.0
    return x / peak if peak > 0 else x


def white(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.uniform(-1.0, 1.0, n)


# ============================================================================== oscillators
def _hz_array(freq, n: int) -> np.ndarray:
    return np.broadcast_to(np.asarray(freq, dtype=float), (n,)).astype(float)


def cycles(freq, n: int, phase: float = 0.0) -> np.ndarray:
    """Accumulated phase in cycles for a (possibly time-varying) frequency."""
    f = _hz_array(freq, n)
    c = np.empty(n)
    if n:
        c[0] = 0.0
        np.cumsum(f[:-1] / SR, out=c[1:])
    return c + phase


def _blep(t: np.ndarray, dt: np.ndarray) -> np.ndarray:
    """PolyBLEP residual that takes the aliasing step out of saw and square waves."""
    out = np.zeros_like(t)
    lo = t < dt
    x = t[lo] / dt[lo]
    out[lo] = x + x - x * x - 1.0
    hi = t > 1.0 - dt
    x = (t[hi] - 1.0) / dt[hi]
    out[hi] = x * x + x + x + 1.0
    return out


def osc(shape: str, freq, n: int, phase: float = 0.0) -> np.ndarray:
    f = _hz_array(freq, n)
    t = cycles(f, n, phase) % 1.0
    if shape == "sine":
        return np.sin(2 * np.pi * t)
    if shape == "triangle":
        return 1.0 - 4.0 * np.abs(((t + 0.25) % 1.0) - 0.5)
    dt = np.clip(np.abs(f) / SR, 1e-9, 0.5)
    if shape == "saw":
        return 2.0 * t - 1.0 - _blep(t, dt)
    if shape == "square":
        return np.where(t < 0.5, 1.0, -1.0) + _blep(t, dt) - _blep((t + 0.5) % 1.0, dt)
    raise ValueError(shape)


def fm(freq, n: int, ratio: float, index, phase: float = 0.0) -> np.ndarray:
    """Two-operator FM: a sine carrier whose phase a sine at ratio x freq modulates by index."""
    c = cycles(freq, n, phase)
    return np.sin(2 * np.pi * c + np.asarray(index) * np.sin(2 * np.pi * ratio * c))


# =============================================================================== envelopes
def adsr(n: int, a: float = 0.005, d: float = 0.1, s: float = 0.7, r: float = 0.1) -> np.ndarray:
    """Linear attack, exponential decay to the sustain level, and a release over the last r s."""
    t = times(n)
    dur = n / SR
    a = max(a, 1e-4)
    env = np.where(t < a, t / a, s + (1.0 - s) * np.exp(-np.maximum(t - a, 0.0) * 4.0 / max(d, 1e-4)))
    rel_start = max(0.0, dur - r)
    rel = t >= rel_start
    if r > 0 and np.any(rel):
        i0 = int(np.argmax(rel))
        x = (t[rel] - rel_start) / r
        env[rel] = env[i0] * (1.0 - np.clip(x, 0, 1)) ** 2
    return env


def perc(n: int, attack: float = 0.002, decay: float = 0.2) -> np.ndarray:
    """Linear attack, then exponential decay with time constant `decay`."""
    t = times(n)
    rise = np.minimum(t / attack, 1.0) if attack > 0 else 1.0
    return taper(rise * np.exp(-np.maximum(t - attack, 0.0) / decay))


def taper(x: np.ndarray, fraction: float = 0.25) -> np.ndarray:
    """Bring the last `fraction` of a decaying sound smoothly to zero, so a decay cut short
    by the sound's length never ends in a step."""
    k = int(len(x) * fraction)
    if k < 2:
        return x
    w = np.ones(len(x))
    w[-k:] = 0.5 + 0.5 * np.cos(np.pi * np.arange(1, k + 1) / k)
    return x * (w if x.ndim == 1 else w[:, None])


def ramp(n: int, *points: tuple[float, float]) -> np.ndarray:
    """Piecewise-linear curve through (seconds, value) points, flat past the ends."""
    ts, vs = zip(*points)
    return np.interp(times(n), ts, vs)


def glide(n: int, *points: tuple[float, float]) -> np.ndarray:
    """Like ramp, but interpolated geometrically: pitch and cutoff sweeps."""
    ts, vs = zip(*points)
    return np.exp(np.interp(times(n), ts, np.log(vs)))


def swell(n: int, peak: float) -> np.ndarray:
    """Rises (sin^2) to 1 at `peak` seconds, then falls (cos^2) to 0 at the end."""
    t = times(n)
    dur = max(n / SR, 1e-6)
    peak = min(max(peak, 1e-4), dur - 1e-4)
    up = np.sin(0.5 * np.pi * np.minimum(t / peak, 1.0)) ** 2
    down = np.cos(0.5 * np.pi * np.clip((t - peak) / (dur - peak), 0.0, 1.0)) ** 2
    return np.where(t < peak, up, down)


def fade_edges(x: np.ndarray, fade_in: float = FADE_IN, fade_out: float = FADE_OUT) -> np.ndarray:
    """Raised-cosine fades so nothing clicks at the start or the end."""
    x = x.copy()
    for length, sl, rev in ((n_of(fade_in), slice(None), False), (n_of(fade_out), slice(None), True)):
        k = min(length, len(x))
        if k <= 0:
            continue
        w = 0.5 - 0.5 * np.cos(np.pi * (np.arange(k) + 0.5) / k)
        if rev:
            x[len(x) - k:] *= w[::-1].reshape((-1,) + (1,) * (x.ndim - 1))
        else:
            x[:k] *= w.reshape((-1,) + (1,) * (x.ndim - 1))
    return x


# ================================================================================= filters
def svf(x: np.ndarray, cutoff, q: float = 0.707, mode: str = "lp") -> np.ndarray:
    """Topology-preserving state-variable filter (Zavalishin) whose cutoff may move every
    sample: the filter behind every sweep. Modes lp, bp (0 dB at the centre) and hp."""
    n = len(x)
    fc = np.clip(_hz_array(cutoff, n), 10.0, SR * 0.45)
    g = np.tan(np.pi * fc / SR)
    k = 1.0 / q
    a1 = 1.0 / (1.0 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    low = [0.0] * n
    band = [0.0] * n
    ic1 = ic2 = 0.0
    for i, (v0, c1, c2, c3) in enumerate(zip(x.tolist(), a1.tolist(), a2.tolist(), a3.tolist())):
        v3 = v0 - ic2
        v1 = c1 * ic1 + c2 * v3
        v2 = ic2 + c2 * ic1 + c3 * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        low[i] = v2
        band[i] = v1
    lo, bd = np.array(low), np.array(band)
    if mode == "lp":
        return lo
    if mode == "bp":
        return bd * k
    if mode == "hp":
        return x - k * bd - lo
    raise ValueError(mode)


def _biquad(kind: str, f0: float, q: float, gain_db: float = 0.0):
    """RBJ cookbook coefficients (b, a)."""
    w0 = 2 * np.pi * min(f0, SR * 0.49) / SR
    cw, sw = math.cos(w0), math.sin(w0)
    alpha = sw / (2 * q)
    if kind == "lp":
        b = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "hp":
        b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "bp":
        b = [alpha, 0.0, -alpha]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "peak":
        A = 10 ** (gain_db / 40)
        b = [1 + alpha * A, -2 * cw, 1 - alpha * A]
        a = [1 + alpha / A, -2 * cw, 1 - alpha / A]
    else:
        raise ValueError(kind)
    return b, a


def filt(x: np.ndarray, kind: str, f0: float, q: float = 0.707, order: int = 1, gain_db: float = 0.0,
         circular: bool = False) -> np.ndarray:
    """A fixed biquad (applied `order` times) by multiplying spectra: fast for long signals.
    circular=True filters a loop as if it repeated forever (the music's seamless loops)."""
    n = len(x)
    if n == 0:
        return x
    if circular:
        size = n
    else:
        ring = 0.05 + 10.0 * q * order / (np.pi * max(f0, 10.0))  # how long the response rings
        size = 1 << math.ceil(math.log2(n + n_of(ring)))
    b, a = _biquad(kind, f0, q, gain_db)
    z = np.exp(-2j * np.pi * np.fft.rfftfreq(size))
    h = ((b[0] + b[1] * z + b[2] * z * z) / (a[0] + a[1] * z + a[2] * z * z)) ** order
    spec = np.fft.rfft(x, size, axis=0)
    y = np.fft.irfft(spec * (h if x.ndim == 1 else h[:, None]), size, axis=0)
    return y[:n]


def convolve(x: np.ndarray, h: np.ndarray, circular: bool = False) -> np.ndarray:
    """FFT convolution; not circular: the result is len(x) + len(h) - 1 long."""
    if circular:
        size = len(x)
        return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h[:size], size), size)
    size = 1 << math.ceil(math.log2(len(x) + len(h) - 1))
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h, size), size)[: len(x) + len(h) - 1]


# ================================================================================== reverb
FREEVERB_COMBS = (1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617)  # Jezar's tuning at 44.1 kHz
FREEVERB_ALLPASSES = (556, 441, 341, 225)
_IRS: dict[str, np.ndarray] = {}
REVERBS = {  # name: (room feedback, damping, seconds, size scale)
    "room": (0.80, 0.35, 1.4, 0.85),
    "hall": (0.88, 0.25, 3.0, 1.0),
    "music": (0.90, 0.30, 3.6, 1.1),
}


def _comb(x: list, delay: int, feedback: float, damp: float) -> list:
    buf = [0.0] * delay
    out = [0.0] * len(x)
    store = 0.0
    i = 0
    for n, v in enumerate(x):
        y = buf[i]
        store = y * (1.0 - damp) + store * damp
        buf[i] = v + store * feedback
        out[n] = y
        i += 1
        if i == delay:
            i = 0
    return out


def _allpass(x: list, delay: int, feedback: float = 0.5) -> list:
    buf = [0.0] * delay
    out = [0.0] * len(x)
    i = 0
    for n, v in enumerate(x):
        b = buf[i]
        out[n] = b - v
        buf[i] = v + b * feedback
        i += 1
        if i == delay:
            i = 0
    return out


def reverb_ir(name: str) -> np.ndarray:
    """A Freeverb network's stereo impulse response, (n, 2), unit energy per channel: the
    right channel's delays are 23 samples longer, as in Freeverb. Cached per run."""
    if name not in _IRS:
        feedback, damp, seconds, scale = REVERBS[name]
        n = n_of(seconds)
        channels = []
        for spread in (0, 23):
            impulse = [0.0] * n
            impulse[0] = 1.0
            total = np.zeros(n)
            for d in FREEVERB_COMBS:
                total += np.array(_comb(impulse, int((d + spread) * scale), feedback, damp))
            y = total.tolist()
            for d in FREEVERB_ALLPASSES:
                y = _allpass(y, int((d + spread) * scale))
            channels.append(np.array(y))
        ir = np.stack(channels, axis=1)
        ir *= np.linspace(1.0, 0.0, n)[:, None] ** 2  # taper whatever is left at the end
        ir /= np.sqrt(np.sum(ir**2, axis=0, keepdims=True))
        _IRS[name] = ir
    return _IRS[name]


def reverb(x: np.ndarray, name: str = "room", wet: float = 0.2) -> np.ndarray:
    """Mono effect plus its reverb (left channel of the IR); the result is longer by the tail."""
    ir = reverb_ir(name)[:, 0]
    y = convolve(x, ir) * wet
    y[: len(x)] += x
    return y


# =========================================================================== shaping, mixing
def softclip(x: np.ndarray, drive: float = 2.0) -> np.ndarray:
    return np.tanh(drive * x) / np.tanh(drive)


def limit(x: np.ndarray, ceiling_db: float, knee_db: float = 6.0) -> np.ndarray:
    """Soft-knee peak limiter, sample by sample: untouched below the knee, tanh-bent above it,
    never past the ceiling. Point-wise, so a periodic loop stays periodic."""
    c = from_db(ceiling_db)
    k = c * from_db(-knee_db)
    a = np.abs(x)
    over = a > k
    y = x.copy()
    y[over] = np.sign(x[over]) * (k + (c - k) * np.tanh((a[over] - k) / (c - k)))
    return y


class Mix:
    """Mono layers placed at times (seconds); renders to one array as long as needed."""

    def __init__(self) -> None:
        self.parts: list[tuple[int, np.ndarray]] = []

    def add(self, sig: np.ndarray, at: float = 0.0, gain: float = 1.0) -> None:
        self.parts.append((n_of(at), sig * gain))

    def render(self) -> np.ndarray:
        n = max(start + len(sig) for start, sig in self.parts)
        out = np.zeros(n)
        for start, sig in self.parts:
            out[start:start + len(sig)] += sig
        return out


# ========================================================================= sound sources
def thump(dur: float, f0: float, f1: float, pitch_tau: float, decay: float, drive: float = 1.0) -> np.ndarray:
    """A body blow: a sine whose pitch falls from f0 towards f1, decaying; driven for weight."""
    n = n_of(dur)
    t = times(n)
    f = f1 + (f0 - f1) * np.exp(-t / pitch_tau)
    x = np.sin(2 * np.pi * cycles(f, n)) * perc(n, 0.0015, decay)
    if drive > 1.0:
        x = softclip(x, drive)
    return unit(taper(fade_edges(x, 0.0005, 0.0)))


def burst(rng, dur: float, kind: str, f0: float, q: float = 0.7, decay: float = 0.02,
          attack: float = 0.0005) -> np.ndarray:
    """A short filtered noise burst: clicks, slaps, crunch, skin."""
    n = n_of(dur)
    return unit(filt(white(rng, n), kind, f0, q) * perc(n, attack, decay))


def whoosh(rng, dur: float, f_start: float, f_peak: float, f_end: float, q: float = 1.0,
           peak: float = 0.6, grain: float = 0.0) -> np.ndarray:
    """Band-passed noise whose centre sweeps up to f_peak and on to f_end, loudest at peak
    (a fraction of dur); grain > 0 adds a papery flutter."""
    n = n_of(dur)
    tp = peak * dur
    x = white(rng, n)
    if grain:
        flutter = np.abs(filt(white(rng, n), "lp", 120))
        x *= (1.0 - grain) + grain * flutter / max(1e-9, float(flutter.max()))
    cutoff = glide(n, (0.0, f_start), (tp, f_peak), (dur, f_end))
    return unit(svf(x * swell(n, tp), cutoff, q, "bp"))


def modal(dur: float, freqs, decays, amps, detune: float = 0.0) -> np.ndarray:
    """Struck object: exponentially decaying partials (wood, stone, glass, metal); detune > 0
    adds a second copy of each partial that far off (cents) for shimmering beats."""
    n = n_of(dur)
    t = times(n)
    x = np.zeros(n)
    for f, d, a in zip(freqs, decays, amps):
        if f >= SR * 0.45:
            continue
        env = a * np.exp(-t / d)
        x += env * np.sin(2 * np.pi * f * t)
        if detune:
            x += env * np.sin(2 * np.pi * cents(f, detune) * t)
    return unit(taper(fade_edges(x, 0.0003, 0.0)))


def bell(freq: float, dur: float, ratio: float = 3.5, index: float = 2.5, decay: float = 0.6,
         index_decay: float | None = None) -> np.ndarray:
    """FM bell / celesta / chime: the modulation index dies away faster than the tone."""
    n = n_of(dur)
    t = times(n)
    idx = index * np.exp(-t / (index_decay or decay * 0.4))
    return unit(fade_edges(fm(freq, n, ratio, idx) * perc(n, 0.001, decay), 0.0005, 0.0))


def glass(freq: float, dur: float, decay: float = 0.3) -> np.ndarray:
    """Glass / crystal ping: high inharmonic partials with slow beating."""
    return modal(dur, [freq * r for r in (1.0, 2.32, 4.25, 6.63)],
                 [decay * m for m in (1.0, 0.6, 0.35, 0.2)], (1.0, 0.5, 0.3, 0.15), detune=4.0)


def marimba(rng, freq: float, dur: float = 0.5, decay: float = 0.3) -> np.ndarray:
    """Woody bar: a tuned bar's partials (1 : 3.93 : 9.2) and a mallet tick."""
    bar = modal(dur, (freq, freq * 3.93, freq * 9.2), (decay, decay / 4, decay / 10), (1.0, 0.35, 0.1))
    tick = burst(rng, dur, "bp", min(freq * 4, 9000), 0.8, 0.002)
    return unit(bar + 0.15 * tick)


def pluck(rng, freq: float, dur: float, t60: float = 1.2, tone: str = "normal") -> np.ndarray:
    """Karplus-Strong string (harp, lute, koto, pizzicato): a noise burst in a delay line that
    loses energy and brightness each pass; rendered one period at a time, at a whole-sample
    period, then resampled to the exact pitch."""
    n = n_of(dur)
    period = max(4, int(SR / freq))
    taps = {"bright": (0.75, 0.25, 0.0), "normal": (0.5, 0.5, 0.0), "dark": (0.25, 0.5, 0.25)}[tone]
    lag = taps[1] + 2 * taps[2]
    f_ks = SR / (period + lag)
    rate = freq / f_ks
    m = int(n * rate) + period + 4
    excite = white(rng, period)
    width = {"bright": 2, "normal": 3, "dark": max(3, period // 6)}[tone]  # softer plucks: smoother noise
    excite = np.convolve(np.concatenate([excite, excite]), np.ones(width) / width, mode="same")[period // 2:][:period]
    shape = 1.0 - np.abs(np.linspace(-1.0, 1.0, period))  # a plucked string's triangle
    excite = 0.6 * (excite - excite.mean()) + 0.4 * (shape - shape.mean())
    y = np.concatenate([excite[-2:], excite, np.zeros(m)])  # two samples of history before the start
    g = 10.0 ** (-3.0 * (period / SR) / t60)
    for start in range(period + 2, len(y), period):
        idx = np.arange(start, min(start + period, len(y)))
        y[idx] = g * (taps[0] * y[idx - period] + taps[1] * y[idx - period - 1] + taps[2] * y[idx - period - 2])
    out = np.interp(np.arange(n) * rate, np.arange(len(y) - 2), y[2:])
    return unit(taper(fade_edges(out, 0.001, 0.0)))


def brass(rng, freq: float, dur: float, attack: float = 0.05, release: float = 0.15, bright: float = 1.0,
          vibrato: float = 0.004, sustain: float = 0.8) -> np.ndarray:
    """Additive brass: harmonics whose amplitudes follow the envelope raised to rising powers, so
    the tone brightens as it swells (what a horn does), a lip 'blip' into pitch and vibrato."""
    n = n_of(dur)
    t = times(n)
    env = adsr(n, attack, 0.25, sustain, release)
    lip = 1.0 - 0.012 * np.exp(-t / 0.035)
    vib = 1.0 + vibrato * np.sin(2 * np.pi * 5.3 * t + rng.uniform(0, 6.28)) * np.clip((t - 0.25) / 0.3, 0, 1)
    c = cycles(freq * lip * vib, n)
    x = np.zeros(n)
    for k in range(1, 24):
        if k * freq > 12000:
            break
        x += (1.0 / k**0.9) * env ** (1.0 + 0.45 * (k - 1) / bright) * np.sin(2 * np.pi * k * c)
    breath = filt(white(rng, n), "bp", min(freq * 3, 8000), 1.0) * env * 0.03
    return unit(fade_edges(x + breath, 0.001, 0.01))


def flute(rng, freq: float, dur: float, attack: float = 0.08, release: float = 0.25) -> np.ndarray:
    """Breathy flute / shakuhachi: a nearly pure tone, delayed vibrato and band-passed breath."""
    n = n_of(dur)
    t = times(n)
    env = adsr(n, attack, 0.3, 0.85, release)
    vib = 1.0 + 0.005 * np.sin(2 * np.pi * 4.8 * t) * np.clip((t - 0.35) / 0.4, 0, 1)
    c = cycles(freq * vib, n)
    tone = np.sin(2 * np.pi * c) + 0.18 * np.sin(4 * np.pi * c) + 0.06 * np.sin(6 * np.pi * c)
    chiff = perc(n, 0.004, 0.05)
    breath = filt(white(rng, n), "bp", min(freq * 2, 9000), 1.5) * (0.1 * env + 0.5 * chiff)
    return unit(fade_edges(tone * env + breath, 0.001, 0.02))


def strings(rng, freqs, dur: float, cutoff: float = 1800, attack: float = 0.3, release: float = 0.6,
            shape: str = "saw", detune: float = 7.0, voices: int = 3) -> np.ndarray:
    """Ensemble pad: detuned oscillators per note with a little random vibrato, low-passed."""
    n = n_of(dur)
    t = times(n)
    x = np.zeros(n)
    for f in freqs:
        for v in range(voices):
            c = (v - (voices - 1) / 2) * detune + rng.normal(0, 1.5)
            vib = 1.0 + 0.0025 * np.sin(2 * np.pi * rng.uniform(4.0, 5.5) * t + rng.uniform(0, 6.28))
            x += osc(shape, cents(f, c) * vib, n, rng.random())
    x = filt(x, "lp", cutoff, 0.6, order=2)
    return unit(fade_edges(x * adsr(n, attack, 0.4, 0.85, release), 0.001, 0.01))


def timpani(rng, freq: float, dur: float = 1.6, decay: float = 0.6) -> np.ndarray:
    n = n_of(dur)
    t = times(n)
    f = freq * (1.0 + 0.06 * np.exp(-t / 0.04))  # the skin's pitch settles after the hit
    body = np.sin(2 * np.pi * cycles(f, n)) * perc(n, 0.002, decay)
    over = modal(dur, [freq * r for r in (1.5, 1.98, 2.44, 2.94)], [decay * m for m in (0.5, 0.35, 0.25, 0.2)],
                 (0.5, 0.35, 0.2, 0.1))
    skin = burst(rng, dur, "bp", 900, 0.6, 0.02)
    return unit(body + 0.5 * over + 0.25 * skin)


def drum(rng, freq: float, dur: float = 0.6, decay: float = 0.25, snap: float = 0.4) -> np.ndarray:
    """Hand or frame drum / taiko: a membrane's inharmonic modes, a pitch drop and a skin slap."""
    n = n_of(dur)
    t = times(n)
    f = freq * (1.0 + 0.25 * np.exp(-t / 0.015))
    body = np.sin(2 * np.pi * cycles(f, n)) * perc(n, 0.001, decay)
    modes = modal(dur, [freq * r for r in (1.59, 2.14, 2.30, 2.65)], [decay * m for m in (0.45, 0.3, 0.25, 0.2)],
                  (0.45, 0.3, 0.2, 0.15))
    skin = burst(rng, dur, "bp", 1600, 0.5, 0.012)
    return unit(body + 0.4 * modes + snap * skin)


def shaker(rng, dur: float = 0.1) -> np.ndarray:
    n = n_of(dur)
    x = filt(filt(white(rng, n), "hp", 4500, 0.7), "bp", 7500, 0.8)
    return unit(x * perc(n, 0.01, 0.022))


def woodblock(rng, freq: float = 1600.0, dur: float = 0.12) -> np.ndarray:
    return unit(modal(dur, (freq, freq * 2.31, freq * 3.9), (0.03, 0.015, 0.008), (1.0, 0.4, 0.2))
                + 0.3 * burst(rng, dur, "hp", 3000, 0.7, 0.0015))


def cymbal(rng, dur: float, decay: float, reverse: bool = False) -> np.ndarray:
    """Metallic wash: six detuned square waves (ratios of the classic drum-machine cymbal) and
    noise, high-passed; reverse=True swells up to the end instead (a cymbal swell)."""
    n = n_of(dur)
    metal = sum(osc("square", f * 1.7, n, rng.random()) for f in (205.3, 304.4, 369.6, 522.7, 540.0, 800.0))
    x = filt(metal, "hp", 5500, 0.7, order=2) * 0.6 + filt(white(rng, n), "hp", 6500, 0.7)
    if reverse:
        env = np.linspace(0.0, 1.0, n) ** 3
        env = fade_edges(env, 0.0, 0.012)
    else:
        env = perc(n, 0.001, decay)
    return unit(x * env)


def singing_bowl(rng, freq: float, dur: float = 6.0) -> np.ndarray:
    bowl = modal(dur, [freq * r for r in (1.0, 2.71, 5.15, 8.43)], (3.0, 1.6, 0.8, 0.4), (1.0, 0.45, 0.2, 0.08),
                 detune=2.5)
    strike = burst(rng, dur, "bp", freq * 3, 0.8, 0.01)
    return unit(bowl + 0.1 * strike)


def crackle(rng, dur: float, density: float, decay: float, f0: float = 3000.0) -> np.ndarray:
    """Sparse random clicks (fire, sparks, static), thinning out over `decay` seconds."""
    n = n_of(dur)
    t = times(n)
    chance = density / SR * np.exp(-t / decay)
    clicks = (rng.random(n) < chance) * rng.uniform(0.3, 1.0, n) * rng.choice((-1.0, 1.0), n)
    return unit(filt(clicks, "bp", f0, 0.8))


def riser(rng, dur: float, f0: float = 400.0, f1: float = 6000.0) -> np.ndarray:
    n = n_of(dur)
    x = svf(white(rng, n), glide(n, (0.0, f0), (dur, f1)), 1.5, "bp")
    return unit(x * fade_edges(np.linspace(0.0, 1.0, n) ** 2, 0.0, 0.01))


# ================================================================================= effects
EffectFn = Callable[[np.random.Generator], np.ndarray]
EFFECTS: dict[str, tuple[EffectFn, float]] = {}  # name: (builder, target RMS dBFS)


def effect(name: str, target_db: float):
    def register(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = (fn, target_db)
        return fn
    return register


@effect("draw", -24)
def fx_draw(rng):
    m = Mix()
    m.add(whoosh(rng, 0.24, 900, 4200, 2600, q=1.3, peak=0.55, grain=0.6), 0.004, 1.0)
    m.add(whoosh(rng, 0.2, 5000, 9000, 7000, q=0.7, peak=0.5), 0.03, 0.25)  # airy edge
    m.add(burst(rng, 0.03, "bp", 2800, 1.5, 0.004), 0.225, 0.35)  # the card lands in the hand
    m.add(thump(0.04, 700, 320, 0.005, 0.008), 0.225, 0.12)
    return reverb(m.render(), "room", 0.08)


def _summon(rng, size: int):
    # size 0, 1, 2: small, medium, large creature
    land = (0.06, 0.10, 0.16)[size]
    m = Mix()
    m.add(whoosh(rng, land + 0.03, (1500, 900, 400)[size], (5000, 4000, 2600)[size], 1500, q=0.8, peak=0.9),
          0.0, 0.45)
    m.add(thump((0.3, 0.5, 1.0)[size], (260, 180, 120)[size], (110, 68, 38)[size], (0.02, 0.03, 0.05)[size],
                (0.07, 0.14, 0.34)[size], drive=(1.2, 1.6, 2.6)[size]), land, 1.0)
    body = ((330, 770, 1400), (190, 450, 910), (120, 290, 610))[size]
    m.add(modal(0.3, body, (0.06, 0.04, 0.025), (1.0, 0.6, 0.3)), land, 0.35)
    m.add(burst(rng, 0.15, "lp", (1800, 1400, 1000)[size], 0.7, (0.02, 0.04, 0.07)[size]), land, 0.3)
    if size == 2:  # earth rumble and a low brass hit
        n = n_of(1.2)
        m.add(unit(filt(white(rng, n), "lp", 140, 0.7, 2) * perc(n, 0.01, 0.4)), land, 0.55)
        for name in ("A2", "E3", "A3"):
            m.add(brass(rng, hz(name), 0.8, attack=0.015, release=0.5, bright=0.7, sustain=0.5), land, 0.18)
    sparkle = (("A5", "C#6", "E6"), ("E5", "A5", "C#6", "E6"), ("A4", "E5", "A5", "C#6", "E6", "A6"))[size]
    for i, name in enumerate(sparkle):
        m.add(bell(hz(name), 0.9, ratio=3.0, index=1.2, decay=(0.25, 0.35, 0.5)[size]),
              land + 0.03 + (0.045, 0.05, 0.055)[size] * i, 0.22)
    n = n_of(0.5)
    m.add(unit(filt(white(rng, n), "hp", 7000, 0.7) * perc(n, 0.03, 0.12)), land + 0.02, 0.12)
    x = m.render()
    x = reverb(x, "room", (0.16, 0.18, 0.12)[size])
    return reverb(x, "hall", (0.0, 0.08, 0.2)[size]) if size else x


@effect("summon_small", -20)
def fx_summon_small(rng):
    return _summon(rng, 0)


@effect("summon_medium", -18)
def fx_summon_medium(rng):
    return _summon(rng, 1)


@effect("summon_large", -16)
def fx_summon_large(rng):
    return _summon(rng, 2)


@effect("item_green", -20)
def fx_item_green(rng):
    """Growth: a rising woody arpeggio, leaves rustling, a warm glide and a sparkle."""
    m = Mix()
    for i, name in enumerate(("D5", "F#5", "A5", "D6")):
        m.add(marimba(rng, hz(name), 0.6, 0.28), 0.005 + 0.07 * i, 0.6 - 0.05 * i)
    n = n_of(0.45)
    leaves = filt(white(rng, n), "bp", 4200, 0.8) * crackle(rng, 0.45, 2500, 0.3, 5000) ** 2
    m.add(unit(leaves + 0.3 * filt(white(rng, n), "bp", 3500, 1.0) * swell(n, 0.15)), 0.0, 0.3)
    n = n_of(0.5)
    f = glide(n, (0, 520), (0.4, 1040))
    m.add(unit((osc("sine", f, n) + osc("sine", cents(1, 9) * f, n)) * swell(n, 0.3)), 0.02, 0.18)
    m.add(bell(hz("A6"), 0.8, ratio=2.0, index=1.0, decay=0.3), 0.3, 0.18)
    return reverb(m.render(), "room", 0.2)


@effect("item_red", -19)
def fx_item_red(rng):
    """A hostile hex: fire crackle, a descending distorted growl and a dissonant FM stab."""
    m = Mix()
    m.add(crackle(rng, 0.6, 900, 0.25, 3500), 0.0, 0.4)
    n = n_of(0.6)
    f = glide(n, (0, hz("A2")), (0.5, hz("E2")))
    growl = osc("saw", f, n) + osc("saw", cents(1, 14) * f, n, 0.3) + 0.6 * osc("square", f * 1.5, n)
    growl = softclip(svf(growl, glide(n, (0, 2600), (0.5, 280)), 2.0, "lp"), 3.0)
    m.add(unit(growl * adsr(n, 0.01, 0.2, 0.6, 0.25)), 0.01, 0.75)
    n = n_of(0.5)
    m.add(unit(fm(hz("Eb4"), n, 1.414, 3.0 * np.exp(-times(n) / 0.15)) * perc(n, 0.002, 0.18)), 0.0, 0.45)
    m.add(thump(0.2, 160, 70, 0.01, 0.06, 1.5), 0.0, 0.5)
    return reverb(m.render(), "room", 0.2)


@effect("item_blue", -20)
def fx_item_blue(rng):
    """Arcane water: a bubble, a whole-tone run of glassy bells (chorused) over a swept pad."""
    m = Mix()
    n = n_of(0.16)
    m.add(unit(osc("sine", glide(n, (0, 350), (0.07, 1100)), n) * perc(n, 0.004, 0.04)), 0.0, 0.55)
    for i, name in enumerate(("E6", "F#6", "G#6", "A#6", "C7")):
        for c in (0.0, 8.0):
            m.add(bell(cents(hz(name), c), 0.8, ratio=2.0, index=1.6, decay=0.3), 0.05 + 0.04 * i, 0.17)
    n = n_of(0.7)
    padsig = osc("saw", hz("E4"), n) + osc("saw", hz("B4"), n, 0.5) + osc("saw", cents(hz("E5"), 6), n, 0.2)
    m.add(unit(svf(padsig, glide(n, (0, 400), (0.5, 3000), (0.7, 1800)), 3.0, "bp") * swell(n, 0.25)), 0.03, 0.35)
    return reverb(m.render(), "hall", 0.28)


def _attack(rng, heavy: bool):
    m = Mix()
    hit = 0.25 if heavy else 0.13
    m.add(whoosh(rng, hit + 0.04, 300 if heavy else 700, 1600 if heavy else 2800, 900, q=0.9 if heavy else 1.3,
                 peak=0.85), 0.0, 0.75)
    if heavy:
        m.add(thump(0.6, 140, 38, 0.03, 0.22, drive=3.0), hit, 1.0)
        m.add(burst(rng, 0.12, "lp", 3500, 0.7, 0.05), hit, 0.6)
        m.add(modal(0.5, (523, 1389, 2712, 4301), (0.25, 0.15, 0.08, 0.05), (1.0, 0.6, 0.35, 0.2)), hit, 0.22)
        m.add(crackle(rng, 0.35, 400, 0.12, 2500), hit + 0.01, 0.15)
    else:
        m.add(burst(rng, 0.06, "bp", 1800, 0.8, 0.018), hit, 0.8)
        m.add(thump(0.15, 230, 120, 0.01, 0.05), hit, 0.8)
        m.add(modal(0.15, (420, 1130), (0.04, 0.025), (1.0, 0.5)), hit, 0.3)
    return reverb(m.render(), "room", 0.2 if heavy else 0.12)


@effect("attack_light", -19)
def fx_attack_light(rng):
    return _attack(rng, False)


@effect("attack_heavy", -16)
def fx_attack_heavy(rng):
    return _attack(rng, True)


@effect("hit_creature", -18)
def fx_hit_creature(rng):
    m = Mix()
    m.add(thump(0.25, 190, 85, 0.015, 0.08, drive=1.5), 0.002, 1.0)
    m.add(burst(rng, 0.08, "bp", 1300, 0.7, 0.025), 0.002, 0.6)
    m.add(modal(0.2, (280, 660, 1450), (0.09, 0.05, 0.03), (1.0, 0.6, 0.3)), 0.002, 0.45)
    return reverb(m.render(), "room", 0.12)


@effect("hit_player", -16)
def fx_hit_player(rng):
    m = Mix()
    m.add(thump(0.5, 110, 42, 0.025, 0.2, drive=2.2), 0.002, 1.0)
    m.add(burst(rng, 0.12, "lp", 2200, 0.7, 0.045), 0.002, 0.5)
    m.add(glass(2300, 0.35, 0.12), 0.004, 0.12)
    n = n_of(0.4)
    groan = osc("triangle", glide(n, (0, hz("G3")), (0.3, hz("D3"))), n)
    m.add(unit(filt(groan, "lp", 900) * adsr(n, 0.01, 0.2, 0.5, 0.2)), 0.01, 0.3)
    return reverb(m.render(), "room", 0.16)


@effect("ward_pop", -20)
def fx_ward_pop(rng):
    """The ward shield breaks: a bubble pop, a glassy ping and a crackle of sparks."""
    m = Mix()
    n = n_of(0.06)
    m.add(unit(osc("sine", glide(n, (0, 1200), (0.025, 350)), n) * perc(n, 0.001, 0.025)), 0.002, 0.6)
    m.add(glass(hz("B6"), 0.6, 0.25), 0.006, 0.7)
    m.add(glass(hz("F#7"), 0.4, 0.18), 0.008, 0.35)
    m.add(crackle(rng, 0.25, 1500, 0.07, 4500), 0.004, 0.4)
    m.add(burst(rng, 0.2, "hp", 6000, 0.7, 0.05), 0.004, 0.2)
    return reverb(m.render(), "room", 0.2)


@effect("guard_block", -19)
def fx_guard_block(rng):
    """A blow stopped by a guard: a wooden shield's thunk with a metal boss ringing."""
    m = Mix()
    m.add(modal(0.3, (160, 385, 720, 1240), (0.12, 0.07, 0.04, 0.025), (0.6, 1.0, 0.8, 0.5)), 0.002, 0.8)
    m.add(thump(0.3, 150, 80, 0.01, 0.09), 0.002, 0.7)
    m.add(modal(0.6, (640, 1712, 3360, 5140), (0.35, 0.22, 0.12, 0.07), (1.0, 0.6, 0.35, 0.2), detune=3), 0.004, 0.35)
    m.add(burst(rng, 0.04, "bp", 2500, 0.8, 0.012), 0.002, 0.5)
    return reverb(m.render(), "room", 0.15)


@effect("lethal", -18)
def fx_lethal(rng):
    """Deadly venom: a blade's shing, a falling metallic FM sting, a hiss and a low boom."""
    m = Mix()
    m.add(burst(rng, 0.08, "hp", 4500, 0.7, 0.02), 0.002, 0.5)
    n = n_of(0.5)
    t = times(n)
    m.add(unit(fm(glide(n, (0, 1400), (0.4, 350)), n, 1.414, 1.0 + 4.0 * np.exp(-t / 0.12)) * perc(n, 0.002, 0.2)),
          0.004, 0.6)
    n = n_of(0.5)
    m.add(unit(filt(white(rng, n), "bp", 5500, 1.2) * swell(n, 0.05) * np.exp(-times(n) / 0.2)), 0.01, 0.25)
    m.add(thump(0.5, 90, 40, 0.03, 0.22, drive=1.8), 0.03, 0.7)
    for name in ("E5", "F5"):
        m.add(bell(hz(name), 0.8, ratio=3.5, index=2.0, decay=0.35), 0.04, 0.22)
    return reverb(m.render(), "room", 0.22)


@effect("drain_heal", -20)
def fx_drain_heal(rng):
    """Life drawn in (noise sucked down a sweep, a rising chorus) and a healing major chime."""
    m = Mix()
    n = n_of(0.5)
    rise = np.linspace(0, 1, n) ** 2
    rise = fade_edges(rise, 0.0, 0.04)
    m.add(unit(svf(white(rng, n), glide(n, (0, 3500), (0.5, 500)), 1.4, "bp") * rise), 0.0, 0.5)
    f = glide(n, (0, 330), (0.45, 660))
    m.add(unit((osc("sine", f, n) + osc("sine", cents(1, 8) * f, n) + osc("sine", cents(1, -8) * f, n)) * rise),
          0.0, 0.3)
    for i, name in enumerate(("C6", "E6", "G6")):
        m.add(bell(hz(name), 1.0, ratio=2.0, index=1.5, decay=0.5), 0.47 + 0.03 * i, 0.3)
    m.add(strings(rng, [hz(x) for x in ("C5", "E5", "G5")], 0.7, 3000, 0.03, 0.4, "triangle"), 0.46, 0.22)
    return reverb(m.render(), "hall", 0.3)


@effect("death", -19)
def fx_death(rng):
    """A creature falls: a thud, a growl sinking into the ground, dust, a fading minor bell."""
    m = Mix()
    m.add(thump(0.4, 120, 45, 0.03, 0.15, drive=1.8), 0.002, 0.8)
    n = n_of(0.75)
    f = glide(n, (0, 150), (0.7, 45))
    growl = osc("saw", f, n) + osc("saw", cents(1, -12) * f, n, 0.4) + osc("sine", f, n)
    growl = softclip(svf(growl, glide(n, (0, 2000), (0.7, 180)), 1.2, "lp"), 2.0)
    m.add(unit(growl * adsr(n, 0.01, 0.3, 0.6, 0.35)), 0.004, 0.5)
    n = n_of(0.7)
    m.add(unit(svf(white(rng, n), glide(n, (0, 3000), (0.7, 250)), 0.7, "lp") * perc(n, 0.02, 0.2)), 0.004, 0.35)
    for name in ("D4", "F4"):
        m.add(bell(hz(name), 0.9, ratio=3.5, index=1.5, decay=0.4), 0.1, 0.15)
    return reverb(m.render(), "room", 0.2)


@effect("rune_break", -18)
def fx_rune_break(rng):
    """A rune shatters: a crack, a spray of crystal shards and a release of magic."""
    m = Mix()
    m.add(burst(rng, 0.05, "hp", 1500, 0.7, 0.008), 0.002, 1.0)
    m.add(thump(0.3, 160, 60, 0.02, 0.1), 0.002, 0.6)
    for _ in range(28):
        onset = min(0.5, rng.exponential(0.09))
        gain = 0.5 * math.exp(-onset / 0.2) * rng.uniform(0.4, 1.0)
        m.add(glass(rng.uniform(1800, 6500), 0.4, rng.uniform(0.05, 0.3)), 0.004 + onset, gain)
        m.add(burst(rng, 0.01, "hp", 5000, 0.7, 0.001), 0.004 + onset, gain * 0.5)
    n = n_of(0.6)
    m.add(unit(filt(white(rng, n), "hp", 7000, 0.7) * perc(n, 0.005, 0.2)), 0.004, 0.15)
    n = n_of(0.6)
    m.add(unit(fm(glide(n, (0, 600), (0.5, 150)), n, 2.0, 2.0 * np.exp(-times(n) / 0.2)) * perc(n, 0.01, 0.22)),
          0.01, 0.2)
    m.add(unit(osc("sine", 70, n_of(0.5)) * perc(n_of(0.5), 0.005, 0.15)), 0.004, 0.3)
    return reverb(m.render(), "hall", 0.3)


@effect("turn_yours", -21)
def fx_turn_yours(rng):
    m = Mix()
    m.add(pluck(rng, hz("D5"), 1.0, 1.0, "normal"), 0.004, 0.7)
    m.add(pluck(rng, hz("A5"), 1.0, 1.0, "normal"), 0.12, 0.75)
    m.add(bell(hz("A5"), 1.0, ratio=2.0, index=1.0, decay=0.4), 0.12, 0.25)
    m.add(strings(rng, [hz(x) for x in ("D4", "F#4", "A4")], 0.65, 2500, 0.05, 0.3, "triangle"), 0.004, 0.25)
    return reverb(m.render(), "hall", 0.25)


@effect("turn_theirs", -21)
def fx_turn_theirs(rng):
    m = Mix()
    m.add(pluck(rng, hz("D4"), 1.0, 0.9, "dark"), 0.004, 0.7)
    m.add(pluck(rng, hz("A3"), 1.0, 0.9, "dark"), 0.13, 0.75)
    m.add(modal(1.0, (110, 166.5, 232, 297), (0.7, 0.45, 0.3, 0.2), (1.0, 0.6, 0.4, 0.2), detune=5), 0.004, 0.3)
    m.add(strings(rng, [hz(x) for x in ("D3", "F3", "A3")], 0.7, 1200, 0.05, 0.35, "triangle"), 0.004, 0.25)
    return reverb(m.render(), "hall", 0.25)


@effect("finisher", -15)
def fx_finisher(rng):
    """The lethal blow: a rising whoosh, a huge impact, a brass chord and a crash."""
    m = Mix()
    hit = 0.34
    m.add(whoosh(rng, hit + 0.03, 200, 2000, 1200, q=0.8, peak=0.9), 0.0, 0.7)
    m.add(riser(rng, hit, 500, 6000), 0.0, 0.3)
    m.add(thump(1.2, 110, 30, 0.05, 0.45, drive=3.0), hit, 1.0)
    m.add(burst(rng, 0.2, "lp", 4000, 0.7, 0.08), hit, 0.7)
    m.add(modal(1.0, (430, 1190, 2270, 3770), (0.5, 0.3, 0.15, 0.1), (1.0, 0.6, 0.35, 0.2), detune=4), hit, 0.3)
    n = n_of(1.8)
    m.add(unit(filt(white(rng, n), "lp", 120, 0.7, 2) * perc(n, 0.01, 0.6)), hit, 0.6)
    for name in ("D3", "A3", "D4", "F#4", "A4"):
        m.add(brass(rng, cents(hz(name), rng.normal(0, 3)), 1.6, attack=0.02, release=0.8, sustain=0.5), hit, 0.14)
    m.add(cymbal(rng, 2.4, 0.7), hit, 0.18)
    return reverb(m.render(), "hall", 0.3)


def _brass_chord(rng, m: Mix, names, at: float, dur: float, gain: float, **kw) -> None:
    for name in names:
        m.add(brass(rng, cents(hz(name), rng.normal(0, 3)), dur, **kw), at + rng.uniform(0, 0.008), gain)


@effect("victory", -16)
def fx_victory(rng):
    """A short fanfare in D: three pick-up notes, then I - IV - V - I with timpani."""
    m = Mix()
    for i in range(3):
        _brass_chord(rng, m, ("A4", "D4"), 0.01 + 0.13 * i, 0.12, 0.3, attack=0.015, release=0.04)
    _brass_chord(rng, m, ("D3", "A3", "D4", "F#4", "A4"), 0.40, 0.42, 0.2, attack=0.02, release=0.1)
    _brass_chord(rng, m, ("G3", "D4", "G4", "B4"), 0.80, 0.42, 0.22, attack=0.02, release=0.1)
    _brass_chord(rng, m, ("A3", "E4", "A4", "C#5"), 1.20, 0.5, 0.22, attack=0.02, release=0.12)
    _brass_chord(rng, m, ("D3", "A3", "D4", "F#4", "A4", "D5"), 1.70, 1.9, 0.2, attack=0.03, release=0.7,
                 sustain=0.75)
    for at, name, gain in ((0.40, "D2", 0.6), (1.20, "A1", 0.55), (1.70, "D2", 0.8)):
        m.add(timpani(rng, hz(name), 1.6, 0.5), at, gain)
    for i, name in enumerate(("D5", "E5", "F#5", "G5", "A5", "B5", "C#6", "D6")):
        m.add(pluck(rng, hz(name), 0.8, 0.8, "bright"), 1.40 + 0.035 * i, 0.25)
    m.add(cymbal(rng, 0.5, 0.2, reverse=True), 1.20, 0.1)
    m.add(cymbal(rng, 2.2, 0.6), 1.70, 0.12)
    return reverb(m.render(), "hall", 0.28)


@effect("defeat", -19)
def fx_defeat(rng):
    """A slow descending minor motif (A G F E - D) over Dm - Bb - A - Dm."""
    m = Mix()
    step = 0.42
    for i, name in enumerate(("A4", "G4", "F4", "E4")):
        m.add(brass(rng, hz(name), step + 0.12, attack=0.06, release=0.12, bright=0.55, vibrato=0.006), 0.01 + step * i,
              0.5)
    m.add(brass(rng, hz("D4"), 1.7, attack=0.08, release=0.9, bright=0.5, vibrato=0.006), 0.01 + step * 4, 0.55)
    chords = ((("D3", "F3", "A3"), 0.0, 2 * step), (("Bb2", "D3", "F3"), 2 * step, step),
              (("A2", "C#3", "E3"), 3 * step, step), (("D3", "F3", "A3"), 4 * step, 1.7))
    for names, at, dur in chords:
        m.add(strings(rng, [hz(x) for x in names], dur + 0.25, 900, 0.08, 0.3), 0.01 + at, 0.35)
        m.add(pluck(rng, hz(names[0]) / 2, dur + 0.3, 1.0, "dark"), 0.01 + at, 0.35)
    m.add(timpani(rng, hz("D2"), 1.6, 0.6), 0.01 + step * 4, 0.35)
    return reverb(m.render(), "hall", 0.32)


def _stone(rng):
    """A go stone set on a wooden board: a sharp stone click over the board's hollow body."""
    v = rng.uniform(-1, 1, 6)
    m = Mix()
    m.add(burst(rng, 0.01, "bp", 3500 * (1 + 0.06 * v[0]), 0.6, 0.0012), 0.002, 1.0)
    m.add(modal(0.05, [f * (1 + 0.04 * v[1]) for f in (2750, 4100, 5900)],
                [d * (1 + 0.15 * v[2]) for d in (0.012, 0.008, 0.005)], (1.0, 0.7, 0.4)), 0.002, 0.55)
    m.add(modal(0.25, [f * (1 + 0.03 * v[3]) for f in (205, 470, 860, 1370, 2100)],
                [d * (1 + 0.15 * v[4]) for d in (0.07, 0.05, 0.035, 0.02, 0.012)], (0.6, 1.0, 0.8, 0.5, 0.3)),
          0.0025, 0.8 + 0.1 * v[5])
    m.add(thump(0.08, 320, 180, 0.006, 0.025), 0.002, 0.35)
    return reverb(m.render(), "room", 0.07)


for _i in range(1, 5):
    effect(f"stone_{_i}", -21)(_stone)


@effect("five_in_a_row", -19)
def fx_five_in_a_row(rng):
    m = Mix()
    m.add(_stone(rng), 0.0, 0.8)
    for i, name in enumerate(("D5", "E5", "F#5", "A5", "B5")):
        m.add(pluck(rng, hz(name), 1.2, 1.0, "normal"), 0.12 + 0.085 * i, 0.55)
    for name in ("D6", "F#6", "A6", "E6"):
        m.add(bell(hz(name), 1.6, ratio=2.0, index=1.2, decay=0.6), 0.55 + rng.uniform(0, 0.02), 0.14)
    m.add(strings(rng, [hz(x) for x in ("D4", "A4", "E5", "F#5")], 1.2, 2500, 0.15, 0.6, "triangle"), 0.5, 0.3)
    return reverb(m.render(), "hall", 0.3)


@effect("foul_refused", -22)
def fx_foul_refused(rng):
    """A renju foul: a dull double knock and a soft, low 'uh-uh'."""
    m = Mix()
    for at, gain in ((0.003, 0.8), (0.1, 0.6)):
        m.add(modal(0.12, (180, 410, 700), (0.04, 0.025, 0.015), (1.0, 0.7, 0.4)), at, gain)
    for at, name, dur in ((0.02, "A3", 0.11), (0.14, "G#3", 0.18)):
        n = n_of(dur)
        m.add(unit(filt(osc("square", hz(name), n), "lp", 700, 0.7, 2) * adsr(n, 0.006, 0.1, 0.7, 0.05)), at, 0.45)
    return reverb(m.render(), "room", 0.1)


@effect("ui_hover", -28)
def fx_ui_hover(rng):
    m = Mix()
    m.add(modal(0.05, (2100, 4900), (0.012, 0.005), (1.0, 0.4)), 0.002, 1.0)
    m.add(burst(rng, 0.01, "hp", 3000, 0.7, 0.0008), 0.002, 0.3)
    return m.render()


@effect("ui_click", -23)
def fx_ui_click(rng):
    m = Mix()
    m.add(marimba(rng, hz("D6"), 0.12, 0.05), 0.002, 1.0)
    m.add(thump(0.05, 400, 250, 0.005, 0.015), 0.002, 0.4)
    return m.render()


@effect("ui_back", -24)
def fx_ui_back(rng):
    m = Mix()
    m.add(marimba(rng, hz("A5"), 0.1, 0.045), 0.002, 0.8)
    m.add(marimba(rng, hz("E5"), 0.12, 0.05), 0.058, 1.0)
    return m.render()


@effect("level_unlocked", -18)
def fx_level_unlocked(rng):
    """A lock opens, then magic: a harp run, a bell chord, shimmer and a swelling pad."""
    m = Mix()
    m.add(modal(0.3, (380, 990, 2150, 3400), (0.12, 0.08, 0.05, 0.03), (1.0, 0.6, 0.4, 0.2), detune=3), 0.003, 0.6)
    m.add(thump(0.2, 160, 90, 0.01, 0.06), 0.003, 0.5)
    m.add(burst(rng, 0.01, "bp", 3000, 1.0, 0.002), 0.09, 0.4)
    m.add(modal(0.05, (2500, 5300), (0.01, 0.006), (1.0, 0.5)), 0.09, 0.3)
    run = ("A4", "B4", "C#5", "E5", "F#5", "A5", "B5", "C#6", "E6")
    for i, name in enumerate(run):
        m.add(pluck(rng, hz(name), 1.0, 0.9, "normal"), 0.2 + 0.045 * i, 0.35)
    for name in ("A5", "C#6", "E6", "A6"):
        m.add(bell(hz(name), 1.8, ratio=2.0, index=1.2, decay=0.6), 0.62 + rng.uniform(0, 0.02), 0.16)
    n = n_of(0.9)
    m.add(unit(svf(white(rng, n), glide(n, (0, 3000), (0.9, 9000)), 1.2, "bp") * swell(n, 0.5)), 0.2, 0.15)
    m.add(strings(rng, [hz(x) for x in ("A3", "E4", "A4", "C#5")], 1.6, 2000, 0.3, 0.8), 0.45, 0.35)
    return reverb(m.render(), "hall", 0.3)


# =================================================================================== music
CHORDS = {"": (0, 4, 7), "m": (0, 3, 7), "sus4": (0, 5, 7), "sus2": (0, 2, 7), "add9": (0, 4, 7, 14),
          "m7": (0, 3, 7, 10), "maj7": (0, 4, 7, 11), "7": (0, 4, 7, 10)}


def parse_chord(symbol: str) -> tuple[int, tuple[int, ...]]:
    """'F#m' -> (root pitch class, intervals)."""
    i = 2 if len(symbol) > 1 and symbol[1] in "#b" else 1
    return note(symbol[:i] + "0") % 12, CHORDS[symbol[i:]]


def voicing(root_pc: int, shape, center: int) -> list[int]:
    """Each chord tone in the octave nearest `center`: smooth voice leading between chords."""
    return sorted(center - 6 + ((root_pc + iv - (center - 6)) % 12) for iv in shape)


def root_in(root_pc: int, low: int) -> int:
    return low + ((root_pc - low) % 12)


def parse_line(text: str) -> list[tuple[float, float, int | None]]:
    """'A4:1 D5:1.5 r:.5' -> [(beat, beats, midi or None for a rest), ...]."""
    out, beat = [], 0.0
    for token in text.split():
        name, length = token.split(":")
        beats = float(length)
        out.append((beat, beats, None if name == "r" else note(name)))
        beat += beats
    return out


class Song:
    """A loop on a circular stereo buffer: whatever runs past the end (note tails, reverb)
    wraps onto the start, so the file loops seamlessly by construction."""

    def __init__(self, name: str, bpm: float, bars: int, beats_per_bar: int = 4):
        self.name = name
        self.rng = rng_for(name)
        self.beat = 60.0 / bpm
        self.bpb = beats_per_bar
        self.bars = bars
        self.n = n_of(bars * beats_per_bar * self.beat)
        self.dry = np.zeros((self.n, 2))
        self.send = np.zeros((self.n, 2))

    def time(self, bar: int, beat: float = 0.0) -> float:
        return (bar * self.bpb + beat) * self.beat

    def add(self, sig: np.ndarray, bar: int, beat: float = 0.0, gain: float = 1.0, pan: float = 0.0,
            verb: float = 0.25, humanise: bool = True) -> None:
        t = self.time(bar, beat)
        if humanise:
            t += self.rng.normal(0.0, 0.004)
            gain *= 1.0 + self.rng.normal(0.0, 0.05)
        theta = (pan + 1.0) * np.pi / 4.0
        st = np.stack([sig * math.cos(theta), sig * math.sin(theta)], axis=1) * (gain * math.sqrt(2.0))
        start = round(t * SR)
        self._wrap(self.dry, st, start)
        if verb:
            self._wrap(self.send, st * verb, start)

    def _wrap(self, buf: np.ndarray, sig: np.ndarray, start: int) -> None:
        start %= self.n
        i = 0
        while i < len(sig):
            chunk = min(len(sig) - i, self.n - start)
            buf[start:start + chunk] += sig[i:i + chunk]
            i += chunk
            start = 0

    def line(self, bar: int, text: str, voice: Callable[[float, float], np.ndarray], gain: float, pan: float = 0.0,
             verb: float = 0.3, legato: float = 0.08) -> None:
        for beat, beats, m in parse_line(text):
            if m is not None:
                self.add(voice(midi_hz(m), beats * self.beat + legato), bar, beat, gain, pan, verb)

    def render(self) -> np.ndarray:
        ir = reverb_ir("music")
        wet = np.stack([convolve(self.send[:, c], ir[:, c], circular=True) for c in range(2)], axis=1)
        mix = self.dry + wet
        return filt(mix, "hp", 30, 0.7, circular=True)


def chord_bars(prog: list[str], bpb: int = 4):
    """Yield (bar, beat, beats, chord symbol): a bar may hold two chords ('Asus4 A')."""
    for bar, text in enumerate(prog):
        parts = text.split()
        beats = bpb / len(parts)
        for i, symbol in enumerate(parts):
            yield bar, i * beats, beats, symbol


def music_title() -> np.ndarray:
    """Title and campaign map: warm and adventurous. D major, 92 bpm, 16 bars: strings, harp
    arpeggios, plucked bass, a horn tune answered by a flute, frame drum, shaker, timpani."""
    s = Song("music_title", bpm=92, bars=16)
    rng = s.rng
    prog = ["D", "Bm", "G", "A", "D", "F#m", "G", "Asus4 A", "Bm", "G", "D", "A", "G", "A", "Bm", "Asus4 A"]
    for bar, beat, beats, symbol in chord_bars(prog):
        pc, shape = parse_chord(symbol)
        dur = beats * s.beat + 0.8
        tones = [midi_hz(m) for m in voicing(pc, shape, 60)]
        s.add(strings(rng, tones, dur, 1700, 0.4, 0.8), bar, beat, 0.16, -0.5, 0.4)
        s.add(strings(rng, tones, dur, 1700, 0.4, 0.8), bar, beat, 0.16, 0.5, 0.4)
        root = root_in(pc, 38)
        s.add(pluck(rng, midi_hz(root), 1.6, 1.4, "dark"), bar, beat, 0.5, 0.0, 0.1)
        sub = osc("sine", midi_hz(root), n_of(1.2)) * adsr(n_of(1.2), 0.01, 0.6, 0.3, 0.4)
        s.add(unit(sub), bar, beat, 0.3, 0.0, 0.0)
        if beats == 4:
            s.add(pluck(rng, midi_hz(root + 7), 1.2, 1.2, "dark"), bar, beat + 2, 0.35, 0.0, 0.1)
        base = root_in(pc, 55)
        arp = [base + shape[0], base + shape[2], base + 12 + shape[0], base + 12 + shape[1], base + 12 + shape[2],
               base + 12 + shape[1], base + 12 + shape[0], base + shape[2]]
        steps = range(0, int(beats * 2), 2) if bar < 4 else range(int(beats * 2))
        for k in steps:
            s.add(pluck(rng, midi_hz(arp[k]), 1.5, 1.3, "normal"), bar, beat + k / 2, 0.26 if k % 2 else 0.32,
                  -0.35, 0.35)
    melody = ["A4:1 D5:1.5 E5:.5 F#5:1", "F#5:2 E5:1 D5:1", "B4:1.5 D5:.5 G5:2", "F#5:1 E5:1 A4:2",
              "A4:1 D5:1.5 E5:.5 F#5:1", "A5:2 F#5:1 E5:1", "G5:1.5 F#5:.5 E5:1 D5:1", "E5:3 r:1",
              "B4:1 D5:1 F#5:1.5 E5:.5", "D5:2 B4:1 D5:1", "A5:1.5 F#5:.5 D5:2", "E5:1 F#5:.5 E5:.5 C#5:2",
              "B4:.5 D5:.5 G5:2 F#5:1", "E5:1 A5:2 G5:1", "F#5:1.5 E5:.5 D5:1 B4:1", "D5:2 C#5:1.5 r:.5"]
    horn = lambda f, d: brass(rng, f, d, attack=0.07, release=0.15, bright=0.6, vibrato=0.004)
    horn_low = lambda f, d: brass(rng, f / 2, d, attack=0.08, release=0.15, bright=0.5)
    fl = lambda f, d: flute(rng, f, d)
    for bar, text in enumerate(melody):
        if bar < 8:
            s.line(bar, text, horn, 0.42, 0.15, 0.35)
        else:
            s.line(bar, text, fl, 0.27, 0.2, 0.4)
            s.line(bar, text, horn_low, 0.2, -0.1, 0.35)
    for bar in range(16):
        s.add(drum(rng, 120, 0.6, 0.22, 0.5), bar, 0, 0.45, 0.0, 0.2)
        if bar >= 4:
            s.add(drum(rng, 120, 0.5, 0.18, 0.5), bar, 2.5, 0.2, 0.0, 0.2)
            s.add(drum(rng, 150, 0.5, 0.16, 0.6), bar, 3, 0.3, 0.0, 0.2)
            for e in range(4):
                s.add(shaker(rng), bar, e + 0.5, 0.1 if e % 2 else 0.14, 0.45, 0.15)
    s.add(timpani(rng, hz("D2"), 2.0, 0.6), 0, 0, 0.45, 0.0, 0.3)
    s.add(timpani(rng, hz("B1"), 2.0, 0.6), 8, 0, 0.4, 0.0, 0.3)
    for bar in (7, 15):
        s.add(cymbal(rng, 2 * s.beat, 0.3, reverse=True), bar, 2, 0.12, 0.0, 0.3, humanise=False)
    return s.render()


def music_duel() -> np.ndarray:
    """The card duel: rhythmic, moderate tension. A minor, 104 bpm, 16 bars in 3+3+2: a
    pizzicato ostinato, saw bass, drums, low strings; a bell motif, then a horn tune."""
    s = Song("music_duel", bpm=104, bars=16)
    rng = s.rng
    prog = ["Am", "Am", "F", "G", "Am", "Am", "Dm", "E", "F", "G", "Am", "Em", "F", "Dm", "Esus4", "E"]
    accents = {0: 1.0, 3: 0.85, 6: 0.9}
    for bar, beat, beats, symbol in chord_bars(prog):
        pc, shape = parse_chord(symbol)
        tones = [midi_hz(m) for m in voicing(pc, shape, 55)]
        dur = beats * s.beat + 0.6
        s.add(strings(rng, tones, dur, 1200, 0.3, 0.6), bar, beat, 0.13, -0.4, 0.35)
        s.add(strings(rng, tones, dur, 1200, 0.3, 0.6), bar, beat, 0.13, 0.4, 0.35)
        base = root_in(pc, 52)
        stack = [base + shape[0], base + shape[1], base + shape[2], base + 12 + shape[0], base + 12 + shape[1]]
        for k, idx in enumerate((0, 2, 3, 2, 4, 2, 3, 1)):
            s.add(pluck(rng, midi_hz(stack[idx]), 0.5, 0.35, "bright"), bar, k / 2, 0.5 * accents.get(k, 0.65),
                  0.3, 0.2)
        root = root_in(pc, 33)
        for k, (eighth, length, m) in enumerate(((0, 1.5, root), (3, 1.5, root), (6, 1.0, root + 12))):
            n = n_of(length * s.beat)
            f = midi_hz(m)
            x = osc("saw", f, n) + osc("saw", cents(f, 8), n, 0.3) + 1.5 * osc("sine", f, n)
            x = filt(x, "lp", 420, 0.9, 2) * adsr(n, 0.005, 0.25, 0.55, 0.08)
            s.add(unit(x), bar, eighth / 2, 0.36, 0.0, 0.05)
    for bar in range(16):
        for eighth, gain in accents.items():
            s.add(drum(rng, 72, 0.7, 0.3, 0.5), bar, eighth / 2, 0.5 * gain, 0.0, 0.2)
        for b in (1, 3):
            s.add(woodblock(rng, 1500), bar, b, 0.16, -0.25, 0.25)
        for sx in range(16):
            s.add(shaker(rng, 0.08), bar, sx / 4, 0.09 if sx % 2 else 0.12, 0.45, 0.1)
        if bar == 15:
            for k in range(4):
                s.add(drum(rng, 110, 0.5, 0.18, 0.7), bar, 2 + k / 2, 0.2 + 0.08 * k, -0.15, 0.2)
    s.add(riser(rng, 2 * s.beat, 300, 5000), 15, 2, 0.12, 0.0, 0.3, humanise=False)
    s.add(cymbal(rng, 2.5, 0.9), 0, 0, 0.12, 0.2, 0.3)
    s.add(cymbal(rng, 2.5, 0.9), 8, 0, 0.12, -0.2, 0.3)
    celesta = lambda f, d: bell(f, d + 0.8, ratio=4.0, index=1.2, decay=0.6)
    for bar, text in enumerate(("E5:.5 A5:.5 C6:1 B5:1 A5:1", "B5:1 A5:1 E5:2", "F5:.5 A5:.5 D6:1 C6:1 A5:1",
                                "G#5:1 B5:1 E5:2"), start=4):
        s.line(bar, text, celesta, 0.22, -0.3, 0.45)
    horn = lambda f, d: brass(rng, f, d, attack=0.05, release=0.12, bright=0.6, vibrato=0.004)
    tune = ("A4:1.5 C5:.5 F5:2", "D5:1.5 B4:.5 G4:2", "C5:1.5 B4:.5 A4:1 E5:1", "E5:2 D5:1 B4:1",
            "F5:1 E5:.5 D5:.5 C5:2", "D5:1 F5:1 A5:2", "A5:2 E5:2", "G#5:1.5 B5:.5 E5:2")
    for bar, text in enumerate(tune, start=8):
        s.line(bar, text, horn, 0.36, 0.1, 0.35)
    return s.render()


def music_gomoku() -> np.ndarray:
    """Gomoku: calm, sparse, meditative. D major pentatonic, 66 bpm, 12 bars: a soft pad and
    drone, a koto-like pluck, a breathy flute, far bells and a singing bowl."""
    s = Song("music_gomoku", bpm=66, bars=12)
    rng = s.rng
    for bar, symbol, low in ((0, "Dadd9", 38), (3, "Bm7", 35), (6, "Gmaj7", 31), (9, "Asus2", 33)):
        pc, shape = parse_chord(symbol)
        dur = 3 * s.bpb * s.beat + 2.0
        tones = [midi_hz(m) for m in voicing(pc, shape, 62)]
        s.add(strings(rng, tones, dur, 900, 1.6, 2.0, "triangle", 6.0), bar, 0, 0.22, -0.5, 0.5, humanise=False)
        s.add(strings(rng, tones, dur, 900, 1.6, 2.0, "triangle", 6.0), bar, 0, 0.22, 0.5, 0.5, humanise=False)
        drone = [midi_hz(low), midi_hz(low + 7)]
        s.add(strings(rng, drone, dur, 500, 1.5, 2.0, "triangle", 4.0, 2), bar, 0, 0.22, 0.0, 0.3, humanise=False)
    koto = lambda f, d: pluck(rng, f, max(d, 2.5), 2.2, "normal")
    koto_lines = ("A4:1.5 F#4:.5 E4:2", "D4:3 r:1", "r:2 A4:1 B4:1", "D5:2 B4:1 A4:1", "F#4:3 r:1",
                  "r:1 E4:.5 F#4:.5 A4:2", "B4:1.5 D5:.5 E5:2", "D5:1 B4:1 A4:2", "r:4", "r:2 F#4:1 A4:1",
                  "E5:3 r:1", "B4:2 A4:1 E4:1")
    for bar, text in enumerate(koto_lines):
        s.line(bar, text, koto, 0.65, -0.2, 0.5)
    shaku = lambda f, d: flute(rng, f, d, 0.25, 0.6)
    s.line(8, "F#5:2 E5:1 D5:1", shaku, 0.3, 0.25, 0.55, 0.3)
    s.line(9, "E5:4", shaku, 0.3, 0.25, 0.55, 0.3)
    for bar, beat, name, pan in ((1, 2, "F#6", 0.5), (4, 3, "D6", -0.5), (7, 1, "A6", 0.4), (10, 2, "E6", -0.4)):
        s.add(bell(hz(name), 3.0, ratio=4.0, index=1.0, decay=1.0), bar, beat, 0.12, pan, 0.7)
    s.add(singing_bowl(rng, hz("D4"), 7.0), 0, 0, 0.22, 0.1, 0.4)
    s.add(singing_bowl(rng, hz("A3"), 7.0), 6, 0, 0.2, -0.1, 0.4)
    return s.render()


def music_tension() -> np.ndarray:
    """A duel on the brink: C minor, 120 bpm, 16 bars: heartbeat kick, pulsing bass, a
    sixteenth-note string ostinato, taiko, ticking wood, brass stabs and a low horn."""
    s = Song("music_tension", bpm=120, bars=16)
    rng = s.rng
    prog = ["Cm", "Cm", "Ab", "Ab", "Fm", "Fm", "Db", "G", "Cm", "Cm", "Ab", "Ab", "Db", "Db", "G", "G"]
    for bar, beat, beats, symbol in chord_bars(prog):
        pc, shape = parse_chord(symbol)
        tones = [midi_hz(m) for m in voicing(pc, shape, 52)]
        dur = beats * s.beat + 0.5
        s.add(strings(rng, tones, dur, 900, 0.3, 0.5), bar, beat, 0.14, -0.4, 0.35)
        s.add(strings(rng, tones, dur, 900, 0.3, 0.5), bar, beat, 0.14, 0.4, 0.35)
        base = root_in(pc, 58)
        stack = [base + shape[0], base + shape[1], base + shape[2], base + 12 + shape[0]]
        for k, idx in enumerate((0, 1, 2, 1, 0, 1, 2, 3) * 2):
            n = n_of(0.16)
            f = midi_hz(stack[idx])
            x = osc("saw", f, n) + osc("saw", cents(f, 10), n, 0.5)
            x = filt(x, "lp", 2200, 0.7) * adsr(n, 0.004, 0.06, 0.5, 0.06)
            s.add(unit(x), bar, k / 4, 0.16 if k % 4 else 0.22, -0.3, 0.25)
        root = root_in(pc, 31)
        for e in range(8):
            n = n_of(0.24)
            f = midi_hz(root)
            x = osc("saw", f, n) + 1.2 * osc("sine", f, n) + osc("square", f / 2, n) * 0.3
            x = filt(x, "lp", 380, 1.0, 2) * adsr(n, 0.004, 0.12, 0.4, 0.06)
            s.add(unit(x), bar, e / 2, 0.42 if e % 2 == 0 else 0.32, 0.0, 0.05)
    for bar in range(16):
        for b, gain in ((0, 0.75), (0.5, 0.45), (2, 0.7), (2.5, 0.42)):
            s.add(thump(0.35, 85, 42, 0.02, 0.12, 1.5), bar, b, 0.8 * gain, 0.0, 0.1)
        for e in range(8):
            s.add(woodblock(rng, 2000 if e % 2 == 0 else 1500, 0.1), bar, e / 2, 0.08, 0.4, 0.2)
        if bar % 2 == 0:
            s.add(drum(rng, 58, 1.2, 0.5, 0.6), bar, 0, 0.6, 0.0, 0.35)
    for bar in (7, 15):
        for k, b in enumerate((3.0, 3 + 1 / 3, 3 + 2 / 3)):
            s.add(drum(rng, 70, 0.7, 0.3, 0.6), bar, b, 0.35 + 0.1 * k, 0.0, 0.3)
        s.add(riser(rng, 2 * s.beat, 300, 7000), bar, 2, 0.12, 0.0, 0.3, humanise=False)
        s.add(cymbal(rng, 2 * s.beat, 0.3, reverse=True), bar, 2, 0.1, 0.0, 0.3, humanise=False)
    for bar, _, _, symbol in chord_bars(prog[8:]):
        pc, shape = parse_chord(symbol)
        for beat, beats in ((0, 0.5), (1.5, 1.0)):
            for m in voicing(pc, shape, 57):
                s.add(brass(rng, midi_hz(m), beats * s.beat + 0.05, attack=0.02, release=0.08), bar + 8, beat, 0.12,
                      0.15, 0.3)
    horn = lambda f, d: brass(rng, f, d, attack=0.06, release=0.15, bright=0.5, vibrato=0.005)
    tune = ("C4:1.5 G4:.5 Ab4:1 G4:1", "Eb4:2 D4:1 C4:1", "C4:1.5 Eb4:.5 Ab4:2", "G4:3 r:1",
            "F4:1.5 Ab4:.5 Db5:2", "C5:2 Ab4:2", "B4:2 D5:1 B4:1", "G4:3 r:1")
    for bar, text in enumerate(tune, start=8):
        s.line(bar, text, horn, 0.34, -0.1, 0.3)
    return s.render()


MUSIC: dict[str, tuple[Callable[[], np.ndarray], float]] = {  # name: (composer, target RMS dBFS)
    "music_title": (music_title, -20.0),
    "music_duel": (music_duel, -19.0),
    "music_gomoku": (music_gomoku, -22.0),
    "music_tension": (music_tension, -18.0),
}


# ============================================================================ measurement
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
        b = x[start:start + block]
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
        if np.sqrt(np.mean(x[start:start + block] ** 2)) > level:
            last = start + block
    return x[: min(len(x), last + n_of(0.03))]


def to_int16(x: np.ndarray) -> np.ndarray:
    return np.round(np.clip(x, -1.0, 1.0) * 32767.0).astype(np.int16)


# ================================================================================== output
def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1 if samples.ndim == 1 else samples.shape[1])
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(samples.astype("<i2").tobytes())


def read_wav(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as w:
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
        return data.reshape(-1, w.getnchannels()) if w.getnchannels() > 1 else data


_BITREV = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def _ogg_crc(data: bytes) -> int:
    """Ogg's CRC-32 (polynomial 0x04C11DB7, not reflected, no xor): zlib's reflected CRC of
    the bit-reversed bytes, bit-reversed."""
    r = zlib.crc32(data.translate(_BITREV), 0xFFFFFFFF) ^ 0xFFFFFFFF
    return int(f"{r:032b}"[::-1], 2)


def fix_ogg_serial(data: bytes, serial: int = OGG_SERIAL) -> bytes:
    """libsndfile picks a random stream serial number; set ours on every page (and redo the
    page checksums) so the same audio always gives the same file."""
    out = bytearray(data)
    pos = 0
    while pos < len(out):
        if out[pos:pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        segments = out[pos + 26]
        end = pos + 27 + segments + sum(out[pos + 27:pos + 27 + segments])
        out[pos + 14:pos + 18] = serial.to_bytes(4, "little")
        out[pos + 22:pos + 26] = b"\0\0\0\0"
        out[pos + 22:pos + 26] = _ogg_crc(bytes(out[pos:end])).to_bytes(4, "little")
        pos = end
    return bytes(out)


def encode_ogg(x: np.ndarray) -> bytes:
    import soundfile

    buf = io.BytesIO()
    soundfile.write(buf, x.astype(np.float32), SR, format="OGG", subtype="VORBIS",
                    compression_level=1.0 - OGG_QUALITY)
    return fix_ogg_serial(buf.getvalue())


def decode_ogg(data: bytes) -> np.ndarray:
    """As int16 frames (n, channels), the way a player reads it."""
    import soundfile

    x, _ = soundfile.read(io.BytesIO(data), dtype="int16", always_2d=True)
    return x


def render_effect(name: str, out: Path) -> None:
    fn, target = EFFECTS[name]
    x = fn(rng_for(name))
    x = filt(x, "hp", 25, 0.7)  # no DC or sub-sonic rumble
    x = fit_loudness(x, target, PEAK_CEILING_DB - PEAK_MARGIN_DB)
    x = fade_edges(trim_tail(x))
    write_wav(out / f"{name}.wav", to_int16(x))


def render_music(name: str, out: Path) -> None:
    composer, target = MUSIC[name]
    x = composer()
    x = fit_loudness(x, target, PEAK_CEILING_DB - PEAK_MARGIN_DB - 0.5)
    for _ in range(4):  # Vorbis can overshoot peaks a little: back off until the decoded file fits
        data = encode_ogg(x)
        peak, _ = measure(decode_ogg(data))
        if peak <= PEAK_CEILING_DB - 0.2:
            break
        x = x * from_db(PEAK_CEILING_DB - 0.3 - peak)
    (out / f"{name}.ogg").write_bytes(data)


# =============================================================================== reporting
def effect_range(target: float) -> tuple[float, float]:
    lo, hi = EFFECT_RMS_RANGE
    return max(lo, target - EFFECT_TOLERANCE_DB), min(hi, target + EFFECT_TOLERANCE_DB)


def music_range(target: float) -> tuple[float, float]:
    return MUSIC_RMS_TARGET - MUSIC_TOLERANCE_DB, MUSIC_RMS_TARGET + MUSIC_TOLERANCE_DB


def seam_jump(frames: np.ndarray) -> tuple[float, float]:
    """(the step from the last frame to the first, the largest step within 0.1 s either side)."""
    x = frames.astype(np.float64)
    k = n_of(0.1)
    around = np.concatenate([x[-k:], x[:k]])
    return float(np.max(np.abs(x[0] - x[-1]))), float(np.max(np.abs(np.diff(around, axis=0))))


def write_report(out: Path) -> list[str]:
    rows = []
    problems = []
    for name, (_, target) in EFFECTS.items():
        path = out / f"{name}.wav"
        if not path.exists():
            problems.append(f"missing {path.name}")
            continue
        x = read_wav(path)
        peak, rms = measure(x)
        rows.append((name, path.name, "effect", len(x) / SR, peak, rms, effect_range(target)))
    for name, (_, target) in MUSIC.items():
        path = out / f"{name}.ogg"
        if not path.exists():
            problems.append(f"missing {path.name}")
            continue
        x = decode_ogg(path.read_bytes())
        peak, rms = measure(x)
        jump, local = seam_jump(x)
        print(f"  {name}: loop seam step {jump:.0f} (largest step near the seam {local:.0f}), {len(x) / SR:.2f} s")
        rows.append((name, path.name, "music", len(x) / SR, peak, rms, music_range(target)))
    lines = [
        "# Sound loudness",
        "",
        "Generated by `build_scripts/make_sounds.py` from the files as written (Ogg decoded): re-run the",
        "script instead of editing. `tests/client/test_sound_assets.py` checks the files against this table.",
        "",
        f"- **peak**: the largest sample magnitude (full scale 32768); every file <= {PEAK_CEILING_DB:.1f} dBFS.",
        f"- **RMS**: over the non-silent part: the {BLOCK_SECONDS * 1000:.0f} ms blocks (all channels) whose own RMS",
        (f"  is >= {GATE_DB:.0f} dBFS. Effects: their own target +- {EFFECT_TOLERANCE_DB:.0f} dB, within"
         f" {EFFECT_RMS_RANGE[0]:.0f}..{EFFECT_RMS_RANGE[1]:.0f} dBFS;"),
        f"  music: {MUSIC_RMS_TARGET:.0f} +- {MUSIC_TOLERANCE_DB:.0f} dBFS.",
        "- Effects: 44.1 kHz mono 16-bit WAV. Music: 44.1 kHz stereo Ogg Vorbis, seamless loops.",
        "",
        "| name | file | kind | duration s | peak dBFS | RMS dBFS | target RMS dBFS |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, file, kind, dur, peak, rms, (lo, hi) in rows:
        lines.append(f"| {name} | {file} | {kind} | {dur:.2f} | {peak:.1f} | {rms:.1f} | {lo:.0f}..{hi:.0f} |")
        if peak > PEAK_CEILING_DB or not lo <= rms <= hi:
            problems.append(f"{file}: peak {peak:.1f}, RMS {rms:.1f} outside {lo:.0f}..{hi:.0f}")
    (out / "LOUDNESS.md").write_text("\n".join(lines) + "\n")
    for row in rows:
        name, file, _, dur, peak, rms, (lo, hi) = row
        print(f"  {file:22s} {dur:6.2f} s  peak {peak:6.1f}  RMS {rms:6.1f}  target {lo:.0f}..{hi:.0f}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the files go (default assets/sounds)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="render just these sounds")
    parser.add_argument("--no-music", action="store_true", help="skip the music loops (the slow part)")
    args = parser.parse_args(argv)
    try:
        import soundfile  # noqa: F401
    except ImportError:
        sys.exit("make_sounds.py needs soundfile for Ogg Vorbis: python3.11 -m pip install soundfile")
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    names = list(EFFECTS) + ([] if args.no_music else list(MUSIC))
    if args.only:
        unknown = set(args.only) - set(EFFECTS) - set(MUSIC)
        if unknown:
            sys.exit(f"unknown sounds: {', '.join(sorted(unknown))}")
        names = [n for n in list(EFFECTS) + list(MUSIC) if n in args.only]
    for name in names:
        started = time.perf_counter()
        (render_effect if name in EFFECTS else render_music)(name, out)
        print(f"{name}: {time.perf_counter() - started:.1f} s")
    problems = write_report(out)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
