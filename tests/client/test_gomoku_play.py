"""Whole gomoku games through the UI: keyboard and mouse, against the AI and hot-seat."""

from __future__ import annotations

import pygame
import pytest

from game.client.match import MatchSetup, start_match
from game.client.gomoku.scene import GomokuScene
from game.client.scenes.result import ResultScene
from game.rules.gomoku import BLACK, EMPTY, WHITE, Rule
from tests.client.driver import click, key, move, run_until, step


def open_gomoku(app, **options) -> GomokuScene:
    start_match(app, MatchSetup(game="gomoku", **options))
    scene = app.top
    assert isinstance(scene, GomokuScene)
    return scene


def press_at(app, scene: GomokuScene, x: int, y: int) -> None:
    """Move the keyboard cursor to (x, y) with the arrow keys and press Enter."""
    while scene.cursor[0] < x:
        key(app, pygame.K_RIGHT)
    while scene.cursor[0] > x:
        key(app, pygame.K_LEFT)
    while scene.cursor[1] < y:
        key(app, pygame.K_DOWN)
    while scene.cursor[1] > y:
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)


def test_hot_seat_game_with_mouse_keyboard_and_undo(app):
    scene = open_gomoku(app, opponent="hotseat", rule=int(Rule.FREESTYLE), size=15)
    black = [(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)]
    white = [(3, 9), (4, 9), (5, 9), (6, 9)]
    click(app, scene.point_centre(*black[0]))
    assert scene.state.at(3, 7) == BLACK
    press_at(app, scene, *white[0])
    assert scene.state.at(3, 9) == WHITE
    # A mistaken move, taken back with U: the same player moves again.
    click(app, scene.point_centre(12, 12))
    key(app, pygame.K_u)
    assert scene.state.at(12, 12) == EMPTY and scene.state.current_player == BLACK
    for b, w in zip(black[1:], white[1:]):
        click(app, scene.point_centre(*b))
        step(app, 3)
        press_at(app, scene, *w)
        step(app, 3)
    click(app, scene.point_centre(*black[-1]))
    # An occupied point does nothing.
    click(app, scene.point_centre(*black[0]))
    run_until(app, lambda: isinstance(app.top, ResultScene), timeout=20)
    assert scene.state.winner == BLACK
    assert sorted(scene.state.winning_line) == black
    assert app.top.headline == "Black wins!"


def test_whole_game_against_the_ai(app):
    scene = open_gomoku(app, opponent="ai", difficulty="easy", human_seat=0, rule=int(Rule.STANDARD), size=15)
    # The test player takes the empty point nearest the centre that is still legal.
    size = scene.state.size

    def human_move():
        legal = scene.state.legal_actions()
        x, y = min(legal, key=lambda p: (abs(p[0] - size // 2) + abs(p[1] - size // 2), p))
        before = len(scene.state.moves)
        click(app, scene.point_centre(x, y))
        assert len(scene.state.moves) == before + 1

    import time

    deadline = time.monotonic() + 90
    while not isinstance(app.top, ResultScene):
        assert time.monotonic() < deadline
        if scene.human_to_move():
            human_move()
        else:
            step(app)
    assert scene.state.winner in (BLACK, WHITE, 0)
    assert scene.ai_stats and scene.explanation is not None
    assert len(scene.state.moves) >= 9


def test_renju_forbidden_points_are_shown_and_refused(app):
    scene = open_gomoku(app, opponent="hotseat", rule=int(Rule.RENJU), size=15)
    # Black builds two open twos crossing at (7, 7): playing there would be a double three.
    for b, w in [((5, 7), (0, 0)), ((6, 7), (0, 14)), ((7, 5), (14, 0)), ((7, 6), (14, 14))]:
        click(app, scene.point_centre(*b))
        click(app, scene.point_centre(*w))
    assert scene.state.current_player == BLACK
    assert (7, 7) in scene.forbidden()
    move(app, scene.point_centre(7, 7))
    # Hovering the point already says why it is forbidden, in the status line.
    assert scene.status_line() == ("Double three: forbidden for black", False)
    click(app, scene.point_centre(7, 7))
    assert scene.state.at(7, 7) == EMPTY  # refused: a forbidden point for black
    assert len(scene.state.moves) == 8
    # The refusal is said by the board (the note) and in the status line, as a warning.
    assert scene.shown_refusal() == ("Double three: forbidden for black", (7, 7))
    assert scene.status_line() == ("Double three: forbidden for black", True)
    # It goes after a while, and a legal move clears it at once.
    step(app, 80)  # 80 frames of 40 ms: past REFUSAL_MS
    assert scene.shown_refusal() is None
    click(app, scene.point_centre(7, 7))
    assert scene.shown_refusal() is not None
    click(app, scene.point_centre(10, 10))
    assert scene.state.at(10, 10) == BLACK and scene.shown_refusal() is None


def _play_pairs(app, scene: GomokuScene, black, white) -> None:
    for b, w in zip(black, white):
        click(app, scene.point_centre(*b))
        click(app, scene.point_centre(*w))


@pytest.mark.parametrize(
    "black, white, point, words",
    [
        (
            [(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)],
            [(0, 0), (0, 14), (14, 0), (14, 14), (0, 2), (2, 0)],
            (7, 7),
            "Four-four: forbidden for black",
        ),
        (
            [(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)],
            [(0, 0), (0, 14), (14, 0), (14, 14), (0, 2)],
            (5, 7),
            "Overline: forbidden for black",
        ),
    ],
    ids=["four-four", "overline"],
)
def test_every_renju_foul_is_named_when_refused(app, black, white, point, words):
    scene = open_gomoku(app, opponent="hotseat", rule=int(Rule.RENJU), size=15)
    _play_pairs(app, scene, black, white)
    before = len(scene.state.moves)
    press_at(app, scene, *point)  # by keyboard this time: the cursor and Enter
    assert len(scene.state.moves) == before
    assert scene.shown_refusal() == (words, point)
    assert scene.status_line() == (words, True)


def test_an_occupied_point_says_it_is_taken(app):
    scene = open_gomoku(app, opponent="hotseat", rule=int(Rule.FREESTYLE), size=15)
    click(app, scene.point_centre(7, 7))
    click(app, scene.point_centre(7, 7))
    assert scene.state.current_player == WHITE and len(scene.state.moves) == 1
    assert scene.shown_refusal() == ("That point is taken", (7, 7))


def test_the_forbidden_cross_and_last_stone_mark_follow_the_palette(app):
    from game.client import theme

    scene = open_gomoku(app, opponent="hotseat", rule=int(Rule.RENJU), size=15)
    _play_pairs(app, scene, [(5, 7), (6, 7), (7, 5), (7, 6)], [(0, 0), (0, 14), (14, 0), (14, 14)])
    move(app, scene.point_centre(12, 2))  # the pointer away from the cross
    surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
    try:
        for name in (theme.STANDARD, theme.COLOUR_BLIND_SAFE):
            theme.apply_palette(name)
            scene.draw(surface)
            # The cross's centre is theme.BAD as it is now (read at draw time, not at import).
            assert tuple(surface.get_at(scene.point_centre(7, 7)))[:3] == theme.BAD
            # The last stone (white's, at o1) carries a black diamond, not a red dot.
            assert tuple(surface.get_at(scene.point_centre(14, 14)))[:3] == theme.STONE_BLACK
    finally:
        theme.apply_palette(theme.STANDARD)
