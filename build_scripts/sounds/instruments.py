"""Instruments (blows, noise, struck, plucked, blown and bowed tones, drums) shared by effects and music."""

from __future__ import annotations

import numpy as np

from .synth import (
    SR,
    adsr,
    cents,
    cycles,
    fade_edges,
    filt,
    fm,
    glide,
    n_of,
    osc,
    perc,
    softclip,
    svf,
    swell,
    taper,
    times,
    unit,
    white,
)


def thump(dur: float, f0: float, f1: float, pitch_tau: float, decay: float, drive: float = 1.0) -> np.ndarray:
    """A body blow: a sine whose pitch falls from f0 towards f1, decaying; driven for weight."""
    n = n_of(dur)
    t = times(n)
    f = f1 + (f0 - f1) * np.exp(-t / pitch_tau)
    x = np.sin(2 * np.pi * cycles(f, n)) * perc(n, 0.0015, decay)
    if drive > 1.0:
        x = softclip(x, drive)
    return unit(taper(fade_edges(x, 0.0005, 0.0)))


def burst(
    rng, dur: float, kind: str, f0: float, q: float = 0.7, decay: float = 0.02, attack: float = 0.0005
) -> np.ndarray:
    """A short filtered noise burst: clicks, slaps, crunch, skin."""
    n = n_of(dur)
    return unit(filt(white(rng, n), kind, f0, q) * perc(n, attack, decay))


def whoosh(
    rng, dur: float, f_start: float, f_peak: float, f_end: float, q: float = 1.0, peak: float = 0.6, grain: float = 0.0
) -> np.ndarray:
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


def bell(
    freq: float,
    dur: float,
    ratio: float = 3.5,
    index: float = 2.5,
    decay: float = 0.6,
    index_decay: float | None = None,
) -> np.ndarray:
    """FM bell / celesta / chime: the modulation index dies away faster than the tone."""
    n = n_of(dur)
    t = times(n)
    idx = index * np.exp(-t / (index_decay or decay * 0.4))
    return unit(fade_edges(fm(freq, n, ratio, idx) * perc(n, 0.001, decay), 0.0005, 0.0))


def glass(freq: float, dur: float, decay: float = 0.3) -> np.ndarray:
    """Glass / crystal ping: high inharmonic partials with slow beating."""
    return modal(
        dur,
        [freq * r for r in (1.0, 2.32, 4.25, 6.63)],
        [decay * m for m in (1.0, 0.6, 0.35, 0.2)],
        (1.0, 0.5, 0.3, 0.15),
        detune=4.0,
    )


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
    excite = np.convolve(np.concatenate([excite, excite]), np.ones(width) / width, mode="same")[period // 2 :][:period]
    shape = 1.0 - np.abs(np.linspace(-1.0, 1.0, period))  # a plucked string's triangle
    excite = 0.6 * (excite - excite.mean()) + 0.4 * (shape - shape.mean())
    y = np.concatenate([excite[-2:], excite, np.zeros(m)])  # two samples of history before the start
    g = 10.0 ** (-3.0 * (period / SR) / t60)
    for start in range(period + 2, len(y), period):
        idx = np.arange(start, min(start + period, len(y)))
        y[idx] = g * (taps[0] * y[idx - period] + taps[1] * y[idx - period - 1] + taps[2] * y[idx - period - 2])
    out = np.interp(np.arange(n) * rate, np.arange(len(y) - 2), y[2:])
    return unit(taper(fade_edges(out, 0.001, 0.0)))


def brass(
    rng,
    freq: float,
    dur: float,
    attack: float = 0.05,
    release: float = 0.15,
    bright: float = 1.0,
    vibrato: float = 0.004,
    sustain: float = 0.8,
) -> np.ndarray:
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


def strings(
    rng,
    freqs,
    dur: float,
    cutoff: float = 1800,
    attack: float = 0.3,
    release: float = 0.6,
    shape: str = "saw",
    detune: float = 7.0,
    voices: int = 3,
) -> np.ndarray:
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
    over = modal(
        dur,
        [freq * r for r in (1.5, 1.98, 2.44, 2.94)],
        [decay * m for m in (0.5, 0.35, 0.25, 0.2)],
        (0.5, 0.35, 0.2, 0.1),
    )
    skin = burst(rng, dur, "bp", 900, 0.6, 0.02)
    return unit(body + 0.5 * over + 0.25 * skin)


def drum(rng, freq: float, dur: float = 0.6, decay: float = 0.25, snap: float = 0.4) -> np.ndarray:
    """Hand or frame drum / taiko: a membrane's inharmonic modes, a pitch drop and a skin slap."""
    n = n_of(dur)
    t = times(n)
    f = freq * (1.0 + 0.25 * np.exp(-t / 0.015))
    body = np.sin(2 * np.pi * cycles(f, n)) * perc(n, 0.001, decay)
    modes = modal(
        dur,
        [freq * r for r in (1.59, 2.14, 2.30, 2.65)],
        [decay * m for m in (0.45, 0.3, 0.25, 0.2)],
        (0.45, 0.3, 0.2, 0.15),
    )
    skin = burst(rng, dur, "bp", 1600, 0.5, 0.012)
    return unit(body + 0.4 * modes + snap * skin)


def shaker(rng, dur: float = 0.1) -> np.ndarray:
    n = n_of(dur)
    x = filt(filt(white(rng, n), "hp", 4500, 0.7), "bp", 7500, 0.8)
    return unit(x * perc(n, 0.01, 0.022))


def woodblock(rng, freq: float = 1600.0, dur: float = 0.12) -> np.ndarray:
    return unit(
        modal(dur, (freq, freq * 2.31, freq * 3.9), (0.03, 0.015, 0.008), (1.0, 0.4, 0.2))
        + 0.3 * burst(rng, dur, "hp", 3000, 0.7, 0.0015)
    )


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
    bowl = modal(
        dur, [freq * r for r in (1.0, 2.71, 5.15, 8.43)], (3.0, 1.6, 0.8, 0.4), (1.0, 0.45, 0.2, 0.08), detune=2.5
    )
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
