"""The "novice" level: a deliberately naive searcher in the style of beginner gomoku programs.

Depth-2 negamax with alpha-beta over the empty points next to a stone, scoring each leaf by
rescanning the whole board for unbroken rows and looking their length and open ends up in a
powers-of-two table. It knows nothing of split shapes (``XX.X``), threats or forcing lines,
which is exactly what makes it a fair bottom rung for the ladder.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.rules.gomoku import EMPTY

# Score of an unbroken row by (length, open ends): open rows count double.
_ROW_SCORE = {
    (5, 2): 1 << 16,
    (5, 1): 1 << 16,
    (5, 0): 1 << 16,
    (4, 2): 1 << 12,
    (4, 1): 1 << 11,
    (3, 2): 1 << 8,
    (3, 1): 1 << 7,
    (2, 2): 1 << 6,
    (2, 1): 1 << 5,
}
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def board_score(board: list[int], size: int, colour: int) -> int:
    """Sum of row scores for ``colour``'s unbroken rows (each row counted once, from its start)."""
    total = 0
    for y in range(size):
        for x in range(size):
            if board[y * size + x] != colour:
                continue
            for dx, dy in _DIRECTIONS:
                px, py = x - dx, y - dy
                before_inside = 0 <= px < size and 0 <= py < size
                if before_inside and board[py * size + px] == colour:
                    continue  # not the start of the row
                length = 1
                cx, cy = x + dx, y + dy
                while 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == colour:
                    length += 1
                    cx, cy = cx + dx, cy + dy
                open_ends = int(before_inside and board[py * size + px] == EMPTY)
                open_ends += int(0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == EMPTY)
                if length >= 5:
                    total += 1 << 16
                elif open_ends:
                    total += _ROW_SCORE.get((length, open_ends), 1)
    return total


def _neighbours(board: list[int], size: int) -> list[int]:
    found = set()
    for index, value in enumerate(board):
        if value == EMPTY:
            continue
        x, y = index % size, index // size
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                cx, cy = x + dx, y + dy
                if 0 <= cx < size and 0 <= cy < size and board[cy * size + cx] == EMPTY:
                    found.add(cy * size + cx)
    return sorted(found)


class _OutOfTime(Exception):
    pass


def novice_move(
    board: list[int],
    size: int,
    to_move: int,
    deadline: float,
    legal: Callable[[int], bool],
    rng: random.Random,
    clock: Callable[[], float] = time.perf_counter,
) -> int | None:
    """The novice's choice for ``to_move`` (an index), or None if it found no legal candidate.

    ``legal(index)`` filters the candidates (renju fouls). Among moves scoring within 1 point
    of the best, one is picked at random (seeded), so openings vary from game to game.
    """
    board = list(board)
    opponent = 3 - to_move
    candidates = [p for p in _neighbours(board, size) if legal(p)]
    if not candidates:
        return None
    counter = [0]

    def leaf() -> int:
        counter[0] += 1
        if not counter[0] & 15 and clock() > deadline:
            raise _OutOfTime
        return board_score(board, size, to_move) - board_score(board, size, opponent)

    scored: list[tuple[int, int]] = []
    try:
        for p in candidates:
            board[p] = to_move
            if board_score(board, size, to_move) >= 1 << 16:
                board[p] = EMPTY
                return p
            # The opponent's best reply (minimising our score), with alpha-beta cut-off
            # against the best score found so far at the root.
            best_so_far = max((s for s, _ in scored), default=-(1 << 40))
            worst = 1 << 40
            for q in _neighbours(board, size):
                board[q] = opponent
                value = leaf()
                board[q] = EMPTY
                if value < worst:
                    worst = value
                    if worst < best_so_far - 1:
                        break
            board[p] = EMPTY
            scored.append((worst, p))
    except _OutOfTime:
        pass  # `board` is a private copy: answer with the root moves scored so far
    if not scored:
        return candidates[0]
    best = max(s for s, _ in scored)
    near_best = [p for s, p in scored if s >= best - 1]
    return rng.choice(near_best)
