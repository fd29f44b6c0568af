"""Threat-space search: VCF (victory by continuous fours) and a bounded VCT.

VCF: the attacker plays only fours, so every defender reply is forced (the single point that
would give the attacker five), which keeps the tree narrow. It succeeds when a four is also
an open four or a double four (two five points cannot both be blocked), when the attacker
gets a five point, or in renju when black would have to block on a forbidden point. If the
defender's forced block makes a four of its own, the attacker must block it and may only go
on if that block is itself a four. After the first four only the fours on the lines of the
last one are tried: a four that was already there gives the same positions in another order,
searched one node up. Failures of such pruned nodes are remembered apart from complete ones,
so a VCF asked at a position still tries every four there.

VCT adds threes: after an attacker's open three (a point where one more stone makes an open
four) the defender has several answers, and the threat holds only if it holds against all of
them. The answers considered are the points where the attacker would make a four next (this
includes the open three's ends and gaps, so every real defence of that three) and the
defender's own fours, which must then be answered; a defender who has a VCF of its own when
the three is made wins the race. Only the attacker's ``width`` strongest threat points are
tried per node, and after the first threat only those on the four lines (within 4 points) of
the attacker's earlier threat stones. It is bounded by depth and by the shared node/deadline
budget, so a "no" means "not found", never "does not exist".

Both searches only read the board's ``threat_points`` (the points where a colour would make at
least an open three), never scan the whole board, and remember positions already refuted (and
VCT wins) by Zobrist hash, so repeated calls within one move decision share their work.
"""

from __future__ import annotations

from ai.gomoku.board import Board
from ai.gomoku.patterns import B4_UNIT, F3_UNIT, F4_UNIT, F5_UNIT
from game.rules.gomoku import BLACK, Rule

NO_LIMIT = 1 << 62
USE_ZONE = True


class TimeUp(Exception):
    """Raised from inside a search when the budget (deadline or node limit) is used up; the
    caller unwinds the board."""


class SearchContext:
    """What every search shares: the board, the clock, node counting and renju legality.

    ``node_limit`` caps the nodes of the whole decision exactly (levels that must play the
    same move whatever the machine load use it); ``deadline`` is checked every 16 nodes.
    """

    def __init__(self, board: Board, deadline: float, clock, node_limit: int = NO_LIMIT) -> None:
        self.board = board
        self.deadline = deadline
        self.clock = clock
        self.node_limit = node_limit
        self.nodes = 0
        self.renju = board.rule == Rule.RENJU
        self._foul_cache: dict[tuple[int, int], bool] = {}
        if self.renju:
            from game.rules.gomoku import GomokuState

            # A rules state that reads our board list directly, so the rules' own renju foul
            # detection judges the search positions (never re-implemented here).
            self._rules_view = GomokuState(board.size, board.rule)
            self._rules_view.board = board.board

    def tick(self) -> None:
        """Count a node; check the node limit every time and the clock every 16 nodes (at
        ~10-50 us a node the deadline is never missed by more than a few ms)."""
        nodes = self.nodes + 1
        self.nodes = nodes
        if nodes >= self.node_limit or (not nodes & 15 and self.clock() > self.deadline):
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


def threat_order(pack: int) -> int:
    """Sort key of an attacker's threat point: an open four first, then a four-three, a double
    three, a plain four and a plain three (ties by the pack itself)."""
    if pack >= F4_UNIT or pack >= 2 * B4_UNIT:
        tier = 5
    elif pack >= B4_UNIT + F3_UNIT:
        tier = 4
    elif pack < B4_UNIT and pack >= 2 * F3_UNIT:
        tier = 3
    elif pack >= B4_UNIT:
        tier = 2
    else:
        tier = 1
    return (tier << 40) + pack


class ThreatMemory:
    """The threat searches' memory of positions by Zobrist hash: VCF failures (position ->
    fours searched; those of a pruned VCF node apart), VCT failures and wins (one pair of tables
    per set of VCT settings, as a VCT's verdict depends on them). One memory can serve every
    move of a game (``ai.gomoku.engine.GameMemory``), since a position reached again two plies
    later is the same position."""

    def __init__(self) -> None:
        self.vcf_failed: dict[int, int] = {}
        self.vcf_pruned_failed: dict[int, int] = {}
        # VCT settings -> (failed: position -> threats searched, won: position -> (threats, line))
        self.vct_tables: dict[tuple[int, int, int], tuple[dict[int, int], dict[int, tuple[int, list[int]]]]] = {}

    def __len__(self) -> int:
        return (
            len(self.vcf_failed)
            + len(self.vcf_pruned_failed)
            + sum(len(failed) + len(won) for failed, won in self.vct_tables.values())
        )

    def clear(self) -> None:
        self.vcf_failed.clear()
        self.vcf_pruned_failed.clear()
        for failed, won in self.vct_tables.values():
            failed.clear()
            won.clear()


