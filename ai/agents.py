"""One agent interface for every game: `act(observation, budget_ms) -> Decision(action,
explanation)` (`game/rules/game_api.py`), over each game's own AIs.

Each game's AIs keep the interface that suits their search (the card AIs plan a whole turn, the
gomoku engine is a function of the board, the skirmish AIs act on their state); the adapters
here give them the shared one, with an `Explanation` in a player's words, and `install()` puts
them in the game registry (`game/rules/registry.py`) as factories by AI level. A front end calls
`install()` once when it starts; nothing here runs on import.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, NamedTuple

from game.rules.game_api import Decision, Explanation
from game.rules.gomoku import thoughts
from game.rules.registry import game_kind, register_agents

# ----------------------------------------------------------------------------- cards


class CardTurnAgent:
    """A card AI (`ai/cards/`) one action at a time. The AI plans a whole turn; the agent keeps the
    rest of the plan and answers with its next action while that action is still legal in the same
    turn, and plans again (with the budget it is given then) only when it is not: the actions
    played are those of the whole plan played at once (`game/rules/cards/decisions.py`:
    `DecisionSteps`), one request each. An empty plan ends the turn.

    A caller that plays whole turns (the arena, the LOCM bot) calls `act` until the turn ends: the
    first call of a plan does the thinking with the budget it gets, the others answer from the
    plan. `planned` says whether the last `act` planned, `decision` is the card AI's own last
    decision (its actions and explanation dict) and `plans` counts the plans made; `next_planned`
    is the action the next `act` of the turn would take from the plan, legal or not."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.seat: int | None = None
        self.plan: list = []  # the planned actions not yet returned
        self.plan_turn: tuple[int, int] | None = None  # (battle.turn, seat) the plan is for
        self.plan_info: dict = {}  # the plan's explanation dict (the AI's own)
        self.decision = None  # the card AI's last Decision (ai/cards/agent.py)
        self.planned = False  # whether the last act planned
        self.plans = 0  # plans made so far

    def new_game(self, seat: int, lanes: int, *, told: bool = False) -> None:
        """Start a game in `seat` (what the first `act` does by itself; the client calls it before
        the draft, whose picks the card AI remembers). `told`: the caller has already started the
        card AI's game (and run its draft): only the agent's own state is reset."""
        self.seat = seat
        self.drop_plan()
        if not told:
            self.agent.new_game(seat, lanes)

    def drop_plan(self) -> None:
        """Forget the plan: the next `act` plans."""
        self.plan, self.plan_turn, self.plan_info = [], None, {}

    def draft_pick(self, offer, picked, pick: int) -> int:
        """The card AI's draft pick (the draft is not an `act`)."""
        return self.agent.draft_pick(offer, picked, pick)

    def next_planned(self, battle):
        """The action the next `act` in `battle`'s current turn takes from the plan (it plans
        again if that action is illegal), or None when it plans anyway."""
        if self.plan and self.plan_turn == (battle.turn, battle.current):
            return self.plan[0]
        return None

    def act(self, observation, budget_ms: float) -> Decision:
        battle = observation.battle
        if self.seat != observation.player:
            self.new_game(observation.player, battle.lanes)
        turn = (battle.turn, battle.current)
        planned = self.next_planned(battle)
        if planned is not None and battle.illegal_reason(planned) is None:
            action = self.plan.pop(0)
            self.planned = False
        else:
            from game.rules.cards.actions import END_TURN, Kind

            self.decision = decision = self.agent.decide(observation, budget_ms)
            self.planned = True
            self.plans += 1
            actions = list(decision.actions) or [END_TURN]
            self.plan_info = decision.explanation or {}
            action, rest = actions[0], actions[1:]
            # Nothing after an end of turn is played (DecisionSteps stops there).
            self.plan = [] if action.kind == Kind.END_TURN else rest
            self.plan_turn = turn
        # A plan's warnings (a scripted opponent's skipped actions) come with its first action only.
        warnings = list(self.plan_info.get("warnings", [])) if self.planned else []
        return Decision(action, _card_explanation(battle, self.plan_info, action), warnings)


@dataclass
class CardTurn:
    """One player's turn played through `act`: the actions, the time of each act call, and the
    time of the calls that planned (the card AI's thinking; the others answer from its plan)."""

    player: int
    actions: list = field(default_factory=list)
    act_seconds: list[float] = field(default_factory=list)
    plan_seconds: list[float] = field(default_factory=list)


