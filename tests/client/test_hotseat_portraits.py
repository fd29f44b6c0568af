"""Hot-seat faces: player 1 has the portrait chosen in Settings, player 2 the first player portrait
that is not player 1's, so the two seats never look the same; the seats read "Player 1" and
"Player 2". The same in every game with hot-seat: cards, gomoku and skirmish."""

from __future__ import annotations

import random

import pytest

from game.client.cards.match import CardMatch

from game.client.gomoku.match import GomokuMatch

from game.client.match import MatchSetup, seat_label, seat_portrait

from game.client.skirmish.match import SkirmishMatch
from game.client.settings import PLAYER_PORTRAITS

GAMES = ["cards", "gomoku", "skirmish"]
# Player 1's choice -> player 2's face (the first of PLAYER_PORTRAITS that differs).
SECOND = {"apprentice": "knight", "knight": "apprentice", "ranger": "apprentice", "automaton": "apprentice"}


def test_the_table_covers_every_player_portrait():
    assert PLAYER_PORTRAITS == ["apprentice", "knight", "ranger", "automaton"]
    assert sorted(SECOND) == sorted(PLAYER_PORTRAITS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("first", PLAYER_PORTRAITS)
def test_player_2_gets_another_face(game, first):
    setup = MatchSetup(game=game, opponent="hotseat")
    one, two = seat_portrait(setup, 0, first), seat_portrait(setup, 1, first)
    assert (one, two) == (first, SECOND[first])
    assert one != two and two in PLAYER_PORTRAITS
    assert (seat_label(setup, 0), seat_label(setup, 1)) == ("Player 1", "Player 2")


@pytest.mark.parametrize("game", GAMES)
def test_ranger_and_apprentice_exactly(game):
    setup = MatchSetup(game=game, opponent="hotseat")
    assert seat_portrait(setup, 1, "ranger") == "apprentice"  # no longer "ranger" twice
    assert seat_portrait(setup, 1, "apprentice") == "knight"


@pytest.mark.parametrize("game", GAMES)
def test_against_the_computer_you_keep_your_face(game):
    for seat in (0, 1):
        setup = MatchSetup(game=game, opponent="ai", human_seat=seat)
        assert seat_portrait(setup, seat, "ranger") == "ranger"
        assert seat_label(setup, seat) == "You"


class _App:
    """What a match's seat_portrait reads of the app: the settings' portrait."""

    def __init__(self, portrait: str):
        self.settings = type("Settings", (), {"portrait": portrait})()


def _match(game: str):
    setup = MatchSetup(game=game, opponent="hotseat", seed=5)
    if game == "gomoku":
        return GomokuMatch(setup)
    if game == "skirmish":
        return SkirmishMatch(setup)
    from game.client.cards.card_pool import load_card_pool
    from game.rules.cards.battle import Battle

    pool = load_card_pool().cards
    rng = random.Random(3)
    decks = [[rng.choice(pool) for _ in range(30)] for _ in range(2)]
    return CardMatch(setup, Battle.from_decks(decks), pool, "hotseat-test", {})


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("first", ["ranger", "apprentice"])
def test_the_match_objects_the_scenes_draw(game, first):
    match = _match(game)
    app = _App(first)
    faces = [match.seat_portrait(seat, app) for seat in (0, 1)]
    assert faces == [first, SECOND[first]]
    if game == "gomoku":  # the gomoku scene names a seat by its colour
        from game.rules.gomoku import BLACK, WHITE

        assert [match.label(BLACK), match.label(WHITE)] == ["Black (player 1)", "White (player 2)"]
    else:
        assert [match.seat_label(seat) for seat in (0, 1)] == ["Player 1", "Player 2"]
