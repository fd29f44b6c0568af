"""Make the fonts for Chinese and Thai in assets/fonts/ (a build-time tool).

    python3.11 build_scripts/subset_fonts.py [--from DIR] [--out assets/fonts]

Inter draws Latin and Cyrillic; a character it lacks is drawn with Noto Sans SC, then Noto Sans
Thai (game/client/font_chain.py). Both Noto fonts come from the npm registry, where Fontsource
packs Google's releases (OFL 1.1) as WOFF/WOFF2 files cut by unicode-range:

- `npm pack @fontsource/noto-sans-sc @fontsource/noto-sans-thai` in a temporary folder (or the
  `.tgz` files already in `--from DIR`);
- Noto Sans SC, weights 400 and 700, from its `chinese-simplified` file (7,333 hanzi), subset to:
  the hanzi of Fontsource's numbered slices 100-119, which Google Fonts orders by how often a
  character is used (3,441 hanzi: everyday text, so a translator writing a new string rarely
  meets a missing glyph), everything else in those slices (CJK and full-width punctuation,
  kana), the whole CJK Symbols and Punctuation and full-width forms blocks, and every character
  of the Chinese catalogs and level translations that exist when the script runs (`--extra`
  adds more); tests/i18n/test_text_layout_scripts.py fails on a catalog character left out;
- Noto Sans Thai, weights 400 and 700, its whole `thai` file (every Thai character: small);
- each converted to TrueType (`.ttf`, uncompressed: every FreeType reads it, where WOFF2 needs a
  FreeType built with brotli), hinting dropped (the game draws anti-aliased at many sizes);
  the OpenType layout tables are kept (Thai marks are placed by GPOS/GSUB through HarfBuzz);
- the packages' OFL texts copied beside them.

Needs fontTools and brotli (`pip install -e ".[assets]"`); the game needs neither.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
PACKAGES = {"sc": "@fontsource/noto-sans-sc", "thai": "@fontsource/noto-sans-thai"}
WEIGHTS = {400: "Regular", 700: "Bold"}
FREQUENT_SLICES = range(100, 120)  # Fontsource's slices of Noto Sans SC ordered by use
CJK_BLOCKS = (range(0x3000, 0x3040), range(0xFF01, 0xFF66))  # CJK punctuation, full-width forms
# Where translations live (the catalogs' and levels' Chinese text): every character they use is kept.
TEXT_SOURCES = ("game/locale/zh*/**/*.po", "levels/**/*.json")


def npm_pack(into: Path) -> dict[str, Path]:
    """The two packages' tarballs, packed by npm into `into` (or found there)."""
    found: dict[str, Path] = {}
    for key, name in PACKAGES.items():
        stem = name.lstrip("@").replace("/", "-")
        existing = sorted(into.glob(f"{stem}-*.tgz"))
        if not existing:
            subprocess.run(["npm", "pack", name], cwd=into, check=True, stdout=subprocess.DEVNULL)
            existing = sorted(into.glob(f"{stem}-*.tgz"))
        found[key] = existing[-1]
    return found


def unpack(tarball: Path, into: Path) -> Path:
    with tarfile.open(tarball) as archive:
        archive.extractall(into, filter="data")
    return into / "package"


def unicode_range(text: str) -> set[int]:
    """The code points of a CSS unicode-range ("U+20-22,U+3001")."""
    points: set[int] = set()
    for part in text.split(","):
        part = part.strip().removeprefix("U+").removeprefix("u+")
        first, _, last = part.partition("-")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


def frequent_characters(package: Path) -> set[int]:
    slices = json.loads((package / "unicode.json").read_text(encoding="utf-8"))
    wanted: set[int] = set()
    for number in FREQUENT_SLICES:
        wanted |= unicode_range(slices[f"[{number}]"])
    for block in CJK_BLOCKS:
        wanted.update(block)
    return wanted


def translation_characters(root: Path) -> set[int]:
    """Every non-ASCII character of the Chinese translations in the tree (msgstr lines of the zh
    catalogs, and CJK text anywhere in the level files)."""
    points: set[int] = set()
    for pattern in TEXT_SOURCES:
        for path in root.glob(pattern):
            text = path.read_text(encoding="utf-8", errors="replace")
            if path.suffix == ".po":
                text = "\n".join(line for line in text.splitlines() if line.startswith(("msgstr", '"')))
            points.update(ord(c) for c in text if ord(c) >= 0x2E80)
    return points


def convert(source: Path, target: Path, unicodes: set[int] | None) -> int:
    """`source` (WOFF2) as a hinting-free TrueType file at `target`, cut to `unicodes` (None:
    all); the number of characters it maps."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source, recalcTimestamp=False)  # the same bytes on every run
    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]  # Thai needs its mark, mkmk, ccmp and locl features
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["vhea", "vmtx", "STAT", "BASE"]  # no vertical text in the game
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes if unicodes is not None else font.getBestCmap().keys())
    subsetter.subset(font)
    font.flavor = None
    font.save(target)
    return len(font.getBestCmap())


def write_licence(licence: Path, font_file: Path, target: Path) -> None:
    """The package's OFL text, headed by the font's own copyright line (the package's names only
    "Google Inc."; the font names Adobe and its Reserved Font Name, which ours does not use)."""
    from fontTools.ttLib import TTFont

    notice = TTFont(font_file)["name"].getDebugName(0) or ""
    text = licence.read_text(encoding="utf-8")
    target.write_text(f"{notice}\n\n{text}" if notice and notice not in text else text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", type=Path, help="a folder holding (or to hold) the npm tarballs")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--extra", default="", help="more characters to keep in Noto Sans SC")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        tarballs = npm_pack(args.source or work)
        sc = unpack(tarballs["sc"], work / "sc")
        thai = unpack(tarballs["thai"], work / "thai")
        version = {key: re.search(r"-(\d[\w.]*)\.tgz$", path.name).group(1) for key, path in tarballs.items()}  # type: ignore[union-attr]
        wanted = frequent_characters(sc) | translation_characters(ROOT) | {ord(c) for c in args.extra}
        args.out.mkdir(parents=True, exist_ok=True)
        for weight, style in WEIGHTS.items():
            target = args.out / f"NotoSansSC-{style}.ttf"
            count = convert(sc / "files" / f"noto-sans-sc-chinese-simplified-{weight}-normal.woff2", target, wanted)
            print(f"{target.name}: {count} characters, {target.stat().st_size:,} bytes (noto-sans-sc {version['sc']})")
            target = args.out / f"NotoSansThai-{style}.ttf"
            count = convert(thai / "files" / f"noto-sans-thai-thai-{weight}-normal.woff2", target, None)
            print(
                f"{target.name}: {count} characters, {target.stat().st_size:,} bytes (noto-sans-thai {version['thai']})"
            )
        write_licence(sc / "LICENSE", args.out / "NotoSansSC-Regular.ttf", args.out / "OFL-NotoSansSC.txt")
        write_licence(thai / "LICENSE", args.out / "NotoSansThai-Regular.ttf", args.out / "OFL-NotoSansThai.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
