"""The Gomocup brain's protocol handler against random and mutated command lines: whatever a
manager (or a broken one) sends, no exception escapes, every reply is one protocol line, every
ERROR names the line it answers, and every move the brain plays is legal."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.gomoku import GomokuState
from game.tools.gomocup_brain import ABOUT, GomocupBrain

MOVE = re.compile(r"^\d+,\d+$")


def first_legal(state: GomokuState, budget_ms, level="master", seed=None):
    """A stand-in AI that costs nothing: the first legal point."""
    return state.legal_actions()[0]


numbers = st.one_of(st.integers(-3, 22), st.sampled_from([2**31, -(2**40), 10**30]))
points = st.builds(lambda x, y: f"{x},{y}", numbers, numbers)

valid_lines = st.one_of(
    st.sampled_from(
        [
            "START 15",
            "START 20",
            "RESTART",
            "BEGIN",
            "BOARD",
            "DONE",
            "ABOUT",
            "END",
            "RECTSTART 15,15",
            "INFO rule 0",
            "INFO rule 1",
            "INFO rule 4",
            "INFO timeout_turn 1000",
            "INFO time_left 5000",
            "INFO max_memory 0",
        ]
    ),
    points.map(lambda p: f"TURN {p}"),
    points.map(lambda p: f"TAKEBACK {p}"),
    st.builds(lambda p, field: f"{p},{field}", points, st.integers(-1, 4)),
    st.builds(lambda n: f"START {n}", numbers),
    st.builds(
        lambda key, value: f"INFO {key} {value}",
        st.sampled_from(["rule", "timeout_turn", "timeout_match", "time_left", "game_type", "x"]),
        st.one_of(numbers.map(str), st.text(max_size=5)),
    ),
)


@st.composite
def mutated(draw, line_strategy=valid_lines):
    """A valid line with a few characters inserted, deleted or replaced."""
    text = list(draw(line_strategy))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        position = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(list(",; -+0123456789xX\t\x00\u00e9\u0663\ufffd")))
        if kind == "insert":
            text.insert(position, char)
        elif text and position < len(text):
            if kind == "delete":
                del text[position]
            else:
                text[position] = char
    return "".join(text)


lines = st.one_of(valid_lines, valid_lines, mutated(), st.text(max_size=30))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(session=st.lists(lines, min_size=1, max_size=25))
def test_no_command_line_makes_the_brain_raise(session):
    brain = GomocupBrain(first_legal)
    for line in ["START 15", *session]:
        before = None if brain.state is None else brain.state.clone()
        replies = brain.handle(line)  # must not raise
        assert isinstance(replies, list)
        for reply in replies:
            assert isinstance(reply, str) and reply
            assert "\n" not in reply and "\r" not in reply, reply
            assert "internal error" not in reply, (line, reply)
            if reply.startswith("ERROR"):
                # Names what it answers: the line itself, or the BOARD block it closes, or the
                # move that ended the game.
                assert (
                    repr(line.strip()[:60]) in reply
                    or reply.startswith("ERROR BOARD:")
                    or reply.startswith("ERROR the game is over after")
                ), (line, reply)
            elif MOVE.match(reply):
                state = brain.state
                move = tuple(int(v) for v in reply.split(","))
                assert state is not None and state.moves and state.moves[-1] == move, (line, reply)
            else:
                assert reply == "OK" or reply == ABOUT or reply.startswith(("UNKNOWN", "DEBUG", "MESSAGE")), reply
        state = brain.state
        if state is not None:
            # The position stays a real game: alternating colours, nothing removed mid-history.
            replay = GomokuState(state.size, state.rule)
            for x, y in state.moves:
                replay.play(x, y)
            assert replay.board == state.board
            if before is not None and line.strip().upper().startswith("TAKEBACK") and state.size == before.size:
                assert state.moves in (before.moves, before.moves[:-1])