def play_card_turn(battle, agent: CardTurnAgent, budget_ms: float, card_pool=None) -> CardTurn:
    """Let `agent` play the current player's whole turn on `battle` (mutated in place), one `act`
    at a time. The budget is for the whole turn: each act gets what is left of it (the first plans
    with it, the others answer from the plan, or plan again with what is left when the plan's next
    action has become illegal). A plan that is empty or starts with an illegal action is a bug in
    the AI (IllegalAction), as in `ai.cards.agent.play_turn`."""
    from game.rules.cards.decisions import IllegalAction, remaining_budget

    player = battle.current
    turn = CardTurn(player)
    turn_started = time.perf_counter()
    while battle.winner is None and battle.current == player:
        remaining = remaining_budget(budget_ms, (time.perf_counter() - turn_started) * 1000)
        started = time.perf_counter()
        action = agent.act(battle.observation(player, card_pool), remaining).action
        elapsed = time.perf_counter() - started
        turn.act_seconds.append(elapsed)
        if agent.planned:
            turn.plan_seconds.append(elapsed)
            if agent.decision is not None and not agent.decision.actions:
                raise IllegalAction(f"{agent.agent.name} returned no action")
            reason = battle.illegal_reason(action)
            if reason is not None:
                raise IllegalAction(f"{action.text(battle.lanes)}: {reason}")
        battle.apply(action)
        turn.actions.append(action)
    return turn


def _card_plan_words(battle, plan) -> str:
    """A planned turn in words (game/rules/cards/plan_words.py: the language of the moment)."""
    from game.rules.cards.plan_words import plan_words

    return plan_words(battle, plan)


def _card_explanation(battle, info: dict, action) -> Explanation:
    """The card AI's decision in a player's words, in the language of the moment (the client's
    worker is told the player's; everything else keeps English)."""
    from game.rules.cards.plan_words import action_words, explanation_facts, tries_words

    options: list[tuple[str, float]] = []
    shown = 8  # the best plans the Tab view lists (all of them when it weighed fewer)
    weighed = info.get("plans") or info.get("children") or []
    if info.get("plans"):
        scores = [plan["score"] for plan in info["plans"]]
        low, high = min(scores), max(scores)
        for plan in info["plans"][:shown]:
            share = 1.0 if high == low else (plan["score"] - low) / (high - low)
            options.append((_card_plan_words(battle, plan["actions"]), round(share, 3)))
    elif info.get("children"):
        for child in info["children"][:shown]:
            mean = child.get("mean")
            words = _card_plan_words(battle, child["actions"])
            if mean is not None and child.get("visits"):  # the search's count, in a player's words
                words = tries_words(words, int(child["visits"]), mean)
            options.append((words, 0.0 if mean is None else float(mean)))
    facts = explanation_facts(len(weighed), len(options), bool(info.get("lethal")), info.get("ms"))
    return Explanation(action_words(battle, action), options, facts)


# ----------------------------------------------------------------------------- gomoku


# The client's AI worker shares one memory per level for its life (entries are exact positions):
# it sets this to a dict, and every GomokuAgent of the process then uses the one of its level.
SHARED_GOMOKU_MEMORIES: dict | None = None


class GomokuAgent:
    """The gomoku engine (`ai/gomoku/engine.py`) at one level, remembering its work within a game.
    The move on a board of n stones is searched with the seed `seed + n` (the client's rule), so
    an agent made again for the same game (after an undo, in another process) plays the same."""

    def __init__(self, level: str, seed: int | None, memory=None):
        from ai.gomoku.engine import GameMemory

        self.level = level
        self.seed = seed
        if memory is not None:  # a memory kept across games (e.g. one per colour for a whole run)
            self.memory = memory
        elif SHARED_GOMOKU_MEMORIES is not None:
            self.memory = SHARED_GOMOKU_MEMORIES.setdefault(level, GameMemory())
        else:
            self.memory = GameMemory()

    def act(self, observation, budget_ms: float) -> Decision:
        from ai.gomoku.engine import analyse
        from game.rules.gomoku.rules import point_name

        board = getattr(observation, "board", observation)  # a GomokuGame, or its GomokuState
        seed = None if self.seed is None else self.seed + len(board.moves)  # None: unseeded
        move, info = analyse(board, budget_ms, self.level, seed, memory=self.memory)
        move = (move[0], move[1])  # a plain tuple (the engine may give a list)
        size = board.size
        line = [point_name(tuple(point), size) for point in info.get("pv", [])[1:4]]
        # In the language of the moment (game/rules/gomoku/thoughts.py): the client's worker is told the player's.
        facts = thoughts.facts(line, info.get("depth"), info.get("score"), info.get("ms", 0))
        headline = thoughts.headline(info.get("reason", ""), point_name(move, size))
        return Decision(move, Explanation(headline, [], facts))


