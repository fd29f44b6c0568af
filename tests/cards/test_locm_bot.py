"""`python main.py bot locm`: the CodinGame protocol bot, in-process and as a real subprocess
driven by the referee's own game loop."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import time
from collections import Counter

import pytest

from game.tools.locm_bot import LineReader, LocmBot
from ai.cards.random_agent import RandomAgent
from ai.cards.rule_bot import RuleAgent
from game.rules.cards.actions import END_TURN, Kind, parse_action
from game.rules.cards.battle import Battle
from game.rules.cards.draft import Draft, parse_draft_answer
from game.rules.cards.protocol import battle_input, draft_input, play_turn
from game.tools.referee import BotFailure, BotProcess, Limits, play_game
from game.tools.stats import percentile

from tests.conftest import REPO_ROOT

BOT = f"{sys.executable} main.py bot locm"
# Generous limits: these tests check behaviour, not speed, and CI machines are shared. The
# real limits are exercised by test_referee and measured by the referee's reply-time report.
RELAXED = Limits(draft_first_ms=10_000, draft_ms=5_000, first_turn_ms=10_000, turn_ms=5_000)


class Recorder(RuleAgent):
    """The rule bot, recording what the protocol bot gives it."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.calls = []

    def decide(self, observation, budget_ms):
        self.calls.append((observation, budget_ms))
        return super().decide(observation, budget_ms)


def _in_process_game(cards, lanes: int, seed: int):
    """A whole game: a LocmBot (seat 0) against a random agent played directly, with the bot
    fed exactly the referee's texts. Returns the bot, its agent, and the checks made."""
    pool = list(cards.values())
    rng = random.Random(seed)
    agent = Recorder(seed)
    out, err = io.StringIO(), io.StringIO()
    bot = LocmBot(agent, out, err)
    other = RandomAgent(seed)
    other.new_game(1, lanes)
    draft = Draft(pool, rng)
    for pick, offer in enumerate(draft.offers):
        answer = bot.turn(draft_input(pick, 0, offer, lanes), 1, time.perf_counter())
        draft.choose(0, parse_draft_answer(answer, offer))
        draft.choose(1, other.draft_pick(offer, draft.picks[1], pick))
    assert Counter(c.base_id for c in bot.picks) == Counter(c.base_id for c in draft.picks[0])
    battle = Battle.from_decks(draft.decks(rng), lanes)
    deck_checks = 0
    while battle.winner is None:
        if battle.current == 0:
            calls = len(agent.calls)
            answer = bot.turn(battle_input(battle), 1, time.perf_counter())
            observation = agent.calls[calls][0]
            real_deck = Counter(i.card.base_id for i in battle.sides[0].remaining_deck())
            assert Counter(c.base_id for c in observation.my_deck) == real_deck
            deck_checks += 1
            assert play_turn(battle, answer) == [], answer  # every action legal in the real battle
        else:
            while battle.current == 1 and battle.winner is None:
                action = other.decide(battle.observation(1), 100).actions[0]
                battle.apply(action)
    assert err.getvalue() == ""
    return bot, agent, battle, deck_checks


@pytest.mark.parametrize("lanes", [1, 2])
def test_in_process_game_knows_its_deck_and_plays_legally(locm_cards, lanes):
    bot, agent, battle, deck_checks = _in_process_game(locm_cards, lanes, seed=lanes)
    assert deck_checks >= 5
    assert bot.seat == 0 and bot.lanes == lanes
    budgets = [budget for _, budget in agent.calls]
    assert budgets[0] <= 0.7 * 1000  # an idle machine: 30 % of the limit kept back
    limit = 200 if lanes == 2 else 100
    assert all(budget <= 0.7 * limit for budget in budgets[1:])
    assert [obs.me.turns for obs, _ in agent.calls] == list(range(1, len(agent.calls) + 1))


def _batch(data: str, agent=None) -> tuple[list[str], str, int]:
    out, err = io.StringIO(), io.StringIO()
    bot = LocmBot(agent or RuleAgent(0), out, err)
    code = bot.run(LineReader(io.BytesIO(data.encode())))
    return out.getvalue().splitlines(), err.getvalue(), code


def test_eof_exits_zero_with_no_output():
    assert _batch("") == ([], "", 0)
    lines, _, code = _batch("30 0 0 25 0\n30 0 0 25 0\n0 0\n3\n")  # the input ends inside a turn
    assert (lines, code) == ([], 0)


