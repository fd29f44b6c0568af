"""Threat-space search: VCF (victory by continuous fours) and a bounded VCT.

VCF: the attacker plays only fours, so every defender reply is forced (the single point that
would give the attacker five), which keeps the tree narrow. It succeeds when a four is also
an open four or a double four (two five points cannot both be blocked), when the attacker
gets a five point, or in renju when black would have to block on a forbidden point. If the
defender's forced block makes a four of its own, the attacker must block it and may only go
on if that block is itself a four.

VCT adds threes: after an attacker's open three (a point where one more stone makes an open
four) the defender has several answers, and the threat holds only if it holds against all of
them. The answers considered are the points where the attacker would make a four next (this
includes the open three's ends and gaps, so every real defence of that three) and the
defender's own fours, which must then be answered. It is bounded by depth and by the shared
node/deadline budget, so a "no" means "not found", never "does not exist".
"""

from __future__ import annotations

from ai.gomoku.board import Board
from ai.gomoku.patterns import B4_UNIT, F3_UNIT, F4_UNIT, F5_UNIT
from game.gomoku import BLACK, Rule


class TimeUp(Exception):
    """Raised from inside a search when the deadline has passed; the caller unwinds the board."""


class SearchContext:
    """What every search shares: the board, the clock, node counting and renju legality."""

    def __init__(self, board: Board, deadline: float, clock) -> None:
        self.board = board
        self.deadline = deadline
        self.clock = clock
        self.nodes = 0
        self.renju = board.rule == Rule.RENJU
        self._foul_cache: dict[tuple[int, int], bool] = {}
        if self.renju:
            from game.gomoku import GomokuState

            # A rules state that reads our board list directly, so the rules' own renju foul
            # detection judges the search positions (never re-implemented here).
            self._rules_view = GomokuState(board.size, board.rule)
            self._rules_view.board = board.board

    def tick(self) -> None:
        """Count a node and check the clock every 64 nodes (cheap enough, and at ~10-50 us a
        node the deadline is never missed by more than a few ms)."""
        self.nodes += 1
        if not self.nodes & 63 and self.clock() > self.deadline:
            raise TimeUp

    def black_foul(self, p: int) -> bool:
        """Whether black playing empty p is a renju foul (always False outside renju).

        The pattern packs rule out almost every point cheaply: a foul needs an overline, two
        fours or two threes through the point, and never happens when the point makes five.
        Only the rest goes to the rules, memoised per position.
        """
        if not self.renju:
            return False
        pack = self.board.packs[BLACK][p]
        if pack >= F5_UNIT:
            return False
        fours = ((pack >> 21) & 7) + ((pack >> 24) & 7)
        if not (pack & 7 or (pack >> 3) & 7 or fours >= 2 or ((pack >> 18) & 7) >= 2):
            return False
        key = (self.board.hash, p)
        cached = self._foul_cache.get(key)
        if cached is None:
            size = self.board.size
            cached = self._rules_view.foul_at(p % size, p // size) is not None
            self._foul_cache[key] = cached
        return cached

    def legal_for_mover(self, p: int) -> bool:
        return not (self.renju and self.board.to_move == BLACK and self.black_foul(p))


class ThreatSearch:
    def __init__(self, context: SearchContext) -> None:
        self.context = context
        self.board = context.board
        self._vcf_failed: dict[int, int] = {}
        self._vct_failed: dict[int, int] = {}

    # --- VCF ------------------------------------------------------------------------------

    def vcf(self, max_fours: int) -> list[int] | None:
        """A forced win by fours for the side to move, as the move sequence (attacker and
        defender alternating, ending with the winning threat), or None if none was found."""
        return self._vcf(max_fours)

    def _vcf(self, depth: int) -> list[int] | None:
        context = self.context
        context.tick()
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        candidates = board.candidates
        for p in candidates:
            if mine[p] >= F5_UNIT:
                return [p]
        if depth <= 0:
            return None
        key = board.hash
        if self._vcf_failed.get(key, -1) >= depth:
            return None
        their_fives = [p for p in candidates if theirs[p] >= F5_UNIT]
        if their_fives:
            if len(their_fives) > 1 or mine[their_fives[0]] < B4_UNIT:
                self._vcf_failed[key] = depth
                return None
            moves = their_fives
        else:
            moves = sorted((p for p in candidates if mine[p] >= B4_UNIT), key=mine.__getitem__, reverse=True)
        for p in moves:
            if me == BLACK and context.renju and context.black_foul(p):
                continue
            line = self._play_four(p, depth)
            if line is not None:
                return line
        self._vcf_failed[key] = depth
        return None

    def _play_four(self, p: int, depth: int) -> list[int] | None:
        """Play the attacker's four on p and the forced block, then continue the VCF."""
        board = self.board
        me = board.to_move
        board.play(p)
        try:
            fives = board.five_points_near(p, me)
            if len(fives) >= 2:
                return [p]
            if not fives:
                return None
            block = fives[0]
            if me != BLACK and self.context.renju and self.context.black_foul(block):
                return [p]  # black may not block on a forbidden point
            board.play(block)
            try:
                rest = self._vcf(depth - 1)
            finally:
                board.undo()
            return None if rest is None else [p, block, *rest]
        finally:
            board.undo()

    # --- VCT ------------------------------------------------------------------------------

    def vct(self, max_threats: int, vcf_fours: int) -> list[int] | None:
        """A forced win by fours and open threes for the side to move (first moves of the
        line found), or None."""
        return self._vct(max_threats, vcf_fours)

    def _vct(self, depth: int, vcf_fours: int) -> list[int] | None:
        context = self.context
        board = self.board
        line = self._vcf(vcf_fours)
        if line is not None:
            return line
        if depth <= 0:
            return None
        key = board.hash
        if self._vct_failed.get(key, -1) >= depth:
            return None
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        candidates = board.candidates
        their_fives = [p for p in candidates if theirs[p] >= F5_UNIT]
        if their_fives:
            # Forced to block; the threat on the board may still win afterwards.
            block = their_fives[0]
            if len(their_fives) > 1 or (me == BLACK and context.renju and context.black_foul(block)):
                return None
            board.play(block)
            try:
                holds = self._all_defences_fail(depth, vcf_fours)
            finally:
                board.undo()
            return [block] if holds else None
        # Open threes (and 4-3s): moves after which one more stone makes an open four.
        threes = sorted((p for p in candidates if mine[p] >= F3_UNIT), key=mine.__getitem__, reverse=True)
        for p in threes:
            if me == BLACK and context.renju and context.black_foul(p):
                continue
            board.play(p)
            try:
                if self._all_defences_fail(depth - 1, vcf_fours):
                    return [p]
            finally:
                board.undo()
        self._vct_failed[key] = depth
        return None

    def _all_defences_fail(self, depth: int, vcf_fours: int) -> bool:
        """With the defender to move after an attacker's threat: whether every defence loses
        to a further VCT."""
        context = self.context
        context.tick()
        board = self.board
        defender = board.to_move
        attacks = board.packs[3 - defender]
        defends = board.packs[defender]
        candidates = board.candidates
        if any(defends[p] >= F5_UNIT for p in candidates):
            return False
        attacker_fives = [p for p in candidates if attacks[p] >= F5_UNIT]
        if len(attacker_fives) >= 2:
            return True
        if attacker_fives:
            block = attacker_fives[0]
            if defender == BLACK and context.renju and context.black_foul(block):
                return True
            board.play(block)
            try:
                return self._vct(depth, vcf_fours) is not None
            finally:
                board.undo()
        if not any(attacks[p] >= F4_UNIT for p in candidates):
            return False  # no open-four threat stands
        if self._vcf(vcf_fours) is not None:
            return False  # the defender wins first by its own fours
        # Every point where the attacker would make a four (the three's ends and gaps) and the
        # defender's own fours (counter-threats the attacker must answer).
        defences = [p for p in candidates if attacks[p] >= B4_UNIT or defends[p] >= B4_UNIT]
        for p in defences:
            if defender == BLACK and context.renju and context.black_foul(p):
                continue
            board.play(p)
            try:
                if self._vct(depth, vcf_fours) is None:
                    return False
            finally:
                board.undo()
        return True
