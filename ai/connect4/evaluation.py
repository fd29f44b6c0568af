"""How good a Connect Four position looks, for the search's leaves, computed on the bitboards
of `game.rules.connect4` (a few dozen integer operations, no loop over cells).

The terms, for a player minus the same for the opponent:

- centre control: each disc weighs the number of possible fours through its cell (3 in a
  corner of the 7x6 board, 13 in the middle), so discs in the middle columns count most;
- threats ("open threes"): empty cells that would complete four in a row;
- threat parity: on a board filled from the bottom, the first player's threats on odd rows
  (1st, 3rd, 5th from the bottom) and the second player's on even rows are the ones that decide
  the endgame (zugzwang), so those count extra;
- stacked threats: two threats of one player one above the other in a column: blocking the
  lower one gives the upper one away;
- the next move: a playable threat of the player to move is a win in one; two playable threats
  of the other player are a loss the mover cannot stop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rules.connect4 import CONNECT, Connect4State

CENTRE = 1.0  # per unit of cell weight
THREAT = 16.0
GOOD_PARITY = 12.0
STACKED = 40.0
WIN_NEXT = 5_000.0  # far below the search's proven-win scores (ai.generic.alphabeta.MATE)
DOUBLE_THREAT = 3_000.0


@dataclass(frozen=True)
class Geometry:
    """What the evaluation precomputes for one board shape: cells grouped by weight, and the
    cells on each player's good rows."""

    weights: tuple[tuple[int, int], ...]  # (weight, bitboard of the cells of that weight)
    good_rows: tuple[int, int]  # player 0: rows 0, 2, 4, ... ; player 1: rows 1, 3, 5, ...


@lru_cache(maxsize=64)
def geometry(columns: int, rows: int, blocked: frozenset[tuple[int, int]]) -> Geometry:
    stride = rows + 1
    open_cells = {(c, r) for c in range(columns) for r in range(rows)}
    for c, r in blocked:  # a block and the cells under it hold no disc
        open_cells -= {(c, below) for below in range(r + 1)}
    counts: dict[tuple[int, int], int] = {cell: 0 for cell in open_cells}
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(columns):
            for r in range(rows):
                window = [(c + i * dc, r + i * dr) for i in range(CONNECT)]
                if all(cell in open_cells for cell in window):
                    for cell in window:
                        counts[cell] += 1
    groups: dict[int, int] = {}
    for (c, r), weight in counts.items():
        if weight:
            groups[weight] = groups.get(weight, 0) | 1 << (c * stride + r)
    good = [0, 0]
    for c in range(columns):
        for r in range(rows):
            good[r & 1] |= 1 << (c * stride + r)
    return Geometry(tuple(sorted(groups.items())), (good[0], good[1]))


def cell_weights(state: Connect4State) -> dict[tuple[int, int], int]:
    """The weight of every cell (fours through it), for the explanation and the tests."""
    shape = geometry(state.columns, state.rows, state.blocked)
    return {cell: weight for weight, bits in shape.weights for cell in state.cells_of(bits)}


def evaluate(state: Connect4State, player: int) -> float:
    """The position's value for `player` (positive: good), for a game that is not over."""
    shape = geometry(state.columns, state.rows, state.blocked)
    boards = state.boards
    mine, theirs = boards[player], boards[1 - player]
    score = 0.0
    for weight, bits in shape.weights:
        score += weight * ((mine & bits).bit_count() - (theirs & bits).bit_count())
    score *= CENTRE
    my_threats = state.winning_cells(player)
    their_threats = state.winning_cells(1 - player)
    score += THREAT * (my_threats.bit_count() - their_threats.bit_count())
    score += GOOD_PARITY * (
        (my_threats & shape.good_rows[player]).bit_count() - (their_threats & shape.good_rows[1 - player]).bit_count()
    )
    score += STACKED * (
        (my_threats & (my_threats >> 1)).bit_count() - (their_threats & (their_threats >> 1)).bit_count()
    )
    playable = state.playable_cells()
    mover = state.current_player
    mover_threats, other_threats = (my_threats, their_threats) if mover == player else (their_threats, my_threats)
    if mover_threats & playable:
        edge = WIN_NEXT
    elif (other_threats & playable).bit_count() >= 2:
        edge = -DOUBLE_THREAT
    else:
        edge = 0.0
    return score + edge if mover == player else score - edge


def order(state: Connect4State, actions: list[int]) -> list[int]:
    """Columns best-first: a win, then a block, then from the centre out, and last the columns
    whose drop would let the opponent win on top of it."""
    mover = state.current_player
    playable = state.playable_cells()
    wins = state.winning_cells(mover) & playable
    theirs = state.winning_cells(1 - mover)
    blocks = theirs & playable
    stride = state.stride
    first: list[int] = []
    middle: list[int] = []
    last: list[int] = []
    legal = set(actions)
    for column in centre_order(state.columns):
        if column not in legal:
            continue
        bit = 1 << (column * stride + state.height(column))
        if wins & bit:
            first.insert(0, column)
        elif blocks & bit:
            first.append(column)
        elif theirs & (bit << 1):
            last.append(column)
        else:
            middle.append(column)
    return first + middle + last


@lru_cache(maxsize=16)
def centre_order(columns: int) -> tuple[int, ...]:
    """The columns from the centre out (the left one first on a tie)."""
    centre = (columns - 1) / 2
    return tuple(sorted(range(columns), key=lambda c: (abs(c - centre), c)))
