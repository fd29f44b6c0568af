"""The committed sounds in assets/sounds (rendered by build_scripts/make_sounds.py): every expected
file is there, effects are short 16-bit WAVs and music loops are Ogg Vorbis, all load in pygame,
loops join seamlessly, and each file sits within the loudness range that assets/sounds/LOUDNESS.md
documents, measured here in pure Python (no numpy) exactly as the script measures it."""

from __future__ import annotations

import array
import math
import os
import sys
import wave
from pathlib import Path

import pytest

SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"
EFFECTS = (
    "draw",
    "summon_small",
    "summon_medium",
    "summon_large",
    "item_green",
    "item_red",
    "item_blue",
    "attack_light",
    "attack_heavy",
    "hit_creature",
    "hit_player",
    "ward_pop",
    "guard_block",
    "lethal",
    "drain_heal",
    "death",
    "rune_break",
    "turn_yours",
    "turn_theirs",
    "finisher",
    "victory",
    "defeat",
    "stone_1",
    "stone_2",
    "stone_3",
    "stone_4",
    "five_in_a_row",
    "foul_refused",
    "ui_hover",
    "ui_click",
    "ui_back",
    "level_unlocked",
)
MUSIC = ("music_title", "music_duel", "music_gomoku", "music_tension")
RATE = 44100
PEAK_CEILING_DB = -1.0
EFFECT_RMS_RANGE = (-30.0, -12.0)
MUSIC_RMS_RANGE = (-24.0, -16.0)
GATE_DB = -50.0  # 10 ms blocks quieter than this are silence, left out of the RMS
EFFECT_SECONDS = (0.03, 5.0)
MUSIC_SECONDS = (30.0, 60.0)
EDGE_LIMIT = 328  # first and last samples of an effect stay under -40 dBFS: no click


def _db(x: float) -> float:
    return 20 * math.log10(x) if x > 0 else float("-inf")


def loudness(samples: array.array, channels: int, rate: int = RATE) -> tuple[float, float]:
    """(peak dBFS, RMS dBFS over the non-silent part) of interleaved 16-bit samples: the RMS of
    the 10 ms blocks (all channels) whose own RMS is at least GATE_DB."""
    if not samples:
        return float("-inf"), float("-inf")
    peak = max(max(samples), -min(samples)) / 32768
    block = rate // 100 * channels
    gate = (10 ** (GATE_DB / 20) * 32768) ** 2
    total = count = 0
    for start in range(0, len(samples), block):
        chunk = samples[start : start + block]
        energy = math.hypot(*chunk) ** 2  # the sum of squares, in C
        if energy >= gate * len(chunk):
            total += energy
            count += len(chunk)
    return _db(peak), _db(math.sqrt(total / count) / 32768 if count else 0.0)


def problems(kind: str, peak: float, rms: float, doc: dict) -> list[str]:
    """What is wrong with a file's measured loudness, against its LOUDNESS.md row."""
    found = []
    overall = EFFECT_RMS_RANGE if kind == "effect" else MUSIC_RMS_RANGE
    if not overall[0] <= doc["lo"] <= doc["hi"] <= overall[1]:
        found.append(f"documented range {doc['lo']}..{doc['hi']} is outside {overall}")
    if peak > PEAK_CEILING_DB:
        found.append(f"peak {peak:.2f} dBFS is over {PEAK_CEILING_DB}")
    if not doc["lo"] <= rms <= doc["hi"]:
        found.append(f"RMS {rms:.2f} dBFS is outside {doc['lo']}..{doc['hi']}")
    if abs(rms - doc["rms"]) > 0.3 or abs(peak - doc["peak"]) > 0.3:
        found.append(f"LOUDNESS.md says peak {doc['peak']}, RMS {doc['rms']}: stale (re-run make_sounds.py)")
    return found