def test_batch_input_with_garbled_lines_resynchronizes(locm_cards):
    offer = (locm_cards[3], locm_cards[55], locm_cards[24])  # Beavrat ------, Hermit Slime ---G--
    turns = [draft_input(i, 0, offer) for i in range(4)]  # 7 lines each
    broken_card = turns[1].replace(" ------ ", " --?--- ", 1)
    broken_count = turns[2].split("\n")
    broken_count[3] = "three"
    # Line 1: stray; 2-8: turn 0; 9-15: a bad card line (13); 16-22: a bad count (19); 23-29.
    data = "stray words\n" + turns[0] + broken_card + "\n".join(broken_count) + turns[3]
    lines, err, code = _batch(data)
    assert code == 0
    assert lines == ["PICK 0", "PASS", "PASS", "PICK 0"]
    assert "stdin lines 1-1: skipped" in err
    assert "stdin line 13: abilities '--?---'" in err
    assert "stdin line 19: card count: 'three' is not an integer" in err


def test_lines_after_a_complete_turn_make_it_garbled(locm_cards):
    offer = (locm_cards[3], locm_cards[55], locm_cards[24])
    lines, err, code = _batch(draft_input(0, 0, offer) + "stray words\n" + draft_input(1, 0, offer))
    assert (lines, code) == (["PASS", "PICK 0"], 0)
    assert "stdin line 8: 1 more line(s) than the counts announce" in err


