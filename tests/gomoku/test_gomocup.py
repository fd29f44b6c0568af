"""The Gomocup brain: the protocol state machine with a stand-in AI, the time budget, and one
real `python main.py brain gomocup` process driven through a whole session."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.tools.gomocup_brain import (
    ABOUT,
    FAST_MOVE_MS,
    GomocupBrain,
    move_budget_ms,
    rule_from_info,
    serve,
)
from game.rules.gomoku import BLACK, WHITE, GomokuState, Rule, parse_move

REPO = Path(__file__).resolve().parents[2]


class ScriptedAI:
    """Stand-in for ai.gomoku.choose_move: plays the listed moves in turn, then the first legal
    point in row-major order; records what it was asked."""

    def __init__(self, *moves):
        self.moves = list(moves)
        self.calls: list[tuple[GomokuState, float, str, int | None]] = []

    def __call__(self, state, budget_ms, level="master", seed=None):
        self.calls.append((state, budget_ms, level, seed))
        if self.moves:
            return self.moves.pop(0)
        return state.legal_actions()[0]


def brain_with(*moves, **options) -> tuple[GomocupBrain, ScriptedAI]:
    ai = ScriptedAI(*moves)
    return GomocupBrain(ai, **options), ai


def talk(brain: GomocupBrain, *lines: str) -> list[str]:
    replies = []
    for line in lines:
        replies += brain.handle(line)
    return replies


# --- basics ----------------------------------------------------------------------------------


def test_about_names_the_brain():
    brain, _ = brain_with()
    assert talk(brain, "ABOUT") == [ABOUT]
    assert ABOUT.startswith('name="Duelmind", version="')
    assert 'author="' in ABOUT and 'country="' in ABOUT


@pytest.mark.parametrize("size", [15, 17, 20])
def test_start_accepts_supported_sizes(size):
    brain, _ = brain_with()
    assert talk(brain, f"START {size}") == ["OK"]
    assert brain.state.size == size and brain.state.moves == []


@pytest.mark.parametrize(
    "command",
    ["START 14", "START 21", "START 0", "START", "START x", "RECTSTART 15,16", "RECTSTART 15", "RECTSTART 30,30"],
)
def test_start_rejects_unsupported_or_malformed_sizes(command):
    brain, _ = brain_with()
    [reply] = talk(brain, command)
    assert reply.startswith("ERROR ")
    assert brain.state is None


def test_rectstart_with_a_square_board_starts():
    brain, _ = brain_with()
    assert talk(brain, "RECTSTART 20,20") == ["OK"]
    assert brain.state.size == 20


@pytest.mark.parametrize("command", ["BEGIN", "TURN 7,7", "BOARD", "TAKEBACK 7,7", "RESTART"])
def test_game_commands_before_start_are_errors(command):
    brain, ai = brain_with()
    [reply] = talk(brain, command)
    problem = "no game to restart: send START first" if command == "RESTART" else "no game: send START first"
    assert reply == f"ERROR {command!r}: {problem}"
    assert ai.calls == []


def test_unknown_commands_garbage_and_empty_lines():
    brain, _ = brain_with()
    assert talk(brain, "HELLO there") == ["UNKNOWN command 'HELLO'"]
    assert talk(brain, "\x00\x01garbage") == ["UNKNOWN command '\\x00\\x01garbage'"]
    assert talk(brain, "", "   ", "\r\n") == []
    assert talk(brain, "start 15\r\n") == ["OK"]  # case and CR LF do not matter
    assert not brain.finished
    assert talk(brain, "END") == [] and brain.finished


# --- moves -----------------------------------------------------------------------------------


def test_begin_plays_first_and_turn_answers():
    brain, ai = brain_with((7, 7), (8, 8), level="hard", seed=5)
    assert talk(brain, "START 15", "BEGIN") == ["OK", "7,7"]
    assert talk(brain, "TURN 7,8") == ["8,8"]
    assert brain.state.moves == [(7, 7), (7, 8), (8, 8)]
    assert brain.state.at(7, 7) == BLACK and brain.state.at(7, 8) == WHITE
    # the AI saw the position with the opponent's stone, as the side to move, with our options
    seen, budget, level, seed = ai.calls[1]
    assert seen.moves == [(7, 7), (7, 8)] and seen.current_player == BLACK
    assert (level, seed) == ("hard", 5)
    assert seen is not brain.state  # the AI gets a copy


def test_opponent_first_makes_us_white():
    brain, ai = brain_with((8, 8))
    assert talk(brain, "START 15", "TURN 7,7") == ["OK", "8,8"]
    assert ai.calls[0][0].current_player == WHITE
    assert brain.state.at(8, 8) == WHITE


@pytest.mark.parametrize(
    "command, error",
    [
        ("TURN 3", "ERROR 'TURN 3': a move is 'x,y', got '3'"),
        ("TURN 99,99", "ERROR 'TURN 99,99': move 99,99 is off the 15x15 board"),
        ("TURN -1,0", "ERROR 'TURN -1,0': move -1,0 is off the 15x15 board"),
        ("TURN a,b", "ERROR 'TURN a,b': a move is two integers 'x,y', got 'a,b'"),
        ("TURN 7,7", "ERROR 'TURN 7,7': 7,7 is occupied"),
    ],
)
def test_bad_turns_are_errors_and_change_nothing(command, error):
    brain, ai = brain_with((7, 7))
    talk(brain, "START 15", "BEGIN")
    assert talk(brain, command) == [error]
    assert brain.state.moves == [(7, 7)] and len(ai.calls) == 1
    # and the brain carries on normally
    assert talk(brain, "TURN 0,0") == ["1,0"]


def test_turn_that_ends_the_game_is_reported():
    brain, _ = brain_with((0, 0), (0, 1), (0, 2), (0, 3))
    talk(brain, "START 15")
    for x in range(4):
        talk(brain, f"TURN {x + 5},7")
    [reply] = talk(brain, "TURN 9,7")
    assert reply == "ERROR the game is over after 9,7: black wins"
    assert talk(brain, "BEGIN") == ["ERROR 'BEGIN': the game is over"]


def test_illegal_ai_move_is_replaced_and_forbidden_points_are_never_played():
    # Renju, we are black; the stand-in AI insists on the double-three point 7,7.
    brain, _ = brain_with((7, 7))
    talk(brain, "INFO rule 4", "START 15")
    board = ["BOARD", "5,7,1", "6,7,1", "7,5,1", "7,6,1", "0,14,2", "2,14,2", "4,14,2", "6,14,2", "DONE"]
    assert brain.state.rule is Rule.RENJU
    replies = talk(brain, *board)
    assert replies[0] == "DEBUG AI move (7, 7) is not legal here; fallback move"
    move = parse_move(replies[1])
    assert move != (7, 7) and brain.state.at(*move) == BLACK
    assert brain.state.foul is None and brain.state.winner is None


def test_ai_failure_still_gives_a_legal_move():
    def broken_ai(state, budget_ms, level, seed):
        raise RuntimeError("out of ideas")

    brain = GomocupBrain(broken_ai)
    assert talk(brain, "START 15", "BEGIN") == [
        "OK",
        "DEBUG AI failed (RuntimeError: out of ideas); fallback move",
        "7,7",  # the fallback takes the centre
    ]


# --- BOARD -----------------------------------------------------------------------------------


def test_board_with_equal_counts_makes_us_black():
    brain, ai = brain_with((9, 9))
    talk(brain, "START 15")
    assert talk(brain, "BOARD", "7,7,1", "8,8,2", "7,8,1", "8,7,2") == []
    assert talk(brain, "DONE") == ["9,9"]
    state = brain.state
    assert state.at(7, 7) == state.at(7, 8) == state.at(9, 9) == BLACK
    assert state.at(8, 8) == state.at(8, 7) == WHITE
    assert ai.calls[0][0].current_player == BLACK


def test_board_with_one_more_opponent_stone_makes_us_white():
    brain, _ = brain_with((9, 9))
    talk(brain, "START 15")
    assert talk(brain, "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE") == ["9,9"]
    assert brain.state.at(7, 7) == BLACK and brain.state.at(9, 9) == WHITE


def test_empty_board_command_means_we_begin():
    brain, _ = brain_with((7, 7))
    talk(brain, "START 15")
    assert talk(brain, "BOARD", "DONE") == ["7,7"]


@pytest.mark.parametrize(
    "lines, error",
    [
        (["7,7,1", "8,8,1"], "ERROR BOARD: 2 own and 0 opponent stones: not our turn"),
        (["7,7,1", "7,7,2"], "ERROR BOARD: two stones on 7,7"),
        (["7,7,3", "8,8,2"], "ERROR BOARD: continuous-game stones (field 3) are not supported"),
        (["7,7,5"], "ERROR BOARD: bad field 5 in '7,7,5'"),
        (["7,7"], "ERROR BOARD: bad BOARD line '7,7'"),
        (["20,7,1", "8,8,2"], "ERROR BOARD: stone 20,7 is off the board"),
        (
            [f"{x},0,1" for x in range(5)] + [f"{x},5,2" for x in range(5)],
            "ERROR BOARD: the position already contains a winning row",
        ),
    ],
)
def test_bad_boards_are_errors(lines, error):
    brain, ai = brain_with()
    talk(brain, "START 15")
    assert talk(brain, "BOARD", *lines, "DONE") == [error]
    assert ai.calls == []
    # the brain is not stuck in BOARD mode
    assert talk(brain, "ABOUT") == [ABOUT]


def test_board_interrupted_by_a_command():
    brain, _ = brain_with()
    talk(brain, "START 15")
    assert talk(brain, "BOARD", "7,7,1", "ABOUT") == ["ERROR BOARD: not finished with DONE before 'ABOUT'", ABOUT]


# --- TAKEBACK, RESTART -----------------------------------------------------------------------


def test_takeback_removes_stones_in_reverse_order():
    brain, _ = brain_with((7, 7), (8, 8))
    talk(brain, "START 15", "BEGIN", "TURN 7,8")
    assert talk(brain, "TAKEBACK 8,8") == ["OK"]
    assert talk(brain, "TAKEBACK 7,8") == ["OK"]
    assert brain.state.moves == [(7, 7)] and brain.state.current_player == WHITE
    assert talk(brain, "TAKEBACK 3,3") == ["ERROR 'TAKEBACK 3,3': there is no stone on 3,3"]
    assert talk(brain, "TAKEBACK 3") == ["ERROR 'TAKEBACK 3': a move is 'x,y', got '3'"]
    assert talk(brain, "TURN 6,6") == ["0,0"]


def test_takeback_of_a_stone_that_is_not_the_last_move_is_an_error():
    # Regression: TAKEBACK of an earlier stone used to remove it from the middle of the game.
    brain, _ = brain_with((7, 7), (8, 8))
    talk(brain, "START 15", "BEGIN", "TURN 7,8")
    before = brain.state.moves.copy()
    for earlier in ("7,7", "7,8"):
        assert talk(brain, f"TAKEBACK {earlier}") == [
            f"ERROR 'TAKEBACK {earlier}': only the last move (8,8) can be taken back"
        ]
        assert brain.state.moves == before
    assert talk(brain, "TAKEBACK 8,8") == ["OK"]
    assert brain.state.moves == before[:-1]


def test_takeback_after_board_follows_the_order_the_stones_were_sent_in():
    brain, _ = brain_with((9, 9))
    talk(brain, "START 15", "BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    # the moves, as sent: 7,7 (black) 8,8 (white) 7,8 (black), then our answer 9,9
    assert talk(brain, "TAKEBACK 7,7") == ["ERROR 'TAKEBACK 7,7': only the last move (9,9) can be taken back"]
    assert talk(brain, "TAKEBACK 9,9") == ["OK"]
    assert talk(brain, "TAKEBACK 7,7") == ["ERROR 'TAKEBACK 7,7': only the last move (7,8) can be taken back"]
    assert talk(brain, "TAKEBACK 7,8") == ["OK"]
    state = brain.state
    assert state.moves == [(7, 7), (8, 8)] and state.at(7, 8) == 0
    assert state.current_player == BLACK


def test_restart_clears_the_board_and_keeps_size_and_rule():
    brain, _ = brain_with((7, 7))
    talk(brain, "INFO rule 1", "START 20", "BEGIN")
    assert talk(brain, "RESTART") == ["OK"]
    assert brain.state.moves == [] and brain.state.size == 20 and brain.state.rule is Rule.STANDARD


# --- INFO ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bits, rule",
    [
        (0, Rule.FREESTYLE),
        (1, Rule.STANDARD),
        (4, Rule.RENJU),
        (5, Rule.RENJU),
        (2, Rule.FREESTYLE),
        (3, Rule.STANDARD),
        (8, Rule.STANDARD),
        (9, Rule.STANDARD),
    ],
)
def test_rule_bits(bits, rule):
    assert rule_from_info(bits) is rule


def test_info_rule_applies_to_the_game_in_progress():
    warmed = []
    brain = GomocupBrain(ScriptedAI((7, 7)), warm_up=warmed.append)
    talk(brain, "START 15")
    # Every rule's tables are built while START is answered, not when the rule arrives (the
    # manager's clock for the first move runs right after INFO rule).
    assert sorted(warmed) == sorted(Rule)
    talk(brain, "BEGIN", "TURN 0,0")
    assert talk(brain, "INFO rule 4") == []
    assert brain.state.rule is Rule.RENJU and brain.state.moves == [(7, 7), (0, 0), (1, 0)]
    assert sorted(warmed) == sorted(Rule)  # nothing built twice
    assert talk(brain, "INFO rule 2") == ["DEBUG continuous game is not supported; playing single games"]
    assert talk(brain, "INFO rule 8") == ["DEBUG caro is not supported; playing exactly five"]
    assert brain.state.rule is Rule.STANDARD


def test_info_limits_and_ignored_keys():
    brain, _ = brain_with()
    assert talk(brain, "INFO timeout_turn 1000", "INFO timeout_match 90000", "INFO time_left 45000") == []
    assert (brain.timeout_turn_ms, brain.timeout_match_ms, brain.time_left_ms) == (1000, 90000, 45000)
    assert talk(brain, "INFO max_memory 83886080", "INFO game_type 1", "INFO folder C:\\tmp", "INFO whatever 1") == []
    assert talk(brain, "INFO timeout_turn soon") == ["DEBUG ignored INFO timeout_turn: 'soon' is not an integer"]
    assert brain.timeout_turn_ms == 1000


# --- time ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "timeout_turn, time_left, empty, budget",
    [
        (300, None, 225, 300 * 0.9 - 50),  # turn limit only: 220 ms
        (5000, None, 100, 4450),
        (0, None, 225, FAST_MOVE_MS),  # "as fast as possible"
        (0, 100000, 225, FAST_MOVE_MS),
        (5000, 100000, 225, 100000 / 40 * 0.9 - 50),  # 40 moves to go: 2200 ms
        (5000, 100000, 60, 100000 / 30 * 0.9 - 50),  # 30 moves to go
        (5000, 3000, 10, 3000 / 10 * 0.9 - 50),  # at least 10 moves to go: 220 ms
        (30000, 2147483647, 225, 30000 * 0.9 - 50),  # unlimited match time
        (5000, 100, 225, 5.0),  # nearly out of time: the minimum
        (5000, -500, 225, 5.0),  # already over (time_left can be negative)
    ],
)
def test_move_budget(timeout_turn, time_left, empty, budget):
    assert move_budget_ms(timeout_turn, time_left, empty) == pytest.approx(budget)


def test_budget_reaches_the_ai():
    brain, ai = brain_with((7, 7), (8, 8))
    talk(brain, "INFO timeout_turn 300", "START 15", "BEGIN")
    assert ai.calls[-1][1] == pytest.approx(220)
    # 223 empty points: the match clock is shared over 40 moves to go, 100 ms each
    talk(brain, "INFO timeout_match 100000", "INFO time_left 4000", "TURN 0,0")
    assert ai.calls[-1][1] == pytest.approx(4000 / 40 * 0.9 - 50)


# --- the stdin/stdout loop -------------------------------------------------------------------


class RecordingOutput(io.StringIO):
    def __init__(self):
        super().__init__()
        self.flushed_lines: list[int] = []

    def flush(self):
        self.flushed_lines.append(self.getvalue().count("\n"))


def test_serve_flushes_every_line_and_stops_at_end():
    brain, _ = brain_with((7, 7))
    commands = io.BytesIO(b"START 15\r\nBEGIN\r\n\xff\xfe\r\nEND\r\nABOUT\r\n")
    output = RecordingOutput()
    assert serve(brain, commands, output) == 0
    assert output.getvalue().splitlines() == ["OK", "7,7", "UNKNOWN command '\ufffd\ufffd'"]
    assert output.flushed_lines == [1, 2, 3]  # flushed after each line; ABOUT after END unread


def test_serve_returns_at_end_of_input():
    brain, _ = brain_with()
    output = io.StringIO()
    assert serve(brain, io.BytesIO(b"START 15\n"), output) == 0
    assert output.getvalue() == "OK\n"


# --- the real brain, as a process ------------------------------------------------------------


class BrainProcess:
    """`python main.py brain gomocup` with line-by-line request/reply and a reply timer."""

    def __init__(self, *extra_args: str):
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "brain", "gomocup", *extra_args],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )

    def send(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\r\n")
        self.process.stdin.flush()

    def ask(self, *lines: str) -> tuple[str, float]:
        """Send the lines; return the next reply line (DEBUG lines skipped) and the seconds it took."""
        started = time.perf_counter()
        for line in lines:
            self.send(line)
        while True:
            reply = self.process.stdout.readline().decode()
            assert reply, f"brain exited: {self.process.stderr.read().decode()}"
            if not reply.startswith(("DEBUG", "MESSAGE")):
                return reply.rstrip("\r\n"), time.perf_counter() - started

    def close(self) -> int:
        self.send("END")
        return self.process.wait(timeout=10)


def _played(reply: str, state: GomokuState) -> tuple[int, int]:
    move = parse_move(reply, state.size)
    assert state.is_legal(*move), (reply, state.diagram())
    state.play(*move)
    return move


# The brain has 300 ms per move and aims at 220; the check allows the test machine some
# scheduling noise on top of the protocol limit.


@pytest.mark.slow
def test_real_brain_session():
    brain = BrainProcess()
    try:
        assert brain.ask("ABOUT")[0] == ABOUT
        assert brain.ask("START 15")[0] == "OK"
        brain.send("INFO timeout_turn 300")
        brain.send("INFO timeout_match 0")
        mirror = GomokuState(15)
        reply, _ = brain.ask("BEGIN")
        _played(reply, mirror)
        for opponent_move in [(0, 0), (14, 14), (0, 14), (14, 0)]:
            mirror.play(*opponent_move)
            reply, _ = brain.ask("TURN %d,%d" % opponent_move)
            _played(reply, mirror)

        # take back our last move and the opponent's, then continue from there
        ours = mirror.undo()
        theirs = mirror.undo()
        assert brain.ask("TAKEBACK %d,%d" % ours)[0] == "OK"
        assert brain.ask("TAKEBACK %d,%d" % theirs)[0] == "OK"
        mirror.play(1, 13)
        reply, _ = brain.ask("TURN 1,13")
        _played(reply, mirror)

        # garbage and malformed commands do not stop it
        assert brain.ask("hello brain")[0] == "UNKNOWN command 'hello'"
        assert brain.ask("TURN 3")[0].startswith("ERROR")
        assert brain.ask("TURN 99,99")[0].startswith("ERROR")

        # a new game from a BOARD: black has an open four at 3..6 on row 7; we are white and
        # must block one end (the only non-losing answers)
        assert brain.ask("RESTART")[0] == "OK"
        stones = ["3,7,2", "4,7,2", "5,7,2", "6,7,2", "3,3,1", "10,10,1", "12,3,1"]
        reply, _ = brain.ask("BOARD", *stones, "DONE")
        assert reply in ("2,7", "7,7")
        assert brain.close() == 0
    finally:
        if brain.process.poll() is None:
            brain.process.kill()


@pytest.mark.slow
def test_real_brain_as_renju_black_avoids_a_forbidden_point():
    # Black (us) has the double-three point 7,7 that would otherwise be the natural move.
    brain = BrainProcess()
    try:
        brain.send("INFO rule 4")
        brain.send("INFO timeout_turn 300")
        assert brain.ask("START 15")[0] == "OK"
        own = ["5,7,1", "6,7,1", "7,5,1", "7,6,1"]
        their = ["0,14,2", "2,14,2", "4,14,2", "14,0,2"]
        reply, _ = brain.ask("BOARD", *own, *their, "DONE")
        state = GomokuState.from_stones(
            [parse_move(s.rsplit(",", 1)[0]) for s in own],
            [parse_move(s.rsplit(",", 1)[0]) for s in their],
            rule=Rule.RENJU,
        )
        assert state.forbidden_points() == [(7, 7)]
        move = _played(reply, state)
        assert move != (7, 7) and state.foul is None
        assert brain.close() == 0
    finally:
        if brain.process.poll() is None:
            brain.process.kill()
