"""The search board: a flat board with incrementally maintained line patterns.

Everything the search asks per node is kept up to date by ``play``/``undo`` in time
proportional to the stones a move can influence (4 lines x 2*HALF cells), never by a rescan:

* ``keys[d * area + p]``: the line key of point p in direction d (see ``patterns``);
* ``codes[d * area + p]``: the pattern byte ``black | white << 4`` looked up from that key;
* ``packs[colour][p]``: the four directions' codes of a point summed per colour (threat rank);
* ``threat_points[colour]``: the empty points whose pack reaches ``F3_UNIT`` (a stone there
  makes at least an open three), so the search finds fives, fours and threes without scanning
  every candidate;
* ``score``: sum of ``PATTERN_WEIGHT`` over the codes of every empty point, black minus white;
* ``candidates``: empty points within two cells (on a line) of some stone;
* ``hash``: Zobrist hash of the stones (the side to move follows from the stone count, except
  after ``pass_turn``, which flips a separate key).

The per-code-change work is table driven: ``(old << 8) | new`` indexes precomputed deltas of
the black pack, the white pack and the score, so an update is a handful of list reads.

Patterns are only meaningful for empty points. An occupied point's keys and codes are left
untouched (a stone played next to it does not update them): moves are undone in stack order, so
when a stone is taken back its neighbourhood is exactly as it was when it was played, and its
frozen keys and codes are right again.

The board list uses the rules' layout (``y * size + x``, EMPTY/BLACK/WHITE), so the rules'
renju foul detection can read it directly.
"""

from __future__ import annotations

import random

from ai.gomoku import patterns
from ai.gomoku.patterns import F3_UNIT, PACK_VALUE, half_width, pattern_table
from game.rules.gomoku import BLACK, EMPTY, WHITE, GomokuState, Rule
from game.rules.gomoku.rules import makes_five

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
WALL = 3
# Hash key of "the side to move is not the one the stone count says" (after a null move).
PASS_KEY = 0x9E3779B97F4A7C15

# Static value of one (point, direction) pattern for the colour that could play it. Open
# shapes are worth far more than closed ones; fours and fives are decided by the search itself
# (the point is a threat the opponent must answer), so they only need to rank above threes.
PATTERN_WEIGHT = {
    patterns.DEAD: 0,
    patterns.OL: 0,
    patterns.L44: 30,
    patterns.F1: 1,
    patterns.B2: 2,
    patterns.F2: 8,
    patterns.B3: 10,
    patterns.F3: 40,
    patterns.B4: 40,
    patterns.F4: 200,
    patterns.F5: 400,
}


