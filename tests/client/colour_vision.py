"""Deuteranopia, simulated: the Machado, Oliveira and Fernandes (2009) matrix for a severity of
1.0, applied to linear sRGB, and the CIE76 colour difference of what is then seen.

Used by tests/client/test_accessibility.py, and as a tool to look at a screenshot as a
deuteranope would: `python3.11 -m tests.client.colour_vision shot.png seen.png`. With numpy the
whole picture is done at once; without it, pixel by pixel in plain Python (slower, same result)."""

from __future__ import annotations

import sys

import pygame

MACHADO_DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
DISTINCT = 40.0  # CIE76 difference under which two colours of a pair read as the same to many


def _linear(channel: float) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return 255.0 * (value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055)


def simulate(rgb) -> tuple[float, float, float]:
    """The colour a deuteranope sees for sRGB `rgb` (0..255 floats)."""
    lin = [_linear(c) for c in rgb[:3]]
    return tuple(_encoded(sum(m * c for m, c in zip(row, lin))) for row in MACHADO_DEUTERANOPIA)  # type: ignore[return-value]


def lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first, second) -> float:
    """CIE76 difference of two sRGB colours."""
    return sum((a - b) ** 2 for a, b in zip(lab(first), lab(second))) ** 0.5


def seen_apart(first, second) -> float:
    """How different two colours look to a deuteranope (CIE76 of the simulated colours)."""
    return delta_e(simulate(first), simulate(second))


def simulate_surface(surface: pygame.Surface) -> pygame.Surface:
    """A copy of `surface` as a deuteranope sees it."""
    result = pygame.Surface(surface.get_size(), 0, 24)
    result.blit(surface, (0, 0))
    try:
        import numpy
    except ImportError:
        numpy = None
    if numpy is not None:
        pixels = pygame.surfarray.array3d(result).astype(numpy.float64) / 255.0
        lin = numpy.where(pixels <= 0.04045, pixels / 12.92, ((pixels + 0.055) / 1.055) ** 2.4)
        seen = numpy.clip(lin @ numpy.array(MACHADO_DEUTERANOPIA).T, 0.0, 1.0)
        out = numpy.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
        pygame.surfarray.blit_array(result, numpy.rint(out * 255.0).astype(numpy.uint8))
        return result
    width, height = result.get_size()
    memo: dict = {}
    for y in range(height):
        for x in range(width):
            colour = tuple(result.get_at((x, y)))[:3]
            seen_colour = memo.get(colour)
            if seen_colour is None:
                seen_colour = memo[colour] = tuple(round(c) for c in simulate(colour))
            result.set_at((x, y), seen_colour)
    return result


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tests.client.colour_vision SCREENSHOT.png OUT.png")
        return 2
    pygame.image.save(simulate_surface(pygame.image.load(argv[0])), argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
