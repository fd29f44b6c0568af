"""Replays: one file for every game, played back to the same final state; bad files are named
and kept; the library keeps the newest and the starred; `levels simulate --keep-replays` and
`duelmind replay` read and write them."""

from __future__ import annotations

import json
import os
import random
import stat

import pytest

from game.rules.game_api import Explanation
from game.rules.levels import load_level
from game.rules.levels.session import LevelSession, level_digest
from game.rules.registry import GAMES, game_kind
from game.rules.replays import (
    REPLAY_FORMAT,
    Outcome,
    Playback,
    Replay,
    ReplayError,
    ReplayLibrary,
    ReplayMismatch,
    Seat,
    read_replay,
    write_replay,
)


def _look(state) -> tuple:
    return (state.is_terminal, state.winner, tuple(map(repr, state.legal_actions())))


def _random_match(name: str, seed: int, steps: int = 400):
    kind = game_kind(name)
    state = kind.new_state({}, seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        actions.append(kind.action_to_json(action))
        state.apply(action)
    return state, actions


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_replays_from_its_file_to_the_same_final_state(name, tmp_path):
    """The cards' random effects and the skirmish's rolls come from the seed: the same file
    gives the same game, with each action in words and an AI's thoughts where it had some."""
    state, actions = _random_match(name, seed=7)
    thought = Explanation("Plays for the centre", [("the centre", 1.0), ("the edge", 0.25)], ["Thought for 3 ms"])
    replay = Replay(
        game=name,
        mode="hotseat",
        seed=7,
        players=[Seat(kind="human", name="Ann"), Seat(kind="human", name="Bo")],
        actions=actions,
        thoughts={1: thought.to_json()},
        result=Outcome(winner=state.winner, text="over"),
    )
    path = write_replay(tmp_path / "game.replay.json", replay)
    playback = Playback(read_replay(path))
    assert len(playback.states) == len(actions) + 1 and len(playback.words) == len(actions)
    assert _look(playback.final) == _look(state)
    assert all(words.strip() for words in playback.words)
    assert playback.movers[0] == game_kind(name).new_state({}, 7).current_player and set(playback.movers) <= {0, 1}
    assert playback.thought(1) == thought and playback.thought(0) is None
    # Positions are snapshots: the first is the start, not the end.
    assert _look(playback.states[0]) == _look(game_kind(name).new_state({}, 7))


def test_a_card_level_with_its_opponent_replays_through_its_session(tmp_path):
    from ai.levels.opponents import make_opponent, make_player

    level = load_level("c1_hold_the_line")
    session = LevelSession.create(level, seed=3)
    session.start()
    me, rival = make_player(session, "easy", 1), make_opponent(session)
    while not session.over:
        session.run_turn(me if session.is_player_turn else rival, 20)
    replay = Replay(
        game="cards",
        mode="campaign",
        seed=3,
        level=level.id,
        level_digest=level_digest(level),
        actions=session.actions,
        thoughts=session.thoughts,
        result=Outcome(won=session.result.won),
    )
    playback = Playback(read_replay(write_replay(tmp_path / "level.replay.json", replay)))
    assert playback.session.over and playback.session.result == session.result
    assert playback.final.winner == session.battle.winner
    assert playback.movers[0] == 0  # the player moves first in this level
    assert len(replay.thoughts) > 0 and all(
        isinstance(Explanation.from_json(t), Explanation) for t in replay.thoughts.values()
    )


def test_an_action_that_no_longer_replays_is_named_with_the_version_that_recorded_it(tmp_path):
    replay = Replay(game="gomoku", mode="quick", seed=0, actions=[[7, 7], [7, 7]], rules="0.9.0")
    with pytest.raises(
        ReplayMismatch, match=r"action 2 \(\[7, 7\]\) no longer replays: .*recorded by Duelmind 0\.9\.0"
    ):
        Playback(replay)
    with pytest.raises(ReplayMismatch, match="no game 'chess'"):
        Playback(Replay(game="chess", mode="quick", seed=0))


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not a readable replay"),
        ("[1, 2]", "a replay is a JSON object, not list"),
        (
            json.dumps({"format": REPLAY_FORMAT + 1, "game": "gomoku"}),
            "recorded by a newer Duelmind .* the file is kept",
        ),
        (
            json.dumps({"format": 1, "game": "gomoku", "mode": "quick", "seed": "x"}),
            r"seed: Input should be a valid integer",
        ),
        (json.dumps({"format": 1, "game": "gomoku", "mode": "sometimes", "seed": 1}), "mode: Input should be"),
    ],
)
def test_a_bad_replay_file_is_named_with_its_field_and_kept(tmp_path, text, message):
    path = tmp_path / "bad.replay.json"
    path.write_text(text)
    with pytest.raises(ReplayError, match=f"{path}.*{message}" if "newer" not in message else message):
        read_replay(path)
    assert path.read_text() == text  # left as it was


def test_the_library_keeps_the_newest_and_the_starred_and_never_an_unreadable_file(tmp_path):
    library = ReplayLibrary(tmp_path, limit=2)
    paths = []
    for minute in range(4):
        replay = Replay(game="gomoku", mode="quick", seed=minute, recorded=f"2026-11-27T08:0{minute}:00+00:00")
        paths.append(library.add(replay))
        if minute == 0:
            library.star(paths[0])
    broken = tmp_path / "20990101T000000-gomoku-quick.replay.json"
    broken.write_text("{")
    library.prune()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([paths[0].name, paths[2].name, paths[3].name, broken.name])  # 1 went: oldest unstarred
    entries = library.entries()
    assert entries[0].path == broken and entries[0].replay is None and "not a readable replay" in entries[0].problem
    with pytest.raises(ReplayError, match="not a replay of the library"):
        library.delete(tmp_path.parent / "elsewhere.replay.json")
    library.delete(paths[3])
    assert not paths[3].exists()