# ----------------------------------------------------------------------------- self-play


class SelfPlay(NamedTuple):
    """A game's AI playing itself for as long as it is asked (`duelmind bench memory`): `steps`
    yields, forever, how many decisions each step made (the AI's thinking: a card AI's plans, a
    gomoku move); `title` and `facts` say what runs, in words and as settings."""

    title: str
    facts: dict
    steps: Iterator[int]


def card_self_play(ai: str | None, budget_ms: float, seed: int, lanes: int) -> SelfPlay:
    """One card AI (a registry name, options allowed; default hard) on both seats of games with a
    fresh draft each from the official LOCM list, played through `act` (`play_card_turn`); a step
    is a turn and counts its plans. KeyError or ValueError for an unknown AI or a bad option."""
    from ai.cards.agent import start_game
    from ai.cards.registry import make_agent
    from game.rules.cards.locm import OFFICIAL_CARDLIST, load_cardlist

    ai = ai or "hard"
    pool = list(load_cardlist(OFFICIAL_CARDLIST).values())
    agents = [CardTurnAgent(make_agent(ai, seed=seed)), CardTurnAgent(make_agent(ai, seed=seed + 1))]

    def steps() -> Iterator[int]:
        game = 0
        while True:
            rng = random.Random(f"bench-memory:{seed}:{game}")
            game += 1
            battle, _, known_cards = start_game([agent.agent for agent in agents], pool, rng, lanes)
            for seat, agent in enumerate(agents):
                agent.new_game(seat, lanes, told=True)
            while battle.winner is None:
                yield len(play_card_turn(battle, agents[battle.current], budget_ms, known_cards).plan_seconds)

    title = f"{ai}, {lanes} lane{'s' if lanes > 1 else ''}, {budget_ms:g} ms per turn"
    return SelfPlay(title, {"game": "cards", "ai": ai, "lanes": lanes, "budget_ms": budget_ms, "seed": seed}, steps())


def gomoku_self_play(ai: str | None, budget_ms: float, seed: int = 0, lanes: int = 0) -> SelfPlay:
    """A gomoku level (default master) on both colours of games from the opening book, each
    colour with one `GameMemory` for the whole run, as the Gomocup brain keeps one for its life;
    move n of the run is searched with the seed n (`seed` and `lanes` are not used). A step is a
    move. ValueError for an unknown level."""
    import json
    from pathlib import Path

    from ai.gomoku import LEVELS, GameMemory, warm_up
    from game.rules.gomoku import GomokuState
    from game.rules.gomoku.game import GomokuGame

    level = ai or "master"
    if level not in LEVELS:
        raise ValueError(f"unknown gomoku level {level!r}; levels: {', '.join(LEVELS)}")
    book = json.loads((Path(__file__).parent / "gomoku/openings.json").read_text())["openings"]
    warm_up()

    def steps() -> Iterator[int]:
        memories = {1: GameMemory(), 2: GameMemory()}
        made = 0
        game = 0
        while True:
            state = GomokuState(15)
            for x, y in book[game % len(book)]["moves"]:
                state.play(x, y)
            game += 1
            # The agent searches move `made` with the seed `made` (its seed plus the stones on the
            # board), each colour with its memory.
            agents = {
                colour: GomokuAgent(level, made - len(state.moves), memory) for colour, memory in memories.items()
            }
            while not state.is_over:
                state.play(*agents[state.current_player].act(GomokuGame(state), budget_ms).action)
                made += 1
                yield 1

    return SelfPlay(
        f"gomoku {level}, {budget_ms:g} ms per move", {"game": "gomoku", "ai": level, "budget_ms": budget_ms}, steps()
    )


# ----------------------------------------------------------------------------- skirmish


