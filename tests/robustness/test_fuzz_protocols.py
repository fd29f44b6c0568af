"""Property tests over the text protocols: what `python main.py bot locm` reads each turn, and the
answers the referee reads from bots (draft picks and battle action lines).

The inputs are real turn texts of real games (draft and battle, one and two lanes) with
token- and line-level mutations (huge, negative and non-numeric numbers, control characters,
words and lines dropped, repeated or garbled), and raw bytes. The invariant: no exception
escapes; a refused turn or answer says which line and what is wrong; the bot always answers
with a well-formed line and keeps reading; the referee's battle goes on after any answer.
"""

from __future__ import annotations

import io
import random
import re
import time

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ai.cards.random_agent import RandomAgent
from ai.cards.rule_bot import RuleAgent
from game.rules.cards.actions import ActionSyntaxError, MAX_INSTANCE_ID
from game.rules.cards.battle import Battle
from game.rules.cards.bot_input import DraftInput, ProtocolError, is_player_line, parse_turn_input, turn_length
from game.rules.cards.draft import Draft, DraftAnswerError, parse_draft_answer
from game.rules.cards.locm import load_official_cards
from game.rules.cards.observation import Observation
from game.rules.cards.protocol import battle_input, draft_input, parse_action_line, play_turn
from game.tools.locm_bot import LineReader, LocmBot
from tests.robustness.fuzz import examples

FUZZ = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARDS = load_official_cards()
POOL = list(CARDS.values())
ACTION = r"(SUMMON|ATTACK|USE) -?\d+( -?\d+){0,2}"
ANSWER = re.compile(rf"^(PASS|PICK \d+|{ACTION}(;{ACTION})*)$")


