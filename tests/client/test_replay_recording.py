"""Every match the client finishes is written as a replay that the viewer plays back to the same
final position: each game kind, a card game with random effects, a hot-seat game, a game against
the AI (its thoughts kept) and a campaign level; "Watch again" on the result screens opens it."""

from __future__ import annotations

import random

import pygame

from game.client.cards.match import CardMatch
from game.client.match import MatchSetup, start_match
from game.client.replays.viewer import ReplayViewerScene
from game.client.scenes.level_result import LevelResultScene
from game.client.scenes.result import WATCH_LABEL, ResultScene
from game.rules.replays import Playback, ReplayLibrary
from tests.client.driver import click, key, run_until, step


def fingerprint(state) -> tuple:
    """What a position is, for comparing two of them (each game's own telling parts)."""
    if hasattr(state, "sides"):  # a card battle: both sides' health, hands, boards; the turn
        return (
            state.winner,
            state.turn,
            state.current,
            tuple(
                (
                    side.health,
                    side.mana,
                    side.deck_pos,
                    tuple(i.uid for i in side.hand),
                    tuple((c.uid, c.attack, c.defense) for c in side.board),
                )
                for side in state.sides
            ),
        )
    match = getattr(state, "match", state)
    if hasattr(match, "heroes"):  # a skirmish
        return (state.winner, match.round, tuple((h.uid, h.health, h.mana, h.cell, h.alive) for h in match.heroes))
    board = state if hasattr(state, "moves") else state.board  # gomoku's registry state wraps its board
    return (board.winner, tuple(tuple(move) if isinstance(move, (tuple, list)) else move for move in board.moves))


def profile_tallies() -> dict:
    """The matches counted in the profile (game/rules/saves/progress.py), as read from the file."""
    from game.rules.saves.progress import Progress

    return Progress().data.matches


def only_replay():
    entries = ReplayLibrary().entries()
    assert len(entries) == 1 and entries[0].problem is None
    return entries[0]


