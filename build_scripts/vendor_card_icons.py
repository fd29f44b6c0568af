"""Vendor the card icons from the Game Icons set (CC BY 3.0) into assets/art/icons/.

Reads the icon names the game uses: each Duelmind card's `art` in levels/cards/*.json, the
LOCM cards' icons in assets/art/locm_card_icons.json (LOCM card id -> icon) and the interface's
icons in assets/art/ui_icons.json (keyword badges, and the pictures of cards without art). Takes
each icon's SVG body from the Iconify JSON file of the npm package @iconify-json/game-icons, and
writes it as a standalone SVG file assets/art/icons/<icon-name>.svg, recoloured from
fill="currentColor" to white (fill="#ffffff") so pygame renders it white and the game can tint
it. The path data is copied unchanged. Standard library only.

Get the package (outside the repository), then run from anywhere:

    mkdir -p /tmp/gi && cd /tmp/gi && npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python3.11 build_scripts/vendor_card_icons.py /tmp/gi/package/icons.json

--clean also removes SVG files in assets/art/icons/ that nothing uses any more. The script
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
CARDS = ROOT / "levels" / "cards"
LOCM_MAPPING = "locm_card_icons.json"  # LOCM card id -> icon name
UI_ICONS = "ui_icons.json"  # {"keywords": {name: icon}, "fallback": {card type: icon}}
SKIRMISH_ICONS = "skirmish_icons.json"  # {"heroes": {class: icon}, "statuses": {status: icon}, "fallback": icon}
CREDITS = "CREDITS-icons.md"
FILL = "#ffffff"
SVG_NS = "http://www.w3.org/2000/svg"
ICON_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def _read_object(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"{path}: expected a JSON object")
    return data


def _checked(where: str, icon) -> str:
    if not isinstance(icon, str) or not ICON_NAME.fullmatch(icon):
        raise SystemExit(f"{where}: bad icon name {icon!r}")
    return icon


def chosen_icons(art_dir: Path, cards_dir: Path = CARDS) -> list[str]:
    """Every icon name the game uses (card files' `art`, the LOCM mapping, the interface's icons),
    sorted and without repeats."""
    names: set[str] = set()
    for path in sorted(cards_dir.glob("*.json")):
        for card in _read_object(path).get("cards", []):
            if card.get("art"):
                names.add(_checked(f"{path.name}: card {card.get('id')}: art", card["art"]))
    for card_id, icon in _read_object(art_dir / LOCM_MAPPING).items():
        names.add(_checked(f"{LOCM_MAPPING}: card {card_id}", icon))
    for mapping in (UI_ICONS, SKIRMISH_ICONS):  # {group: {key: icon}} or {group: icon}
        for group, icons in _read_object(art_dir / mapping).items():
            entries = icons.items() if isinstance(icons, dict) else [("", icons)]
            for key, icon in entries:
                names.add(_checked(f"{mapping}: {group}{'.' + key if key else ''}", icon))
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
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="{left} {top} {width} {height}" '
        f'width="{width}" height="{height}">{body}</svg>\n'
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("icons_json", type=Path, help="icons.json of the unpacked npm package @iconify-json/game-icons")
    parser.add_argument(
        "--art-dir", type=Path, default=ART, help="folder with the mapping files and icons/ (default: assets/art)"
    )
    parser.add_argument(
        "--cards-dir",
        type=Path,
        default=CARDS,
        help="folder with the card files naming each card's art (default: levels/cards)",
    )
    parser.add_argument("--clean", action="store_true", help="remove SVG files in icons/ that nothing uses")
    args = parser.parse_args(argv)

    icon_set = json.loads(args.icons_json.read_text(encoding="utf-8"))
    if icon_set.get("prefix") != "game-icons":
        print(
            f"error: {args.icons_json} is not the game-icons set (prefix {icon_set.get('prefix')!r})", file=sys.stderr
        )
        return 1
    names = chosen_icons(args.art_dir, args.cards_dir)

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
    print(
        f"wrote {len(names)} icons ({total} bytes) to {out_dir}"
        + (f"; removed {len(removed)} unused: {', '.join(removed)}" if removed else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
