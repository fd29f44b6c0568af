"""Vendor the card icons from the Game Icons set (CC BY 3.0) into assets/art/icons/.

Reads the icon names chosen per card in assets/art/duelmind_card_icons.json and
assets/art/locm_card_icons.json, takes each icon's SVG body from the Iconify JSON file of
the npm package @iconify-json/game-icons, and writes it as a standalone SVG file
assets/art/icons/<icon-name>.svg, recoloured from fill="currentColor" to white
(fill="#ffffff") so pygame renders it white and the game can tint it. The path data is
copied unchanged. Standard library only.

Get the package (outside the repository), then run from anywhere:

    mkdir -p /tmp/gi && cd /tmp/gi && npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python3.11 build_scripts/vendor_card_icons.py /tmp/gi/package/icons.json

--clean also removes SVG files in assets/art/icons/ that no card uses any more. The script
fails (exit 1) if a chosen icon is missing from icons.json, or if an icon has no row in
assets/art/CREDITS-icons.md (every vendored icon must be credited to its author).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art"
MAPPINGS = ("duelmind_card_icons.json", "locm_card_icons.json")
CREDITS = "CREDITS-icons.md"
FILL = "#ffffff"
SVG_NS = "http://www.w3.org/2000/svg"


def chosen_icons(art_dir: Path) -> list[str]:
    """Every icon name used by a card in the mapping files, sorted and without repeats."""
    names: set[str] = set()
    for mapping in MAPPINGS:
        data = json.loads((art_dir / mapping).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise SystemExit(f"{mapping}: expected an object {{card id: icon name}}")
        for card_id, icon in data.items():
            if not isinstance(icon, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", icon):
                raise SystemExit(f"{mapping}: card {card_id}: bad icon name {icon!r}")
            names.add(icon)
    return sorted(names)


def credited_icons(art_dir: Path) -> set[str]:
    """Icon names that have a row `| `name` | author | ... |` in the credits file."""
    path = art_dir / CREDITS
    if not path.exists():
        return set()
    return set(re.findall(r"^\| `([a-z0-9-]+)` \| [^|]*\S[^|]* \|", path.read_text(encoding="utf-8"), re.M))


def resolve(icon_set: dict, name: str) -> dict:
    """The icon's data (body, width, height, left, top), following Iconify aliases."""
    icons, aliases = icon_set.get("icons", {}), icon_set.get("aliases", {})
    seen = []
    while name not in icons:
        alias = aliases.get(name)
        if alias is None or name in seen:
            raise KeyError(name)
        if set(alias) - {"parent"}:
            raise SystemExit(f"alias {name!r} transforms its parent ({sorted(alias)}); not supported")
        seen.append(name)
        name = alias["parent"]
    return icons[name]


def standalone_svg(icon_set: dict, name: str) -> str:
    icon = resolve(icon_set, name)
    unsupported = {"rotate", "hFlip", "vFlip"} & set(icon)
    if unsupported:
        raise SystemExit(f"icon {name!r} uses {sorted(unsupported)}; not supported")
    width = icon.get("width", icon_set.get("width", 16))
    height = icon.get("height", icon_set.get("height", 16))
    left = icon.get("left", icon_set.get("left", 0))
    top = icon.get("top", icon_set.get("top", 0))
    body = icon["body"].replace("currentColor", FILL)
    return (f'<svg xmlns="{SVG_NS}" viewBox="{left} {top} {width} {height}" '
            f'width="{width}" height="{height}">{body}</svg>\n')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("icons_json", type=Path,
                        help="icons.json of the unpacked npm package @iconify-json/game-icons")
    parser.add_argument("--art-dir", type=Path, default=ART,
                        help="folder with the mapping files and icons/ (default: assets/art)")
    parser.add_argument("--clean", action="store_true",
                        help="remove SVG files in icons/ that no card uses")
    args = parser.parse_args(argv)

    icon_set = json.loads(args.icons_json.read_text(encoding="utf-8"))
    if icon_set.get("prefix") != "game-icons":
        print(f"error: {args.icons_json} is not the game-icons set "
              f"(prefix {icon_set.get('prefix')!r})", file=sys.stderr)
        return 1
    names = chosen_icons(args.art_dir)

    missing = []
    for name in names:
        try:
            resolve(icon_set, name)
        except KeyError:
            missing.append(name)
    if missing:
        print(f"error: not in {args.icons_json}: {', '.join(missing)}", file=sys.stderr)
        return 1
    uncredited = sorted(set(names) - credited_icons(args.art_dir))
    if uncredited:
        print(f"error: no author row in {CREDITS} for: {', '.join(uncredited)}", file=sys.stderr)
        return 1

    out_dir = args.art_dir / "icons"
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in names:
        data = standalone_svg(icon_set, name).encode("utf-8")
        (out_dir / f"{name}.svg").write_bytes(data)
        total += len(data)
    removed = []
    if args.clean:
        keep = {f"{name}.svg" for name in names}
        for path in sorted(out_dir.glob("*.svg")):
            if path.name not in keep:
                path.unlink()
                removed.append(path.name)
    print(f"wrote {len(names)} icons ({total} bytes) to {out_dir}"
          + (f"; removed {len(removed)} unused: {', '.join(removed)}" if removed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
