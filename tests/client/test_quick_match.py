"""The quick-match screen is made from the game registry and the games' front ends: it offers
exactly the games the client has a front end for, and each game's lines come from its front end."""

from __future__ import annotations

import pygame
import pytest

from game.client.front_ends import FRONT_ENDS, front_end, playable_games
from game.client.match import MatchSetup
from game.client.scenes.quick_match import QuickMatchScene
from game.rules.gomoku import MIN_SIZE, Rule
from game.rules.registry import GAMES
from tests.client.driver import key


def _choose(screen: QuickMatchScene, game: str) -> None:
    screen.game.index = screen.game.choices.index(game)
    screen._layout()


def test_the_screen_offers_every_game_with_a_front_end_in_the_registrys_order(app):
    screen = QuickMatchScene(app)
    assert screen.game.choices == playable_games() == [name for name, kind in GAMES.items() if kind.front_end]
    assert screen.game.choices == list(GAMES)  # every game has a client today


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_without_a_front_end_is_not_offered(app, monkeypatch, name):
    playable_games()  # the others' front ends installed
    monkeypatch.delitem(FRONT_ENDS, name)
    monkeypatch.setattr(GAMES[name], "front_end", None)
    screen = QuickMatchScene(app)
    assert screen.game.choices == [other for other in GAMES if other != name]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_s_lines_and_match_come_from_its_front_end(app, name):
    client = front_end(name)
    screen = QuickMatchScene(app)
    _choose(screen, name)
    assert screen.game.format(name) == client.title(name)
    rows = screen.rows()
    assert [row.label for row in rows[:3]] == ["Game", "Opponent", "Difficulty"]
    levels = client.levels()
    assert rows[2] is screen.difficulty[name]
    assert rows[2].choices == (levels or ["-"])
    own = [row for option in client.quick_match_options(lambda: True) for row in option.rows()]
    assert [row.label for row in rows[3:]] == [row.label for row in own]
    app.reset(screen)
    app.render()  # every line draws
    setup = screen.setup()
    assert setup.game == name and setup.difficulty == rows[2].value
    assert setup.opponent == ("ai" if levels else "hotseat")
    for option in screen.options[name]:
        assert getattr(setup, option.field) == option.value
        assert screen.option(name, option.name) is option.row
    screen.opponent.index = screen.opponent.choices.index("hotseat")
    assert screen.setup().opponent == "hotseat" and not screen.difficulty[name].enabled()


def test_the_defaults_and_names_are_the_ones_the_screen_always_had(app):
    screen = QuickMatchScene(app)
    titles = [screen.game.format(game) for game in screen.game.choices]
    assert titles == ["Card duel", "Gomoku", "Skirmish (team arena)", "Connect Four"]
    expected = {
        "cards": MatchSetup(game="cards", difficulty="easy", human_seat=0, lanes=1, draft="draft"),
        "gomoku": MatchSetup(game="gomoku", difficulty="medium", human_seat=0, rule=int(Rule.FREESTYLE), size=MIN_SIZE),
        "skirmish": MatchSetup(game="skirmish", difficulty="medium", heroes=("", "", ""), arena=""),
        "connect4": MatchSetup(game="connect4", difficulty="medium", human_seat=0),
    }
    without_seed = lambda setup: {k: v for k, v in vars(setup).items() if k != "seed"}  # noqa: E731
    labels = {}
    for game, wanted in expected.items():
        _choose(screen, game)
        assert without_seed(screen.setup()) == without_seed(wanted), game
        labels[game] = [row.label for row in screen.rows()]
    assert labels == {
        "cards": ["Game", "Opponent", "Difficulty", "You play", "Lanes", "Deck"],
        "gomoku": ["Game", "Opponent", "Difficulty", "You play", "Rule", "Board size"],
        "skirmish": ["Game", "Opponent", "Difficulty", "Arena", "Hero 1", "Hero 2", "Hero 3"],
        "connect4": ["Game", "Opponent", "Difficulty", "You play"],
    }


def test_the_keys_change_the_focused_line_of_the_chosen_game(app):
    app.push("title")
    screen = app.push("quick_match")
    key(app, pygame.K_RIGHT)  # Game: gomoku
    for _ in range(5):
        key(app, pygame.K_DOWN)  # to Board size
    key(app, pygame.K_RIGHT)
    assert screen.setup().size == MIN_SIZE + 1 and screen.option("gomoku", "size").value == MIN_SIZE + 1


def test_the_lines_keep_their_slots_when_the_game_changes(app):
    screen = QuickMatchScene(app)
    tops = {}
    for game in screen.game.choices:
        _choose(screen, game)
        tops[game] = [row.rect.y for row in screen.rows()]
    # Seven slots (skirmish's lines), 64 pixels apart from y=140, for every game: nothing moves.
    assert screen.slots() == 7
    slots = [140 + 64 * index for index in range(7)]
    assert tops == {
        "cards": slots[:6],
        "gomoku": slots[:6],
        "skirmish": slots,
        "connect4": slots[:4],
    }


def test_every_choice_fits_between_its_arrows(app):
    from game.client.scenes.quick_match import VALUE_SIZE, value_size
    from game.client.widgets import text_surface

    screen = QuickMatchScene(app)
    checked = 0
    for game in screen.game.choices:
        _choose(screen, game)
        for row in screen.rows():
            left, right = row.arrows()
            room = right.left - left.right - 12
            for choice in row.choices:
                words = row.format(choice)
                assert text_surface(words, value_size(words, room), bold=True).get_width() <= room, words
                checked += 1
    assert checked > 40
    # The long title is the one that shrinks; a short value keeps the full size.
    _choose(screen, "skirmish")
    left, right = screen.game.arrows()
    room = right.left - left.right - 12
    assert text_surface("Skirmish (team arena)", VALUE_SIZE, bold=True).get_width() > room
    assert value_size("Skirmish (team arena)", room) < VALUE_SIZE == value_size("Gomoku", room)
