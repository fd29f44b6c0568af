"""The music loops: chords, progressions and melodies on a circular stereo buffer, so every loop is seamless."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from .instruments import (
    bell,
    brass,
    cymbal,
    drum,
    flute,
    pluck,
    riser,
    shaker,
    singing_bowl,
    strings,
    thump,
    timpani,
    woodblock,
)
from .synth import SR, adsr, cents, convolve, filt, hz, midi_hz, n_of, note, osc, reverb_ir, rng_for, unit

CHORDS = {
    "": (0, 4, 7),
    "m": (0, 3, 7),
    "sus4": (0, 5, 7),
    "sus2": (0, 2, 7),
    "add9": (0, 4, 7, 14),
    "m7": (0, 3, 7, 10),
    "maj7": (0, 4, 7, 11),
    "7": (0, 4, 7, 10),
}


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

    def add(
        self,
        sig: np.ndarray,
        bar: int,
        beat: float = 0.0,
        gain: float = 1.0,
        pan: float = 0.0,
        verb: float = 0.25,
        humanise: bool = True,
    ) -> None:
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
            buf[start : start + chunk] += sig[i : i + chunk]
            i += chunk
            start = 0

    def line(
        self,
        bar: int,
        text: str,
        voice: Callable[[float, float], np.ndarray],
        gain: float,
        pan: float = 0.0,
        verb: float = 0.3,
        legato: float = 0.08,
    ) -> None:
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
        arp = [
            base + shape[0],
            base + shape[2],
            base + 12 + shape[0],
            base + 12 + shape[1],
            base + 12 + shape[2],
            base + 12 + shape[1],
            base + 12 + shape[0],
            base + shape[2],
        ]
        steps = range(0, int(beats * 2), 2) if bar < 4 else range(int(beats * 2))
        for k in steps:
            s.add(
                pluck(rng, midi_hz(arp[k]), 1.5, 1.3, "normal"), bar, beat + k / 2, 0.26 if k % 2 else 0.32, -0.35, 0.35
            )
    melody = [
        "A4:1 D5:1.5 E5:.5 F#5:1",
        "F#5:2 E5:1 D5:1",
        "B4:1.5 D5:.5 G5:2",
        "F#5:1 E5:1 A4:2",
        "A4:1 D5:1.5 E5:.5 F#5:1",
        "A5:2 F#5:1 E5:1",
        "G5:1.5 F#5:.5 E5:1 D5:1",
        "E5:3 r:1",
        "B4:1 D5:1 F#5:1.5 E5:.5",
        "D5:2 B4:1 D5:1",
        "A5:1.5 F#5:.5 D5:2",
        "E5:1 F#5:.5 E5:.5 C#5:2",
        "B4:.5 D5:.5 G5:2 F#5:1",
        "E5:1 A5:2 G5:1",
        "F#5:1.5 E5:.5 D5:1 B4:1",
        "D5:2 C#5:1.5 r:.5",
    ]
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
            s.add(
                pluck(rng, midi_hz(stack[idx]), 0.5, 0.35, "bright"), bar, k / 2, 0.5 * accents.get(k, 0.65), 0.3, 0.2
            )
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
    for bar, text in enumerate(
        ("E5:.5 A5:.5 C6:1 B5:1 A5:1", "B5:1 A5:1 E5:2", "F5:.5 A5:.5 D6:1 C6:1 A5:1", "G#5:1 B5:1 E5:2"), start=4
    ):
        s.line(bar, text, celesta, 0.22, -0.3, 0.45)
    horn = lambda f, d: brass(rng, f, d, attack=0.05, release=0.12, bright=0.6, vibrato=0.004)
    tune = (
        "A4:1.5 C5:.5 F5:2",
        "D5:1.5 B4:.5 G4:2",
        "C5:1.5 B4:.5 A4:1 E5:1",
        "E5:2 D5:1 B4:1",
        "F5:1 E5:.5 D5:.5 C5:2",
        "D5:1 F5:1 A5:2",
        "A5:2 E5:2",
        "G#5:1.5 B5:.5 E5:2",
    )
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
    koto_lines = (
        "A4:1.5 F#4:.5 E4:2",
        "D4:3 r:1",
        "r:2 A4:1 B4:1",
        "D5:2 B4:1 A4:1",
        "F#4:3 r:1",
        "r:1 E4:.5 F#4:.5 A4:2",
        "B4:1.5 D5:.5 E5:2",
        "D5:1 B4:1 A4:2",
        "r:4",
        "r:2 F#4:1 A4:1",
        "E5:3 r:1",
        "B4:2 A4:1 E4:1",
    )
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
                s.add(
                    brass(rng, midi_hz(m), beats * s.beat + 0.05, attack=0.02, release=0.08),
                    bar + 8,
                    beat,
                    0.12,
                    0.15,
                    0.3,
                )
    horn = lambda f, d: brass(rng, f, d, attack=0.06, release=0.15, bright=0.5, vibrato=0.005)
    tune = (
        "C4:1.5 G4:.5 Ab4:1 G4:1",
        "Eb4:2 D4:1 C4:1",
        "C4:1.5 Eb4:.5 Ab4:2",
        "G4:3 r:1",
        "F4:1.5 Ab4:.5 Db5:2",
        "C5:2 Ab4:2",
        "B4:2 D5:1 B4:1",
        "G4:3 r:1",
    )
    for bar, text in enumerate(tune, start=8):
        s.line(bar, text, horn, 0.34, -0.1, 0.3)
    return s.render()


MUSIC: dict[str, tuple[Callable[[], np.ndarray], float]] = {  # name: (composer, target RMS dBFS)
    "music_title": (music_title, -20.0),
    "music_duel": (music_duel, -19.0),
    "music_gomoku": (music_gomoku, -22.0),
    "music_tension": (music_tension, -18.0),
}
