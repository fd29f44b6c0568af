"""`duelmind bot locm`: a Legends of Code and Magic bot speaking the CodinGame protocol on
stdin/stdout, driven by any registered card AI.

Each turn's input is read as a stream (the counts in the text say how many lines follow), parsed
into an Observation by game.rules.cards.bot_input, and answered with one line: `PICK n` in the draft,
the turn's actions joined by `;` in the battle (`PASS` when there is nothing to do). The battle
asks the AI through the one agent interface (`CardTurnAgent.act`, ai/agents.py), one action at a
time: the first call of a turn plans it with the turn's budget, the next ones answer from the
plan; when the plan's next action is illegal the bot ends the turn (rather than plan again).

The bot remembers what the protocol does not repeat: its seat and the number of lanes (from the
draft), its draft picks (so it knows what is left in its deck: the picks minus every own card it
has seen), the cards offered in the draft (the pool the opponent drafted from, with their exact
stats), the opponent's cards seen so far, and its own turn count.

Time: the first battle turn allows 1000 ms, later ones 100 ms (200 ms with two lanes), counted
from the arrival of the turn's first line (stamped by the reader thread). The agent plans until
the bot's deadline: the limit minus a margin that adapts to the lateness the bot sees on a busy
machine (game/tools/deadlines.py: 30 % of the limit when idle, more under load; `--margin fixed`
keeps 30 %), and the bot answers with the best plan found by then. Garbled input never stops
the bot: it names the line and what was wrong on stderr, answers PASS and reads on (a turn whose
line counts cannot be read is skipped whole). At the end of input it exits with status 0.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
import time
from collections import Counter
from typing import IO, Callable

from ai.agents import CardTurnAgent
from game.tools.deadlines import AdaptiveMargin
from ai.cards.agent import CardAgent
from game.rules.cards.actions import Action, Kind
from game.rules.cards.bot_input import DraftInput, ProtocolError, is_player_line, parse_turn_input, turn_length
from game.rules.cards.model import Card
from game.rules.cards.observation import Observation

FIRST_TURN_MS = 1000.0
TURN_MS = 100.0
TURN_MS_TWO_LANES = 200.0
DRAFT_FIRST_MS = 1000.0
DRAFT_MS = 100.0
STALL_SECONDS = 0.04  # a turn whose announced lines do not arrive within this is garbled
MAX_STEPS = 200  # plans per turn, in case an agent plans one action at a time forever

_EOF = object()
_TIMEOUT = object()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ai",
        default=None,
        help="the card AI (a registry name, with options after it as in "
        "hard:lethal=0,candidates=6; default: hard if registered, else easy)",
    )
    parser.add_argument(
        "--explain",
        metavar="FILE",
        default=None,
        help="write one JSON object per decision (turn, actions, explanation) to FILE",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the AI's random choices")
    parser.add_argument(
        "--margin",
        choices=("adaptive", "fixed"),
        default="adaptive",
        help="time kept back from each turn's limit: adaptive (grows with the lateness seen on a busy "
        "machine; the default) or fixed (30 %%, for comparison: `duelmind bench deadlines`)",
    )


def default_ai() -> str:
    from ai.cards.registry import AGENTS

    return "hard" if "hard" in AGENTS else "easy"


def run(args: argparse.Namespace) -> int:
    from ai.cards.registry import agent_names, make_agent

    name = args.ai or default_ai()
    try:
        agent = make_agent(name, seed=args.seed)
    except KeyError:
        print(f"bot locm: unknown AI {name!r}; known: {', '.join(agent_names())}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"bot locm: {error}", file=sys.stderr)
        return 2
    try:
        explain = open(args.explain, "w", encoding="utf-8") if args.explain else None
    except OSError as error:
        print(f"bot locm: cannot write --explain file: {error}", file=sys.stderr)
        return 2
    try:
        bot = LocmBot(agent, sys.stdout, sys.stderr, explain, margin=AdaptiveMargin(adaptive=args.margin == "adaptive"))
        return bot.run(LineReader(sys.stdin.buffer))
    finally:
        if explain is not None:
            explain.close()


class LineReader:
    """Lines of a byte stream, read by a thread into a queue so that waits can time out.
    Numbers the lines it hands out (1-based) and lets one line be looked at without taking it;
    `arrived` is when the last line handed out was read from the stream (`clock`), which is when
    the turn's clock started for the bot, however long the bot took to get to it."""

    def __init__(self, stream: IO[bytes], clock: Callable[[], float] = time.perf_counter):
        self._queue: queue.Queue = queue.Queue()
        self._peeked = None
        self._peeked_at = 0.0
        self.clock = clock
        self.number = 0  # the number of the last line handed out
        self.arrived = 0.0
        thread = threading.Thread(target=self._pump, args=(stream,), name="locm-stdin", daemon=True)
        thread.start()

    def _pump(self, stream: IO[bytes]) -> None:
        try:
            for raw in iter(stream.readline, b""):
                self._queue.put((raw.decode("utf-8", "replace").rstrip("\r\n"), self.clock()))
        except (OSError, ValueError):
            pass
        self._queue.put((_EOF, self.clock()))

    def peek(self, timeout: float | None = None):
        """The next line without taking it, _EOF at the end of input, or _TIMEOUT."""
        if self._peeked is None:
            try:
                item = self._queue.get(timeout=timeout) if timeout != 0 else self._queue.get_nowait()
            except queue.Empty:
                return _TIMEOUT
            self._peeked, self._peeked_at = item
        return self._peeked

    def get(self, timeout: float | None = None):
        """The next line, _EOF at the end of input (then always), or _TIMEOUT."""
        item = self.peek(timeout)
        if item is _TIMEOUT or item is _EOF:
            return item
        self._peeked = None
        self.number += 1
        self.arrived = self._peeked_at
        return item

    def skip_fragments(self, quiet: float = 0.0) -> int:
        """Drop the lines waiting (and those following within `quiet` seconds) up to the next
        player line, which may start the next turn; returns how many were dropped."""
        dropped = 0
        while True:
            item = self.peek(quiet)
            if item is _TIMEOUT or item is _EOF or is_player_line(item):
                return dropped
            self.get()
            dropped += 1