def watch_again(app, result) -> ReplayViewerScene:
    """Click "Watch again" on the result screen; the viewer opens on the replay just written."""
    step(app, 15)  # the result's buttons take input after a moment
    button = result.menu.find(WATCH_LABEL)
    click(app, button.rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.problem is None
    key(app, pygame.K_END)
    assert viewer.position == viewer.last == len(viewer.replay.actions)
    return viewer


def play_randomly(app, scene, legal, perform, seed: int, limit: int = 4000) -> int:
    """Random legal actions through the scene's own `perform` until the match is over; the
    animations are skipped, then the scene ends the match as it does in play."""
    rng = random.Random(seed)
    played = 0
    while not scene.match.over and played < limit:
        perform(rng.choice(legal()))
        played += 1
    assert scene.match.over
    scene.anims.finish()
    run_until(app, lambda: isinstance(app.top, ResultScene), timeout=20)
    return played


def test_a_card_game_with_random_effects_replays_to_the_same_end(app):
    from game.rules.cards.battle import Battle
    from game.rules.cards.game import _pool

    pool = list(_pool("duelmind"))
    rng = random.Random(11)
    decks = [[rng.choice(pool) for _ in range(30)] for _ in range(2)]
    assert any("random" in (card.text or "").lower() for deck in decks for card in deck)
    setup = MatchSetup(game="cards", opponent="watch", lanes=2, seed=11)
    match = CardMatch(setup, Battle.from_decks(decks, 2), pool, "replay-test", {})
    scene = app.push("duel", match=match)
    played = play_randomly(app, scene, match.legal_actions, scene.perform, seed=11)
    entry = only_replay()
    replay = entry.replay
    assert (replay.game, replay.mode, len(replay.actions)) == ("cards", "watch", played)
    assert replay.setup["decks"] == [[card.base_id for card in deck] for deck in decks]
    assert replay.result.winner == match.winner
    assert fingerprint(Playback(replay).final) == fingerprint(match.battle)
    viewer = watch_again(app, app.top)
    assert fingerprint(viewer.playback.states[viewer.position]) == fingerprint(match.battle)


def test_a_skirmish_replays_to_the_same_end(app):
    from game.client.skirmish.match import SkirmishMatch

    match = SkirmishMatch(MatchSetup(game="skirmish", opponent="watch", seed=5))
    scene = app.push("skirmish", match=match)
    played = play_randomly(app, scene, match.legal_actions, scene.perform, seed=5)
    replay = only_replay().replay
    assert (replay.game, len(replay.actions), replay.setup["arena"]) == ("skirmish", played, match.state.arena.id)
    assert fingerprint(Playback(replay).final) == fingerprint(match.state)
    viewer = watch_again(app, app.top)
    assert fingerprint(viewer.playback.states[-1]) == fingerprint(match.state)


def test_a_hot_seat_gomoku_game_is_recorded_move_by_move_without_the_undone_one(app):
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat", size=15))
    scene = app.top
    black = [(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)]
    white = [(3, 9), (4, 9), (5, 9), (6, 9)]
    click(app, scene.point_centre(*black[0]))
    click(app, scene.point_centre(12, 12))  # white's mistake, taken back
    key(app, pygame.K_u)
    for index, (b, w) in enumerate(zip(black, white)):
        if index:
            click(app, scene.point_centre(*b))
        click(app, scene.point_centre(*w))
    click(app, scene.point_centre(*black[-1]))
    run_until(app, lambda: isinstance(app.top, ResultScene), timeout=20)
    replay = only_replay().replay
    expected = [list(point) for pair in zip(black, white) for point in pair] + [list(black[-1])]
    assert replay.actions == expected and replay.mode == "hotseat" and replay.thoughts == {}
    assert [(seat.kind, seat.name) for seat in replay.players] == [
        ("human", "Black (player 1)"),
        ("human", "White (player 2)"),
    ]
    assert replay.result.winner == 0 and replay.result.text == "Black wins: five in a row"
    viewer = watch_again(app, app.top)
    assert fingerprint(viewer.playback.final) == fingerprint(scene.state)
    tallies = profile_tallies()  # the profile counts it: a hot-seat game, won by player 1
    assert {name: (t.played, t.won, t.lost) for name, t in tallies.items()} == {"gomoku/hotseat": (1, 1, 0)}


def test_connect_four_against_the_ai_keeps_its_thoughts_for_its_moves(app):
    start_match(app, MatchSetup(game="connect4", opponent="ai", difficulty="easy", human_seat=0, seed=3))
    scene = app.top
    while not isinstance(app.top, ResultScene):
        run_until(app, lambda: scene.human_to_move() or isinstance(app.top, ResultScene), timeout=30)
        if isinstance(app.top, ResultScene):
            break
        column = next(c for c in (3, 2, 4, 1, 5, 0, 6) if scene.match.is_legal(c))
        scene.human_play(column)
    replay = only_replay().replay
    ai_moves = set(range(1, len(replay.actions), 2))  # the AI drops second
    assert set(replay.thoughts) == ai_moves
    assert [seat.kind for seat in replay.players] == ["human", "ai"] and replay.players[1].ai == "easy"
    assert fingerprint(Playback(replay).final) == fingerprint(scene.state)
    won = scene.state.winner == 0  # the person played the first seat
    tally = profile_tallies()["connect4/quick"]
    assert (tally.played, tally.won, tally.lost) == (1, int(won), int(scene.state.winner == 1))
    viewer = watch_again(app, app.top)
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # after the AI's first drop: its thoughts are the panel's
    assert viewer.playback.thought(viewer.position - 1).headline == replay.thoughts[1]["headline"]


def test_a_campaign_level_is_recorded_from_its_session_and_watched_from_its_result(app):
    from game.client.launch import open_level
    from game.client.scenes.dialogue import DialogueScene

    run = open_level(app, "x_four_in_the_gears")
    while isinstance(app.top, DialogueScene):
        key(app, pygame.K_ESCAPE)
    scene = app.top
    while not scene.match.over:
        if isinstance(app.top, DialogueScene):  # a line said during play
            key(app, pygame.K_ESCAPE)
            continue
        run_until(app, lambda: scene.human_to_move() or scene.match.over or app.top is not scene, timeout=30)
        if scene.human_to_move():
            scene.human_play(next(c for c in (3, 2, 4, 1, 5, 0, 6) if scene.match.is_legal(c)))
    run_until(app, lambda: isinstance(app.top, (LevelResultScene, DialogueScene)), timeout=10)
    while isinstance(app.top, DialogueScene):
        key(app, pygame.K_ESCAPE)
    result = app.top
    assert isinstance(result, LevelResultScene)
    replay = only_replay().replay
    assert (replay.mode, replay.level, replay.actions) == ("campaign", "x_four_in_the_gears", run.session.actions)
    assert replay.result.won == run.session.result.won
    assert replay.players[0].kind == "human" and replay.players[1].kind == "ai"
    assert Playback(replay).session.result.won == run.session.result.won
    viewer = watch_again(app, result)
    assert fingerprint(viewer.playback.final) == fingerprint(run.session.game_state)


def test_a_quick_match_left_from_the_pause_menu_is_kept_unfinished(app):
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat", size=15))
    scene = app.top
    click(app, scene.point_centre(7, 7))
    click(app, scene.point_centre(8, 8))
    key(app, pygame.K_ESCAPE)
    click(app, app.top.menu.find("Quit to title").rect.center)
    assert app.top.name == "title"
    replay = only_replay().replay
    assert replay.actions == [[7, 7], [8, 8]] and replay.result.winner is None and replay.result.text == ""


def test_a_replay_that_cannot_be_written_is_logged_and_the_game_goes_on(app, tmp_path, caplog):
    (tmp_path / "home" / "data").mkdir(parents=True, exist_ok=True)
    (tmp_path / "home" / "data" / "replays").write_text("a file where the folder should be")
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat", size=15))
    scene = app.top
    for black, white in zip([(x, 7) for x in range(4)], [(x, 9) for x in range(4)]):
        click(app, scene.point_centre(*black))
        click(app, scene.point_centre(*white))
    with caplog.at_level("WARNING", logger="game.client.replay_recorder"):
        click(app, scene.point_centre(4, 7))
        run_until(app, lambda: isinstance(app.top, ResultScene), timeout=20)
    result = app.top
    assert result.replay is None and [b.label for b in result.menu.buttons] == [
        "Rematch",
        "Review the board",
        "Main menu",
    ]
    assert "the match's replay could not be written" in caplog.text
