"""The sound-effect designs, each registered under its file name with its target loudness."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .instruments import (
    bell,
    brass,
    burst,
    crackle,
    cymbal,
    glass,
    marimba,
    modal,
    pluck,
    riser,
    strings,
    thump,
    timpani,
    whoosh,
)
from .synth import (
    Mix,
    adsr,
    cents,
    fade_edges,
    filt,
    fm,
    glide,
    hz,
    n_of,
    osc,
    perc,
    reverb,
    softclip,
    svf,
    swell,
    times,
    unit,
    white,
)

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
    m.add(whoosh(rng, land + 0.03, (1500, 900, 400)[size], (5000, 4000, 2600)[size], 1500, q=0.8, peak=0.9), 0.0, 0.45)
    m.add(
        thump(
            (0.3, 0.5, 1.0)[size],
            (260, 180, 120)[size],
            (110, 68, 38)[size],
            (0.02, 0.03, 0.05)[size],
            (0.07, 0.14, 0.34)[size],
            drive=(1.2, 1.6, 2.6)[size],
        ),
        land,
        1.0,
    )
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
        m.add(
            bell(hz(name), 0.9, ratio=3.0, index=1.2, decay=(0.25, 0.35, 0.5)[size]),
            land + 0.03 + (0.045, 0.05, 0.055)[size] * i,
            0.22,
        )
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
    m.add(
        whoosh(
            rng, hit + 0.04, 300 if heavy else 700, 1600 if heavy else 2800, 900, q=0.9 if heavy else 1.3, peak=0.85
        ),
        0.0,
        0.75,
    )
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
    m.add(
        unit(fm(glide(n, (0, 1400), (0.4, 350)), n, 1.414, 1.0 + 4.0 * np.exp(-t / 0.12)) * perc(n, 0.002, 0.2)),
        0.004,
        0.6,
    )
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
    m.add(
        unit((osc("sine", f, n) + osc("sine", cents(1, 8) * f, n) + osc("sine", cents(1, -8) * f, n)) * rise), 0.0, 0.3
    )
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
    m.add(
        unit(fm(glide(n, (0, 600), (0.5, 150)), n, 2.0, 2.0 * np.exp(-times(n) / 0.2)) * perc(n, 0.01, 0.22)), 0.01, 0.2
    )
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
    _brass_chord(rng, m, ("D3", "A3", "D4", "F#4", "A4", "D5"), 1.70, 1.9, 0.2, attack=0.03, release=0.7, sustain=0.75)
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
        m.add(
            brass(rng, hz(name), step + 0.12, attack=0.06, release=0.12, bright=0.55, vibrato=0.006),
            0.01 + step * i,
            0.5,
        )
    m.add(brass(rng, hz("D4"), 1.7, attack=0.08, release=0.9, bright=0.5, vibrato=0.006), 0.01 + step * 4, 0.55)
    chords = (
        (("D3", "F3", "A3"), 0.0, 2 * step),
        (("Bb2", "D3", "F3"), 2 * step, step),
        (("A2", "C#3", "E3"), 3 * step, step),
        (("D3", "F3", "A3"), 4 * step, 1.7),
    )
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
    m.add(
        modal(
            0.05,
            [f * (1 + 0.04 * v[1]) for f in (2750, 4100, 5900)],
            [d * (1 + 0.15 * v[2]) for d in (0.012, 0.008, 0.005)],
            (1.0, 0.7, 0.4),
        ),
        0.002,
        0.55,
    )
    m.add(
        modal(
            0.25,
            [f * (1 + 0.03 * v[3]) for f in (205, 470, 860, 1370, 2100)],
            [d * (1 + 0.15 * v[4]) for d in (0.07, 0.05, 0.035, 0.02, 0.012)],
            (0.6, 1.0, 0.8, 0.5, 0.3),
        ),
        0.0025,
        0.8 + 0.1 * v[5],
    )
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
