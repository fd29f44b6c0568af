"""Render Duelmind's sound effects and music loops into assets/sounds (a build-time tool).

    python3.11 build_scripts/make_sounds.py [--out assets/sounds] [--only NAME ...] [--no-music]

Everything is synthesised from code, nothing is sampled: oscillators (sine, band-limited
saw and square, triangle, FM), ADSR and percussive envelopes, noise through state-variable
filters (static or swept) and biquads, Karplus-Strong plucked strings, modal resonators for
struck wood, stone, glass and metal, additive brass, a Freeverb-style reverb (eight damped
feedback combs and four allpasses, rendered once as an impulse response and applied by FFT
convolution), soft clipping and a soft-knee peak limiter.

Effects are 44.1 kHz mono 16-bit WAV. Music is 44.1 kHz stereo Ogg Vorbis (quality 0.4) in
loops that are exactly periodic: every note, reverb tail and filter is rendered on a circular
buffer, so the end runs straight into the start when the game loops the file.

Loudness targets are defined in sounds/loudness.py (PEAK_CEILING_DB, EFFECT_RMS_RANGE,
MUSIC_RMS_*) and per sound in sounds/effects.py and sounds/music.py; every output is normalised
to them, measured as written, and the measurements go to LOUDNESS.md beside the files
(tests/client/test_sound_assets.py checks the files against it).

Deterministic: one seed, a random stream per sound derived from its name, and the Ogg stream
serial number fixed, so re-running gives byte-identical files (same numpy and libsndfile).

Needs numpy and soundfile (the PyPI wheels include libsndfile with Vorbis): `pip install numpy
soundfile`. The game needs neither: it only loads the files with pygame.

This file is only the command; the work is in the package beside it, build_scripts/sounds/:
synth.py (the primitives), instruments.py, effects.py (the effect designs), music.py (the loops),
loudness.py (targets, measurement, normalisation) and output.py (WAV, Ogg, LOUDNESS.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import numpy  # noqa: F401
except ImportError:  # pragma: no cover - a build-time tool
    sys.exit("make_sounds.py needs numpy and soundfile: python3.11 -m pip install numpy soundfile")

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the sounds package sits beside this file
    sys.path.insert(0, str(HERE))

from sounds.effects import EFFECTS  # noqa: E402
from sounds.music import MUSIC  # noqa: E402
from sounds.output import render_effect, render_music, write_report  # noqa: E402

ROOT = HERE.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"


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
