"""The game kinds: one entry per game, a plain table filled here, explicitly.

Every place that needs to know "which game is this" asks the registry instead of comparing a
game's name: how to make a state from a setup and a seed, how an action turns into JSON and
back, how to say an action in a player's words, and the level model, session and checks of
the game's levels. Modelled on OpenSpiel's `pyspiel.load_game` registry, but a literal table:
nothing registers itself as a side effect of being imported.

The upper layers add what the rules must not import (`register_agents` from `ai/`,
`register_front_end` from the client) when they start: the rules never import them.

To add a game: write its rules package (a state that implements `game/rules/game_api.py`'s
`GameState`), add one `GameKind` line to `GAMES` below, and its AIs and scene in their own
registries. `tests/architecture/test_game_api.py` then runs the conformance test over it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.rules.game_api import Agent, GameState, JsonValue


def load_dotted(path: str) -> Any:
    """'package.module:attribute' -> the attribute (imported only when first asked for): how the
    registry and the tables filled from it (the client's front ends, the workshop's editors) name
    code without importing it."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass
class GameKind:
    """One game. The dotted names ('module:attribute') are imported when first used, so that
    the table can name the levels' modules without the rules importing each other in a circle."""

    name: str  # the id used in level files ("kind"), saves, replays and the command line
    title: str  # for players
    module: str  # the rules module with new_state, action_to_json, action_from_json, describe_action
    turn_unit: str = "turns"  # what a level's `turns` limit and a result's length count: "turns", "moves", "rounds"
    level_model: str | None = None  # 'module:Class' of this game's levels
    level_session: str | None = None  # 'module:Class' that plays a level of this game
    # 'module:function' checking a level beyond its model: check(level, file, prove=None) -> problems
    level_checks: str | None = None
    # What a replay of this game exports to, by file suffix: 'module:function' (playback) -> text
    replay_exports: dict[str, str] = field(default_factory=dict)
    # Filled by the upper layers when they start (never imported by the rules):
    agents: dict[str, Callable[[int], Agent]] = field(default_factory=dict)  # AI level -> factory(seed)
    front_end: Any = None  # how the client plays this game (game/client/front_ends.py: FrontEnd)
    workshop_editor: Any = None  # the workshop's editor for this game's levels
    # How this game's AI plays itself over a long run (the memory bench), from ai/agents.py:
    # self_play(ai or None, budget_ms, seed, lanes) -> SelfPlay; None: the game has none.
    self_play: Callable[..., Any] | None = None
    # 'module:function' making the agents this game's level session calls (its opponent, and an
    # AI in the player's seat), from ai/agents.py: maker(session, ai, seed, player) -> agent;
    # None: the game's AI levels above, behind the one agent interface (ai/levels/opponents.py).
    level_agents: str | None = None
    # The player model of this game's levels (ai/player_model.py), from ai/agents.py: (the stronger
    # AI level, the weaker one, the share of decisions the weaker one makes); None: none.
    player_model: tuple[str, str, float] | None = None
    # The AI levels of this game's level opponents from weakest to strongest: the campaign's
    # difficulty setting moves an opponent one step along it (game/rules/levels/difficulty.py).
    ai_ladder: tuple[str, ...] = ()

    def count_turns(self, count: int) -> str:
        """`count` of this game's turn unit in words: "1 turn", "3 moves"."""
        return f"{count} {self.turn_unit if count != 1 else self.turn_unit.removesuffix('s')}"

    # ---------------------------------------------------------------- the game's own functions

    def new_state(self, setup: Mapping | None = None, seed: int = 0) -> GameState:
        """A new game from a setup (game-specific options; {} for the defaults) and a seed."""
        return load_dotted(f"{self.module}:new_state")(setup or {}, seed)

    def action_to_json(self, action: Any) -> JsonValue:
        return load_dotted(f"{self.module}:action_to_json")(action)

    def action_from_json(self, value: JsonValue) -> Any:
        """The action written as `value` (ValueError, with a sentence, for anything else)."""
        return load_dotted(f"{self.module}:action_from_json")(value)

    def describe_action(self, state: GameState, action: Any) -> str:
        """The action in a player's words (before it is applied to `state`)."""
        return load_dotted(f"{self.module}:describe_action")(state, action)

    def replay(self, setup: Mapping | None, seed: int, actions: list[JsonValue]) -> GameState:
        """The game played again from its setup, seed and actions (as JSON): the same state."""
        state = self.new_state(setup, seed)
        for value in actions:
            state.apply(self.action_from_json(value))
        return state

    def level_model_class(self) -> type | None:
        return load_dotted(self.level_model) if self.level_model else None

    def level_session_class(self) -> type | None:
        return load_dotted(self.level_session) if self.level_session else None

    def export_replay(self, playback: Any, suffix: str) -> str:
        """A replay of this game (its `Playback`) as the text of a `suffix` file (ValueError with
        a sentence when this game has no such export)."""
        if suffix not in self.replay_exports:
            offered = ", ".join(f"*{known}" for known in self.replay_exports) or "nothing"
            raise ValueError(f"a {self.title} replay exports to {offered}, not *{suffix}")
        return load_dotted(self.replay_exports[suffix])(playback)

    def check_level(self, level: Any, file: str, prove: Any = None) -> list:
        """The level's problems beyond its model (`prove`: a forced-win prover, for games that
        have forced-win objectives; others ignore it)."""
        return load_dotted(self.level_checks)(level, file, prove) if self.level_checks else []