def test_a_new_replay_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    path = write_replay(tmp_path / "a.replay.json", Replay(game="gomoku", mode="quick", seed=0))
    assert stat.S_IMODE(path.stat().st_mode) & 0o600 == 0o600


def test_levels_simulate_keeps_games_as_replays_that_replay_and_the_cli_reads_them(tmp_path, capsys, monkeypatch):
    from game.cli import main

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))  # the library of this test alone
    status = main(
        ["levels", "simulate", "c1_first_spark", "--games", "3", "--player", "random", "--budget-ms", "20",
         "--keep-replays", "2", "--keep", "all", "--no-progress", "--json"]
    )  # fmt: skip
    assert status == 0
    err = capsys.readouterr().err
    assert "2 games kept as replays in the replay library" in err
    entries = ReplayLibrary().entries()
    assert len(entries) == 2 and all(entry.replay.mode == "simulate" for entry in entries)
    for entry in entries:
        playback = Playback(entry.replay)
        assert playback.session.over and playback.session.result.won == entry.replay.result.won
    assert main(["replay", str(entries[0].path), "--print"]) == 0
    out = capsys.readouterr().out
    assert "[player]" in out and "result:" in out
    bad = tmp_path / "bad.replay.json"
    bad.write_text("[]")
    assert main(["replay", str(bad)]) == 1
    assert "a replay is a JSON object" in capsys.readouterr().err


def test_referee_replays_play_back_to_the_games_end(tmp_path, locm_cards):
    """Two real bot processes (the easy AI and the random one): each game the referee writes
    replays, draft and illegal-action skips included, to the battle's own end."""
    import sys

    from game.tools.referee import Limits, run_match
    from tests.conftest import REPO_ROOT

    bots = [f"{sys.executable} main.py bot locm --ai easy", f"{sys.executable} main.py bot locm --ai random"]
    limits = Limits(draft_first_ms=5000, draft_ms=2000, first_turn_ms=5000, turn_ms=2000)
    result = run_match(
        *bots, 2, list(locm_cards.values()), 1, 4, limits, cwd=REPO_ROOT, out=lambda line: None, replays=tmp_path
    )
    for index, outcome in enumerate(result.results):
        replay = read_replay(tmp_path / f"game-{index + 1:03d}.replay.json")
        final = Playback(replay).final
        assert replay.mode == "referee" and len(replay.setup["decks"][0]) == 30
        winner_seat = final.winner
        assert winner_seat == replay.result.winner  # the battle itself ended with that winner
        # (seat 0 is p1 in even games: the referee swaps seats every other game)
        assert ("p1" if (winner_seat == 0) == (index % 2 == 0) else "p2") == outcome["winner"]


def test_a_gomoku_replay_goes_to_a_psq_record_and_back(tmp_path):
    from game.rules.replays.psq import psq_from_replay, replay_from_psq

    _, actions = _random_match("gomoku", seed=3)
    replay = Replay(game="gomoku", mode="quick", seed=0, setup={"size": 15}, actions=actions)
    text = psq_from_replay(replay)
    assert text.splitlines()[0] == "Piskvorky 15x15, 11:11, 0" and text.splitlines()[1] == (
        f"{actions[0][0] + 1},{actions[0][1] + 1},0"
    )
    back = replay_from_psq(text, "game.psq")
    assert back.actions == actions and _look(Playback(back).final) == _look(Playback(replay).final)
    with pytest.raises(ReplayError, match=r"game.psq, line 3: '16,1,0' is not|line 3: 16,1 is off the 15x15 board"):
        replay_from_psq("Piskvorky 15x15, 11:11, 0\n1,1,0\n16,1,0\n-1\n", "game.psq")
    with pytest.raises(ReplayError, match="line 1: not a Piskvork record"):
        replay_from_psq("hello", "game.psq")
    with pytest.raises(ReplayError, match="a level's replay does not export"):
        psq_from_replay(Replay(game="gomoku", mode="campaign", seed=0, level="g1_five_stones"))


def test_the_cli_exports_a_card_game_as_the_codingame_input_and_a_psq_record_as_a_replay(tmp_path, capsys):
    from game.cli import main
    from game.rules.cards.protocol import battle_input

    state, actions = _random_match("cards", seed=5)
    path = write_replay(tmp_path / "cards.replay.json", Replay(game="cards", mode="quick", seed=5, actions=actions))
    assert main(["replay", str(path), "--export", str(tmp_path / "bots.txt")]) == 0
    text = (tmp_path / "bots.txt").read_text()
    sections = text.split("# turn ")[1:]
    turns = [int(section.split(",")[0]) for section in sections]
    assert turns == list(range(1, len(turns) + 1)) and len(turns) >= 10  # one section a turn, in order
    assert sections[0] == "1, player 1\n" + battle_input(game_kind("cards").new_state({}, 5))
    psq = tmp_path / "game.psq"
    psq.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\nbrain-a\nbrain-b\n-1\n")
    assert main(["replay", str(psq), "--export", str(tmp_path / "game.replay.json")]) == 0
    replay = read_replay(tmp_path / "game.replay.json")
    assert replay.actions == [[7, 7], [8, 8]] and [seat.ai for seat in replay.players] == ["brain-a", "brain-b"]
    assert main(["replay", str(path), "--export", str(tmp_path / "cards.psq")]) == 1
    assert "a Card duel replay exports to *.txt, not *.psq" in capsys.readouterr().err
