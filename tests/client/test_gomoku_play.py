"""Whole gomoku games through the UI: keyboard and mouse, against the AI and hot-seat."""

from __future__ import annotations

import pygame

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
    click(app, scene.point_centre(7, 7))
    assert scene.state.at(7, 7) == EMPTY  # refused: a forbidden point for black
    assert len(scene.state.moves) == 8