def test_explain_file_gets_one_json_line_per_decision(locm_cards, tmp_path):
    explain = tmp_path / "explain.jsonl"
    offers = [tuple(random.Random(i).sample(list(locm_cards.values()), 3)) for i in range(2)]
    data = "".join(draft_input(i, 1, offer) for i, offer in enumerate(offers))
    result = subprocess.run(
        [sys.executable, "main.py", "bot", "locm", "--ai", "easy", "--explain", str(explain)],
        input=data,
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 2
    entries = [json.loads(line) for line in explain.read_text().splitlines()]
    assert [(e["phase"], e["turn"]) for e in entries] == [("draft", 1), ("draft", 2)]
    assert [e["actions"][0] for e in entries] == result.stdout.splitlines()


def test_unknown_ai_is_a_clear_error():
    result = subprocess.run(
        [sys.executable, "main.py", "bot", "locm", "--ai", "nope"],
        input="",
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2
    assert "unknown AI 'nope'" in result.stderr and "easy" in result.stderr
    result = subprocess.run(
        [sys.executable, "main.py", "bot", "locm", "--ai", "hard:depth=9"],
        input="",
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and "unknown option 'depth=9'" in result.stderr and "lethal=" in result.stderr
    result = subprocess.run(
        [sys.executable, "main.py", "bot", "locm", "--ai", "easy", "--explain", "/nonexistent/x"],
        input="",
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and "cannot write --explain file" in result.stderr


# ----------------------------------------------------------------------------- subprocess


@pytest.mark.parametrize("lanes", [1, 2])
def test_whole_game_as_a_subprocess(locm_cards, lanes, tmp_path):
    explain = tmp_path / "p1.jsonl"
    report = play_game(
        [f"{BOT} --ai easy --explain {explain}", f"{BOT} --ai easy --seed 3"],
        list(locm_cards.values()),
        random.Random(lanes),
        lanes,
        RELAXED,
        cwd=REPO_ROOT,
    )
    assert report.failure is None, (report.reason, report.stderr_tail)
    assert report.winner in (0, 1)
    assert report.warnings == []  # never an illegal action: the bot's view matched the referee's
    assert report.stderr_tail == [[], []]
    entries = [json.loads(line) for line in explain.read_text().splitlines()]
    assert sum(e["phase"] == "draft" for e in entries) == 30
    battle = [e for e in entries if e["phase"] == "battle"]
    assert [e["turn"] for e in battle] == list(range(1, len(battle) + 1))
    assert all(e["explanation"]["ai"] == "easy" for e in battle)
    later = report.reply_ms[0]["battle"] + report.reply_ms[1]["battle"]
    print(
        f"\n{lanes} lane(s): battle replies p50 {percentile(later, 0.5):.1f} ms, "
        f"p99 {percentile(later, 0.99):.1f} ms, max {max(later):.1f} ms; first turns (start-up) "
        f"max {max(report.reply_ms[0]['first'] + report.reply_ms[1]['first']):.1f} ms"
    )


def test_subprocess_answers_pass_to_garbled_turns_and_plays_on(locm_cards):
    offer = (locm_cards[3], locm_cards[55], locm_cards[24])
    bot = BotProcess(f"{BOT} --ai easy", 0, cwd=REPO_ROOT)
    try:

        def ask(text: str) -> str:
            deadline = time.perf_counter() + 10
            bot.send(text, deadline)
            return bot.receive(deadline, 10_000)

        assert ask(draft_input(0, 0, offer)) == "PICK 0"
        assert ask("hello there\n") == "PASS"  # not a turn at all
        assert ask(draft_input(1, 0, offer).replace(" 2 2 ", " 2 x ", 1)) == "PASS"  # a bad card line
        broken = draft_input(2, 0, offer).split("\n")
        broken[2] = "zero"
        assert ask("\n".join(broken)) == "PASS"  # a bad count line
        short = draft_input(3, 0, offer).split("\n")
        assert ask("\n".join(short[:5]) + "\n") == "PASS"  # announces 3 cards, sends 1
        assert ask(draft_input(4, 0, offer)) == "PICK 0"
        bot.proc.stdin.close()
        assert bot.proc.wait(timeout=10) == 0
        with pytest.raises(BotFailure):
            bot.receive(time.perf_counter() + 1, 1000)
    finally:
        bot.close()
    messages = "\n".join(bot.stderr_tail)
    # Lines 1-7: a draft turn; 8: hello; 9-15: card line 13 bad; 16-22: count line 18 bad; 23-27.
    assert "stdin lines 8-8: not a turn" in messages
    assert "stdin line 13: card line: 'x' is not an integer" in messages
    assert "stdin line 18: opponent hand and action counts needs 2 integers" in messages
    assert "the turn input stopped after 5 lines of 7" in messages


class Scripted(RuleAgent):
    """Plans `script(legal actions)` for the turn, counting its plans."""

    def __init__(self, script):
        super().__init__(0)
        self.script = script
        self.plans = 0

    def decide(self, observation, budget_ms):
        from ai.cards.agent import Decision

        self.plans += 1
        legal = [a for a in observation.battle.legal_actions() if a.kind != Kind.END_TURN]
        return Decision(self.script(legal), {"plan": self.plans})


def _turn_with_a_move(cards) -> Battle:
    """A battle at the start of a turn of player 0 in which it can do something."""
    rng = random.Random(7)
    draft = Draft(list(cards.values()), rng)
    for offer in draft.offers:
        draft.choose(0, 0)
        draft.choose(1, 0)
    battle = Battle.from_decks(draft.decks(rng), 1)
    other = RandomAgent(1)
    while True:
        if battle.current == 0 and any(a.kind != Kind.END_TURN for a in battle.legal_actions()):
            return battle
        battle.apply(other.decide(battle.observation(battle.current), 100).actions[0])


def test_the_bot_plays_the_plan_through_act_and_ends_the_turn_on_an_illegal_action(locm_cards):
    """The plan's second action is illegal once the first is played: the bot ends the turn (the
    agent interface alone would plan again)."""
    battle = _turn_with_a_move(locm_cards)
    agent = Scripted(lambda legal: [legal[0], legal[0], END_TURN])
    out, err, explain = io.StringIO(), io.StringIO(), io.StringIO()
    bot = LocmBot(agent, out, err, explain)
    answer = bot.turn(battle_input(battle), 1, time.perf_counter())
    first = [a for a in battle.legal_actions() if a.kind != Kind.END_TURN][0]
    assert answer == first.text(battle.lanes)
    assert agent.plans == 1 and bot.agent.plans == 1
    assert "illegal action" in err.getvalue() and "ending the turn" in err.getvalue()
    entries = [json.loads(line) for line in explain.getvalue().splitlines()]
    assert [(e["actions"], e["explanation"]) for e in entries] == [([answer], {"plan": 1})]


def test_an_illegal_first_action_is_a_pass_with_a_warning(locm_cards):
    battle = _turn_with_a_move(locm_cards)
    agent = Scripted(lambda legal: [parse_action("SUMMON 999 0"), *legal])
    out, err = io.StringIO(), io.StringIO()
    answer = LocmBot(agent, out, err).turn(battle_input(battle), 1, time.perf_counter())
    assert answer == "PASS" and agent.plans == 1
    assert "illegal action SUMMON 999" in err.getvalue()


def test_a_plan_played_out_without_ending_the_turn_is_followed_by_another(locm_cards):
    battle = _turn_with_a_move(locm_cards)
    agent = Scripted(lambda legal: legal[:1] or [END_TURN])
    out, err, explain = io.StringIO(), io.StringIO(), io.StringIO()
    answer = LocmBot(agent, out, err, explain, clock=lambda: 0.0).turn(battle_input(battle), 1, 0.0)
    entries = [json.loads(line) for line in explain.getvalue().splitlines()]
    assert len(entries) == agent.plans >= 2 and entries[-1]["actions"] == []
    assert answer == ";".join(action for entry in entries for action in entry["actions"])
    assert err.getvalue() == ""
