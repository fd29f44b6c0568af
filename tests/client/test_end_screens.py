"""The end-of-game screens (issue #31): sentences instead of "Defeat / You" and "Defeat / Black
(you)", the board games' words for how a game was won, "Review the board" on both result screens,
and the level result's panel laid out to its content."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.client.connect4.match import Connect4Match
from game.client.gomoku.match import GomokuMatch
from game.client.match import MatchSetup, in_sentence, start_match, versus_sentence
from game.client.scenes.level_result import LevelResultScene
from game.client.scenes.result import ResultScene
from game.rules.gomoku import Rule
from game.rules.levels import load_level
from game.rules.levels.objectives import ObjectiveStatus
from game.rules.levels.session import LevelResult
from tests.client.driver import click, key, move, step


def test_the_sentences_read_as_sentences():
    assert versus_sentence(False, "The Duelmind", "You", 15, "turn") == "You lost to the Duelmind after 15 turns"
    assert versus_sentence(True, "You", "Pip", 1, "move") == "You beat Pip in 1 move"
    assert versus_sentence(None, "Player 1", "Player 2", 4, "round") == "Player 1 beat Player 2 in 4 rounds"
    assert in_sentence("Theodore") == "Theodore"  # only the article "The " is lowered


def _gomoku(setup: MatchSetup, moves) -> GomokuMatch:
    match = GomokuMatch(setup)
    for point in moves:
        match.apply(point)
    return match


# Black on row 7 from a to e; white answers on row 9 (a-d), then on j (the tenth move is never played).
BLACK_FIVE = [(0, 7), (0, 9), (1, 7), (1, 9), (2, 7), (2, 9), (3, 7), (3, 9), (4, 7)]


def test_a_gomoku_defeat_names_the_opponent_and_how():
    # You play white against Sister Maren (medium); black makes five on the ninth move.
    match = _gomoku(MatchSetup(game="gomoku", opponent="ai", difficulty="medium", human_seat=1), BLACK_FIVE)
    assert match.result_words(match.winner_seat()) == (
        "Defeat",
        "You lost to Sister Maren after 9 moves",
        "Black wins: five in a row",
        False,
    )


def test_a_gomoku_win_and_a_hot_seat_game():
    match = _gomoku(MatchSetup(game="gomoku", opponent="ai", difficulty="master", human_seat=0), BLACK_FIVE)
    assert match.result_words(0) == ("Victory!", "You beat the Duelmind in 9 moves", "Black wins: five in a row", True)
    match = _gomoku(MatchSetup(game="gomoku", opponent="hotseat"), BLACK_FIVE)
    assert match.result_words(0) == ("Black wins!", "Black wins: five in a row", "after 9 moves", None)


def test_a_renju_foul_is_worded_for_players():
    # Black plays into a double three (the state lets a peer do it, and black loses).
    black = [(5, 7), (6, 7), (7, 5), (7, 6), (7, 7)]
    white = [(0, 0), (0, 14), (14, 0), (14, 14)]
    moves = [point for pair in zip(black, white) for point in pair] + [black[-1]]
    match = GomokuMatch(MatchSetup(game="gomoku", opponent="hotseat", rule=int(Rule.RENJU)))
    for x, y in moves:
        match.state.play(x, y)
    assert match.winner_seat() == 1
    assert match.result_words(1)[1] == "White wins: black made a forbidden double three"


def test_connect_four_words_its_end():
    match = Connect4Match(MatchSetup(game="connect4", opponent="ai", difficulty="medium", human_seat=0))
    for column in (3, 3, 4, 4, 5, 5, 6):
        match.apply(column)
    assert match.result_words(0) == ("Victory!", "You beat Corin Ashdown in 7 moves", "Red wins: four in a row", True)
    assert match.draw_how() == "The board is full: a draw"


def test_a_result_without_a_sentence_does_not_repeat_you_or_the_headline(app):
    defeat = ResultScene(app, "Defeat", "", False, lambda: None, face=("robe", "You"))
    hotseat = ResultScene(app, "Player 1 wins!", "", None, lambda: None, face=("robe", "Player 1"))
    watched = ResultScene(app, "Victory!", "", True, lambda: None, face=("duelmind", "The Duelmind"))
    assert (defeat.sentence, hotseat.sentence, watched.sentence) == ("", "", "The Duelmind")


def _finish_a_hot_seat_gomoku(app):
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat"))
    board = app.top
    for point in BLACK_FIVE:
        click(app, board.point_centre(*point))
        step(app, 3)
    for _ in range(200):
        if isinstance(app.top, ResultScene):
            break
        step(app)
    result = app.top
    assert isinstance(result, ResultScene)
    step(app, 20)  # past the input grace and the entrance
    return board, result


def test_review_the_board_shows_the_final_board_and_comes_back(app):
    board, result = _finish_a_hot_seat_gomoku(app)
    assert (result.headline, result.sentence, result.detail) == (
        "Black wins!",
        "Black wins: five in a row",
        "after 9 moves",
    )
    point = board.point_centre(2, 7)  # a stone of the five, under the modal's shade
    app.render()
    shaded = tuple(app.canvas.get_at(point))[:3]
    click(app, result.menu.find("Review the board").rect.center)
    assert result.review.active and app.top is result
    app.render()
    plain = pygame.Surface(app.canvas.get_size())
    board.draw(plain)
    assert tuple(app.canvas.get_at(point))[:3] == tuple(plain.get_at(point))[:3] != shaded
    key(app, pygame.K_SPACE)  # any key: back to the results
    assert not result.review.active and app.top is result
    click(app, result.menu.find("Review the board").rect.center)
    move(app, result.review.back.rect.center)
    assert result.review.back.hovered and result.review.active  # moving the mouse does not close it
    click(app, result.review.back.rect.center)
    assert not result.review.active
    key(app, pygame.K_r)  # and the results' keys work again: R is a rematch
    assert not isinstance(app.top, ResultScene)


def _level_run(objectives: int, won: bool):
    level = load_level("c1_first_spark")
    statuses = [
        ObjectiveStatus(i, "win", f"Objective {i + 1}", i == 0, "met" if won else "failed") for i in range(objectives)
    ]
    result = LevelResult(won, 1 if won else 0, 3, statuses, "All objectives met." if won else "Missed: win this turn.")
    return SimpleNamespace(
        level=level,
        session=SimpleNamespace(result=result),
        unlocked=[],
        next_level_id=lambda: None,
        home_label="Campaign map",
        level_title=lambda level_id: level_id,
        progress=None,
        notices=[],
        open_next=lambda level_id: None,
        restart=lambda: None,
        leave=lambda: None,
    )


@pytest.mark.parametrize("objectives", [1, 3])
def test_the_level_result_panel_fits_its_content(app, objectives):
    scene = LevelResultScene(app, _level_run(objectives, won=False))
    footer = len(scene.footer)
    assert footer == 1  # "3 turns  ·  a level file outside the campaign: ..." on one line
    # 258 to the objectives, 34 a line, 10 to the footer, 26 a line, 24 to the buttons (60 tall),
    # 12 to the review button (40 tall), 30 to the key hints, 22 to the foot.
    buttons_top = 258 + 34 * objectives + 10 + 26 * footer + 24
    assert scene.box.height == buttons_top + 60 + 12 + 40 + 30 + 22
    retry, home, review = scene.menu.buttons
    assert (retry.label, home.label, review.label) == ("Retry", "Campaign map", "Review the board")
    assert retry.rect.top == home.rect.top == scene.box.y + buttons_top
    assert review.rect.top == retry.rect.bottom + 12
    assert scene.box.centery == 360
