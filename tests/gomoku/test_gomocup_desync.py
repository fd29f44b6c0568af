"""The Gomocup brain never desynchronises from its manager: a command answered with ERROR leaves
the brain's board exactly as it was (a TURN whose stone was kept after a failed reply made the
brain count the manager's next TURN as its own colour), and INFO numbers of any size are
clamped instead of overflowing the move budget."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.gomoku import BLACK, WHITE, GomokuState
from game.tools import gomocup_brain
from game.tools.gomocup_brain import MAX_INFO_NUMBER, GomocupBrain


def first_legal(state: GomokuState, budget_ms, level="master", seed=None):
    """A stand-in AI that costs nothing, and checks the budget it is given is a sane number."""
    assert 0 < budget_ms < float(MAX_INFO_NUMBER)
    return state.legal_actions()[0]


def board(brain: GomocupBrain):
    state = brain.state
    if state is None:
        return None
    return state.size, state.rule, tuple(state.board), tuple(state.moves)


def test_a_huge_timeout_is_clamped_and_the_next_turn_keeps_the_colours():
    brain = GomocupBrain(first_legal)
    assert brain.handle("START 15") == ["OK"]
    assert brain.handle("INFO timeout_turn 1" + "0" * 400) == []
    assert brain.timeout_turn_ms == MAX_INFO_NUMBER
    assert brain.handle("INFO time_left -1" + "0" * 400) == [] and brain.time_left_ms == -MAX_INFO_NUMBER
    [reply] = brain.handle("TURN 2,9")
    assert not reply.startswith("ERROR"), reply
    state = brain.state
    assert state.at(2, 9) == BLACK and state.at(*state.moves[-1]) == WHITE  # they are black, we are white
    brain.handle("TURN 4,4")
    assert state.at(4, 4) == BLACK


def test_a_failed_reply_takes_the_opponents_stone_back(monkeypatch):
    brain = GomocupBrain(first_legal)
    brain.handle("START 15")

    def overflow(*args):
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(gomocup_brain, "move_budget_ms", overflow)
    [reply] = brain.handle("TURN 2,9")
    assert reply.startswith("ERROR 'TURN 2,9': internal error, OverflowError")
    assert brain.state.moves == []  # the stone is not kept
    monkeypatch.undo()
    brain.handle("TURN 2,9")  # the manager sends it again: still the opponent's (black) stone
    assert brain.state.at(2, 9) == BLACK and len(brain.state.moves) == 2


def test_the_move_that_ends_the_game_is_refused_and_can_be_taken_back():
    brain = GomocupBrain(lambda state, *rest: next(m for m in state.legal_actions() if m[1] == 0))
    brain.handle("START 15")
    for x in range(4):
        brain.handle(f"TURN {x + 5},7")
    before = board(brain)
    assert brain.handle("TURN 9,7") == ["ERROR the game is over after 9,7: black wins"]
    assert board(brain) == before
    assert brain.handle("BEGIN") == ["ERROR 'BEGIN': the game is over"]
    assert brain.handle("TAKEBACK 9,7") == ["OK"]
    assert board(brain) == before
    assert brain.handle("TURN 9,8")[-1].count(",") == 1  # play goes on


# ------------------------------------------------------------------ random command sequences

numbers = st.one_of(st.integers(-2, 21), st.sampled_from([2**31, -(2**40), 10**30, 10**400]))
points = st.builds(lambda x, y: f"{x},{y}", st.integers(-1, 20), st.integers(-1, 20))
commands = st.one_of(
    st.sampled_from(
        [
            "START 15",
            "START 15",
            "RESTART",
            "BEGIN",
            "BOARD",
            "DONE",
            "ABOUT",
            "RECTSTART 15,15",
            "INFO rule 0",
            "INFO rule 1",
            "INFO rule 4",
            "INFO rule 7",
            "UNKNOWN",
        ]
    ),
    points.map(lambda p: f"TURN {p}"),
    points.map(lambda p: f"TURN {p}"),
    points.map(lambda p: f"TURN {p}"),
    points.map(lambda p: f"TAKEBACK {p}"),
    st.builds(lambda p, field: f"{p},{field}", points, st.integers(0, 3)),
    st.builds(
        lambda key, value: f"INFO {key} {value}",
        st.sampled_from(["rule", "timeout_turn", "timeout_match", "time_left"]),
        numbers,
    ),
)


class FailingClock:
    """The brain's clock, failing (an internal error after the command began to change the
    board) on the calls chosen by the test."""

    def __init__(self, failures: set[int]):
        self.failures = failures
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        if self.calls in self.failures:
            raise OverflowError("a stand-in internal error")
        return float(self.calls)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(commands, min_size=1, max_size=40), st.sets(st.integers(1, 30), max_size=4))
def test_after_any_error_the_board_is_the_board_before_the_command(lines, failures):
    brain = GomocupBrain(first_legal, clock=FailingClock(failures))
    for line in ["START 15", *lines]:
        in_board = brain._board_stones is not None
        before = board(brain)
        replies = brain.handle(line)
        assert all("\n" not in reply for reply in replies)
        if replies and replies[0].startswith("ERROR BOARD: not finished with DONE"):
            replies = replies[1:]  # the unfinished BOARD is dropped; the rest answers the line itself
        elif in_board and not replies:
            assert board(brain) == before  # a stone line of BOARD changes nothing until DONE
            continue
        if replies and any(reply.startswith("ERROR") for reply in replies):
            assert board(brain) == before, (line, replies)
        if brain.state is not None:  # the colours always follow the stones' count
            stones = sum(1 for point in brain.state.board if point != 0)
            assert stones == len(brain.state.moves)
