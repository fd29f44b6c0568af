"""Synthesis primitives: oscillators, envelopes, filters, reverb, soft clipping and a mixer, at 44.1 kHz."""

from __future__ import annotations

import math
import zlib

import numpy as np

SR = 44100
SEED = 1729  # one seed; each sound's random stream is derived from it and the sound's name
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
            x[len(x) - k :] *= w[::-1].reshape((-1,) + (1,) * (x.ndim - 1))
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


def filt(
    x: np.ndarray, kind: str, f0: float, q: float = 0.707, order: int = 1, gain_db: float = 0.0, circular: bool = False
) -> np.ndarray:
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
            out[start : start + len(sig)] += sig
        return out
