"""A small prover for gomoku puzzles: a forced win by continuous fours (VCF) for the side to move.

Used by the level validator to check that a "forced_win" objective can be met. Every attacking
move must make a four (a point that would complete a five), so the defender's answers are
forced: block the five point, unless the defender can make a five itself (then the line fails).
An open four or a double four wins; the classic four-three is found too (the three becomes a
four on the next move). Renju: black never plays a forbidden point, and a white four whose only
block is forbidden for black wins. Wins that need open threes (VCT) are not searched.

Rules layer only: uses GomokuState and game.rules.gomoku.rules.
"""

from __future__ import annotations

from game.rules.gomoku import DIRECTIONS, EMPTY, GomokuState
from game.rules.gomoku import rules as gomoku_rules


def _near(state: GomokuState, x: int, y: int, reach: int = 4):
    size = state.size
    for dx, dy in DIRECTIONS:
        for step in range(-reach, reach + 1):
            if step == 0:
                continue
            px, py = x + dx * step, y + dy * step
            if 0 <= px < size and 0 <= py < size and state.board[py * size + px] == EMPTY:
                yield px, py


def _makes_five(state: GomokuState, x: int, y: int, player: int) -> bool:
    size = state.size
    index = y * size + x
    if state.board[index] != EMPTY:
        return False
    state.board[index] = player
    try:
        return gomoku_rules.winning_line(state.board, size, x, y, state.rule) is not None
    finally:
        state.board[index] = EMPTY


def five_points(state: GomokuState, player: int, around: tuple[int, int] | None = None) -> set[tuple[int, int]]:
    """Empty points where `player` would complete a five (near `around`, or anywhere)."""
    if around is not None:
        points = set(_near(state, *around))
    else:
        size = state.size
        points = {(i % size, i // size) for i, v in enumerate(state.board) if v == EMPTY}
    return {p for p in points if _makes_five(state, p[0], p[1], player)}


def _candidates(state: GomokuState, player: int) -> set[tuple[int, int]]:
    size = state.size
    points: set[tuple[int, int]] = set()
    for i, value in enumerate(state.board):
        if value == player:
            points.update(_near(state, i % size, i // size))
    return points


def find_vcf(state: GomokuState, max_moves: int, node_limit: int = 200_000) -> list[tuple[int, int]] | None:
    """A forced win for the side to move within `max_moves` of its own moves, made of fours
    (the main line: attacker and defender moves alternating), or None if none was found."""
    state = state.clone()
    attacker = state.current_player
    budget = [node_limit]

    def attack(moves_left: int) -> list | None:
        if moves_left <= 0 or budget[0] <= 0:
            return None
        budget[0] -= 1
        defender = 3 - attacker
        for x, y in sorted(_candidates(state, attacker)):
            if _makes_five(state, x, y, attacker) and state.is_legal(x, y):
                return [(x, y)]
        if moves_left == 1:
            return None
        threats = five_points(state, defender)  # the defender's fours must be blocked first
        for x, y in sorted(_candidates(state, attacker)):
            if threats and (x, y) not in threats:
                continue
            if not state.is_legal(x, y):
                continue
            state.play(x, y)
            try:
                fives = five_points(state, attacker, (x, y))
                if fives and not five_points(state, defender):
                    line = defend(fives, moves_left - 1)
                    if line is not None:
                        return [(x, y)] + line
            finally:
                state.undo()
        return None

    def defend(fives: set, moves_left: int) -> list | None:
        blocks = [p for p in sorted(fives) if state.is_legal(*p)]
        if not blocks:  # renju: every block is forbidden for black
            other = next(iter(state.legal_actions()), None)
            if other is None:
                return None
            state.play(*other)
            try:
                line = attack(moves_left)
                return None if line is None else [other] + line
            finally:
                state.undo()
        main = None
        for x, y in blocks:
            state.play(x, y)
            try:
                if state.winner is not None:
                    return None  # the block made a five for the defender
                line = attack(moves_left)
                if line is None:
                    return None
                main = main or [(x, y)] + line
            finally:
                state.undo()
        return main

    return attack(max_moves)
