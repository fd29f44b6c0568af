"""Difficulty levels and the move choice: the safety rules every level obeys, then the level's
own thinking (the novice searcher, or alpha-beta with threat-space search).

Order of decisions at the root, for every level:

1. a win in one is always taken, a lone opponent five point is always blocked;
2. (levels with VCF/VCT) a forced win found by threat-space search is played;
3. the level's search picks a move;
4. (levels that defend) if the opponent would then have a VCF, a move that leaves it none is
   looked for among the points of that VCF and our own fours;
5. the move is checked with the rules (``GomokuState.is_legal``) before it is returned.
"""

from __future__ import annotations

import gc
import random
import time
from dataclasses import dataclass

from ai.gomoku.board import Board
from ai.gomoku.novice import novice_move
from ai.gomoku.patterns import B4_UNIT, F3_UNIT, F5_UNIT, pattern_table
from ai.gomoku.search import INFINITE, MATE_BOUND, AlphaBeta, SearchLimits
from ai.gomoku.threats import SearchContext, ThreatSearch, TimeUp
from game.gomoku import GomokuState, Rule


@dataclass(frozen=True)
class Level:
    name: str
    use_novice: bool = False
    max_depth: int = 64
    width: int = 20
    vcf_fours: int = 0  # 0: no own VCF search at the root
    vct_threats: int = 0  # 0: no VCT
    defend_vcf: bool = False  # check that the chosen move leaves the opponent no VCF
    defend_vct: bool = False  # ... and no VCT
    noise: int = 0  # pick at random among root moves scoring within this of the best
    time_share: float = 1.0  # fraction of the budget the level may think for


LEVEL_SETTINGS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("novice", use_novice=True, noise=1),
        Level("easy", max_depth=2, width=10, noise=8),
        Level("medium", max_depth=3, width=10, vcf_fours=6, time_share=0.4),
        Level("hard", max_depth=4, width=14, vcf_fours=12, defend_vcf=True, time_share=0.5),
        Level("master", max_depth=64, width=20, vcf_fours=24, defend_vcf=True),
    )
}
LEVELS: tuple[str, ...] = tuple(LEVEL_SETTINGS)

# Time kept back from the budget for the bookkeeping after the search stops (undoing the
# board, the principal variation, the rules' legality check, returning from a worker).
_RESERVE_SECONDS = 0.004
# A new iteration is not started past this share of the budget: it would rarely finish.
_ITERATION_START_SHARE = 0.4
# Levels that check their move against the opponent's threats stop searching here.
_SEARCH_SHARE_WHEN_DEFENDING = 0.7


def warm_up(rule: Rule | int = Rule.FREESTYLE) -> None:
    """Build the pattern tables for ``rule`` now (0.02 s freestyle, ~0.2 s exact-five rules)
    instead of inside the first timed move."""
    pattern_table(Rule(rule))


def choose_move(
    state: GomokuState, budget_ms: float, level: str = "master", seed: int | None = None
) -> tuple[int, int]:
    """The AI's move for the side to move in ``state``, within ``budget_ms`` milliseconds.

    A pure function of its arguments (``seed`` fixes the choice among near-equal moves of the
    lower levels; None draws a fresh one). Raises ValueError for a finished game or an unknown
    level. Always legal under the state's rule.
    """
    return analyse(state, budget_ms, level, seed)[0]


