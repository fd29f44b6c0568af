"""The move choice: the safety rules every level obeys, then the level's own thinking (the
novice searcher, or alpha-beta with threat-space search); the levels are data in ``settings``,
the root's threat checks in ``defence``.

Order of decisions at the root, for every level:

1. a win in one is always taken, a lone opponent five point is always blocked;
2. (levels with VCF/VCT) a forced win found by threat-space search is played;
3. (levels that defend) if the opponent, were it to move now, would have a VCF (or a VCT),
   only the moves after which it has none are searched: the points of its threat line, the
   points where it would make a three or a four, and our own fours (and threes); master then
   rechecks those moves for a longer VCT and drops the ones that only delay the loss;
4. the level's alpha-beta search picks a move among the root moves;
5. the move is checked with the rules (``GomokuState.is_legal``) before it is returned.

Every level below master is capped by depth and by node counts, not by the clock (the clock
is only a safety net), so it plays the same moves whatever the machine load; master deepens
until its time budget runs out.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

from ai.gomoku.board import Board
from ai.gomoku.defence import Defence
from ai.gomoku.novice import novice_move
from ai.gomoku.patterns import F5_UNIT, pattern_table
from ai.gomoku.search import INFINITE, MATE_BOUND, AlphaBeta, SearchLimits, SearchTables
from ai.gomoku.settings import LEVEL_SETTINGS, LEVELS, Level
from ai.gomoku.threats import NO_LIMIT, SearchContext, ThreatMemory, ThreatSearch, TimeUp
from game.rules.gomoku import GomokuState, Rule

# Time kept back from the budget for the bookkeeping after the search stops (undoing the
# board, the principal variation, the rules' legality check, returning from a worker).
_RESERVE_SECONDS = 0.004
# Shares of the budget (from the start of the move) by which each threat phase must be over.
_VCF_SHARE = 0.05
_VCT_SHARE = 0.15
_DEFENCE_SHARE = 0.35
_RECHECK_SHARE = 0.7


def warm_up(rule: Rule | int = Rule.FREESTYLE) -> None:
    """Build the pattern tables for ``rule`` now (0.02 s freestyle, ~0.2 s exact-five rules)
    instead of inside the first timed move."""
    pattern_table(Rule(rule))


class WorkClock:
    """A clock that measures work instead of time: every reading advances it by a fixed step.

    The searches read the clock once per 16 nodes (and at a few fixed points), so with this
    clock a time budget becomes a node budget and the move no longer depends on the machine
    or its load: tests and reproducible matches pass one to ``analyse``. The default step,
    0.5 ms per reading (16 nodes), matches the measured ~30,000 alpha-beta nodes/s of the
    2-core machine, so ``budget_ms`` keeps roughly its wall-clock meaning.
    """

    def __init__(self, seconds_per_reading: float = 0.0005) -> None:
        self.step = seconds_per_reading
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class GameMemory:
    """What a clock-bound level (master) keeps from one move to the next of a game: alpha-beta's
    transposition table and history, and the threat searches' refuted and won positions. The
    positions searched for one move come back in the next (two stones later), so the work
    done there is not done again.

    Pass the same one with every move of a game to ``choose_move``/``analyse``; as its entries
    are exact positions, one may also serve later games (the Gomocup brain keeps one for its
    life, the client's AI worker one per level). The threat memory is cleared when it passes
    ``max_threat_entries`` (about 100 bytes each), so the memory stays flat over any number of
    moves. The levels below master ignore it: their node caps were measured without it.
    """

    # 2^16 slots hold one move's search (~30,000 nodes at 1 s) and the last moves' best
    # entries, and fill within a few hundred moves (about 8 MB), so the memory soon stops growing.
    TABLE_BITS = 16

    def __init__(self, max_threat_entries: int = 100_000) -> None:
        self.max_threat_entries = max_threat_entries
        self.identity: tuple | None = None
        self.threats = ThreatMemory()
        self.tables: SearchTables | None = None

    def for_move(self, settings: Level, board: Board) -> tuple[ThreatMemory, SearchTables]:
        identity = (settings, board.size, board.rule, board.walls)  # walls: a level's sealed points
        if identity != self.identity or self.tables is None:
            self.identity = identity
            self.threats = ThreatMemory()
            self.tables = SearchTables(board.area, self.TABLE_BITS)
        elif len(self.threats) > self.max_threat_entries:
            self.threats.clear()
        self.tables.age()
        return self.threats, self.tables


def choose_move(
    state: GomokuState,
    budget_ms: float,
    level: str = "master",
    seed: int | None = None,
    clock: Callable[[], float] | None = None,
    memory: GameMemory | None = None,
) -> tuple[int, int]:
    """The AI's move for the side to move in ``state``, within ``budget_ms`` milliseconds.

    A pure function of its arguments (``seed`` fixes the choice among near-equal moves of the
    lower levels; None draws a fresh one). Raises ValueError for a finished game or an unknown
    level. Always legal under the state's rule. ``clock`` (seconds, default
    ``time.perf_counter``) measures the budget; a ``WorkClock`` makes master deterministic.
    ``memory`` (a ``GameMemory``) lets master reuse the work of its earlier moves in this game.
    """
    return analyse(state, budget_ms, level, seed, clock, memory)[0]


def analyse(
    state: GomokuState,
    budget_ms: float,
    level: str = "master",
    seed: int | None = None,
    clock: Callable[[], float] | None = None,
    memory: GameMemory | None = None,
) -> tuple[tuple[int, int], dict]:
    """``choose_move`` plus an explanation for the client's overlay: ``reason`` (win, block,
    vcf, vct, search, defend, opening, novice), ``depth`` reached, ``score`` (side to move;
    beyond +-99000 a forced win/loss), ``pv`` (principal variation as (x, y)), ``nodes``, ``ms``
    (wall-clock milliseconds, whatever ``clock`` is)."""
    wall_start = time.perf_counter()
    clock = clock or time.perf_counter
    start = clock()
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
        move, info = _decide(state, settings, start, budget, deadline, rng, clock, memory)
    finally:
        if gc_was_enabled:
            gc.enable()
    x, y = move
    if not state.is_legal(x, y):
        # Never expected (every path filters with the rules); the rules have the last word.
        legal = state.legal_actions()
        move = legal[len(legal) // 2]
        info["reason"] = "fallback"
    info["ms"] = round((time.perf_counter() - wall_start) * 1000.0, 2)
    return move, info


def _decide(
    state: GomokuState,
    settings: Level,
    start: float,
    budget: float,
    deadline: float,
    rng: random.Random,
    clock: Callable[[], float],
    memory: GameMemory | None,
) -> tuple[tuple[int, int], dict]:
    size = state.size
    if not state.moves:
        opening = (size // 2, size // 2)
        if not state.is_legal(*opening):  # a level's twist sealed the centre: the nearest open point
            opening = min(state.legal_actions(), key=lambda p: (abs(p[0] - size // 2) + abs(p[1] - size // 2), p))
        return opening, {"reason": "opening", "depth": 0, "score": 0, "pv": [], "nodes": 0}
    board = Board.from_state(state)
    context = SearchContext(board, deadline, clock)
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
        chosen = novice_move(board.board, size, me, deadline, lambda q: q in legal, rng, clock)
        return answer(chosen if chosen is not None else legal[0], "novice", 2)

    threat_memory: ThreatMemory | None
    tables: SearchTables | None
    threat_memory, tables = (None, None) if memory is None or settings.node_limit else memory.for_move(settings, board)
    threats = ThreatSearch(context, threat_memory)
    threat_nodes = settings.threat_nodes
    if settings.node_limit:
        # Node-capped levels: the caps alone end each phase; the clock only guards the budget.
        def share(fraction: float) -> float:  # the fraction is unused here
            return deadline
    else:

        def share(fraction: float) -> float:
            return start + budget * fraction

    # 2. Forced wins by threats, each given a slice of the budget.
    if settings.vcf_fours:
        line = _phase(context, share(_VCF_SHARE), threat_nodes, lambda: threats.vcf(settings.vcf_fours))
        if line:
            return answer(line[0], "vcf", len(line), MATE_BOUND, line)
    if settings.vct_threats:
        line = _phase(
            context,
            share(_VCT_SHARE),
            threat_nodes,
            lambda: threats.vct(settings.vct_threats, settings.vcf_fours, settings.vct_width),
        )
        if line:
            return answer(line[0], "vct", len(line), MATE_BOUND, line)

    # 3. The opponent's forced wins: search only the moves that stop them.
    root_moves = legal
    reason = "search"
    if settings.defend_vcf or settings.defend_vct:
        defence = Defence(context, threats, settings, legal)
        finished = _phase(context, share(_DEFENCE_SHARE), threat_nodes, defence.run)
        if finished and settings.recheck_threats and len(defence.safe) > 1:
            _phase(context, share(_RECHECK_SHARE), threat_nodes, defence.recheck)  # partial counts too
        safe = defence.root_moves(bool(finished))
        if safe:
            root_moves, reason = safe, "defend"

    # 4. Alpha-beta.
    searcher = AlphaBeta(
        context,
        SearchLimits(
            max_depth=settings.max_depth,
            width=settings.width,
            leaf_vcf=settings.leaf_vcf,
            defence_extension=settings.defence_extension,
        ),
        threats,
        tables,
    )
    context.node_limit = context.nodes + settings.node_limit if settings.node_limit else NO_LIMIT
    now = clock()
    soft = deadline if settings.node_limit else now + (deadline - now) * settings.iteration_start_share
    unstable = deadline if settings.node_limit else now + (deadline - now) * settings.unstable_start_share
    result = searcher.search(root_moves, soft, unstable)
    move = result.move
    if settings.noise:
        move = _noisy_choice(searcher, root_moves, result.depth, settings.noise, rng, move)
    if len(root_moves) == 1 and reason == "search":
        reason = "forced"
    return answer(move, reason, result.depth, result.score, result.principal_variation if move == result.move else None)


def _phase(context: SearchContext, sub_deadline: float, nodes: int, task):
    """Run a search with the deadline lowered to ``sub_deadline`` and (if ``nodes``) at most
    that many nodes; None if it ran out."""
    board = context.board
    saved_deadline, saved_limit = context.deadline, context.node_limit
    context.deadline = min(saved_deadline, sub_deadline)
    context.node_limit = context.nodes + nodes if nodes else NO_LIMIT
    root_length = len(board.moves)
    try:
        return task()
    except TimeUp:
        while len(board.moves) > root_length:
            board.undo()
        return None
    finally:
        context.deadline, context.node_limit = saved_deadline, saved_limit


def _noisy_choice(
    searcher: AlphaBeta, legal: list[int], depth: int, noise: int, rng: random.Random, default: int
) -> int:
    """Exact scores of the top root moves at ``depth``, then a random one within ``noise``."""
    board = searcher.board
    me = board.to_move
    mine, theirs = board.packs[me], board.packs[3 - me]
    top = sorted(legal, key=lambda p: mine[p] + (theirs[p] >> 1), reverse=True)[:8]
    if default not in top:
        top.append(default)
    root_length = len(board.moves)
    scores = {}
    context = searcher.context
    context.node_limit = NO_LIMIT
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
        return max(scores, key=scores.__getitem__)
    return rng.choice(sorted(p for p, s in scores.items() if s >= best - noise))