def _game_texts(lanes: int, seed: int) -> tuple[list[str], list[tuple[Battle, list]]]:
    """Every turn text of one random game (both seats' drafts, then the battle), and some
    battles in progress (with the current player's hand and board ids, for answers)."""
    rng = random.Random(seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for seat, agent in enumerate(agents):
        agent.new_game(seat, lanes)
    draft = Draft(POOL, rng)
    texts = []
    for pick, offer in enumerate(draft.offers):
        for seat in (0, 1):
            if pick % 10 == 0:
                texts.append(draft_input(pick, seat, offer, lanes))
            draft.choose(seat, agents[seat].draft_pick(offer, draft.picks[seat], pick))
    battle = Battle.from_decks(draft.decks(rng), lanes)
    battles = []
    while battle.winner is None and battle.turn < 200:
        texts.append(battle_input(battle))
        side = battle.sides[battle.current]
        ids = (
            [i.uid for i in side.hand]
            + [c.uid for c in side.board]
            + [c.uid for c in battle.sides[1 - battle.current].board]
        )
        battles.append((battle.clone(), ids))
        seat = battle.current
        while battle.current == seat and battle.winner is None:
            battle.apply(agents[seat].decide(battle.observation(seat), 5).actions[0])
    return texts, battles


TEXTS: list[str] = []
BATTLES: list[tuple[Battle, list]] = []
for _lanes, _seed in ((1, 1), (2, 2), (1, 3)):
    _texts, _battles = _game_texts(_lanes, _seed)
    TEXTS += _texts
    BATTLES += _battles[::3]

WORDS = st.one_of(
    st.sampled_from(
        [
            "-1",
            "0",
            "1",
            "255",
            "256",
            "1000001",
            "-1000001",
            str(10**30),
            "1" * 5000,
            "x",
            "²",
            "٣",
            "+3",
            "1_0",
            "1e3",
            "0x10",
            "",
            "------",
            "BCDGLW",
            "BBBBBB",
            "XXXXXX",
            "-----",
            "\x00",
            "\x1b",
            "\u2028",
            "\x85",
            "\ufeff",
            "SUMMON",
            "PASS",
            "30",
            "12",
            "13",
            "99",
            "100",
            "101",
            "26",
            "25",
        ]
    ),
    st.integers(-300, 300).map(str),
    st.text(st.characters(exclude_categories=()), max_size=6),
)


OPS = [
    "nudge",
    "nudge",
    "nudge",
    "word",
    "word",
    "drop_word",
    "add_word",
    "drop_line",
    "dup_line",
    "junk_line",
    "swap_lines",
]


@st.composite
def mutated_turn(draw, ops: list[str] = OPS) -> str:
    """A real turn text with 1..3 mutations; `ops=["nudge"]` keeps it well-formed (numbers off by a
    little or at a limit), which reaches the engine and the AI behind the parser."""
    text = draw(st.sampled_from(TEXTS), label="turn")
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3), label="mutations")):
        index = draw(st.integers(0, len(lines) - 1), label="line")
        words = lines[index].split(" ")
        op = draw(st.sampled_from(ops), label="op")
        # ASCII digits only: an earlier mutation may have put in a word like "²", which isdigit() accepts
        numbers = [i for i, w in enumerate(words) if w.lstrip("-").isascii() and w.lstrip("-").isdigit() and len(w) < 8]
        if op == "nudge" and numbers:  # a number off by a little, or at a limit: still a well-formed turn
            at = draw(st.sampled_from(numbers), label="at")
            words[at] = str(
                draw(
                    st.one_of(
                        st.integers(-3, 3).map(lambda d: int(words[at]) + d),
                        st.sampled_from([0, 1, 12, 13, 25, 26, 99, 100, 101, 127, 128, 255, 256]),
                    ),
                    label="number",
                )
            )
        elif op == "word" and words:
            words[draw(st.integers(0, len(words) - 1), label="at")] = draw(WORDS, label="word")
        elif op == "drop_word" and words:
            del words[draw(st.integers(0, len(words) - 1), label="at")]
        elif op == "add_word":
            words.insert(draw(st.integers(0, len(words)), label="at"), draw(WORDS, label="word"))
        elif op == "drop_line" and len(lines) > 1:
            del lines[index]
            continue
        elif op == "dup_line":
            lines.insert(index, lines[index])
            continue
        elif op == "junk_line":
            lines.insert(index, draw(st.text(st.characters(exclude_categories=()), max_size=30), label="junk"))
            continue
        elif op == "swap_lines" and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1), label="other")
            lines[index], lines[other] = lines[other], lines[index]
            continue
        lines[index] = " ".join(words)
    return "\n".join(lines)


def check_parsed(text: str, parsed) -> None:
    if isinstance(parsed, DraftInput):
        assert 1 <= len(parsed.offer) <= 64 and parsed.seat in (0, 1) and parsed.lanes in (1, 2)
        return
    assert isinstance(parsed, Observation)
    battle = parsed.battle
    for side in battle.sides:
        assert len(side.deck) <= (MAX_INSTANCE_ID - 1) // 2
        for instance in list(side.deck) + list(side.hand):
            assert 1 <= instance.uid <= MAX_INSTANCE_ID
        for creature in side.board:
            assert 1 <= creature.uid <= MAX_INSTANCE_ID
        assert 0 <= side.next_draw <= 99 and 0 <= side.next_rune <= 25
    battle.legal_actions()


def check_protocol_error(error: ProtocolError, text: str, first_line: int = 1) -> None:
    lines = text.splitlines()
    assert str(error).startswith(f"line {error.line}: ")
    assert first_line <= error.line <= first_line + len(lines), (error, len(lines))
    assert error.reason.strip() and len(str(error)) < 400


@FUZZ
@given(st.one_of(mutated_turn(), mutated_turn(["nudge"])))
def test_mutated_turn_input_is_parsed_or_refused_with_its_line(text):
    try:
        parsed = parse_turn_input(text)
    except ProtocolError as error:
        event("refused")
        check_protocol_error(error, text)
    else:
        event(f"parsed: {type(parsed).__name__}")
        check_parsed(text, parsed)
    for line in text.splitlines():
        is_player_line(line)
    try:
        turn_length(text.splitlines())
    except ProtocolError as error:
        check_protocol_error(error, text)