def documented() -> dict[str, dict]:
    rows = {}
    for line in (SOUNDS / "LOUDNESS.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[2] in ("effect", "music"):
            lo, hi = (float(v) for v in cells[6].split(".."))
            rows[cells[0]] = {
                "file": cells[1],
                "kind": cells[2],
                "duration": float(cells[3]),
                "peak": float(cells[4]),
                "rms": float(cells[5]),
                "lo": lo,
                "hi": hi,
            }
    return rows


DOC = documented() if (SOUNDS / "LOUDNESS.md").exists() else {}


def read_wav(path: Path) -> tuple[array.array, int, int, int]:
    """(samples, channels, sample width, rate) of a WAV file."""
    with wave.open(str(path), "rb") as w:
        channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
        samples = array.array("h")
        samples.frombytes(w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return samples, channels, width, rate


@pytest.fixture(scope="module")
def mixer():
    """pygame's mixer at 44.1 kHz, 16-bit stereo (dummy audio driver), so a decoded Ogg file is
    read sample for sample; whatever mixer was open before is put back afterwards."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    wanted = (RATE, -16, 2)
    before = pygame.mixer.get_init()
    if before != wanted:
        if before:
            pygame.mixer.quit()
        pygame.mixer.init(frequency=RATE, size=-16, channels=2)
    if pygame.mixer.get_init() != wanted:
        pytest.skip(f"the mixer opened as {pygame.mixer.get_init()}, not {wanted}")
    yield pygame.mixer
    if before != wanted:
        pygame.mixer.quit()
        if before:
            pygame.mixer.init(*before)


def test_every_expected_sound_is_there_and_documented():
    audio = {p.name for p in SOUNDS.iterdir() if p.suffix in (".wav", ".ogg")}
    assert audio == {f"{n}.wav" for n in EFFECTS} | {f"{n}.ogg" for n in MUSIC}
    assert set(DOC) == set(EFFECTS) | set(MUSIC)
    assert all(DOC[n]["kind"] == "effect" and DOC[n]["file"] == f"{n}.wav" for n in EFFECTS)
    assert all(DOC[n]["kind"] == "music" and DOC[n]["file"] == f"{n}.ogg" for n in MUSIC)
    assert (SOUNDS / "CREDITS-sounds.md").exists()
    assert sum(p.stat().st_size for p in SOUNDS.iterdir()) < 6 * 1024 * 1024


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_is_a_short_clean_wav_within_its_loudness(name):
    samples, channels, width, rate = read_wav(SOUNDS / f"{name}.wav")
    assert (channels, width, rate) == (1, 2, RATE)
    seconds = len(samples) / rate
    assert EFFECT_SECONDS[0] <= seconds <= EFFECT_SECONDS[1]
    assert abs(seconds - DOC[name]["duration"]) < 0.01
    assert abs(samples[0]) <= EDGE_LIMIT and abs(samples[-1]) <= EDGE_LIMIT, "clicks at an edge"
    peak, rms = loudness(samples, channels)
    assert problems("effect", peak, rms, DOC[name]) == []


def test_effects_load_in_pygame(mixer):
    for name in EFFECTS:
        sound = mixer.Sound(str(SOUNDS / f"{name}.wav"))
        assert abs(sound.get_length() - DOC[name]["duration"]) < 0.01, name


@pytest.mark.parametrize("name", MUSIC)
def test_music_is_a_seamless_ogg_loop_within_its_loudness(name, mixer):
    path = SOUNDS / f"{name}.ogg"
    head = path.read_bytes()[:64]
    assert head.startswith(b"OggS") and b"\x01vorbis" in head, "not Ogg Vorbis"
    mixer.music.load(str(path))  # streams as the game's music would
    mixer.music.unload()
    samples = array.array("h")
    samples.frombytes(mixer.Sound(str(path)).get_raw())
    seconds = len(samples) / 2 / RATE
    assert MUSIC_SECONDS[0] <= seconds <= MUSIC_SECONDS[1]
    peak, rms = loudness(samples, 2)
    assert problems("music", peak, rms, DOC[name]) == []
    # the loop's join: the step from the last frame to the first is no bigger than the steps
    # the music itself takes within a tenth of a second either side
    near = RATE // 10 * 2
    around = samples[-near:] + samples[:near]
    local = max(abs(around[i + 2] - around[i]) for i in range(len(around) - 2) if i + 2 != near and i + 1 != near)
    seam = max(abs(samples[0] - samples[-2]), abs(samples[1] - samples[-1]))
    assert seam <= local, f"loop seam steps by {seam}, the music near it by at most {local}"


def test_the_checks_catch_silent_clipped_and_stale_sounds():
    doc = {"lo": -24.0, "hi": -18.0, "peak": -6.0, "rms": -21.0}
    silent = array.array("h", [0] * RATE)
    peak, rms = loudness(silent, 1)
    assert rms == float("-inf") and any("RMS" in p for p in problems("effect", peak, rms, doc))
    tone = array.array("h", (int(32767 * math.sin(i / 7)) for i in range(RATE)))
    peak, rms = loudness(tone, 1)
    assert round(peak, 1) == 0.0 and round(rms, 1) == -3.0
    assert any("over" in p for p in problems("effect", peak, rms, doc))
    quiet = array.array("h", (int(2900 * math.sin(i / 7)) for i in range(RATE)))  # about -24 dBFS RMS
    peak, rms = loudness(quiet, 1)
    assert any("stale" in p for p in problems("effect", peak, rms, doc))
    assert any("outside" in p for p in problems("music", peak, rms, {**doc, "lo": -40.0}))
