"""A generic game-tree search: iterative-deepening negamax with alpha-beta, over the
`game.rules.game_api.GameState` protocol alone (no game is imported here).

What it uses of a state: ``legal_actions()``, ``is_terminal``, ``winner``, ``current_player``,
``clone()`` and ``apply(action)``; and when the state offers them (each optional):

- ``undo()``: take back the last action, so the search walks one state instead of cloning one
  per node; with ``push(action)`` as well (apply without the checks and the events, as
  python-chess's push/pop) the walk skips building events too;
- ``key()``: a hashable value naming the position, the player to move included: turns on the
  transposition table.

What it is given (the game's knowledge):

- ``evaluate(state, player) -> float``: how good a non-terminal position is for ``player``
  (positive: good). Terminal positions are scored here: a win is ``WIN - ply`` (sooner is
  better), a loss ``-(WIN - ply)``, a draw 0. Evaluations must stay well inside +-``MATE``.
- ``order(state, actions) -> actions`` (optional): the actions best-first guess; the search
  puts the transposition table's move and two killer moves per ply before the rest.

Two players, zero sum. A player may take several actions in a row (the card game does): the
search negates a child's score only when the player to move changes.

Limits: ``max_depth`` plies; ``node_limit`` nodes per call (0: none), the way to make a level
deterministic and machine-independent; and a time budget (``budget_ms``; perf_counter, or an
injected clock for tests) with a safety margin: the search stops at ``budget * 0.9 - 2 ms``,
starts no new iteration after half of that, and checks the clock every 32 nodes. Whatever
stops it, it returns a legal action: the last complete iteration's best, or the better move
of an interrupted iteration once that iteration has re-searched the previous best; failing
even a first iteration, the first action in the move order.

``margin``: root moves scoring within ``margin`` of the best get exact scores (the others an
upper bound), so an agent can pick at random among near-best moves and explain its options.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

WIN = 1_000_000.0
MATE = WIN - 10_000.0  # scores beyond +-MATE are forced wins or losses
INFINITY = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2
SAFETY_SHARE = 0.9  # the share of the budget the search may use ...
SAFETY_MS = 2.0  # ... minus this (returning, explaining and the caller's overhead)
ITERATION_SHARE = 0.5  # no new iteration after this share of the usable time
CLOCK_EVERY = 32  # nodes between clock checks
TABLE_LIMIT = 1_000_000  # transposition-table entries before it is cleared

Evaluate = Callable[[Any, int], float]
Order = Callable[[Any, list], list]


class _Stop(Exception):
    """The time or the node cap ran out inside an iteration."""


@dataclass(frozen=True)
class RootMove:
    action: Any
    score: float
    exact: bool  # False: an upper bound (the move scored below the best by more than the margin)


@dataclass
class SearchResult:
    action: Any  # the best action (None only when the state has no legal action)
    score: float  # its score for the player to move at the root
    depth: int  # plies of the last complete iteration (0: none completed)
    principal_variation: list = field(default_factory=list)  # the expected line, the action first
    root_moves: list[RootMove] = field(default_factory=list)  # best first
    nodes: int = 0
    elapsed_ms: float = 0.0
    stopped: str = ""  # "", "time", "nodes", or "depth" / "solved" when it ended on its own

    @property
    def root_scores(self) -> list[tuple[Any, float]]:
        return [(move.action, move.score) for move in self.root_moves]

    def wins(self) -> bool:
        return self.score > MATE

    def loses(self) -> bool:
        return self.score < -MATE

    def plies_to_end(self) -> int | None:
        """Plies to the forced end when the score is a forced win or loss."""
        if abs(self.score) <= MATE:
            return None
        return round(WIN - abs(self.score))


class AlphaBeta:
    """The search's settings; `search(state, budget_ms)` runs one (see the module docstring)."""

    def __init__(
        self,
        evaluate: Evaluate,
        order: Order | None = None,
        max_depth: int = 64,
        node_limit: int = 0,
        margin: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
        use_table: bool = True,
        safety_ms: float = SAFETY_MS,
    ):
        if max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, not {max_depth}")
        if node_limit < 0:
            raise ValueError(f"node_limit must be 0 (none) or more, not {node_limit}")
        self.evaluate = evaluate
        self.order = order
        self.max_depth = max_depth
        self.node_limit = node_limit
        self.margin = max(0.0, float(margin))
        self.clock = clock
        self.use_table = use_table
        self.safety_ms = safety_ms

    # --- the driver ---------------------------------------------------------------------

    def search(self, state: Any, budget_ms: float | None = None) -> SearchResult:
        start = self.clock()
        actions = list(state.legal_actions())
        if state.is_terminal or not actions:
            return SearchResult(None, 0.0, 0, stopped="solved")
        root = state.clone()
        run = _Run(self, root, start, budget_ms)
        if self.order is not None:
            actions = list(self.order(root, actions))
        scores: dict[Any, tuple[float, bool]] = {}
        best, best_score, depth, stopped = actions[0], -INFINITY, 0, ""
        for iteration in range(1, self.max_depth + 1):
            if iteration > 1 and run.late():
                stopped = "time"
                break
            run.leaf_cut = False
            try:
                found, found_score, found_scores = run.root(iteration, actions)
            except _Stop as stop:
                stopped = str(stop)
                partial = run.partial
                # An interrupted iteration counts once it has re-searched the previous best (the
                # first root move): the best of its finished moves is then at least as good. With
                # no iteration finished at all, the best move seen so far is all there is.
                if partial and (depth == 0 or partial[0][0] == actions[0]):
                    top = max(partial, key=lambda item: item[1])
                    best, best_score = top[0], top[1]
                    scores.update((action, (score, exact)) for action, score, exact in partial)
                break
            best, best_score, depth = found, found_score, iteration
            scores = found_scores
            # the next iteration tries the best first, then the others by this one's scores
            actions.sort(key=lambda a: (a != best, -scores[a][0]))
            if abs(best_score) > MATE:
                stopped = "solved"
                break
            if not run.leaf_cut:  # the whole tree was searched: deeper finds nothing new
                stopped = "solved"
                break
        else:
            stopped = "depth"
        if best_score == -INFINITY:  # nothing searched at all: score the move statically
            best_score = 0.0
        root_moves = sorted(
            (RootMove(a, s, e) for a, (s, e) in scores.items()), key=lambda m: (m.action != best, -m.score)
        )
        if not root_moves or root_moves[0].action != best:
            root_moves.insert(0, RootMove(best, best_score, True))
        return SearchResult(
            best,
            best_score,
            depth,
            run.principal_variation(best, max(depth, 1)),
            root_moves,
            run.nodes,
            (self.clock() - start) * 1000.0,
            stopped,
        )


