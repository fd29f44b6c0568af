"""GomokuState: one gomoku game, with incremental win detection, undo and renju fouls.

The class also implements the State API shared with the card game (``legal_actions``,
``apply``, ``clone``, ``observation``, ``current_player``, ``is_over``, ``winner``).

Draws: the game is drawn (``winner == 0``) when the board is full. In renju it is also drawn
when black is to move and every empty point is forbidden for black (black cannot move without
losing, and the rules give white no win for that); no move cap is applied in any variant.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.gomoku import rules
from game.rules.gomoku.rules import BLACK, EMPTY, WALL, WHITE, Rule
from game.rules.events import Event, EventKind

DRAW = 0

Move = tuple[int, int]


class GomokuState:
    __slots__ = (
        "size",
        "rule",
        "board",
        "moves",
        "current_player",
        "winner",
        "winning_line",
        "foul",
        "_empty_count",
        "_forbidden_cache",
    )

    def __init__(self, size: int = 15, rule: Rule | int = Rule.FREESTYLE) -> None:
        rules.check_size(size)
        self.size = size
        self.rule = Rule(rule)
        self.board: list[int] = [EMPTY] * (size * size)
        self.moves: list[Move] = []
        self.current_player = BLACK
        self.winner: int | None = None
        self.winning_line: list[Move] | None = None
        self.foul: str | None = None
        self._empty_count = size * size
        # forbidden_points() for the current position; cleared by every play/undo.
        self._forbidden_cache: tuple[Move, ...] | None = None

    # --- construction -------------------------------------------------------------------

    @classmethod
    def from_stones(
        cls,
        black: Iterable[Move],
        white: Iterable[Move],
        size: int = 15,
        rule: Rule | int = Rule.FREESTYLE,
        blocked: Iterable[Move] = (),
    ) -> GomokuState:
        """A position given as two sets of stones (e.g. the Gomocup BOARD command).

        The side to move follows from the counts: equal counts means black to move, one more
        black stone means white to move; anything else, duplicate or off-board stones, or a
        position that is already won raises ValueError. ``moves`` alternates black and white
        stones in the given order, so undo() takes back stones of alternating colours.
        ``blocked`` points (a level's twist) hold a WALL: no one plays there, no row runs through.
        """
        black, white = list(black), list(white)
        if len(black) not in (len(white), len(white) + 1):
            raise ValueError(f"{len(black)} black and {len(white)} white stones cannot alternate")
        state = cls(size, rule)
        seen: set[Move] = set()
        for x, y in blocked:
            if not (0 <= x < size and 0 <= y < size):
                raise ValueError(f"blocked point {x},{y} is off the board")
            if state.board[y * size + x] == EMPTY:
                state.board[y * size + x] = WALL
                state._empty_count -= 1
        for move in black + white:
            x, y = move
            if not (0 <= x < size and 0 <= y < size):
                raise ValueError(f"stone {x},{y} is off the board")
            if move in seen:
                raise ValueError(f"two stones on {x},{y}")
            if state.board[y * size + x] == WALL:
                raise ValueError(f"a stone on {x},{y}, a blocked point")
            seen.add(move)
        for turn in range(len(black) + len(white)):
            colour_moves = black if turn % 2 == 0 else white
            x, y = colour_moves[turn // 2]
            state.board[y * size + x] = BLACK if turn % 2 == 0 else WHITE
            state.moves.append((x, y))
        state._empty_count -= len(state.moves)
        state.current_player = BLACK if len(black) == len(white) else WHITE
        if rules.scan_winner(state.board, size, state.rule) is not None:
            raise ValueError("the position already contains a winning row")
        if state._empty_count == 0 or (
            state.rule == Rule.RENJU
            and state.current_player == BLACK
            and not rules.black_has_allowed_point(state.board, size)
        ):
            state.winner = DRAW
        return state

    def clone(self) -> GomokuState:
        other = GomokuState.__new__(GomokuState)
        other.size = self.size
        other.rule = self.rule
        other.board = self.board.copy()
        other.moves = self.moves.copy()
        other.current_player = self.current_player
        other.winner = self.winner
        other.winning_line = None if self.winning_line is None else self.winning_line.copy()
        other.foul = self.foul
        other._empty_count = self._empty_count
        other._forbidden_cache = self._forbidden_cache  # an immutable tuple, safe to share
        return other

    def observation(self, player: int) -> GomokuState:
        """What ``player`` sees: everything (gomoku has perfect information)."""
        return self.clone()

    # --- queries ------------------------------------------------------------------------

    @property
    def blocked(self) -> list[Move]:
        """The blocked points (a level's twist), in row-major order."""
        size = self.size
        return [(i % size, i // size) for i, value in enumerate(self.board) if value == WALL]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def at(self, x: int, y: int) -> int:
        return self.board[y * self.size + x]

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.size and 0 <= y < self.size

    def forbidden_points(self) -> list[Move]:
        """Points forbidden for black right now: empty unless renju, black to move, game running."""
        if self.rule != Rule.RENJU or self.current_player != BLACK or self.is_over:
            return []
        if self._forbidden_cache is None:
            self._forbidden_cache = tuple(rules.forbidden_points(self.board, self.size))
        return list(self._forbidden_cache)

    def foul_at(self, x: int, y: int, player: int = BLACK) -> str | None:
        """The renju foul ``player`` would commit on the empty point (x, y), or None.

        Only black has fouls and only in renju; a move that makes a five is never a foul.
        """
        if not self.on_board(x, y):
            raise ValueError(f"point {x},{y} is off the board")
        if self.rule != Rule.RENJU or player != BLACK or self.at(x, y) != EMPTY:
            return None
        return rules.renju_foul(self.board, self.size, x, y)

    def legal_actions(self) -> list[Move]:
        """Empty points in row-major order, without black's forbidden points in renju."""
        if self.is_over:
            return []
        size = self.size
        empty = [(i % size, i // size) for i, value in enumerate(self.board) if value == EMPTY]
        forbidden = self.forbidden_points()
        if forbidden:
            excluded = set(forbidden)
            empty = [move for move in empty if move not in excluded]
        return empty

    def is_legal(self, x: int, y: int) -> bool:
        if self.is_over or not self.on_board(x, y) or self.at(x, y) != EMPTY:
            return False
        if self.rule == Rule.RENJU and self.current_player == BLACK:
            return rules.renju_foul(self.board, self.size, x, y) is None
        return True

    # --- moves --------------------------------------------------------------------------

    def play(self, x: int, y: int) -> int | None:
        """Place the current player's stone on (x, y) and return the new ``winner``.

        Raises ValueError for a finished game or an off-board/occupied point. A renju foul by
        black is played and loses (protocol peers may send one); the UI and AI avoid it by
        choosing from legal_actions().
        """
        if self.is_over:
            raise ValueError("the game is over")
        if not self.on_board(x, y):
            raise ValueError(f"point {x},{y} is off the {self.size}x{self.size} board")
        index = y * self.size + x
        if self.board[index] != EMPTY:
            raise ValueError(f"point {x},{y} is {'blocked' if self.board[index] == WALL else 'occupied'}")
        player = self.current_player
        foul = None
        if self.rule == Rule.RENJU and player == BLACK:
            foul = rules.renju_foul(self.board, self.size, x, y)
        self.board[index] = player
        self.moves.append((x, y))
        self._empty_count -= 1
        self._forbidden_cache = None
        self.current_player = rules.opponent(player)
        if foul is not None:
            self.winner, self.foul = WHITE, foul
            return self.winner
        line = rules.winning_line(self.board, self.size, x, y, self.rule)
        if line is not None:
            self.winner, self.winning_line = player, line
        elif self._empty_count == 0:
            self.winner = DRAW
        elif (
            self.rule == Rule.RENJU
            and self.current_player == BLACK
            and not rules.black_has_allowed_point(self.board, self.size)
        ):
            self.winner = DRAW
        return self.winner

    def undo(self) -> Move:
        """Take back the last move and return it; the game is running again afterwards (a move
        can only have been played while it was)."""
        if not self.moves:
            raise ValueError("no move to undo")
        x, y = self.moves.pop()
        index = y * self.size + x
        self.current_player = self.board[index]
        self.board[index] = EMPTY
        self._empty_count += 1
        self._forbidden_cache = None
        self.winner = None
        self.winning_line = None
        self.foul = None
        return x, y

    def apply(self, action: Move) -> list[Event]:
        """play(*action), reported as typed events (game.rules.events) for the shared State API:
        STONE (player, point) always, then WIN (player, line = the five), or FOUL (BLACK, foul =
        its name) followed by WIN (WHITE), or DRAW_GAME (the board is full)."""
        x, y = action
        player = self.current_player
        self.play(x, y)
        events = [Event(EventKind.STONE, player=player, point=(x, y))]
        if self.foul is not None:
            events += [Event(EventKind.FOUL, player=BLACK, foul=str(self.foul)), Event(EventKind.WIN, player=WHITE)]
        elif self.winner == DRAW:
            events.append(Event(EventKind.DRAW_GAME))
        elif self.winner is not None:
            events.append(Event(EventKind.WIN, player=self.winner, line=tuple(self.winning_line or ())))
        return events

    # --- text ---------------------------------------------------------------------------

    def diagram(self) -> str:
        """The board as rows of ``X`` (black), ``O`` (white) and ``.``, top row first."""
        symbols = {EMPTY: ".", BLACK: "X", WHITE: "O", WALL: "#"}
        size = self.size
        return "\n".join("".join(symbols[self.board[y * size + x]] for x in range(size)) for y in range(size))

    def __repr__(self) -> str:
        return (
            f"GomokuState(size={self.size}, rule={self.rule.name}, moves={len(self.moves)}, "
            f"to_move={self.current_player}, winner={self.winner})"
        )