def analyse(
    state: GomokuState, budget_ms: float, level: str = "master", seed: int | None = None
) -> tuple[tuple[int, int], dict]:
    """``choose_move`` plus an explanation for the client's overlay: ``reason`` (win, block,
    vcf, vct, search, defend, opening, novice), ``depth`` reached, ``score`` (side to move;
    beyond +-99000 a forced win/loss), ``pv`` (principal variation as (x, y)), ``nodes``, ``ms``."""
    start = time.perf_counter()
    settings = LEVEL_SETTINGS.get(level)
    if settings is None:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    if state.is_over:
        raise ValueError("the game is over")
    budget = max(float(budget_ms), 0.0) / 1000.0
    deadline = start + max(budget * settings.time_share - _RESERVE_SECONDS, 0.0)
    rng = random.Random(seed)
    gc_was_enabled = gc.isenabled()
    gc.disable()  # a collection in the middle of a move would eat the budget's margin
    try:
        move, info = _decide(state, settings, start, budget, deadline, rng)
    finally:
        if gc_was_enabled:
            gc.enable()
    x, y = move
    if not state.is_legal(x, y):
        # Never expected (every path filters with the rules); the rules have the last word.
        legal = state.legal_actions()
        move = legal[len(legal) // 2]
        info["reason"] = "fallback"
    info["ms"] = round((time.perf_counter() - start) * 1000.0, 2)
    return move, info


def _decide(state: GomokuState, settings: Level, start: float, budget: float, deadline: float,
            rng: random.Random) -> tuple[tuple[int, int], dict]:
    size = state.size
    if not state.moves:
        return (size // 2, size // 2), {"reason": "opening", "depth": 0, "score": 0, "pv": [], "nodes": 0}
    board = Board.from_state(state)
    context = SearchContext(board, deadline, time.perf_counter)
    point = board.point
    me = board.to_move
    mine, theirs = board.packs[me], board.packs[3 - me]

    def answer(p: int, reason: str, depth: int = 0, score: int = 0, line: list[int] | None = None) -> tuple:
        pv = [point(q) for q in (line or [p])]
        return point(p), {"reason": reason, "depth": depth, "score": score, "pv": pv, "nodes": context.nodes}

    candidates = sorted(board.candidates, key=lambda p: mine[p] + (theirs[p] >> 1), reverse=True)
    legal = [p for p in candidates if context.legal_for_mover(p)]
    if not legal:
        fallback = state.legal_actions()  # nothing near the stones is legal: take any point
        return fallback[len(fallback) // 2], {"reason": "fallback", "depth": 0, "score": 0, "pv": [], "nodes": 0}

    # 1. Tactics no level may miss. The rules' own win test confirms the table's verdict.
    for p in legal:
        if mine[p] >= F5_UNIT and board.makes_five(p, me):
            return answer(p, "win", 1, MATE_BOUND)
    their_fives = [p for p in candidates if theirs[p] >= F5_UNIT and board.makes_five(p, 3 - me)]
    if their_fives:
        blocks = [p for p in their_fives if p in legal] or legal
        return answer(blocks[0], "block", 1, -MATE_BOUND if len(their_fives) > 1 else 0)

    if settings.use_novice:
        p = novice_move(board.board, size, me, deadline, lambda q: q in legal, rng)
        return answer(p if p is not None else legal[0], "novice", 2)

    threats = ThreatSearch(context)
    # 2. Forced wins by threats, each given a slice of the budget.
    if settings.vcf_fours:
        line = _within(context, start + budget * 0.15, lambda: threats.vcf(settings.vcf_fours))
        if line:
            return answer(line[0], "vcf", len(line), MATE_BOUND, line)
    if settings.vct_threats:
        line = _within(context, start + budget * 0.3, lambda: threats.vct(settings.vct_threats, 12))
        if line:
            return answer(line[0], "vct", len(line), MATE_BOUND, line)

    # 3. Alpha-beta.
    searcher = AlphaBeta(context, SearchLimits(max_depth=settings.max_depth, width=settings.width))
    searcher.threats = threats
    soft = start + budget * _ITERATION_START_SHARE
    if settings.defend_vcf:
        # Keep the last part of the budget for checking the chosen move against threats.
        context.deadline = min(deadline, start + budget * _SEARCH_SHARE_WHEN_DEFENDING)
    result = searcher.search(legal, soft)
    context.deadline = deadline
    move = result.move
    reason = "search"
    if settings.noise:
        move = _noisy_choice(searcher, legal, result.depth, settings.noise, rng, move)

    # 4. Do not walk into the opponent's VCF (or VCT).
    if settings.defend_vcf and result.score > -MATE_BOUND:
        safe = _defend(context, move, legal, lambda t: t.vcf(settings.vcf_fours))
        if safe is not None and safe != move:
            move, reason = safe, "defend"
        if settings.defend_vct and safe is not None:
            safe = _defend(context, move, legal, lambda t: t.vct(settings.vct_threats, 12))
            if safe is not None and safe != move:
                move, reason = safe, "defend"
    info = answer(move, reason, result.depth, result.score, result.principal_variation if move == result.move else None)
    info[1]["nodes"] = context.nodes
    return info


def _within(context: SearchContext, sub_deadline: float, task):
    """Run a search with the deadline lowered to ``sub_deadline``; None if it ran out."""
    board = context.board
    saved = context.deadline
    context.deadline = min(saved, sub_deadline)
    root_length = len(board.moves)
    try:
        return task()
    except TimeUp:
        while len(board.moves) > root_length:
            board.undo()
        return None
    finally:
        context.deadline = saved


def _noisy_choice(searcher: AlphaBeta, legal: list[int], depth: int, noise: int, rng: random.Random,
                  default: int) -> int:
    """Exact scores of the top root moves at ``depth``, then a random one within ``noise``."""
    board = searcher.board
    me = board.to_move
    mine, theirs = board.packs[me], board.packs[3 - me]
    top = sorted(legal, key=lambda p: mine[p] + (theirs[p] >> 1), reverse=True)[:8]
    if default not in top:
        top.append(default)
    root_length = len(board.moves)
    scores = {}
    try:
        for p in top:
            board.play(p)
            scores[p] = -searcher.negamax(max(depth - 1, 0), -INFINITE, INFINITE, 1)
            board.undo()
    except TimeUp:
        while len(board.moves) > root_length:
            board.undo()
    if not scores:
        return default
    best = max(scores.values())
    if best > MATE_BOUND:
        return max(scores, key=scores.get)
    return rng.choice(sorted(p for p, s in scores.items() if s >= best - noise))


def _defend(context: SearchContext, move: int, legal: list[int], opponent_threat) -> int | None:
    """``move`` if the opponent then has no forced win by ``opponent_threat`` (a ThreatSearch
    method: VCF or VCT); else a legal move that leaves none: the points of the opponent's
    winning line first, then points where the opponent would make a three or a four, then our
    own fours. None if the clock ran out or nothing works (the search's move stands)."""
    board = context.board
    me = board.to_move
    mine, theirs = board.packs[me], board.packs[3 - me]

    def opponent_line(p: int) -> list[int] | None:
        board.play(p)
        try:
            return opponent_threat(ThreatSearch(context))
        finally:
            board.undo()

    root_length = len(board.moves)
    try:
        line = opponent_line(move)
        if line is None:
            return move
        ordered = [p for p in line if p in legal]
        by_their_threat = sorted(legal, key=theirs.__getitem__, reverse=True)
        ordered += [p for p in by_their_threat if theirs[p] >= F3_UNIT and p not in ordered]
        ordered += [p for p in legal if mine[p] >= B4_UNIT and p not in ordered]
        for p in ordered[:30]:
            if p != move and opponent_line(p) is None:
                return p
    except TimeUp:
        while len(board.moves) > root_length:
            board.undo()
    return None
