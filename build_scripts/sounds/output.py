"""Rendering to files: 16-bit WAV effects, Ogg Vorbis loops with a fixed stream serial, and LOUDNESS.md."""

from __future__ import annotations

import io
import wave
import zlib
from pathlib import Path

import numpy as np

from .effects import EFFECTS
from .loudness import (
    BLOCK_SECONDS,
    EFFECT_RMS_RANGE,
    EFFECT_TOLERANCE_DB,
    GATE_DB,
    MUSIC_RMS_TARGET,
    MUSIC_TOLERANCE_DB,
    PEAK_CEILING_DB,
    PEAK_MARGIN_DB,
    effect_range,
    fit_loudness,
    measure,
    music_range,
    to_int16,
    trim_tail,
)
from .music import MUSIC
from .synth import SR, fade_edges, filt, from_db, n_of, rng_for

OGG_QUALITY = 0.4  # Vorbis quality 0..1 (libsndfile's compression level is 1 - quality)
OGG_SERIAL = 0x44554C4D  # "DULM": a fixed stream serial keeps the Ogg files reproducible


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
        if out[pos : pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        segments = out[pos + 26]
        end = pos + 27 + segments + sum(out[pos + 27 : pos + 27 + segments])
        out[pos + 14 : pos + 18] = serial.to_bytes(4, "little")
        out[pos + 22 : pos + 26] = b"\0\0\0\0"
        out[pos + 22 : pos + 26] = _ogg_crc(bytes(out[pos:end])).to_bytes(4, "little")
        pos = end
    return bytes(out)


def encode_ogg(x: np.ndarray) -> bytes:
    import soundfile

    buf = io.BytesIO()
    soundfile.write(buf, x.astype(np.float32), SR, format="OGG", subtype="VORBIS", compression_level=1.0 - OGG_QUALITY)
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
        (
            f"  is >= {GATE_DB:.0f} dBFS. Effects: their own target +- {EFFECT_TOLERANCE_DB:.0f} dB, within"
            f" {EFFECT_RMS_RANGE[0]:.0f}..{EFFECT_RMS_RANGE[1]:.0f} dBFS;"
        ),
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