@FUZZ
@given(
    st.one_of(
        st.text(st.characters(exclude_categories=()), max_size=200),
        st.binary(max_size=200).map(lambda raw: raw.decode("utf-8", "replace")),
    ),
    st.integers(1, 10**6),
)
def test_arbitrary_text_as_turn_input(text, first_line):
    try:
        parsed = parse_turn_input(text, first_line=first_line)
    except ProtocolError as error:
        check_protocol_error(error, text, first_line)
    else:
        check_parsed(text, parsed)


def _bot(agent=None) -> tuple[LocmBot, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return LocmBot(agent or RuleAgent(0), out, err), out, err


AGENT_CRASH = re.compile(r"turn starting at stdin line \d+: \w+(Error|Exception)")


@FUZZ
@given(st.one_of(mutated_turn(), mutated_turn(["nudge"])))
def test_bot_answers_every_mutated_turn_with_a_well_formed_line(text):
    """`bot locm` on one turn (what it does after reading a turn's lines): a legal-looking answer,
    PASS for a garbled turn, and never an agent crash on input the parser accepted."""
    bot, _, err = _bot()
    answer = bot.turn(text if text.endswith("\n") else text + "\n", 1, time.perf_counter())
    event("PASS" if answer == "PASS" else answer.split()[0])
    assert ANSWER.match(answer), answer
    if not answer.startswith("PICK"):
        parse_action_line(answer)
    assert not AGENT_CRASH.search(err.getvalue()), err.getvalue()


@FEW
@given(
    st.lists(
        st.one_of(
            st.sampled_from(TEXTS), mutated_turn(), st.binary(max_size=60).map(lambda raw: raw.decode("latin-1"))
        ),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_bot_reads_a_damaged_stream_to_its_end(turns, raw_damage):
    """The whole `bot locm` loop over a stream of turns, some garbled (and some bytes that are
    not UTF-8): it answers, reads on and exits 0 at the end of input."""
    stream = "\n".join(t.rstrip("\n") for t in turns).encode("utf-8", "surrogatepass") + b"\n"
    if raw_damage:
        stream = stream.replace(b"0", b"\xff", 1)
    bot, out, err = _bot(RandomAgent(0))
    assert bot.run(LineReader(io.BytesIO(stream))) == 0
    answers = out.getvalue().splitlines()
    for answer in answers:
        assert ANSWER.match(answer), answer
    assert not AGENT_CRASH.search(err.getvalue()), err.getvalue()


# ---------------------------------------------------------------------------------- referee answers

ANSWER_WORDS = st.one_of(
    st.sampled_from(
        [
            "SUMMON",
            "ATTACK",
            "USE",
            "PASS",
            "PICK",
            "CHOOSE",
            "summon",
            "attack",
            "pick",
            "JUMP",
            "",
            ";",
            ";;",
            "-1",
            "-2",
            "0",
            "1",
            "2",
            "3",
            "255",
            "256",
            str(2**63),
            "1" * 5000,
            "²",
            "--1",
            "+1",
            "\x00",
            "\t",
            "\u2028",
            "\ufffd",
        ]
    ),
    st.integers(-5, 300).map(str),
    st.text(max_size=5),
)


@st.composite
def answer_line(draw, ids: list[int] | None = None) -> str:
    if draw(st.integers(0, 3), label="raw") == 0:
        return draw(
            st.one_of(
                st.text(st.characters(exclude_categories=()), max_size=80),
                st.binary(max_size=80).map(lambda raw: raw.decode("utf-8", "replace")),
            ),
            label="raw",
        )
    number = ANSWER_WORDS
    if ids:  # mostly the ids on the table (then the engine decides), sometimes anything
        number = st.one_of(st.sampled_from(ids + [-1]), st.sampled_from(ids + [-1]), ANSWER_WORDS)
    parts = []
    for _ in range(draw(st.integers(1, 4), label="actions")):
        verb = draw(
            st.sampled_from(["SUMMON", "ATTACK", "USE", "SUMMON", "ATTACK", "USE", "PASS", "summon", "JUMP"]),
            label="verb",
        )
        args = draw(st.sampled_from([2, 2, 2, 2, 3, 1, 0, 4]), label="args")
        words = [verb] + [str(draw(number, label="arg")) for _ in range(args)]
        parts.append(" ".join(words))
    return ";".join(parts)


@FUZZ
@given(st.integers(0, 29), answer_line(ids=[0, 1, 2]), st.sampled_from(["PICK", "CHOOSE", "pick", "PASS", ""]))
def test_draft_answers_are_an_offer_index_or_refused(pick, line, verb):
    offer = Draft(POOL, random.Random(pick)).offers[pick]
    for text in (line, f"{verb} {line}"):
        try:
            index = parse_draft_answer(text, offer)
        except DraftAnswerError as error:
            assert str(error).strip() and len(str(error)) < 400
        else:
            assert isinstance(index, int) and 0 <= index < len(offer)


@FUZZ
@given(st.data())
def test_battle_answers_are_played_or_refused_and_the_battle_goes_on(data):
    battle, ids = data.draw(st.sampled_from(BATTLES), label="battle")
    battle = battle.clone()
    line = data.draw(answer_line(ids=ids), label="answer")
    seat, turn = battle.current, battle.turn
    try:
        warnings = play_turn(battle, line)
    except ActionSyntaxError as error:
        event("refused")
        assert str(error).strip() and len(str(error)) < 400
        assert battle.current == seat and battle.turn == turn  # nothing was played
        return
    event("played, with warnings" if warnings else "played")
    assert all(isinstance(w, str) for w in warnings)
    assert battle.winner is not None or battle.current != seat
    if battle.winner is None:
        battle_input(battle)  # the next turn's text can be sent


@FUZZ
@given(st.text(st.characters(exclude_categories=()), max_size=30))
def test_time_limit_arguments_are_parsed_or_refused(text):
    import argparse
    import math

    from game.tools.args import positive_ms
    from game.tools.referee import _draft_limits

    for parse in (positive_ms, _draft_limits):
        try:
            value = parse(text)
        except argparse.ArgumentTypeError as error:
            assert str(error)
        else:
            values = value if isinstance(value, tuple) else (value,)
            assert all(math.isfinite(v) and v > 0 for v in values)


@pytest.mark.parametrize(
    "junk",
    [b"PICK \xc2\xb2\n", b"\xff\xfe\n", b"CHOOSE 99999999999999999999999\n", b"PICK " + b"1" * 5000 + b"\n", b"\x00\n"],
)
def test_referee_survives_a_bot_that_answers_junk(junk, tmp_path):
    """A bot answering junk in the draft loses the game; the referee itself goes on."""
    import sys

    from game.tools.referee import Limits, play_game

    bot = tmp_path / "junk_bot.py"
    bot.write_text(
        "import sys\n"
        f"junk = {junk!r}\n"
        "for line in sys.stdin.buffer:\n"
        "    if line.startswith(b'30 0 ') or line.startswith(b'0 0'):\n"
        "        pass\n"
        "    sys.stdout.buffer.write(junk); sys.stdout.buffer.flush()\n"
    )
    limits = Limits(draft_first_ms=5000, draft_ms=2000, first_turn_ms=5000, turn_ms=2000)
    report = play_game([f"{sys.executable} {bot}", f"{sys.executable} {bot}"], POOL, random.Random(0), limits=limits)
    assert report.failure is not None and report.winner in (0, 1)
    assert "draft answer" in report.reason or "timed out" in report.reason