def search(state: Any, evaluate: Evaluate, budget_ms: float | None = None, **settings) -> SearchResult:
    """One search with the given settings (see AlphaBeta)."""
    return AlphaBeta(evaluate, **settings).search(state, budget_ms)


class _Run:
    """The state of one search call: the walked state, the table, the counters."""

    def __init__(self, settings: AlphaBeta, state: Any, start: float, budget_ms: float | None):
        self.settings = settings
        self.state = state
        self.evaluate = settings.evaluate
        self.order = settings.order
        self.clock = settings.clock
        self.node_limit = settings.node_limit
        self.nodes = 0
        self.leaf_cut = False
        self.partial: list[tuple[Any, float, bool]] = []
        self.start = start
        if budget_ms is None:
            self.deadline = INFINITY
            self.iteration_deadline = INFINITY
        else:
            usable = max(0.0, budget_ms * SAFETY_SHARE - settings.safety_ms) / 1000.0
            self.deadline = start + usable
            self.iteration_deadline = start + usable * ITERATION_SHARE
        self.table: dict | None = {} if settings.use_table and hasattr(state, "key") else None
        self.killers: dict[int, list] = {}
        has_undo = callable(getattr(state, "undo", None))
        has_push = callable(getattr(state, "push", None))
        self.walk = has_undo  # one state, undo after each child; else a clone per child
        self.play = state.push if has_undo and has_push else None

    def late(self) -> bool:
        return self.clock() >= self.iteration_deadline

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit and self.nodes > self.node_limit:
            raise _Stop("nodes")
        if self.nodes % CLOCK_EVERY == 0 and self.clock() >= self.deadline:
            raise _Stop("time")

    # --- moving -------------------------------------------------------------------------

    def child(self, state: Any, action: Any) -> Any:
        if self.walk:
            if self.play is not None:
                self.play(action)
            else:
                state.apply(action)
            return state
        child = state.clone()
        child.apply(action)
        return child

    def back(self, state: Any) -> None:
        if self.walk:
            state.undo()

    # --- the root -----------------------------------------------------------------------

    def root(self, depth: int, actions: list) -> tuple[Any, float, dict]:
        """One iteration over the root moves; fills self.partial as moves finish."""
        state = self.state
        player = state.current_player
        margin = self.settings.margin
        best, best_score = actions[0], -INFINITY
        scores: dict[Any, tuple[float, bool]] = {}
        self.partial = []
        self.nodes += 1
        for action in actions:
            floor = best_score - margin if best_score > -INFINITY else -INFINITY
            child = self.child(state, action)
            try:
                score = self._score_child(child, player, depth - 1, floor, INFINITY, 1)
            finally:
                self.back(state)
            exact = score > floor
            scores[action] = (score, exact)
            self.partial.append((action, score, exact))
            if score > best_score:
                best, best_score = action, score
        self._store(state, depth, best_score, EXACT, best, 0)
        return best, best_score, scores

    def _score_child(self, child: Any, player: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The child's score for `player` (who moved into it)."""
        if child.is_terminal:
            self.nodes += 1
            return self._terminal(child, player, ply)
        mover = child.current_player
        if mover == player:
            return self._negamax(child, depth, alpha, beta, ply)
        return -self._negamax(child, depth, -beta, -alpha, ply)

    @staticmethod
    def _terminal(state: Any, player: int, ply: int) -> float:
        winner = state.winner
        if winner is None:
            return 0.0
        return WIN - ply if winner == player else -(WIN - ply)

    # --- the tree -----------------------------------------------------------------------

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The score of a non-terminal `state` for its player to move."""
        self._tick()
        player = state.current_player
        if depth <= 0:
            self.leaf_cut = True
            return self.evaluate(state, player)
        table = self.table
        key = None
        hint = None
        if table is not None:
            key = state.key()
            entry = table.get(key)
            if entry is not None:
                entry_depth, flag, stored, hint = entry
                if entry_depth >= depth:
                    score = _from_table(stored, ply)
                    if abs(score) <= MATE:
                        self.leaf_cut = True  # the stored search may have stopped at its horizon
                    if flag == EXACT:
                        return score
                    if flag == LOWER and score >= beta:
                        return score
                    if flag == UPPER and score <= alpha:
                        return score
        actions = state.legal_actions()
        if self.order is not None:
            actions = self.order(state, actions)
        first = [hint] if hint is not None and hint in actions else []
        for killer in self.killers.get(ply, ()):
            if killer not in first and killer in actions:
                first.append(killer)
        if first:
            actions = first + [a for a in actions if a not in first]
        original_alpha = alpha
        best_score, best = -INFINITY, actions[0]
        for action in actions:
            child = self.child(state, action)
            try:
                score = self._score_child(child, player, depth - 1, alpha, beta, ply + 1)
            finally:
                self.back(state)
            if score > best_score:
                best_score, best = score, action
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        killers = self.killers.setdefault(ply, [])
                        if action not in killers:
                            killers.insert(0, action)
                            del killers[2:]
                        break
        if table is not None:
            flag = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
            self._store(state, depth, best_score, flag, best, ply, key)
        return best_score

    def _store(self, state: Any, depth: int, score: float, flag: int, best: Any, ply: int, key: Any = None) -> None:
        if self.table is None:
            return
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[state.key() if key is None else key] = (depth, flag, _to_table(score, ply), best)

    # --- the principal variation --------------------------------------------------------

    def principal_variation(self, best: Any, length: int) -> list:
        line = [best]
        if self.table is None or best is None:
            return line
        state = self.state.clone()
        state.apply(best)
        seen = {state.key()}
        while len(line) < length and not state.is_terminal:
            entry = self.table.get(state.key())
            if entry is None or entry[3] is None or not state.is_legal(entry[3]):
                break
            line.append(entry[3])
            state.apply(entry[3])
            key = state.key()
            if key in seen:
                break
            seen.add(key)
        return line


def _to_table(score: float, ply: int) -> float:
    """Win scores count plies from the root; the table keeps them from the node."""
    if score > MATE:
        return score + ply
    if score < -MATE:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score > MATE:
        return score - ply
    if score < -MATE:
        return score + ply
    return score


__all__ = ["INFINITY", "MATE", "WIN", "AlphaBeta", "RootMove", "SearchResult", "search"]
