"""Alpha-beta search: negamax with PVS, iterative deepening, a Zobrist transposition table,
threat-first move ordering with killers and history, and threat-aware pruning.

Per node the side to move's and the opponent's pattern packs over the candidate points decide
the tactics before any search: a five point wins at once; an opponent five point must be
blocked (the only move, searched without using up depth); two of them lose. When the opponent
threatens an open four (it has an open three) the only moves tried are the points where either
side would make a four (that is every way to stop the three, plus counter-fours). Otherwise
all candidates are ordered by threat rank and the node keeps the best ``width`` of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.gomoku.board import Board
from ai.gomoku.patterns import B4_UNIT, F3_UNIT, F4_UNIT, F5_UNIT
from ai.gomoku.threats import SearchContext, ThreatSearch, TimeUp
from game.rules.gomoku import BLACK

MATE = 100_000
MATE_BOUND = MATE - 1_000  # scores beyond this are forced wins/losses (distance in plies)
INFINITE = MATE + 1

EXACT, LOWER, UPPER = 0, 1, 2
TT_BITS = 18
KILLER_BONUS = F3_UNIT  # a killer ranks with an open three, below every four
MAX_PLY = 64


@dataclass(frozen=True)
class SearchLimits:
    max_depth: int = 64
    width: int = 20  # moves kept per interior node (forced answers are never cut)
    root_width: int = 40
    leaf_vcf: int = 0  # at the horizon, look for a VCF of this many fours for the side to move
    defence_extension: int = 0  # plies not counted when answering an open three, per line


@dataclass
class SearchResult:
    move: int
    score: int
    depth: int
    principal_variation: list[int]
    nodes: int
    ranking: list[int] = field(default_factory=list)  # root moves, best first (last full iteration)


class SearchTables:
    """Alpha-beta's transposition table (fixed size) and history counts: fresh for each move,
    or kept from move to move of one game (``ai.gomoku.engine.GameMemory``); entries are keyed
    by the exact position, so an old one is as true as a new one."""

    def __init__(self, area: int, bits: int = TT_BITS) -> None:
        size = 1 << bits
        self.tt_keys = [0] * size
        self.tt_data: list[tuple[int, int, int, int] | None] = [None] * size
        self.history = [0] * area

    def age(self) -> None:
        """Halve the history counts, so the last moves' cut-offs weigh most."""
        self.history[:] = [count >> 1 for count in self.history]


