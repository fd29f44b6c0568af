"""The agents that play a level: its opponent (scripted, or an AI at the level's budget) and,
for simulations, an AI in the player's seat. Every one speaks the one agent interface
(`act(observation, budget_ms) -> Decision`, game/rules/game_api.py), which the level sessions'
`run_turn` calls.

No game is named here: the game registry says which maker builds a level session's agents
(`game_kind(session.kind).level_agents`, a 'module:function' of the makers below, put there by
`ai.agents.install()`). A game without a maker of its own (one added through the registry) gets
the registry's AI levels as they are. What the makers add: the card agents are told their seat
before the level's draft (whose picks the card AI remembers), the gomoku agents search with the
levels' own seeds, and a skirmish AI in the player's seat also walks to the level's `reach` cells.
"""

from __future__ import annotations

from typing import Any, Callable, cast

from ai.agents import CardTurnAgent, SkirmishTeamAgent
from ai.player_model import PLAYER_MODEL, PlayerModel
from ai.cards.registry import make_agent
from ai.cards.scripted import ScriptedAgent
from game.rules.game_api import Decision
from game.rules.levels.session import CardSession, LevelSession


class GomokuLevelAgent:
    """A gomoku AI level playing a level: move n of the agent is searched with the seed
    `seed * 1009 + n` (the levels' own rule, which `duelmind levels simulate` results rest on)."""

    def __init__(self, level: str, seed: int | None = None):
        from ai.gomoku import LEVELS

        if level not in LEVELS:
            raise KeyError(f"unknown gomoku AI {level!r}; known: {', '.join(LEVELS)}")
        self.name = level
        self.level = level
        self.seed = seed
        self.moves = 0

    def act(self, state, budget_ms: float) -> Decision:
        from ai.gomoku import choose_move

        seed = None if self.seed is None else self.seed * 1009 + self.moves
        self.moves += 1
        return Decision(choose_move(state, budget_ms, self.level, seed))


def opponent_budget(session: LevelSession) -> float:
    return float(session.level.opponent.budget_ms)


def _level_ai(session: LevelSession, ai: str | None) -> str:
    """The AI `ai`, or the level's own opponent AI for None, "scripted" and "level"."""
    return ai if ai not in (None, "scripted", "level") else session.level.opponent.ai


# ----------------------------------------------------------------------------- the makers
# Each: (session, AI name, seed, for the player's seat?) -> the agent its session's run_turn calls.


def card_agent(session, name: str, seed: int | None, player: bool) -> CardTurnAgent:
    return _seated(CardTurnAgent(make_agent(name, seed)), session, player)


def _seated(agent: CardTurnAgent, session, player: bool) -> CardTurnAgent:
    """The card agent told its seat now: a draft comes before its first act."""
    agent.new_game(session.player_seat if player else session.opponent_seat, session.level.rules.lanes)
    return agent


def gomoku_agent(session, name: str, seed: int | None, player: bool) -> GomokuLevelAgent:
    return GomokuLevelAgent(name, seed)


def skirmish_agent(session, name: str, seed: int | None, player: bool):
    from ai.skirmish.registry import make_agent as make_skirmish_agent

    fighter = SkirmishTeamAgent(make_skirmish_agent(name, seed))
    if player and any(o.kind == "reach" for o in session.level.objectives):
        return ReachSeeker(fighter, session)
    return fighter


def _registered_agent(session: LevelSession, name: str, seed: int | None, player: bool = False):
    """An AI level of the session's game, behind the one agent interface (`act`): the games
    added through the registry play their levels this way (ai/agents.py)."""
    from ai.agents import install
    from game.rules.registry import game_kind

    install()
    agents = game_kind(session.kind).agents
    if name not in agents:
        raise KeyError(f"unknown {session.kind} AI {name!r}; known: {', '.join(agents)}")
    return agents[name](0 if seed is None else seed)


Maker = Callable[[Any, str, "int | None", bool], Any]


def _maker(session: LevelSession) -> Maker:
    """The maker of the session's agents: its game's `level_agents` in the registry, else the
    registry's AI levels (`_registered_agent`)."""
    import importlib

    from ai.agents import install
    from game.rules.registry import game_kind

    install()
    dotted = game_kind(session.kind).level_agents
    if not dotted:
        return _registered_agent
    module, _, function = dotted.partition(":")
    return getattr(importlib.import_module(module), function)


def make_opponent(session: LevelSession, ai: str | None = None, seed: int | None = None):
    """The level's opponent for `session`: its script (or the AI it names), or the AI `ai`
    instead. Card agents are ready for the game (their seat told)."""
    opponent = session.level.opponent
    seed = session.seed if seed is None else seed
    if ai in (None, "scripted") and getattr(opponent, "control", "ai") == "scripted":
        script = ScriptedAgent(opponent.script, opponent.rules, cast(CardSession, session).labels, seed)
        return _seated(CardTurnAgent(script), session, False)
    return _maker(session)(session, _level_ai(session, ai), seed, False)


def make_player(session: LevelSession, ai: str, seed: int | None = None):
    """An AI in the player's seat (simulations and tests); "human" is the player model of the
    session's game (ai/player_model.py)."""
    if ai == PLAYER_MODEL:
        from game.rules.registry import game_kind

        maker = _maker(session)  # installs the registry's AIs
        mix = game_kind(session.kind).player_model
        if mix is None:
            raise KeyError(f"{session.kind} has no player model")
        strong, weak, slip = mix
        base = 0 if seed is None else seed
        return PlayerModel(
            maker(session, strong, base, True), maker(session, weak, base + 1, True), slip, base * 7919 + 13
        )
    return _maker(session)(session, ai, seed, True)


class ReachSeeker:
    """A skirmish AI that also walks to a level's `reach` cells (the AIs only fight): at the start
    of the runner's turn (the labelled hero, or the player's hero nearest the cell) it moves onto
    the cell if it can, else as close as its energy allows; every other decision is the AI's."""

    def __init__(self, agent, session):
        self.agent = agent
        self.name = getattr(agent, "name", "agent")
        self.goals = [
            (i, tuple(o.cell), session.labels.get(o.hero) if o.hero else None)
            for i, o in enumerate(session.level.objectives)
            if o.kind == "reach"
        ]
        self.tracker = session.tracker

    def act(self, state, budget_ms: float) -> Decision:
        from game.rules.skirmish.actions import Act

        hero = state.active_hero
        for index, cell, runner in self.goals:
            if self.tracker.states[index] != "pending":
                continue
            if runner is None:
                runner = min(
                    state.team(hero.team), key=lambda h: abs(h.cell[0] - cell[0]) + abs(h.cell[1] - cell[1])
                ).uid
            if runner != hero.uid or hero.energy < hero.turn_energy():
                continue
            distance = state.grid.reach(cell, 999, state.occupied() - {hero.cell})
            distance[cell] = 0
            moves = [a for a in state.legal_actions() if a.kind == Act.MOVE]
            best = min(moves, key=lambda a: distance.get(a.cell, 999), default=None)
            if best is not None and distance.get(best.cell, 999) < distance.get(hero.cell, 999):
                return Decision(best)
        return self.agent.act(state, budget_ms)