class ThreatSearch:
    def __init__(self, context: SearchContext, memory: ThreatMemory | None = None) -> None:
        self.context = context
        self.board = context.board
        self.memory = memory if memory is not None else ThreatMemory()
        self._vcf_failed = self.memory.vcf_failed
        self._vcf_pruned_failed = self.memory.vcf_pruned_failed

    # --- VCF ------------------------------------------------------------------------------

    def vcf(self, max_fours: int) -> list[int] | None:
        """A forced win by fours for the side to move, as the move sequence (attacker and
        defender alternating, ending with the winning threat), or None if none was found."""
        return self._vcf(max_fours)

    def _vcf(self, depth: int, last: int = -1) -> list[int] | None:
        """``last``: the attacker's previous four in this VCF (-1 at its first move)."""
        context = self.context
        context.tick()
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        my_threats = board.threat_points[me]
        for p in my_threats:
            if mine[p] >= F5_UNIT:
                return [p]
        if depth <= 0:
            return None
        key = board.hash
        if self._vcf_failed.get(key, -1) >= depth:
            return None
        failed = self._vcf_failed
        if last >= 0:
            failed = self._vcf_pruned_failed
            if failed.get(key, -1) >= depth:
                return None
        their_fives = [p for p in board.threat_points[3 - me] if theirs[p] >= F5_UNIT]
        if their_fives:
            if len(their_fives) > 1 or mine[their_fives[0]] < B4_UNIT:
                self._vcf_failed[key] = depth
                return None
            moves = their_fives
        else:
            moves = [p for p in my_threats if mine[p] >= B4_UNIT]
            if last >= 0:
                near = board.geometry.lines_near[last]
                moves = [p for p in moves if p in near]
            moves.sort(key=mine.__getitem__, reverse=True)
        for p in moves:
            if me == BLACK and context.renju and context.black_foul(p):
                continue
            line = self._play_four(p, depth)
            if line is not None:
                return line
        failed[key] = depth
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
                rest = self._vcf(depth - 1, p)
            finally:
                board.undo()
            return None if rest is None else [p, block, *rest]
        finally:
            board.undo()

    # --- VCT ------------------------------------------------------------------------------

    def vct(self, max_threats: int, vcf_fours: int, width: int = 8, free_threats: int = 1) -> list[int] | None:
        """A forced win by fours and open threes for the side to move, or None.

        The line holds the attacker's first move, then (for each threat) the defence that
        was searched first and the attacker's answer to it, so it names the points a
        defender must look at; it is one branch of the win, not a full proof tree.
        ``max_threats`` bounds the attacker's threats (threes and fours) in a row, ``vcf_fours``
        the VCF tried at every node (not counted as threats), ``width`` the attacker's threats
        tried per node. The first ``free_threats`` threats may be anywhere; later ones only on
        the lines of the attacker's earlier threat stones (the zone).
        """
        settings = (vcf_fours, width, free_threats)
        tables = self.memory.vct_tables.get(settings)
        if tables is None:
            tables = self.memory.vct_tables[settings] = ({}, {})
        self._vct_failed, self._vct_won = tables
        self._vct_fours = vcf_fours
        self._vct_width = width
        self._vct_free = free_threats
        self._vct_zone: list[frozenset[int]] = []
        return self._vct(max_threats)

    def _vct(self, depth: int) -> list[int] | None:
        context = self.context
        context.tick()
        board = self.board
        me = board.to_move
        mine = board.packs[me]
        theirs = board.packs[3 - me]
        my_threats = board.threat_points[me]
        for p in my_threats:
            if mine[p] >= F5_UNIT:
                return [p]
        key = board.hash
        won = self._vct_won.get(key)
        if won is not None and won[0] <= depth:
            return won[1]
        if self._vct_failed.get(key, -1) >= depth:
            return None
        their_fives = [p for p in board.threat_points[3 - me] if theirs[p] >= F5_UNIT]
        if their_fives:
            # Forced to block; the threats already on the board may still win afterwards.
            block = their_fives[0]
            if len(their_fives) > 1 or (me == BLACK and context.renju and context.black_foul(block)):
                self._vct_failed[key] = depth
                return None
            moves = [block]
            forced = True
        else:
            forced = False
            line = self._vcf(self._vct_fours)
            if line is not None:
                return line
            if depth <= 0:
                return None
            zone = self._vct_zone
            if len(zone) >= self._vct_free and USE_ZONE:
                # After the first threat, only threats on the lines of the attacker's earlier
                # threat stones: a threat sequence builds on its own stones.
                pool: list[int] | set[int] = [q for q in my_threats if any(q in near for near in zone)]
            else:
                pool = my_threats
            moves = sorted(pool, key=lambda q: threat_order(mine[q]), reverse=True)[: self._vct_width]
        lines_near = board.geometry.lines_near
        for p in moves:
            if me == BLACK and context.renju and context.black_foul(p):
                continue
            board.play(p)
            if not forced:
                self._vct_zone.append(lines_near[p])
            try:
                # Every threat costs one ply of ``depth``; a forced block costs nothing.
                rest = self._defences_fail(depth if forced else depth - 1)
            finally:
                board.undo()
                if not forced:
                    self._vct_zone.pop()
            if rest is not None:
                line = [p, *rest]
                self._vct_won[key] = (depth, line)
                return line
        self._vct_failed[key] = depth
        return None

    def _defences_fail(self, depth: int) -> list[int] | None:
        """With the defender to move after an attacker's move: None if some defence holds,
        else the first defence tried followed by the attacker's winning continuation (an
        empty list when the attacker simply has two five points)."""
        context = self.context
        context.tick()
        board = self.board
        defender = board.to_move
        attacks = board.packs[3 - defender]
        defends = board.packs[defender]
        attack_points = board.threat_points[3 - defender]
        defend_points = board.threat_points[defender]
        if any(defends[p] >= F5_UNIT for p in defend_points):
            return None
        attacker_fives = [p for p in attack_points if attacks[p] >= F5_UNIT]
        if len(attacker_fives) >= 2:
            return []
        if attacker_fives:
            block = attacker_fives[0]
            if defender == BLACK and context.renju and context.black_foul(block):
                return []
            defences = [block]
        else:
            if not any(attacks[p] >= F4_UNIT for p in attack_points):
                return None  # no open-four threat stands
            if self._vcf(self._vct_fours) is not None:
                return None  # the defender wins first by its own fours
            # Every point where the attacker would make a four (the three's ends and gaps)
            # and the defender's own fours (counter-threats the attacker must answer). One
            # defence that holds refutes the threat, so the likeliest go first: the points
            # that matter most to both sides (this ordering alone saves ~35 % of VCT nodes).
            defences = sorted(
                (p for p in attack_points if attacks[p] >= B4_UNIT), key=lambda p: attacks[p] + defends[p], reverse=True
            )
            defences += [p for p in defend_points if defends[p] >= B4_UNIT and attacks[p] < B4_UNIT]
        first: list[int] | None = None
        for p in defences:
            if defender == BLACK and context.renju and context.black_foul(p):
                continue
            board.play(p)
            try:
                line = self._vct(depth)
            finally:
                board.undo()
            if line is None:
                return None
            if first is None:
                first = [p, *line]
        return first if first is not None else []


def find_vcf(state, max_moves: int, node_limit: int = 200_000) -> list[tuple[int, int]] | None:
    """A forced win by fours for the side to move in ``state`` (a ``GomokuState``) within
    ``max_moves`` of its own moves, the last being the five (an open or double four on move
    ``max_moves - 1`` counts), as the main line of (x, y) points, attacker and defender
    alternating; None if none was found within ``node_limit`` nodes. The one VCF prover of the
    project: the level validator gets it injected (``game.rules.levels.gomoku_checks``)."""
    if max_moves < 1 or state.is_over:
        return None
    board = Board.from_state(state)
    context = SearchContext(board, float("inf"), lambda: 0.0, node_limit)
    try:
        line = ThreatSearch(context).vcf(max_moves - 1)
    except TimeUp:
        return None
    return None if line is None else [board.point(p) for p in line]
