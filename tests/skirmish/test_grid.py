"""Grid geometry, hand-checked: supercover lines, line of sight, walking, area shapes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.skirmish.grid import Grid, supercover
from game.rules.skirmish.model import Shape
from tests.skirmish.helpers import SHIPPED, arena


def grid(*rows):
    return Grid(arena(list(rows)))


def test_supercover_lists_every_cell_and_both_sides_of_a_corner():
    # From (0.5, 0.5) to (3.5, 1.5): slope 1/3, crossing x = 2 exactly at y = 1, a corner.
    assert supercover((0, 0), (3, 1)) == [((1, 0),), ((2, 0), (1, 1)), ((2, 1),), ((3, 1),)]
    assert supercover((2, 2), (2, 5)) == [((2, 3),), ((2, 4),), ((2, 5),)]
    assert supercover((0, 0), (2, 2)) == [((1, 0), (0, 1)), ((1, 1),), ((2, 1), (1, 2)), ((2, 2),)]


def test_a_wall_on_the_line_blocks_sight():
    g = grid("..#..", ".....", ".....", ".....")
    assert not g.los((0, 0), (4, 0))
    assert g.los((0, 1), (4, 1))
    assert g.los((0, 0), (2, 1))  # the wall itself is not between


def test_one_wall_at_a_corner_does_not_block_two_do():
    assert grid("..#.", "....", "....", "....").los((0, 0), (3, 1))
    assert grid(".#..", "..#.", "....", "....").los((0, 0), (3, 1)) is False  # (1,0) is not on it...
    # ...but the corner crossing at x = 2 touches (2, 0) and (1, 1): both walls block.
    assert not grid("..#.", ".#..", "....", "....").los((0, 0), (3, 1))
    assert grid("..#.", "....", "....", "....").los((0, 0), (1, 1))
    assert not grid(".#..", "#...", "....", "....").los((0, 0), (1, 1))  # a diagonal wall line


def test_los_is_symmetric_on_the_shipped_maps():
    for arena_ in SHIPPED.arenas.values():
        g = Grid(arena_)
        cells = sorted(g.cells)
        for a in cells[::3]:
            for b in cells[::2]:
                assert g.los(a, b) == g._compute_los(b, a), (arena_.id, a, b)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_los_symmetric_on_random_walls(data):
    walls = data.draw(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=14))
    rows = ["".join("#" if (x, y) in walls else "." for x in range(8)) for y in range(6)]
    g = grid(*rows)
    a = data.draw(st.tuples(st.integers(0, 7), st.integers(0, 5)))
    b = data.draw(st.tuples(st.integers(0, 7), st.integers(0, 5)))
    assert g._compute_los(a, b) == g._compute_los(b, a)


def test_reach_walks_around_walls_and_heroes():
    g = grid(".#...", ".#...", ".....", ".....")
    dist = g.reach((0, 0), 4, occupied={(0, 2)})
    assert (0, 1) in dist and dist[(0, 1)] == 1
    assert (2, 0) not in dist  # around the wall and the hero at (0,2) would take 6 steps
    dist = g.reach((0, 0), 6, occupied=set())
    assert dist[(2, 0)] == 6 and dist[(1, 2)] == 3
    assert (0, 0) not in dist
    assert g.path((0, 0), (2, 2), set()) == [(0, 1), (0, 2), (1, 2), (2, 2)]
    assert g.path((0, 0), (2, 0), {(0, 2)}) == [] or len(g.path((0, 0), (2, 0), {(0, 2)})) > 6


def test_area_shapes():
    g = grid("......", "......", "..#...", "......", "......")
    assert g.area(Shape.SINGLE, 0, (0, 0), (3, 3)) == [(3, 3)]
    assert g.area(Shape.LINE, 3, (0, 0), (1, 0)) == [(1, 0), (2, 0), (3, 0)]
    assert g.area(Shape.LINE, 4, (2, 0), (2, 1)) == [(2, 1)]  # stopped by the wall at (2,2)
    assert g.area(Shape.LINE, 2, (0, 0), (1, 1)) == [(1, 1), (2, 2)][:1]  # (2,2) is a wall
    assert sorted(g.area(Shape.CROSS, 1, (0, 0), (4, 3))) == [(3, 3), (4, 2), (4, 3), (4, 4), (5, 3)]
    assert sorted(g.area(Shape.CROSS, 2, (0, 0), (2, 4))) == [(0, 4), (1, 4), (2, 3), (2, 4), (3, 4), (4, 4)]
    # radius 2 around (2,1): (2,3) is behind the wall at (2,2) and is left out
    area = g.area(Shape.RADIUS, 2, (0, 0), (2, 1))
    assert (2, 3) not in area and (2, 2) not in area and (0, 1) in area and (3, 2) in area
    assert (2, 1) in area and len(area) == 10  # 1 + 3 (the wall is out) + 6 (one hidden)
