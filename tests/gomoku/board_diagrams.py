"""Build gomoku positions from small ASCII diagrams for the rules tests.

A diagram is a few rows of ``X`` (black), ``O`` (white) and ``.`` (empty); spaces between
cells are ignored. Any other character (``*``, ``a``, ``b``...) marks an empty point that the
test wants to name; ``position`` returns those marks' board coordinates. The diagram's top-left
cell lands on ``origin``.

Filler stones are added far away (rows 13-14 for white, rows 0-1 for black, with gaps so they
never form a row) until the stone counts say it is ``to_move``'s turn.
"""

from __future__ import annotations

import textwrap

from game.rules.gomoku import BLACK, GomokuState, Rule


def parse_diagram(diagram: str) -> list[str]:
    rows = [row.replace(" ", "") for row in textwrap.dedent(diagram).strip().splitlines()]
    if len({len(row) for row in rows}) != 1:
        raise ValueError(f"diagram rows differ in length: {rows}")
    return rows


def position(
    diagram: str,
    rule: Rule = Rule.RENJU,
    *,
    origin: tuple[int, int] = (3, 3),
    size: int = 15,
    to_move: int = BLACK,
) -> tuple[GomokuState, dict[str, tuple[int, int]]]:
    black: list[tuple[int, int]] = []
    white: list[tuple[int, int]] = []
    marks: dict[str, tuple[int, int]] = {}
    ox, oy = origin
    for dy, row in enumerate(parse_diagram(diagram)):
        for dx, cell in enumerate(row):
            point = (ox + dx, oy + dy)
            if cell == "X":
                black.append(point)
            elif cell == "O":
                white.append(point)
            elif cell != ".":
                if cell in marks:
                    raise ValueError(f"mark {cell!r} used twice")
                marks[cell] = point
    diagram_points = black + white + list(marks.values())
    wanted_white = len(black) if to_move == BLACK else len(black) - 1
    white_fillers = [(x, y) for y in (size - 1, size - 3) for x in range(0, size, 2)]
    black_fillers = [(x, y) for y in (0, 2) for x in range(0, size, 3)]
    while len(white) < wanted_white:
        white.append(_take_filler(white_fillers, diagram_points))
    while len(white) > wanted_white:
        black.append(_take_filler(black_fillers, diagram_points))
        wanted_white = len(black) if to_move == BLACK else len(black) - 1
    state = GomokuState.from_stones(black, white, size=size, rule=rule)
    assert state.current_player == to_move
    return state, marks


def _take_filler(fillers: list[tuple[int, int]], diagram_points: list[tuple[int, int]]) -> tuple[int, int]:
    while fillers:
        fx, fy = fillers.pop(0)
        if all(max(abs(fx - x), abs(fy - y)) > 1 for x, y in diagram_points):
            return fx, fy
    raise ValueError("no room left for filler stones; move the diagram")
