"""Sound effects made at start-up from pure-Python PCM (no files, no numpy).

Every mixer call is guarded: without an audio device the game runs silently.
"""

from __future__ import annotations

import array
import math
import random

import pygame

RATE = 22050


def _envelope(i: int, n: int, attack: int = 60) -> float:
    if i < attack:
        return i / attack
    return max(0.0, 1.0 - (i - attack) / max(1, n - attack)) ** 2


def _tone(freqs, ms: float, volume: float = 0.5, noise: float = 0.0, slide: float = 0.0, seed: int = 1) -> list[float]:
    """Sum of sines (optionally sliding in pitch) plus noise, with a quick attack and decay."""
    n = int(RATE * ms / 1000)
    rng = random.Random(seed)
    out = []
    phases = [0.0] * len(freqs)
    for i in range(n):
        progress = i / n
        value = 0.0
        for k, freq in enumerate(freqs):
            f = freq * (1.0 + slide * progress)
            phases[k] += 2 * math.pi * f / RATE
            value += math.sin(phases[k])
        value /= max(1, len(freqs))
        if noise:
            value = value * (1 - noise) + (rng.random() * 2 - 1) * noise
        out.append(value * volume * _envelope(i, n))
    return out


def _sequence(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for part in parts:
        out.extend(part)
    return out


def synthesize() -> dict[str, list[float]]:
    """The effects as float samples in -1..1 at RATE Hz, mono."""
    return {
        "play": _tone([523.25, 784.0], 160, 0.35, slide=0.15),
        "draw": _tone([880.0], 70, 0.2, noise=0.3, seed=2),
        "attack": _tone([110.0, 165.0], 180, 0.55, noise=0.55, slide=-0.4, seed=3),
        "death": _tone([330.0, 220.0], 420, 0.4, slide=-0.6, seed=4),
        "stone": _tone([180.0, 900.0], 55, 0.6, noise=0.45, slide=-0.5, seed=5),
        "win": _sequence(_tone([523.25], 120, 0.35), _tone([659.25], 120, 0.35), _tone([783.99, 1046.5], 380, 0.4)),
        "click": _tone([1200.0], 30, 0.15, noise=0.2, seed=6),
    }


def to_pcm(samples: list[float], size: int, channels: int) -> bytes:
    """Samples as signed/unsigned PCM matching the mixer's format."""
    bits = abs(size)
    if bits == 8:
        data = array.array("B", (max(0, min(255, int(128 + s * 127))) for s in samples))
    elif bits == 32:  # a float32 mixer
        data = array.array("f", samples)
    else:
        data = array.array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
    if channels > 1:
        wide = array.array(data.typecode)
        for value in data:
            wide.extend([value] * channels)
        data = wide
    return data.tobytes()


class Sounds:
    def __init__(self, volume: float = 0.6):
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.problem: str | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            frequency, size, channels = pygame.mixer.get_init()
            step = RATE / frequency
            for name, samples in synthesize().items():
                if frequency != RATE:  # nearest-sample resampling is enough for effects
                    samples = [samples[min(len(samples) - 1, int(i * step))]
                               for i in range(int(len(samples) / step))]
                self.sounds[name] = pygame.mixer.Sound(buffer=to_pcm(samples, size, channels))
        except (pygame.error, OSError, ValueError, TypeError) as error:
            self.sounds = {}
            self.problem = f"no sound: {error}"

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass
