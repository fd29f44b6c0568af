"""Grid geometry for one arena: line of sight by supercover lines, walking distances, area shapes.

Line of sight is decided between cell centres: the segment's supercover (every cell it passes
through, found with integer arithmetic, no floats) must have no wall strictly between the ends. Where the segment passes
exactly through a cell corner it touches two cells diagonally; it is blocked there only when both
are walls, so a single wall corner does not hide a diagonal, but a diagonal wall line does. The
rule is symmetric (los(a, b) == los(b, a)) because the supercover of a segment does not depend on
its direction. Heroes never block sight; walls do. Distances are Manhattan (4-neighbour steps).

A Grid is built once per arena and shared by every state on it (clones included): its line of
sight answers are computed once for every pair of floor cells, since searches ask millions of times.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.rules.skirmish.model import Arena, Shape

Cell = tuple[int, int]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
PRECOMPUTED_CELLS = 160  # floor cells up to which every pair's sight is computed at once (shipped maps: 64-88)


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def supercover(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """The cells the segment a->b passes through after a, in order, b included. Each entry is one
    cell, or at an exact corner crossing the two side cells followed by the diagonal cell."""
    x, y = a
    dx, dy = abs(b[0] - x), abs(b[1] - y)
    sx = 1 if b[0] > x else -1
    sy = 1 if b[1] > y else -1
    ix = iy = 0
    out: list[tuple[Cell, ...]] = []
    while ix < dx or iy < dy:
        # Compare where the segment crosses the next vertical and horizontal grid lines,
        # scaled by 2*dx*dy to stay in integers.
        decision = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx
        if decision == 0:
            out.append(((x + sx, y), (x, y + sy)))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif decision < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        out.append(((x, y),))
    return out


class Grid:
    __slots__ = ("arena", "width", "height", "walls", "cells", "neighbours", "_los")

    def __init__(self, arena: Arena, all_pairs: bool = True):
        self.arena = arena
        self.width = arena.width
        self.height = arena.height
        self.walls = arena.walls
        self.cells = frozenset(
            (x, y) for x in range(arena.width) for y in range(arena.height) if (x, y) not in arena.walls
        )
        # Floor neighbours of each floor cell, in STEPS order: the walks' inner loop reads only this.
        self.neighbours = {
            (x, y): tuple((x + sx, y + sy) for sx, sy in STEPS if (x + sx, y + sy) in self.cells)
            for (x, y) in self.cells
        }
        # Every pair at once (80 cells: 3,240 pairs, ~30 ms, once per arena and process), so that
        # no AI pays for a cold cache inside its thinking time. A larger painted map computes pairs
        # when asked (a 24 x 20 map has 115,000: 3 s, and the state, with them, goes to the AI's
        # process at each action); so does the workshop's painter, whose map changes each stroke.
        ordered = sorted(self.cells) if all_pairs and len(self.cells) <= PRECOMPUTED_CELLS else []
        self._los: dict[tuple[Cell, Cell], bool] = {
            (a, b): self._compute_los(a, b) for i, a in enumerate(ordered) for b in ordered[i:]
        }

    def floor(self, cell: Cell) -> bool:
        return cell in self.cells

    def blocks(self, cell: Cell) -> bool:
        """Walls and the outside block sight and movement."""
        return not self.floor(cell)

    def los(self, a: Cell, b: Cell) -> bool:
        key = (a, b) if a <= b else (b, a)
        seen = self._los.get(key)
        if seen is None:
            seen = self._los[key] = self._compute_los(*key)
        return seen

    def _compute_los(self, a: Cell, b: Cell) -> bool:
        for entry in supercover(a, b)[:-1]:  # the cells strictly between: the ends never block
            if len(entry) == 2:
                if self.blocks(entry[0]) and self.blocks(entry[1]):
                    return False
            elif self.blocks(entry[0]):
                return False
        return True

    def reach(self, start: Cell, max_steps: int, occupied: Iterable[Cell]) -> dict[Cell, int]:
        """Cells walkable from start in at most max_steps steps around walls and heroes, with
        their distance (start excluded)."""
        if max_steps <= 0:
            return {}
        blocked = occupied if isinstance(occupied, (set, frozenset)) else set(occupied)
        neighbours = self.neighbours
        dist = {start: 0}
        frontier = [start]
        for d in range(1, max_steps + 1):
            nxt_frontier = []
            for cell in frontier:
                for nxt in neighbours[cell]:
                    if nxt not in dist and nxt not in blocked:
                        dist[nxt] = d
                        nxt_frontier.append(nxt)
            if not nxt_frontier:
                break
            frontier = nxt_frontier
        del dist[start]
        return dist

    def path(self, start: Cell, goal: Cell, occupied: Iterable[Cell]) -> list[Cell]:
        """A shortest walk start->goal (start excluded), preferring x steps first; [] if none."""
        blocked = set(occupied)
        came: dict[Cell, Cell | None] = {start: None}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if cell == goal:
                break
            for nxt in self.neighbours[cell]:
                if nxt not in came and nxt not in blocked:
                    came[nxt] = cell
                    queue.append(nxt)
        if goal not in came:
            return []
        out = []
        step: Cell | None = goal
        while step is not None and step != start:
            out.append(step)
            step = came[step]
        return out[::-1]

    def area(self, shape: Shape, size: int, origin: Cell, target: Cell) -> list[Cell]:
        """The floor cells an ability cast from origin on target covers."""
        if shape == Shape.SINGLE:
            return [target]
        if shape == Shape.RADIUS:
            tx, ty = target
            return [
                (x, y)
                for x in range(tx - size, tx + size + 1)
                for y in range(ty - size, ty + size + 1)
                if abs(x - tx) + abs(y - ty) <= size and self.floor((x, y)) and self.los(target, (x, y))
            ]
        if shape == Shape.CROSS:
            cells: list[Cell] = [target]
            for sx, sy in STEPS:
                for k in range(1, size + 1):
                    cell = (target[0] + sx * k, target[1] + sy * k)
                    if not self.floor(cell):
                        break
                    cells.append(cell)
            return cells
        # LINE: extend origin->target far enough, walk its supercover, keep `size` cells.
        dx, dy = target[0] - origin[0], target[1] - origin[1]
        if dx == 0 and dy == 0:
            return []
        k = 2 * (self.width + self.height)
        far = (origin[0] + dx * k, origin[1] + dy * k)
        cells = []
        for entry in supercover(origin, far):
            if len(entry) == 2:
                if self.blocks(entry[0]) and self.blocks(entry[1]):
                    break
                continue
            if self.blocks(entry[0]) or len(cells) >= size:
                break
            cells.append(entry[0])
        return cells
