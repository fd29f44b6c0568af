"""Connect Four in the client, headless: the quick match screen offers it, a disc dropped by
mouse and by keyboard, the AI answers while frames keep coming, a hot-seat game to the result
screen, and the campaign level played and resumed through its scene."""

from __future__ import annotations

import json
import time

import pygame

from tests.client.driver import click, key, run_until, step

from game.client.connect4.match import LevelConnect4Match
from game.client.connect4.scene import Connect4Scene
from game.client.match import MatchSetup, start_match
from game.client.scenes.result import ResultScene


def open_connect4(app, **options) -> Connect4Scene:
    start_match(app, MatchSetup(game="connect4", **options))
    scene = app.top
    assert isinstance(scene, Connect4Scene)
    return scene


def cell_centre(scene: Connect4Scene, column: int) -> tuple[int, int]:
    return scene.geometry.centre(column, scene.state.rows - 1)


def test_the_quick_match_screen_starts_connect_four_against_the_ai_or_hot_seat(app):
    app.reset("title")
    screen = app.push("quick_match")
    screen.game.index = screen.game.choices.index("connect4")
    screen._layout()
    assert screen.difficulty["connect4"] in screen.rows() and screen.option("connect4", "disc") in screen.rows()
    screen.difficulty["connect4"].index = screen.difficulty["connect4"].choices.index("hard")
    screen.option("connect4", "disc").index = 1
    setup = screen.setup()
    assert (setup.game, setup.opponent, setup.difficulty, setup.human_seat) == ("connect4", "ai", "hard", 1)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, Connect4Scene) and scene.controllers == ("ai", "human")
    run_until(app, lambda: len(scene.state.moves) == 1 and not scene.anims.busy)  # the AI opens as red
    screen = app.push("quick_match")
    screen.game.index = screen.game.choices.index("connect4")
    screen.opponent.index = screen.opponent.choices.index("hotseat")
    screen.start_match()
    assert isinstance(app.top, Connect4Scene) and app.top.hotseat


def test_mouse_and_keyboard_drop_discs_and_the_ai_answers_without_blocking(app):
    scene = open_connect4(app, opponent="ai", difficulty="hard", human_seat=0, seed=4)
    click(app, cell_centre(scene, 3))  # a click anywhere in a column drops into it
    assert scene.state.moves == (3,) and scene.state.cell(3, 0) == 0
    frames = 0
    while scene.ai.thinking or len(scene.state.moves) < 2:  # a hang is caught by pytest-timeout
        step(app)
        frames += 1
    assert frames >= 2 and scene.explanation and scene.explanation.headline  # frames went on while it thought
    run_until(app, lambda: scene.human_to_move())
    while scene.cursor > 1:
        key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert scene.state.moves[2] == 1
    run_until(app, lambda: scene.human_to_move())
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # Space drops too
    assert scene.state.moves[4] == 2
    key(app, pygame.K_TAB)
    assert scene.overlay
    run_until(app, lambda: scene.human_to_move())
    key(app, pygame.K_u)  # undo takes back the person's disc (and the AI's reply, if any)
    assert len(scene.state.moves) == 4
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"


def test_a_hot_seat_game_alternates_and_ends_on_the_result_screen(app):
    scene = open_connect4(app, opponent="hotseat", seed=1)
    for column in (0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3):  # red's diagonal a1-d4
        run_until(app, lambda: scene.human_to_move())
        click(app, cell_centre(scene, column))
    assert scene.state.winner == 0 and scene.state.winning_line() == ((0, 0), (1, 1), (2, 2), (3, 3))
    run_until(app, lambda: isinstance(app.top, ResultScene))
    assert app.top.headline == "Red wins!"


def test_a_full_game_against_the_ai_reaches_the_result_screen(app):
    scene = open_connect4(app, opponent="ai", difficulty="easy", human_seat=0, seed=2)
    deadline = time.monotonic() + 60
    while not isinstance(app.top, ResultScene):
        assert time.monotonic() < deadline
        if scene.human_to_move():
            scene.human_play(next(c for c in (3, 2, 4, 1, 5, 0, 6) if scene.state.is_legal(c)))
        step(app)
    assert scene.match.over and app.top.headline in ("Victory!", "Defeat", "Draw")


