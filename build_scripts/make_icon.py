"""Draw Duelmind's application icon: assets/icon.png (256x256), icon.ico (Windows) and icon.icns
(macOS), all from the design of the client's window icon (game/client/app.py `_icon`: a purple card
back with a gold border and a gold diamond), drawn large and anti-aliased by supersampling.

    python3.11 build_scripts/make_icon.py [--force]

`build.py` runs it when an icon file is missing. Needs pygame-ce only (headless is fine).
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_config  # noqa: E402

CARD = (78, 64, 140)  # as in game/client/app.py
GOLD = (240, 190, 80)  # game.client.theme.ACCENT
DESIGN = 32  # the window icon's coordinates are on a 32x32 grid
SUPERSAMPLE = 4
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512))


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def draw(size: int):
    """The icon as a pygame Surface of size x size pixels (transparent background)."""
    pygame = _pygame()
    big = size * SUPERSAMPLE
    k = big / DESIGN
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    card = pygame.Rect(round(5 * k), round(1 * k), round(22 * k), round(30 * k))
    pygame.draw.rect(surface, CARD, card, border_radius=round(4 * k))
    pygame.draw.rect(surface, GOLD, card, max(1, round(2 * k)), border_radius=round(4 * k))
    pygame.draw.polygon(surface, GOLD, [(16 * k, 8 * k), (23 * k, 16 * k), (16 * k, 24 * k), (9 * k, 16 * k)])
    return pygame.transform.smoothscale(surface, (size, size))


def png_bytes(size: int) -> bytes:
    pygame = _pygame()
    buffer = io.BytesIO()
    pygame.image.save(draw(size), buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(sizes=ICO_SIZES) -> bytes:
    """A Windows .ico holding one PNG-compressed image per size (Windows Vista and later)."""
    images = [png_bytes(size) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in zip(sizes, images):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(types=ICNS_TYPES) -> bytes:
    """A macOS .icns holding PNG images (the element types macOS 10.7+ reads as PNG)."""
    body = b""
    for kind, size in types:
        data = png_bytes(size)
        body += kind + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_icons(force: bool = False) -> list[Path]:
    """Write the icon files that are missing (all of them with force); returns those written."""
    makers = {
        bundle_config.ICON_PNG: lambda: png_bytes(256),
        bundle_config.ICON_ICO: ico_bytes,
        bundle_config.ICON_ICNS: icns_bytes,
    }
    written = []
    for path, make in makers.items():
        if force or not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(make())
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="redraw the icons even if they exist")
    args = parser.parse_args(argv)
    for path in write_icons(args.force):
        print(f"wrote {path.relative_to(bundle_config.ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
