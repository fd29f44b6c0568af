"""The Connect Four opponents: the generic alpha-beta (ai/generic/alphabeta.py) with the Connect
Four evaluation (ai/connect4/evaluation.py), at three levels given as data.

A level is capped by depth and by nodes, so it plays the same moves on any machine and under
any load (the time budget only matters when it is shorter than the caps need). Randomness, all
from the agent's seed plus the discs on the board (so a move depends only on the seed and the
position: an agent made again for the same game, after an undo or in another process, plays the
same, as the gomoku agents do):

- ``noise``: pick at random among the root moves scoring within this much of the best (a
  proven win or a move that stops a proven loss is never traded for a worse one: those scores
  lie a million apart);
- ``blunder``: the chance of a move on a hunch (any column, the middle ones likelier) instead of
  searching: easy's mistakes, so it still takes a win and blocks a four most of the time.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ai.connect4 import evaluation
from ai.generic.alphabeta import MATE, WIN, AlphaBeta, SearchResult
from game.rules.connect4 import Connect4State, thoughts
from game.rules.game_api import Decision, Explanation


@dataclass(frozen=True)
class Level:
    name: str
    max_depth: int
    node_limit: int  # alpha-beta nodes per move (0: only the depth and the clock)
    noise: float = 0.0  # random pick among root moves within this score of the best
    blunder: float = 0.0  # chance of a move on a hunch instead of a search


LEVEL_SETTINGS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", max_depth=2, node_limit=400, noise=24.0, blunder=0.12),
        Level("medium", max_depth=4, node_limit=2_000, noise=6.0),
        Level("hard", max_depth=12, node_limit=12_000, noise=0.5),
    )
}
LEVELS: tuple[str, ...] = tuple(LEVEL_SETTINGS)
MARGIN = 60.0  # root moves within this of the best get exact scores (the explanation's bars)
BAR_SCALE = 150.0  # evaluation points for the bars' logistic curve


class Connect4Agent:
    """A Connect Four opponent: `act(observation, budget_ms) -> Decision` (see the module docstring)."""

    def __init__(self, level: str = "medium", seed: int = 0):
        if level not in LEVEL_SETTINGS:
            raise ValueError(f"unknown Connect Four level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = LEVEL_SETTINGS[level]
        self.seed = seed
        self.rng = random.Random(seed)  # drawn afresh for each move: `seed` + the discs played
        self.last_result: SearchResult | None = None

    def act(self, observation: Connect4State, budget_ms: float, clock=time.perf_counter) -> Decision:
        state = observation
        actions = state.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is no move to make")
        start = clock()
        self.rng.seed(self.seed + len(state.moves))
        level = self.level
        if level.blunder and self.rng.random() < level.blunder:
            action = self._hunch(state, actions)
            self.last_result = None
            return Decision(action, self._explain_hunch(state, action))
        searcher = AlphaBeta(
            evaluation.evaluate,
            evaluation.order,
            max_depth=level.max_depth,
            node_limit=level.node_limit,
            margin=max(MARGIN, level.noise),
            clock=clock,
        )
        result = searcher.search(state, budget_ms)
        self.last_result = result
        action = self._pick(result)
        elapsed_ms = (clock() - start) * 1000.0
        return Decision(action, explain(state, result, action, level, elapsed_ms))

    def _pick(self, result: SearchResult):
        best = result.score
        if not self.level.noise or abs(best) > MATE:
            return result.action
        near = [m.action for m in result.root_moves if m.exact and m.score >= best - self.level.noise]
        return self.rng.choice(near) if near else result.action

    def _hunch(self, state: Connect4State, actions: list[int]) -> int:
        centre = (state.columns - 1) / 2
        weights = [1.0 + (centre - abs(c - centre)) for c in actions]
        return self.rng.choices(actions, weights)[0]

    def _explain_hunch(self, state: Connect4State, action: int) -> Explanation:
        headline, fact = thoughts.hunch(action)
        return Explanation(
            headline, [(thoughts.drop_words(state, action), 0.5)], [thoughts.level_fact(self.level.name), fact]
        )


# --- the explanation ----------------------------------------------------------------------
# Worded by game/rules/connect4/thoughts.py, in the language of the moment: the client's AI
# worker is told the player's, every other process keeps English.


def _bar(score: float) -> float:
    if score > MATE:
        return 1.0
    if score < -MATE:
        return 0.0
    # a position short of a proven result stays between 0.05 and 0.95, below a win's full bar
    return round(0.05 + 0.9 / (1.0 + math.exp(-max(-5_000.0, min(5_000.0, score)) / BAR_SCALE)), 3)


def _moves_to_end(score: float) -> int:
    """A forced result's distance in the winner's own moves."""
    plies = round(WIN - abs(score))
    return max(1, (plies + 1) // 2)


def _reason(state: Connect4State, action: int, score: float | None = None) -> str:
    """Why a column matters (thoughts.py's constants; "" when nothing special)."""
    mover = state.current_player
    row = state.height(action)
    bit = state.bit(action, row)
    if state.winning_cells(mover) & bit:
        return thoughts.WINS_AT_ONCE
    if state.winning_cells(1 - mover) & bit:
        return thoughts.BLOCKS_FOUR
    if row + 1 < state.rows and state.winning_cells(1 - mover) & state.bit(action, row + 1):
        return thoughts.WIN_ON_TOP
    if score is not None and score > MATE:
        return thoughts.FORCES
    if score is not None and score < -MATE:
        return thoughts.THEY_FORCE
    after = state.clone()
    after.push(action)
    if (after.winning_cells(mover) & ~state.winning_cells(mover)) and not after.is_terminal:
        return thoughts.MAKES_THREE
    return ""


def explain(state: Connect4State, result: SearchResult, action: int, level: Level, elapsed_ms: float) -> Explanation:
    """The Tab view's words for a search's choice: a headline, the best 3-4 columns with bars,
    and facts (how far it looked, how much it weighed)."""
    scores = {m.action: m.score for m in result.root_moves}
    score = scores.get(action, result.score)
    reason = _reason(state, action, score)
    centre = (state.columns - 1) / 2
    if reason in (thoughts.WINS_AT_ONCE, thoughts.BLOCKS_FOUR):
        kind = reason
    elif score > MATE:
        kind = "won"
    elif score < -MATE:
        kind = "lost"
    elif reason == thoughts.MAKES_THREE:
        kind = reason
    else:
        kind = "centre" if abs(action - centre) < 1 else ""
    headline = thoughts.headline(kind, action, _moves_to_end(score) if kind == "won" else 0)
    options = []
    ranked = sorted(result.root_moves, key=lambda m: (m.action != action, -m.score))
    for move in ranked[:4]:
        why = thoughts.reason_words(_reason(state, move.action, move.score), _moves_to_end(move.score))
        options.append((thoughts.option(thoughts.drop_words(state, move.action), why), _bar(move.score)))
    expected = list(result.principal_variation[1:4]) if len(result.principal_variation) > 1 else []
    facts = thoughts.facts(level.name, result.depth, result.nodes, elapsed_ms, expected)
    return Explanation(headline, options, facts)