class _Geometry:
    """Per-size tables shared by every board of that size (built once)."""

    _cache: dict[tuple[int, int], _Geometry] = {}

    def __init__(self, size: int, half: int) -> None:
        self.size = size
        area = size * size
        # line_updates[d][p]: (q, shift) for each on-board point q on line d within `half` of p,
        # where shift is the bit position p occupies in q's key.
        self.line_updates: list[list[list[tuple[int, int]]]] = []
        # initial_keys[d][q]: off-board cells marked WALL, everything else empty.
        self.initial_keys: list[list[int]] = []
        # line_points[d][p]: on-board points within 4 of p on line d (where a new five point can
        # appear after a stone on p), nearest first.
        self.line_points: list[list[list[int]]] = []
        for dx, dy in DIRECTIONS:
            updates_d: list[list[tuple[int, int]]] = []
            keys_d: list[int] = []
            points_d: list[list[int]] = []
            for p in range(area):
                x, y = p % size, p // size
                updates: list[tuple[int, int]] = []
                key = 0
                for position, offset in enumerate(_offsets(half)):
                    # Point q at offset -o from p has p at offset +o in its own window.
                    qx, qy = x - offset * dx, y - offset * dy
                    if 0 <= qx < size and 0 <= qy < size:
                        updates.append((qy * size + qx, 2 * position))
                    cx, cy = x + offset * dx, y + offset * dy
                    if not (0 <= cx < size and 0 <= cy < size):
                        key |= WALL << (2 * position)
                updates_d.append(updates)
                keys_d.append(key)
                near: list[int] = []
                for distance in range(1, 5):
                    for sign in (-1, 1):
                        cx, cy = x + sign * distance * dx, y + sign * distance * dy
                        if 0 <= cx < size and 0 <= cy < size:
                            near.append(cy * size + cx)
                points_d.append(near)
            self.line_updates.append(updates_d)
            self.initial_keys.append(keys_d)
            self.line_points.append(points_d)
        # Candidate neighbourhood: the 16 points within two steps along the four lines.
        self.neighbourhood: list[list[int]] = []
        for p in range(area):
            x, y = p % size, p // size
            around = []
            for dx, dy in DIRECTIONS:
                for step in (-2, -1, 1, 2):
                    cx, cy = x + step * dx, y + step * dy
                    if 0 <= cx < size and 0 <= cy < size:
                        around.append(cy * size + cx)
            self.neighbourhood.append(around)
        # lines_near[p]: the points within 4 of p on its four lines (stones there can share a
        # five-window with p, so a threat built on p's stone lies among them).
        self.lines_near: list[frozenset[int]] = [
            frozenset(q for d in range(4) for q in self.line_points[d][p]) for p in range(area)
        ]
        # updates[colour][p]: (flat index d * area + q, q, key change) for every point q whose
        # line key a stone of ``colour`` on p changes, all four directions in one flat tuple.
        self.updates: list[list[tuple[tuple[int, int, int], ...]]] = [[], [], []]
        for colour in (BLACK, WHITE):
            self.updates[colour] = [
                tuple((d * area + q, q, colour << shift) for d in range(4) for q, shift in self.line_updates[d][p])
                for p in range(area)
            ]
        generator = random.Random(0x5EED ^ size)
        self.zobrist = [
            [0] * area,
            [generator.getrandbits(64) for _ in range(area)],
            [generator.getrandbits(64) for _ in range(area)],
        ]

    @classmethod
    def get(cls, size: int, half: int) -> _Geometry:
        geometry = cls._cache.get((size, half))
        if geometry is None:
            geometry = cls._cache[(size, half)] = cls(size, half)
        return geometry


def _offsets(half: int) -> list[int]:
    """Window offsets in key order: -half..-1 then 1..half."""
    return list(range(-half, 0)) + list(range(1, half + 1))


class _Deltas:
    """Per-rule lookup tables indexed by ``(old_code_byte << 8) | new_code_byte``."""

    _cache: dict[Rule, _Deltas] = {}

    def __init__(self) -> None:
        valid = range(len(PACK_VALUE))

        def parts(byte: int) -> tuple[int, int, int]:
            black, white = byte & 15, byte >> 4
            if black not in valid or white not in valid:
                return 0, 0, 0  # bytes that never occur in a table
            return PACK_VALUE[black], PACK_VALUE[white], PATTERN_WEIGHT[black] - PATTERN_WEIGHT[white]

        split = [parts(byte) for byte in range(256)]
        self.black_pack_of = [s[0] for s in split]
        self.white_pack_of = [s[1] for s in split]
        self.weight_of = [s[2] for s in split]
        self.black = [0] * 65536
        self.white = [0] * 65536
        self.score = [0] * 65536
        for old in range(256):
            ob, ow, os_ = split[old]
            for new in range(256):
                nb, nw, ns = split[new]
                change = old << 8 | new
                self.black[change] = nb - ob
                self.white[change] = nw - ow
                self.score[change] = ns - os_

    @classmethod
    def get(cls) -> _Deltas:
        deltas = cls._cache.get(Rule.FREESTYLE)
        if deltas is None:
            deltas = cls._cache[Rule.FREESTYLE] = cls()
        return deltas