GAMES: dict[str, GameKind] = {
    kind.name: kind
    for kind in (
        GameKind(
            "cards",
            "Card duel",
            "game.rules.cards.game",
            turn_unit="turns",
            level_model="game.rules.levels.model:CardLevel",
            level_session="game.rules.levels.session:CardSession",
            level_checks="game.rules.levels.checks:check_cards",
            ai_ladder=("easy", "medium", "hard"),
            replay_exports={".txt": "game.rules.replays.codingame:codingame_text"},
        ),
        GameKind(
            "gomoku",
            "Gomoku",
            "game.rules.gomoku.game",
            turn_unit="moves",
            level_model="game.rules.levels.gomoku_level:GomokuLevel",
            level_session="game.rules.levels.session:GomokuSession",
            level_checks="game.rules.levels.gomoku_checks:check_gomoku",
            ai_ladder=("novice", "easy", "medium", "hard", "master"),
            replay_exports={".psq": "game.rules.replays.psq:psq_text"},
        ),
        GameKind(
            "skirmish",
            "Skirmish",
            "game.rules.skirmish.game",
            turn_unit="rounds",
            level_model="game.rules.levels.skirmish_level:SkirmishLevel",
            level_session="game.rules.levels.skirmish_session:SkirmishSession",
            level_checks="game.rules.levels.skirmish_checks:check_skirmish",
            ai_ladder=("easy", "medium", "hard"),
        ),
        GameKind(
            "connect4",
            "Connect Four",
            "game.rules.connect4.game",
            turn_unit="moves",
            level_model="game.rules.connect4.level:Connect4Level",
            level_session="game.rules.connect4.session:Connect4Session",
            level_checks="game.rules.connect4.level:check_connect4",
            ai_ladder=("easy", "medium", "hard"),
        ),
    )
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"no game {self.args[0]!r}; known: {', '.join(GAMES)}"


def game_kind(name: str) -> GameKind:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None


def kind_of_level(level: Any) -> GameKind:
    """The game kind of a level model (by its "kind" field)."""
    return game_kind(getattr(level, "kind", ""))


def register_agents(name: str, agents: Mapping[str, Callable[[int], Agent]]) -> None:
    """The AI levels of game `name` (called by `ai/` when it starts, not on import)."""
    game_kind(name).agents.update(agents)


def register_front_end(name: str, front_end: Any = None, editor: Any = None) -> None:
    """The client and workshop editor of game `name` (called by the client when it starts)."""
    kind = game_kind(name)
    if front_end is not None:
        kind.front_end = front_end
    if editor is not None:
        kind.workshop_editor = editor


__all__ = [
    "GAMES",
    "GameKind",
    "UnknownGame",
    "game_kind",
    "kind_of_level",
    "load_dotted",
    "register_agents",
    "register_front_end",
]