class LocmBot:
    def __init__(
        self,
        agent: CardAgent | CardTurnAgent,
        out: IO[str],
        err: IO[str],
        explain: IO[str] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        margin: AdaptiveMargin | None = None,
    ):
        # The AI is asked through the one agent interface (`act`, ai/agents.py), which plans the
        # turn on its first call and answers from the plan after; the draft is the card AI's own.
        self.agent = agent if isinstance(agent, CardTurnAgent) else CardTurnAgent(agent)
        self.out = out
        self.err = err
        self.explain = explain
        self.clock = clock
        self.margin = margin if margin is not None else AdaptiveMargin()
        self.deadline: float | None = None  # when the turn being answered should be answered by
        self.seat: int | None = None
        self.lanes: int | None = None
        self.started = False
        self.picks: list[Card] = []
        self.cards: dict[int, Card] = {}  # every card seen in the draft, by base id (exact stats)
        self.own_seen: dict[int, Card] = {}  # own instance id -> card, once seen in hand or on board
        self.opponent_seen: dict[int, Card] = {}  # opponent instance id -> card, once seen on the table
        self.in_battle = False
        self.battle_turn: int | None = None  # own battle turns so far, once counted from the first
        self.draft_turns = 0

    # ------------------------------------------------------------------ the loop

    def run(self, reader: LineReader) -> int:
        while True:
            start = self.turn_start(reader)
            if start is None:
                return 0
            lines, first_line, started = start
            taken = self.clock()
            cpu_before = time.process_time()
            self.deadline = None
            error: ProtocolError | None = None
            try:
                expected = turn_length(lines, first_line)
                while expected is None or len(lines) < expected:
                    line = reader.get(timeout=STALL_SECONDS)
                    if line is _EOF:
                        return 0
                    if line is _TIMEOUT:
                        raise ProtocolError(
                            reader.number + 1,
                            f"the turn input stopped after {len(lines)} lines"
                            + (f" of {expected}" if expected else ""),
                        )
                    lines.append(line)
                    expected = turn_length(lines, first_line)
                extra = reader.skip_fragments()
                if extra:
                    raise ProtocolError(reader.number - extra + 1, f"{extra} more line(s) than the counts announce")
            except ProtocolError as garbled:
                error = garbled
                reader.skip_fragments(quiet=STALL_SECONDS / 2)  # the rest of the broken turn
            if error is None:
                answer = self.turn("\n".join(lines) + "\n", first_line, started)
            else:
                answer = self.garbled(error)
            if not self.write(answer):
                return 0
            if self.deadline is not None:  # how late this answer was, for the next turns' margin
                cpu = time.process_time() - cpu_before
                self.margin.observe(started, taken, self.deadline, self.clock(), cpu)

    def turn_start(self, reader: LineReader) -> tuple[list[str], int, float] | None:
        """The first two lines of the next turn (two player lines), skipping anything else.
        When skipped lines are followed by silence they were a whole garbled turn, which gets
        its PASS. None at the end of input."""
        skipped: list[tuple[int, str]] = []
        pending: tuple[int, str, float] | None = None
        while True:
            line = reader.get(timeout=STALL_SECONDS if skipped or pending else None)
            if line is _EOF:
                return None
            if line is _TIMEOUT:
                if pending is not None:
                    skipped.append(pending[:2])
                    pending = None
                first, text = skipped[0]
                self.warn(
                    f"stdin lines {first}-{skipped[-1][0]}: not a turn (line {first} is {text[:60]!r}, "
                    f"a turn starts with two player lines); answering PASS"
                )
                if not self.write(self.garbled(None)):
                    return None
                skipped = []
                continue
            if not line.strip():
                continue
            if is_player_line(line):
                if pending is not None:
                    if skipped:
                        self.warn(
                            f"stdin lines {skipped[0][0]}-{skipped[-1][0]}: skipped, not part of a turn "
                            f"(line {skipped[0][0]} is {skipped[0][1][:60]!r})"
                        )
                    return [pending[1], line], pending[0], pending[2]
                pending = (reader.number, line, reader.arrived)
                continue
            if pending is not None:
                skipped.append(pending[:2])
                pending = None
            skipped.append((reader.number, line))

    def write(self, answer: str) -> bool:
        try:
            self.out.write(answer + "\n")
            self.out.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def warn(self, message: str) -> None:
        try:
            self.err.write(f"bot locm: {message}\n")
            self.err.flush()
        except (OSError, ValueError):
            pass

    def garbled(self, error: ProtocolError | None) -> str:
        """The answer to a turn that could not be read (the caller has said why when error is None)."""
        if error is not None:
            self.warn(f"stdin {error}; answering PASS")
        if self.in_battle and self.battle_turn is not None:
            self.battle_turn += 1
        self.record(
            {
                "phase": "battle" if self.in_battle else "draft",
                "turn": None,
                "actions": ["PASS"],
                "explanation": None,
                "error": str(error) if error is not None else "not a turn",
            }
        )
        return "PASS"

    def turn(self, text: str, first_line: int, started: float) -> str:
        try:
            parsed = parse_turn_input(
                text,
                cards=self.cards,
                seat=self.seat,
                lanes=self.lanes,
                turn=None if self.battle_turn is None else self.battle_turn + 1,
                card_pool=list(self.cards.values()) or None,
                first_line=first_line,
            )
        except ProtocolError as error:
            return self.garbled(error)
        try:
            if isinstance(parsed, DraftInput):
                return self.draft(parsed, started)
            return self.battle(parsed, started)
        except Exception as error:  # an agent bug must not cost the game: play on
            self.warn(f"turn starting at stdin line {first_line}: {type(error).__name__}: {error}; answering PASS")
            return "PASS"

    # ------------------------------------------------------------------ draft

    def draft(self, draft: DraftInput, started: float | None = None) -> str:
        if started is not None:  # the pick is quick; its deadline only measures the lateness seen
            self.deadline = self.margin.deadline(started, DRAFT_FIRST_MS if draft.pick == 0 else DRAFT_MS)
        if not self.started:
            self.seat, self.lanes = draft.seat, draft.lanes
            self.agent.new_game(draft.seat, draft.lanes)
            self.started = True
        for card in draft.offer:
            self.cards.setdefault(card.base_id, card)
        index = self.agent.draft_pick(draft.offer, list(self.picks), draft.pick)
        if not isinstance(index, int) or not 0 <= index < len(draft.offer):
            self.warn(f"the AI picked {index!r} from an offer of {len(draft.offer)}; taking 0")
            index = 0
        self.picks.append(draft.offer[index])
        self.draft_turns += 1
        answer = f"PICK {index}"
        self.record({"phase": "draft", "turn": draft.pick + 1, "actions": [answer], "explanation": None})
        return answer

    # ------------------------------------------------------------------ battle

    def battle(self, observation: Observation, started: float) -> str:
        battle = observation.battle
        if not self.started:
            self.seat, self.lanes = observation.player, battle.lanes
            self.agent.new_game(observation.player, battle.lanes)
            self.started = True
        first_turn = not self.in_battle
        self.in_battle = True
        me = observation.me
        self.battle_turn = me.turns if self.battle_turn is None else self.battle_turn + 1
        self.remember(observation)
        limit = FIRST_TURN_MS if first_turn else (TURN_MS_TWO_LANES if battle.lanes == 2 else TURN_MS)
        deadline = self.deadline = self.margin.deadline(started, limit)
        agent = self.agent
        agent.drop_plan()  # this turn's first act plans, with the turn's budget
        played: list[Action] = []
        taken: list[Action] = []  # the actions of the current plan played so far
        plans = 0
        budget_ms = 0.0
        while True:
            pending = agent.next_planned(battle)
            if pending is None:  # the next act plans: the last plan is played out
                if plans:
                    self.record_plan(battle, taken)
                    if battle.winner is not None or self.clock() >= deadline or plans >= MAX_STEPS:
                        break
                    observation = Observation(
                        self.seat, battle, observation.my_deck, observation.opponent_seen, observation.card_pool
                    )
                budget_ms = max(1.0, (deadline - self.clock()) * 1000.0)
                taken = []
                plans += 1
            elif pending.kind != Kind.END_TURN and battle.illegal_reason(pending) is not None:
                self.illegal(battle, pending)  # the bot ends the turn, where the agent would plan again
                self.record_plan(battle, taken)
                break
            action = agent.act(observation, budget_ms).action
            if action.kind == Kind.END_TURN or (agent.planned and self.illegal(battle, action)):
                self.record_plan(battle, taken)
                break
            battle.do(action)
            taken.append(action)
            played.append(action)
            if battle.winner is not None:
                self.record_plan(battle, taken)
                break
        return ";".join(action.text(battle.lanes) for action in played) or "PASS"

    def illegal(self, battle, action: Action) -> bool:
        """Whether the AI's `action` is illegal (said on stderr: the bot then ends the turn)."""
        reason = battle.illegal_reason(action)
        if reason is not None:
            self.warn(f"the AI chose an illegal action {action.text(battle.lanes)} ({reason}); ending the turn")
        return reason is not None

    def record_plan(self, battle, taken: list[Action]) -> None:
        """The --explain entry of the AI's last plan: the actions of it that were played."""
        decision = self.agent.decision
        self.record(
            {
                "phase": "battle",
                "turn": self.battle_turn,
                "actions": [action.text(battle.lanes) for action in taken],
                "explanation": None if decision is None else decision.explanation,
            }
        )

    def remember(self, observation: Observation) -> None:
        """Fold what this turn shows into the bot's memory, and give the observation the deck
        contents and the opponent's cards it could not know from one turn's text."""
        me, opponent = observation.me, observation.opponent
        for instance in me.hand:
            self.own_seen[instance.uid] = instance.card
        for creature in me.board:
            self.own_seen.setdefault(creature.uid, creature.card)
        for creature in opponent.board:
            self.opponent_seen.setdefault(creature.uid, creature.card)
        for base_id, action in opponent.actions:
            if action.kind != Kind.ATTACK and base_id in self.cards:
                self.opponent_seen.setdefault(action.card, self.cards[base_id])
        if self.picks:
            left = Counter(card.base_id for card in self.picks) - Counter(
                card.base_id for card in self.own_seen.values()
            )
            by_id = {card.base_id: card for card in self.picks}
            observation.my_deck = [by_id[base_id] for base_id in sorted(left.elements())]
        observation.opponent_seen = list(self.opponent_seen.values())

    def record(self, entry: dict) -> None:
        if self.explain is None:
            return
        try:
            self.explain.write(json.dumps(entry, default=str) + "\n")
            self.explain.flush()
        except (OSError, ValueError, TypeError) as error:
            self.warn(f"--explain: {error}")


__all__ = ["LocmBot", "LineReader", "add_arguments", "run", "default_ai"]