class AlphaBeta:
    def __init__(
        self,
        context: SearchContext,
        limits: SearchLimits,
        threats: ThreatSearch | None = None,
        tables: SearchTables | None = None,
    ) -> None:
        self.context = context
        self.board: Board = context.board
        self.limits = limits
        self.threats = threats if threats is not None else ThreatSearch(context)
        tables = tables if tables is not None else SearchTables(self.board.area)
        self.tt_mask = len(tables.tt_keys) - 1
        self.tt_keys = tables.tt_keys
        self.tt_data = tables.tt_data
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.history = tables.history

    # --- static evaluation -------------------------------------------------------------------

    def evaluate(self, my_best: int, their_best: int) -> int:
        """Score for the side to move from the incremental pattern sum plus threat tiers.

        my_best/their_best are the highest packs over the candidate points, i.e. each side's
        strongest next move. Being to move is worth a lot when the strongest move is a threat.
        """
        board = self.board
        score = board.score if board.to_move == BLACK else -board.score
        if my_best >= F4_UNIT or my_best >= 2 * B4_UNIT:
            score += 5_000  # an open or double four next move
        elif my_best >= B4_UNIT + F3_UNIT:
            score += 2_000  # a four-three
        elif my_best >= 2 * F3_UNIT:
            score += 800  # a double three
        elif my_best >= F3_UNIT:
            score += 100
        if their_best >= F4_UNIT:
            score -= 150  # they have an open three to answer
        elif their_best >= B4_UNIT + F3_UNIT or their_best >= 2 * F3_UNIT:
            score -= 300
        return score

    # --- the tree ----------------------------------------------------------------------------

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, extensions: int = 0) -> int:
        context = self.context
        context.tick()
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        candidates = board.candidates
        if not candidates:
            return 0
        my_threats = board.threat_points[me]
        my_best = max([mine[p] for p in my_threats]) if my_threats else 0
        if my_best >= F5_UNIT:
            return MATE - ply
        their_threats = board.threat_points[3 - me]
        their_best = max([theirs[p] for p in their_threats]) if their_threats else 0
        renju_black = context.renju and me == BLACK
        if their_best >= F5_UNIT:
            blocks = [p for p in their_threats if theirs[p] >= F5_UNIT]
            if len(blocks) > 1 or (renju_black and context.black_foul(blocks[0])):
                return -(MATE - ply - 1)
            if ply >= MAX_PLY:
                return self.evaluate(my_best, their_best)
            board.play(blocks[0])
            score = -self.negamax(depth, -beta, -alpha, ply + 1, extensions)
            board.undo()
            return score
        if my_best >= F4_UNIT and their_best < B4_UNIT:
            # An open four next, and they have no four to delay with: a win in three plies.
            if not renju_black or any(mine[p] >= F4_UNIT and not context.black_foul(p) for p in my_threats):
                return MATE - ply - 2
        if depth <= 0 or ply >= MAX_PLY:
            if my_best >= B4_UNIT and self.limits.leaf_vcf and ply < MAX_PLY:
                line = self.threats._vcf(self.limits.leaf_vcf)
                if line is not None:
                    return MATE - ply - len(line)
            return self.evaluate(my_best, their_best)

        original_alpha = alpha
        slot = board.hash & self.tt_mask
        tt_move = -1
        # (An entry is None only under a key still at its initial 0 that a hash of 0 matches.)
        if self.tt_keys[slot] == board.hash and (entry := self.tt_data[slot]) is not None:
            tt_depth, flag, tt_score, tt_move = entry
            if tt_depth >= depth:
                if tt_score > MATE_BOUND:
                    tt_score -= ply
                elif tt_score < -MATE_BOUND:
                    tt_score += ply
                if flag == EXACT or (flag == LOWER and tt_score >= beta) or (flag == UPPER and tt_score <= alpha):
                    return tt_score

        moves = self.ordered_moves(my_best, their_best, ply, tt_move, self.limits.width)
        child_depth = depth - 1
        if their_best >= F4_UNIT and my_best < F4_UNIT and extensions > 0:
            # Answering an open three: the few replies are forced, so the line is followed
            # one ply further (the attacker's threat sequence is seen to its end).
            child_depth = depth
            extensions -= 1
        best_score = -INFINITE
        best_move = -1
        searched = 0
        for p in moves:
            if renju_black and context.black_foul(p):
                continue
            board.play(p)
            if searched == 0:
                score = -self.negamax(child_depth, -beta, -alpha, ply + 1, extensions)
            else:
                # Late quiet moves are tried one ply shallower first (re-searched if they surprise).
                reduction = 1 if searched >= 3 and depth >= 3 and mine[p] < B4_UNIT and theirs[p] < B4_UNIT else 0
                score = -self.negamax(child_depth - reduction, -alpha - 1, -alpha, ply + 1, extensions)
                if score > alpha and (reduction or score < beta):
                    score = -self.negamax(child_depth, -beta, -alpha, ply + 1, extensions)
            board.undo()
            searched += 1
            if score > best_score:
                best_score = score
                best_move = p
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if mine[p] < B4_UNIT:
                            killers = self.killers[ply]
                            if killers[0] != p:
                                killers[1] = killers[0]
                                killers[0] = p
                        self.history[p] += depth * depth
                        break
        if best_move < 0:
            return 0  # renju black with only forbidden points: the rules call it a draw

        stored = best_score
        if stored > MATE_BOUND:
            stored += ply
        elif stored < -MATE_BOUND:
            stored -= ply
        flag = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self.tt_keys[slot] = board.hash
        self.tt_data[slot] = (depth, flag, stored, best_move)
        return best_score

    def ordered_moves(self, my_best: int, their_best: int, ply: int, tt_move: int, width: int) -> list[int]:
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        candidates = board.candidates
        if their_best >= F4_UNIT and my_best < F4_UNIT:
            # They threaten an open four: block it (any point where they would make a four) or
            # counter with a four of our own. Nothing else can hold.
            pool = [p for p in board.threat_points[me] if mine[p] >= B4_UNIT]
            pool += [p for p in board.threat_points[3 - me] if theirs[p] >= B4_UNIT and mine[p] < B4_UNIT]
            width = len(pool)
        else:
            pool = list(candidates)
        history = self.history
        killers = self.killers[ply]
        keyed = []
        for p in pool:
            key = mine[p] + (theirs[p] >> 1) + history[p]
            if p == killers[0] or p == killers[1]:
                key += KILLER_BONUS
            if p == tt_move:
                key += 1 << 40
            keyed.append((key, p))
        keyed.sort(reverse=True)
        return [p for _, p in keyed[:width]]

    def principal_variation(self, first: int, limit: int = 12) -> list[int]:
        board = self.board
        line = [first]
        board.play(first)
        played = 1
        while len(line) < limit:
            slot = board.hash & self.tt_mask
            entry = self.tt_data[slot]
            if self.tt_keys[slot] != board.hash or entry is None:
                break
            move = entry[3]
            if move < 0 or board.board[move]:
                break
            line.append(move)
            board.play(move)
            played += 1
        for _ in range(played):
            board.undo()
        return line

    # --- iterative deepening -----------------------------------------------------------------

    def search(
        self, root_moves: list[int], soft_deadline: float, unstable_deadline: float | None = None
    ) -> SearchResult:
        """Deepen until the limits, a decided score, or the clock stop it.

        ``root_moves`` must be legal and non-empty. The result is the best move of the
        deepest completed iteration, or of the interrupted one if its first (principal) move
        had finished and something scored at least as well. A new iteration starts only
        before ``soft_deadline`` (it would likely not finish after it), or before
        ``unstable_deadline`` while the position is unsettled: the last iteration changed the
        best move or lowered its score (a threat the shallower search did not see), which is
        where more depth changes the move.
        """
        context = self.context
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        order = sorted(root_moves, key=lambda p: mine[p] + (theirs[p] >> 1), reverse=True)
        order = order[: max(self.limits.root_width, 1)]
        best = SearchResult(order[0], 0, 0, [order[0]], 0)
        root_length = len(board.moves)
        depth = 1
        while depth <= self.limits.max_depth:
            scores: dict[int, int] = {}
            alpha = -INFINITE
            iteration_best = -1
            try:
                for p in order:
                    board.play(p)
                    extensions = self.limits.defence_extension
                    if iteration_best < 0:
                        score = -self.negamax(depth - 1, -INFINITE, INFINITE, 1, extensions)
                    else:
                        score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, extensions)
                        if score > alpha:
                            score = -self.negamax(depth - 1, -INFINITE, -alpha, 1, extensions)
                    board.undo()
                    scores[p] = score
                    if score > alpha:
                        alpha = score
                        iteration_best = p
            except TimeUp:
                while len(board.moves) > root_length:
                    board.undo()
                if iteration_best >= 0 and alpha >= best.score:
                    best = SearchResult(iteration_best, alpha, depth, [iteration_best], context.nodes)
                break
            unsettled = depth > 1 and (iteration_best != best.move or alpha < best.score)
            best = SearchResult(iteration_best, alpha, depth, [iteration_best], context.nodes)
            # Next iteration: best first, then by this iteration's scores (stable for ties).
            order.sort(key=lambda p: scores.get(p, -INFINITE), reverse=True)
            best.ranking = order.copy()
            start_by = unstable_deadline if unsettled and unstable_deadline is not None else soft_deadline
            if abs(alpha) > MATE_BOUND or len(order) == 1 or context.clock() > start_by:
                break
            depth += 1
        best.nodes = context.nodes
        if not best.ranking or best.ranking[0] != best.move:
            best.ranking = [best.move] + [p for p in (best.ranking or order) if p != best.move]
        best.principal_variation = self.principal_variation(best.move)
        return best
