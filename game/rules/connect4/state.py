"""Connect4State: Connect Four (gravity, four in a row wins, a full board is a draw) in the
shape every Duelmind game has (`game.rules.game_api.GameState`).

Actions are column indexes, plain ints 0..columns-1 counted from the left; player 0 moves first.
A drop is a STONE event with ``point=(column, row)``, row 0 being the BOTTOM row (a client that
draws from the top flips it: ``screen_row = rows - 1 - row``); a win adds a WIN event whose
``line`` is the run of four or more discs through the last drop; a full board adds DRAW_GAME.

Boards from 4x4 to 10x10 (columns and rows each 4..10). Optional ``blocked`` cells (a level
modifier) hold no disc and stop a falling one: a disc dropped into a column lands on the lowest
free cell above the column's highest blocked cell, so the cells under a block stay empty (they
count for nobody and the game is drawn when every column is full up to its top).

The bitboard (the classic layout, as in John Tromp's Fhourstones and Pascal Pons' solver):
each player's discs are one Python int. Cell (column c, row r) is bit ``c * (rows + 1) + r``:
the columns lie one after the other, bottom to top, each followed by one spare "sentinel" bit
that never holds a disc. For rows = 6 (stride 7):

     6 13 20 27 34 41 48   <- sentinel row (always 0)
     5 12 19 26 33 40 47   <- top row
     4 11 18 25 32 39 46
     3 10 17 24 31 38 45
     2  9 16 23 30 37 44
     1  8 15 22 29 36 43
     0  7 14 21 28 35 42   <- bottom row

A step to a neighbour is a shift: up = 1, right = stride (rows + 1), up-right = stride + 1,
down-right = stride - 1. Four in a row in direction s is ``m = b & (b >> s); m & (m >> 2 * s)``
(two ANDs per direction, no loop over cells). A line that would wrap from the top of a column
into the next one always passes through a sentinel bit, which is 0, so it never counts. The
search key ``boards[player to move] + discs`` is unique per position (the sum sets, in each
column, the bit just above its discs, which the sentinel row has room for), so a transposition
table needs one int per position.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.events import Event, EventKind
from game.rules.game_api import IllegalAction

MIN_SIZE = 4
MAX_SIZE = 10
CONNECT = 4
COLUMN_NAMES = "abcdefghij"  # a..j from the left (MAX_SIZE columns)
BLOCKED = -1  # what `cell` says for a blocked cell
MARKS = ("X", "O")  # the diagram's discs for players 0 and 1


def check_size(columns: int, rows: int) -> None:
    """ValueError unless the board is columns x rows with both between 4 and 10."""
    for name, value in (("columns", columns), ("rows", rows)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"Connect Four {name} must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {value!r}")
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise ValueError(f"Connect Four boards have {MIN_SIZE} to {MAX_SIZE} {name}, not {value}")


def column_name(column: int) -> str:
    """The letter a player reads for a column: 0 -> "a"."""
    return COLUMN_NAMES[column]


def _has_four(board: int, stride: int) -> bool:
    for shift in (1, stride, stride - 1, stride + 1):
        pairs = board & (board >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


class Connect4State:
    """One game of Connect Four (see the module docstring for the rules and the bitboard)."""

    __slots__ = (
        "columns",
        "rows",
        "seed",
        "blocked",
        "_stride",
        "_boards",
        "_discs",
        "_heights",
        "_bases",
        "_moves",
        "_winner",
        "_terminal",
        "_playable",
        "_open",
        "_bottom",
    )

    def __init__(self, columns: int = 7, rows: int = 6, seed: int = 0, blocked: Iterable[tuple[int, int]] = ()) -> None:
        check_size(columns, rows)
        cells = frozenset((int(c), int(r)) for c, r in blocked)
        for c, r in cells:
            if not (0 <= c < columns and 0 <= r < rows):
                raise ValueError(
                    f"blocked cell {column_name(c) if 0 <= c < MAX_SIZE else c}{r + 1} is off the "
                    f"{columns}x{rows} board"
                )
        self.columns = columns
        self.rows = rows
        self.seed = seed  # Connect Four has no chance; kept so every game is built the same way
        self.blocked: frozenset[tuple[int, int]] = cells
        self._stride = rows + 1
        self._boards = [0, 0]
        self._discs = 0  # both players' discs (blocked cells are not in it)
        # the lowest row a disc can reach in each column (above its highest blocked cell)
        self._bases = [max((r + 1 for cc, r in cells if cc == c), default=0) for c in range(columns)]
        self._heights = list(self._bases)  # the row the next disc in each column lands on
        self._moves: list[int] = []
        self._winner: int | None = None
        self._playable = sum(rows - base for base in self._bases)
        self._open = 0  # every cell a disc can reach
        self._bottom = 0  # the lowest reachable cell of each column
        for c, base in enumerate(self._bases):
            for r in range(base, rows):
                self._open |= 1 << (c * self._stride + r)
            if base < rows:
                self._bottom |= 1 << (c * self._stride + base)
        self._terminal = self._playable == 0

    # --- construction -------------------------------------------------------------------

    @classmethod
    def from_moves(
        cls, moves: Iterable[int], columns: int = 7, rows: int = 6, blocked: Iterable[tuple[int, int]] = ()
    ) -> Connect4State:
        """The position after the given columns were played in order (player 0 first).
        IllegalAction names the first move that cannot be played."""
        state = cls(columns, rows, blocked=blocked)
        for index, column in enumerate(moves):
            if not state.is_legal(column):
                raise IllegalAction(f"move {index + 1} ({column!r}): {state.why_illegal(column)}")
            state.push(column)
        return state

    def clone(self) -> Connect4State:
        other = Connect4State.__new__(Connect4State)
        other.columns, other.rows, other.seed, other.blocked = self.columns, self.rows, self.seed, self.blocked
        other._stride = self._stride
        other._boards = self._boards.copy()
        other._discs = self._discs
        other._bases = self._bases  # never changed after construction: shared
        other._heights = self._heights.copy()
        other._moves = self._moves.copy()
        other._winner = self._winner
        other._terminal = self._terminal
        other._playable = self._playable
        other._open = self._open
        other._bottom = self._bottom
        return other

    def observation(self, player: int) -> Connect4State:
        """What `player` sees: everything (Connect Four has no hidden information), as a copy."""
        if player not in (0, 1):
            raise ValueError(f"Connect Four has players 0 and 1, not {player!r}")
        return self.clone()

    # --- the GameState protocol ---------------------------------------------------------

    @property
    def current_player(self) -> int:
        """0 or 1: whose disc goes next (after the end: who would have moved next)."""
        return len(self._moves) & 1

    @property
    def is_terminal(self) -> bool:
        return self._terminal

    @property
    def winner(self) -> int | None:
        return self._winner

    def legal_actions(self) -> list[int]:
        """The columns that are not full, from the left; none once the game is over."""
        if self._terminal:
            return []
        rows, heights = self.rows, self._heights
        return [c for c in range(self.columns) if heights[c] < rows]

    def is_legal(self, action: object) -> bool:
        return (
            not self._terminal
            and type(action) is int
            and 0 <= action < self.columns
            and self._heights[action] < self.rows
        )

    def why_illegal(self, action: object) -> str:
        """A sentence saying why `action` cannot be played now ("" when it can)."""
        if type(action) is not int:
            return f"a Connect Four move is a column number, not {action!r}"
        if not 0 <= action < self.columns:
            return f"there is no column {action} on a board of {self.columns} columns (0 to {self.columns - 1})"
        if self._terminal:
            return "the game is over"
        if self._heights[action] >= self.rows:
            return f"column {column_name(action)} is full"
        return ""

    def apply(self, action: int) -> list[Event]:
        """Drop the current player's disc into column `action`; IllegalAction (state unchanged)
        for a full or missing column, a non-int, or a finished game."""
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action))
        player = len(self._moves) & 1
        row = self._heights[action]
        self.push(action)
        events = [Event(EventKind.STONE, player=player, point=(action, row))]
        if self._winner is not None:
            events.append(Event(EventKind.WIN, player=player, line=self.winning_line()))
        elif self._terminal:
            events.append(Event(EventKind.DRAW_GAME))
        return events

    # --- fast play for the search (python-chess push/pop style) -------------------------

    def push(self, column: int) -> None:
        """apply() without the checks and the events: only for a legal column (the search)."""
        player = len(self._moves) & 1
        bit = 1 << (column * self._stride + self._heights[column])
        board = self._boards[player] | bit
        self._boards[player] = board
        self._discs |= bit
        self._heights[column] += 1
        self._moves.append(column)
        if _has_four(board, self._stride):
            self._winner = player
            self._terminal = True
        elif len(self._moves) == self._playable:
            self._terminal = True

    def undo(self) -> int:
        """Take back the last disc and return its column (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("no move to undo: the board is empty")
        column = self._moves.pop()
        self._heights[column] -= 1
        bit = ~(1 << (column * self._stride + self._heights[column]))
        player = len(self._moves) & 1
        self._boards[player] &= bit
        self._discs &= bit
        self._winner = None
        self._terminal = False
        return column

    def key(self) -> int:
        """One int per position (see the module docstring): the transposition table's key."""
        return self._boards[len(self._moves) & 1] + self._discs

    # --- queries ------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[int, ...]:
        """The columns played so far, in order."""
        return tuple(self._moves)

    @property
    def boards(self) -> tuple[int, int]:
        """Each player's discs as a bitboard (see the module docstring for the bit of a cell)."""
        return self._boards[0], self._boards[1]

    @property
    def stride(self) -> int:
        """Bits per column in the bitboards: rows + 1."""
        return self._stride

    @property
    def open_cells(self) -> int:
        """Bitboard of every cell a disc can reach (not blocked, not under a block)."""
        return self._open

    @property
    def empty_cells(self) -> int:
        """Bitboard of the reachable cells with no disc yet."""
        return self._open & ~self._discs

    def bit(self, column: int, row: int) -> int:
        return 1 << (column * self._stride + row)

    def height(self, column: int) -> int:
        """The row the next disc dropped into `column` lands on (== rows when the column is full)."""
        return self._heights[column]

    def landing_row(self, column: int) -> int | None:
        """The row a disc dropped into `column` would land on, or None when the column is full."""
        row = self._heights[column]
        return row if row < self.rows else None

    def cell(self, column: int, row: int) -> int | None:
        """0 or 1 for a player's disc, None for an empty cell, BLOCKED for a blocked one."""
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            raise ValueError(f"cell ({column}, {row}) is off the {self.columns}x{self.rows} board")
        bit = 1 << (column * self._stride + row)
        if self._boards[0] & bit:
            return 0
        if self._boards[1] & bit:
            return 1
        if (column, row) in self.blocked:
            return BLOCKED
        return None

    def playable_cells(self) -> int:
        """Bitboard of the cells the next disc can land on (one per column that is not full)."""
        return (self._discs + self._bottom) & self._open

    def winning_cells(self, player: int) -> int:
        """Bitboard of the empty reachable cells where a disc of `player` would make four in a
        row (its threats; playable or not yet)."""
        pos = self._boards[player]
        result = (pos << 1) & (pos << 2) & (pos << 3)  # three stacked: the cell above
        for shift in (self._stride, self._stride - 1, self._stride + 1):
            pair = (pos << shift) & (pos << 2 * shift)
            result |= pair & (pos << 3 * shift)
            result |= pair & (pos >> shift)
            pair = (pos >> shift) & (pos >> 2 * shift)
            result |= pair & (pos << shift)
            result |= pair & (pos >> 3 * shift)
        return result & self._open & ~self._discs

    def cells_of(self, bitboard: int) -> list[tuple[int, int]]:
        """The (column, row) cells of a bitboard, column by column from the bottom."""
        cells = []
        while bitboard:
            low = bitboard & -bitboard
            index = low.bit_length() - 1
            cells.append(divmod(index, self._stride))
            bitboard ^= low
        return cells

    def winning_line(self) -> tuple[tuple[int, int], ...]:
        """The run of four or more discs through the last drop, as (column, row) cells from one
        end to the other; () when the game was not won."""
        if self._winner is None or not self._moves:
            return ()
        column = self._moves[-1]
        row = self._heights[column] - 1
        board = self._boards[self._winner]
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            line = [(column, row)]
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < self.columns and 0 <= r < self.rows and board >> (c * self._stride + r) & 1:
                    line.append((c, r))
                    c, r = c + sign * dc, r + sign * dr
            if len(line) >= CONNECT:
                return tuple(sorted(line))
        return ()

    def diagram(self) -> str:
        """The board as text, top row first: X for player 0, O for player 1, # blocked, . empty,
        the column letters below."""
        lines = []
        for row in range(self.rows - 1, -1, -1):
            marks = []
            for column in range(self.columns):
                value = self.cell(column, row)
                marks.append("." if value is None else "#" if value == BLOCKED else MARKS[value])
            lines.append(" ".join(marks))
        lines.append(" ".join(COLUMN_NAMES[: self.columns]))
        return "\n".join(lines)

    def __repr__(self) -> str:
        moves = "".join(column_name(c) for c in self._moves)
        return f"Connect4State({self.columns}x{self.rows}, moves={moves or '-'})"


# --- actions as JSON and as words -------------------------------------------------------


def action_to_json(action: int) -> int:
    """An action for a save or a replay: the column number itself (validated)."""
    return _column(action, "action")


def action_from_json(value: object, columns: int = MAX_SIZE) -> int:
    """The action a JSON value stands for: a whole number 0..columns-1 (bools, floats, strings
    and out-of-range numbers are a ValueError saying so)."""
    return _column(value, "saved action", columns)


def _column(value: object, what: str, columns: int = MAX_SIZE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a Connect Four {what} is a column number (a whole number), not {value!r}")
    if not 0 <= value < columns:
        raise ValueError(f"a Connect Four {what} is a column number from 0 to {columns - 1}, not {value}")
    return int(value)


def describe_action(state: Connect4State, action: int) -> str:
    """A player's words for an action: "Drop in column d" (columns a.. from the left)."""
    column = _column(action, "action", state.columns)
    return f"Drop in column {column_name(column)}"