class Board:
    """A position with incremental patterns; ``play``/``undo`` only (stack discipline)."""

    def __init__(self, size: int = 15, rule: Rule | int = Rule.FREESTYLE) -> None:
        self.size = size
        self.rule = Rule(rule)
        self.area = size * size
        self.half = half_width(self.rule)
        geometry = _Geometry.get(size, self.half)
        self.geometry = geometry
        self.table = pattern_table(self.rule)
        deltas = _Deltas.get()
        self.deltas = deltas
        self.black_pack_of = deltas.black_pack_of
        self.white_pack_of = deltas.white_pack_of
        self.weight_of = deltas.weight_of
        self.board = [EMPTY] * self.area
        self.keys = [key for keys in geometry.initial_keys for key in keys]
        table = self.table
        self.codes = [table[key] for key in self.keys]
        self.packs: list[list[int]] = [[], [0] * self.area, [0] * self.area]
        self.score = 0
        area = self.area
        for index, code in enumerate(self.codes):
            p = index % area
            self.packs[BLACK][p] += self.black_pack_of[code]
            self.packs[WHITE][p] += self.white_pack_of[code]
            self.score += self.weight_of[code]
        self.threat_points: list[set[int]] = [set(), set(), set()]
        for colour in (BLACK, WHITE):
            self.threat_points[colour] = {p for p in range(area) if self.packs[colour][p] >= F3_UNIT}
        self.near = [0] * self.area
        self.candidates: set[int] = set()
        self.hash = 0
        self.moves: list[int] = []
        self.to_move = BLACK
        self.walls: tuple[int, ...] = ()  # sealed points (a level's twist), set before any stone

    @classmethod
    def from_state(cls, state: GomokuState) -> Board:
        board = cls(state.size, state.rule)
        size = state.size
        walls = tuple(p for p, value in enumerate(state.board) if value == WALL)
        if walls:
            board._seal(walls)
        for x, y in state.moves:
            board.play(y * size + x)
        return board

    def _seal(self, walls: tuple[int, ...]) -> None:
        """Put a level's sealed points on the empty board: each is a WALL in every line key that
        reaches it, as the board's edge is, so no pattern runs through it; its own point is never
        a candidate or a threat point (stones skip occupied points' keys, walls included). The
        codes, packs, score and threat points are then counted again from the keys."""
        self.walls = walls
        board, keys, area = self.board, self.keys, self.area
        for p in walls:
            board[p] = WALL
            # updates[BLACK] changes a key by 1 << shift (BLACK is 1); a wall there is 3 << shift
            for index, _q, change in self.geometry.updates[BLACK][p]:
                keys[index] += WALL * change
        table = self.table
        self.codes = [table[key] for key in keys]
        self.packs = [[], [0] * area, [0] * area]
        self.score = 0
        for index, code in enumerate(self.codes):
            p = index % area
            if board[p]:
                continue
            self.packs[BLACK][p] += self.black_pack_of[code]
            self.packs[WHITE][p] += self.white_pack_of[code]
            self.score += self.weight_of[code]
        for colour in (BLACK, WHITE):
            self.threat_points[colour] = {p for p in range(area) if not board[p] and self.packs[colour][p] >= F3_UNIT}

    # --- moves ----------------------------------------------------------------------------

    def play(self, p: int) -> None:
        colour = self.to_move
        board = self.board
        board[p] = colour
        self.moves.append(p)
        self.to_move = 3 - colour
        self.hash ^= self.geometry.zobrist[colour][p]
        codes = self.codes
        weight = self.weight_of
        area = self.area
        # The point stops counting as an empty point with patterns.
        score = (
            self.score
            - weight[codes[p]]
            - weight[codes[area + p]]
            - weight[codes[2 * area + p]]
            - weight[codes[3 * area + p]]
        )
        table = self.table
        deltas = self.deltas
        black_delta, white_delta, score_delta = deltas.black, deltas.white, deltas.score
        black_packs, white_packs = self.packs[1], self.packs[2]
        black_threats, white_threats = self.threat_points[1], self.threat_points[2]
        black_threats.discard(p)
        white_threats.discard(p)
        keys = self.keys
        for index, q, change in self.geometry.updates[colour][p]:
            if board[q]:
                continue  # an occupied point's key stays frozen too (see the module doc)
            key = keys[index] + change
            keys[index] = key
            new = table[key]
            old = codes[index]
            if new != old:
                codes[index] = new
                both = old << 8 | new
                delta = black_delta[both]
                if delta:
                    before = black_packs[q]
                    after = before + delta
                    black_packs[q] = after
                    if after >= F3_UNIT:
                        if before < F3_UNIT:
                            black_threats.add(q)
                    elif before >= F3_UNIT:
                        black_threats.discard(q)
                delta = white_delta[both]
                if delta:
                    before = white_packs[q]
                    after = before + delta
                    white_packs[q] = after
                    if after >= F3_UNIT:
                        if before < F3_UNIT:
                            white_threats.add(q)
                    elif before >= F3_UNIT:
                        white_threats.discard(q)
                score += score_delta[both]
        self.score = score
        near = self.near
        candidates = self.candidates
        candidates.discard(p)
        for q in self.geometry.neighbourhood[p]:
            count = near[q] + 1
            near[q] = count
            if count == 1 and not board[q]:
                candidates.add(q)

    def undo(self) -> int:
        p = self.moves.pop()
        board = self.board
        colour = board[p]
        board[p] = EMPTY
        self.to_move = colour
        self.hash ^= self.geometry.zobrist[colour][p]
        codes = self.codes
        weight = self.weight_of
        area = self.area
        score = (
            self.score
            + weight[codes[p]]
            + weight[codes[area + p]]
            + weight[codes[2 * area + p]]
            + weight[codes[3 * area + p]]
        )
        table = self.table
        deltas = self.deltas
        black_delta, white_delta, score_delta = deltas.black, deltas.white, deltas.score
        black_packs, white_packs = self.packs[1], self.packs[2]
        black_threats, white_threats = self.threat_points[1], self.threat_points[2]
        keys = self.keys
        # The same update as in play(), with the key change undone. Written out in both (and for
        # both colours) on purpose: this loop runs for every node of every search, and a helper
        # call per changed code would be paid there.
        for index, q, change in self.geometry.updates[colour][p]:
            if board[q]:
                continue
            key = keys[index] - change
            keys[index] = key
            new = table[key]
            old = codes[index]
            if new != old:
                codes[index] = new
                both = old << 8 | new
                delta = black_delta[both]
                if delta:
                    before = black_packs[q]
                    after = before + delta
                    black_packs[q] = after
                    if after >= F3_UNIT:
                        if before < F3_UNIT:
                            black_threats.add(q)
                    elif before >= F3_UNIT:
                        black_threats.discard(q)
                delta = white_delta[both]
                if delta:
                    before = white_packs[q]
                    after = before + delta
                    white_packs[q] = after
                    if after >= F3_UNIT:
                        if before < F3_UNIT:
                            white_threats.add(q)
                    elif before >= F3_UNIT:
                        white_threats.discard(q)
                score += score_delta[both]
        self.score = score
        # The point's frozen codes and packs are right again now that it is empty.
        if black_packs[p] >= F3_UNIT:
            black_threats.add(p)
        if white_packs[p] >= F3_UNIT:
            white_threats.add(p)
        near = self.near
        candidates = self.candidates
        for q in self.geometry.neighbourhood[p]:
            count = near[q] - 1
            near[q] = count
            if count == 0:
                candidates.discard(q)
        if near[p]:
            candidates.add(p)
        return p

    def pass_turn(self) -> None:
        """A null move: the other colour is to move. Calling it again takes it back (it must
        be taken back before undoing stones played before it)."""
        self.to_move = 3 - self.to_move
        self.hash ^= PASS_KEY

    # --- queries --------------------------------------------------------------------------

    def index(self, x: int, y: int) -> int:
        return y * self.size + x

    def point(self, p: int) -> tuple[int, int]:
        return p % self.size, p // self.size

    def code(self, p: int, direction: int, colour: int) -> int:
        byte = self.codes[direction * self.area + p]
        return byte & 15 if colour == BLACK else byte >> 4

    def five_points(self, colour: int) -> list[int]:
        """Empty points where ``colour`` would make a winning five right now."""
        packs = self.packs[colour]
        return [p for p in self.threat_points[colour] if packs[p] >= patterns.F5_UNIT]

    def five_points_near(self, p: int, colour: int) -> list[int]:
        """``colour``'s five points on the four lines within 4 of p: after a stone on p, the
        only places where a new five point can have appeared."""
        packs = self.packs[colour]
        board = self.board
        found = []
        for direction_points in self.geometry.line_points:
            for q in direction_points[p]:
                if not board[q] and packs[q] >= patterns.F5_UNIT and q not in found:
                    found.append(q)
        return found

    def makes_five(self, p: int, colour: int) -> bool:
        """Exact check from the stones (not the tables): does ``colour`` on empty p win? The
        rules decide (``rules.makes_five``); only asked at the root, so no speed is lost."""
        size = self.size
        return makes_five(self.board, size, p % size, p // size, colour, self.rule)

    # --- checks (tests) -------------------------------------------------------------------

    def rescan(self) -> tuple[list[list[int]], list[list[int]], int, set[int]]:
        """Keys and codes (empty points only; occupied ones as 0), score and candidates computed
        from scratch from the stones, for comparing with the incremental state."""
        size = self.size
        half = self.half
        offsets = _offsets(half)
        keys = []
        codes = []
        score = 0
        for dx, dy in DIRECTIONS:
            keys_d = []
            codes_d = []
            for p in range(self.area):
                x, y = p % size, p // size
                key = 0
                for position, offset in enumerate(offsets):
                    cx, cy = x + offset * dx, y + offset * dy
                    value = self.board[cy * size + cx] if 0 <= cx < size and 0 <= cy < size else WALL
                    key |= value << (2 * position)
                if self.board[p] == EMPTY:
                    code = self.table[key]
                    keys_d.append(key)
                    codes_d.append(code)
                    score += self.weight_of[code]
                else:
                    keys_d.append(0)
                    codes_d.append(0)
            keys.append(keys_d)
            codes.append(codes_d)
        candidates = set()
        for p in range(self.area):
            if self.board[p] == EMPTY and any(self.board[q] for q in self.geometry.neighbourhood[p]):
                candidates.add(p)
        return keys, codes, score, candidates

    def incremental(self) -> tuple[list[list[int]], list[list[int]], int, set[int]]:
        """The maintained counterparts of ``rescan()`` (occupied points' keys and codes as 0)."""
        area, board = self.area, self.board

        def empty_only(values: list[int]) -> list[list[int]]:
            return [
                [value if board[p] == EMPTY else 0 for p, value in enumerate(values[d * area : (d + 1) * area])]
                for d in range(4)
            ]

        return empty_only(self.keys), empty_only(self.codes), self.score, set(self.candidates)

    def packs_consistent(self) -> bool:
        """Packs and threat points agree with the codes (checked for every empty point)."""
        area = self.area
        for colour, pack_of in ((BLACK, self.black_pack_of), (WHITE, self.white_pack_of)):
            threats = set()
            for p in range(area):
                if self.board[p] == EMPTY:
                    expected = sum(pack_of[self.codes[d * area + p]] for d in range(4))
                    if self.packs[colour][p] != expected:
                        return False
                    if expected >= F3_UNIT:
                        threats.add(p)
            if threats != self.threat_points[colour]:
                return False
        return True