def test_the_ai_plays_in_the_worker_pool_what_a_fresh_agent_seeded_with_seed_plus_discs_plays(app):
    """The pool's agent is made afresh for each move with the match's seed + the discs on the
    board (as the client's thread made it before), so a seed and level give the same moves, also
    after an undo asks for the same positions again. The budget is large: the level's depth and
    node caps decide, not the clock."""
    from ai.connect4.agents import Connect4Agent
    from game.rules.registry import game_kind

    scene = open_connect4(app, opponent="ai", difficulty="easy", human_seat=0, seed=9)
    scene.match.ai_budget_ms = lambda app: 60_000.0

    def ai_plays_both_until(count: int) -> tuple:
        scene.controllers = ("ai", "ai")
        run_until(app, lambda: len(scene.state.moves) >= count)  # then its drop animates: no request yet
        scene.controllers = ("human", "ai")
        run_until(app, lambda: scene.human_to_move())
        return scene.state.moves

    first = ai_plays_both_until(8)
    key(app, pygame.K_u)  # back to red's turn: two discs taken
    assert scene.state.moves == first[:6]
    assert ai_plays_both_until(8) == first  # the same positions asked again: the same answers
    replay = game_kind("connect4").new_state({}, 9)
    for index, column in enumerate(first):
        assert Connect4Agent("easy", 9).act(replay.clone(), 60_000).action == column, index
        replay.apply(column)


def skip_lines(app) -> None:
    while app.top.name == "dialogue":
        key(app, pygame.K_ESCAPE)


def _gears_session(seed: int = 5):
    from game.rules.levels.loader import campaign_dir, parse_level
    from game.rules.levels.session import LevelSession

    level, problems = parse_level(json.loads((campaign_dir() / "x_four_in_the_gears.json").read_text()), "gears")
    assert not problems
    session = LevelSession.create(level, seed)
    session.start()
    return level, session


def test_the_gears_level_plays_in_its_scene_and_resumes_from_a_save(app):
    from ai.connect4.agents import Connect4Agent
    from game.client.level_run import LevelRun
    from game.rules.levels.session import LevelSession

    app.reset("title")
    level, session = _gears_session()
    run = LevelRun(app, "x_four_in_the_gears", home=app.top)
    assert run.open(session)
    skip_lines(app)
    scene = app.top
    assert isinstance(scene.match, LevelConnect4Match) and scene.controllers == ("human", "ai")
    assert [b.label for b in scene.buttons] == ["Restart", "Menu"]
    solver = Connect4Agent("hard", 1)
    scene.human_play(solver.act(scene.state.clone(), 60_000).action)
    run_until(app, lambda: app.top.name == "dialogue")  # the automaton's line after the first move
    skip_lines(app)
    run_until(app, lambda: scene.human_to_move())
    saved = run.session.save_data()
    assert len(saved["actions"]) == 2
    again = LevelSession.resume(level, json.loads(json.dumps(saved)))
    assert again.state.moves == scene.state.moves and again.objectives() == run.session.objectives()
    while not run.session.over:
        skip_lines(app)
        if scene.human_to_move():
            scene.human_play(solver.act(scene.state.clone(), 60_000).action)
        step(app)
    assert run.session.result.won
    run_until(app, lambda: app.top.name in ("dialogue", "level_result"))
    skip_lines(app)
    run_until(app, lambda: app.top.name == "level_result")


def test_a_full_column_says_so_and_the_discs_differ_in_shape(app):
    scene = open_connect4(app, opponent="hotseat")
    for _ in range(scene.state.rows):
        click(app, cell_centre(scene, 0))
        step(app, 10)
    assert scene.state.moves == (0,) * scene.state.rows
    click(app, cell_centre(scene, 0))
    assert len(scene.state.moves) == scene.state.rows
    assert scene.shown_refusal() == ("Column a is full", 0)
    assert scene.status_line() == ("Column a is full", True)
    # Red carries a ring, yellow a diamond: the pixel on the ring's line at the disc's right
    # (0.68 of the radius out) is dark on red's disc and disc-coloured on yellow's.
    from game.client.connect4 import view

    radius = 40
    marks = []
    for seat in (0, 1):
        surface = pygame.Surface((100, 100), pygame.SRCALPHA)
        view.draw_disc(surface, (50, 50), radius, seat)
        marks.append(tuple(surface.get_at((50 + int(radius * 0.68) - 1, 50)))[:3])
    assert marks == [view.DISC[0][2], view.DISC[1][0]]
