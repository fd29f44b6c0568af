"""One agent interface for every game: `act(observation, budget_ms) -> Decision(action,
explanation)` (`game/rules/game_api.py`), over each game's own AIs.

Each game's AIs keep the interface that suits their search (the card AIs plan a whole turn, the
gomoku engine is a function of the board, the skirmish AIs act on their state); the adapters
here give them the shared one, with an `Explanation` in a player's words, and `install()` puts
them in the game registry (`game/rules/registry.py`) as factories by AI level. A front end calls
`install()` once when it starts; nothing here runs on import.
"""

from __future__ import annotations

from typing import Any, Callable

from game.rules.game_api import Decision, Explanation
from game.rules.registry import game_kind, register_agents

# ----------------------------------------------------------------------------- cards


class CardTurnAgent:
    """A card AI (`ai/cards/`) one action at a time: it plans the turn, the first action of the
    plan is played, and it is asked again for the next (re-planning on what the action did)."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.seat: int | None = None

    def act(self, observation, budget_ms: float) -> Decision:
        battle = observation.battle
        if self.seat != observation.player:
            self.seat = observation.player
            self.agent.new_game(observation.player, battle.lanes)
        decision = self.agent.decide(observation, budget_ms)
        action = decision.actions[0] if decision.actions else battle.legal_actions()[-1]
        return Decision(action, _card_explanation(battle, decision.explanation or {}, action))


def _card_plan_words(battle, plan) -> str:
    """A planned turn (its actions' protocol text) in words, against the battle before it."""
    from game.rules.cards.actions import parse_action
    from game.rules.cards.game import describe_action

    words = []
    for line in plan.split(";") if isinstance(plan, str) else plan:
        line = line.strip()
        if not line or line == "PASS":
            continue
        try:
            words.append(describe_action(battle, parse_action(line)))
        except ValueError:
            words.append(line)
    return ", then ".join(words) or "End the turn"


def _card_explanation(battle, info: dict, action) -> Explanation:
    from game.rules.cards.game import describe_action

    options: list[tuple[str, float]] = []
    if info.get("plans"):
        scores = [plan["score"] for plan in info["plans"]]
        low, high = min(scores), max(scores)
        for plan in info["plans"][:5]:
            share = 1.0 if high == low else (plan["score"] - low) / (high - low)
            options.append((_card_plan_words(battle, plan["actions"]), round(share, 3)))
    elif info.get("children"):
        for child in info["children"][:5]:
            mean = child.get("mean")
            options.append((_card_plan_words(battle, child["actions"]), 0.0 if mean is None else float(mean)))
    facts = []
    if info.get("lethal"):
        facts.append("Found a way to win this turn")
    if "ms" in info:
        facts.append(f"Thought for {info['ms']:.0f} ms")
    return Explanation(describe_action(battle, action), options, facts)


# ----------------------------------------------------------------------------- gomoku

GOMOKU_REASONS = {
    "win": "Makes five in a row",
    "block": "Blocks a five in a row",
    "vcf": "Forces a win with a run of fours",
    "vct": "Forces a win with threes and fours",
    "defend": "Defends against a forced win",
    "opening": "Plays a known opening move",
    "search": "The best move it found",
    "novice": "A beginner's move",
    "fallback": "A safe move",
}


class GomokuAgent:
    """The gomoku engine (`ai/gomoku/engine.py`) at one level, remembering its work within a game."""

    def __init__(self, level: str, seed: int):
        from ai.gomoku.engine import GameMemory

        self.level = level
        self.seed = seed
        self.memory = GameMemory()

    def act(self, observation, budget_ms: float) -> Decision:
        from ai.gomoku.engine import analyse
        from game.rules.gomoku.rules import point_name

        board = observation.board
        move, info = analyse(board, budget_ms, self.level, self.seed, memory=self.memory)
        self.seed += 1
        size = board.size
        line = [point_name(tuple(point), size) for point in info.get("pv", [])[1:4]]
        facts = [
            f"Expects {', '.join(line)} next" if line else "",
            f"Looked {info['depth']} move{'s' if info['depth'] != 1 else ''} ahead" if info.get("depth") else "",
            f"Thought for {info.get('ms', 0):.0f} ms",
        ]
        headline = f"{GOMOKU_REASONS.get(info.get('reason', ''), 'Plays')}: {point_name(move, size)}"
        return Decision(move, Explanation(headline, [], [fact for fact in facts if fact]))


# ----------------------------------------------------------------------------- skirmish


class SkirmishTeamAgent:
    """A skirmish AI (`ai/skirmish/`) over the registry's SkirmishGame."""

    def __init__(self, agent):
        self.agent = agent

    def act(self, observation, budget_ms: float) -> Decision:
        from game.rules.skirmish.game import describe_action

        action = self.agent.act(observation.match, budget_ms)
        return Decision(action, Explanation(describe_action(observation, action)))


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
    register_agents("gomoku", {level: _level_factory(GomokuAgent, level) for level in GOMOKU_LEVELS})
    register_agents("skirmish", {name: _skirmish_factory(name) for name in skirmish_agents()})
    try:
        game_kind("connect4")
    except KeyError:
        return
    from ai.connect4.agents import LEVELS as CONNECT4_LEVELS, Connect4Agent

    register_agents("connect4", {level: _level_factory(Connect4Agent, level) for level in CONNECT4_LEVELS})


__all__ = ["CardTurnAgent", "GomokuAgent", "SkirmishTeamAgent", "install"]