class SkirmishTeamAgent:
    """A skirmish AI (`ai/skirmish/`) over the registry's SkirmishGame (or the SkirmishState a
    level session gives); the searching AIs' plan, the first actions they weighed and their
    scores go in the explanation."""

    def __init__(self, agent):
        self.agent = agent
        self.name = getattr(agent, "name", "agent")

    def act(self, observation, budget_ms: float) -> Decision:
        from game.i18n import _
        from game.rules.skirmish import words as said  # the explanation in the language of the moment
        from game.rules.skirmish.game import SkirmishGame
        from game.rules.skirmish.words import action_words as describe_action

        if not isinstance(observation, SkirmishGame):
            observation = SkirmishGame(observation)
        seen = observation.match
        action = self.agent.act(seen, budget_ms)
        nodes = list(getattr(self.agent, "last_nodes", None) or [])
        facts = []
        if nodes:
            from ai.skirmish.tree import explain

            facts.append(explain(seen, nodes))
        report = getattr(self.agent, "last_report", "")
        if report:
            facts.append(_(said.WEIGHED).format(report=report))
        plan = [action] + list(getattr(self.agent, "plan", None) or [])
        if len(plan) > 1 and not nodes:  # a search's plan is told in its explanation above
            steps = _(said.THEN).join(describe_action(observation, step) for step in plan)
            facts.append(_(said.ITS_PLAN).format(steps=steps))
        options = []
        if nodes:
            scores = [float(node.score) for node in nodes[:6]]
            low, high = min(scores), max(scores)
            options = [
                (
                    describe_action(observation, node.action),
                    1.0 if high == low else round((score - low) / (high - low), 3),
                )
                for node, score in zip(nodes, scores)
            ]
        return Decision(action, Explanation(describe_action(observation, action), options, facts))


# ----------------------------------------------------------------------------- the table


def _card_factory(name: str) -> Callable[[int], Any]:
    def make(seed: int):
        from ai.cards.registry import make_agent

        return CardTurnAgent(make_agent(name, seed))

    return make


def _skirmish_factory(name: str) -> Callable[[int], Any]:
    def make(seed: int):
        from ai.skirmish.registry import make_agent

        return SkirmishTeamAgent(make_agent(name, seed))

    return make


def _level_factory(agent_class: Callable[[str, int], Any], level: str) -> Callable[[int], Any]:
    """A factory of `agent_class(level, seed)`, one per level (the level is bound here)."""

    def make(seed: int):
        return agent_class(level, seed)

    return make


def install() -> None:
    """Register every game's AI levels in the game registry (idempotent)."""
    from ai.cards.registry import agent_names as card_agents
    from ai.gomoku.settings import LEVELS as GOMOKU_LEVELS
    from ai.skirmish.registry import agent_names as skirmish_agents

    register_agents("cards", {name: _card_factory(name) for name in card_agents()})
    game_kind("cards").self_play = card_self_play
    register_agents("gomoku", {level: _level_factory(GomokuAgent, level) for level in GOMOKU_LEVELS})
    game_kind("gomoku").self_play = gomoku_self_play
    # The games whose levels' agents add to the AI levels (ai/levels/opponents.py says what):
    game_kind("cards").level_agents = "ai.levels.opponents:card_agent"
    game_kind("gomoku").level_agents = "ai.levels.opponents:gomoku_agent"
    game_kind("skirmish").level_agents = "ai.levels.opponents:skirmish_agent"
    register_agents("skirmish", {name: _skirmish_factory(name) for name in skirmish_agents()})
    # The player model (ai/player_model.py) of each game: (stronger AI, weaker AI, slip rate),
    # chosen so it sits between easy and medium (docs/benchmarks.md, "The player model").
    game_kind("cards").player_model = ("medium", "random", 0.15)
    # Gomoku slips to novice, which knows no threats: a person's slip misses a four-three. Slipping
    # to easy (25 %) never missed one, since easy's search never cuts a forced answer, so the model
    # solved every tactical puzzle (the Four-Three 30/30). A novice move under threat loses, so
    # the rate is lower: 10 % scores against medium as the old mix did (docs/benchmarks.md).
    game_kind("gomoku").player_model = ("hard", "novice", 0.1)
    game_kind("skirmish").player_model = ("medium", "easy", 0.3)
    try:
        game_kind("connect4")
    except KeyError:
        return
    from ai.connect4.agents import LEVELS as CONNECT4_LEVELS, Connect4Agent

    register_agents("connect4", {level: _level_factory(Connect4Agent, level) for level in CONNECT4_LEVELS})
    game_kind("connect4").player_model = ("medium", "easy", 0.25)


__all__ = [
    "CardTurn",
    "CardTurnAgent",
    "GomokuAgent",
    "SelfPlay",
    "SkirmishTeamAgent",
    "card_self_play",
    "gomoku_self_play",
    "install",
    "play_card_turn",
]
