"""The checks of a gomoku level that its model cannot make alone: the opening's stones are on the
board, distinct and a reachable position; objectives and events fit the moves the board has room
for; a "forced_win" objective is proved from the opening by an injected prover.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.gomoku import GomokuState, Rule, parse_move
from game.rules.gomoku.rules import point_name, standing_foul
from game.rules.levels.gomoku_level import GomokuLevel
from game.rules.levels.problems import Problem, json_path
from game.rules.levels.modifiers import blocked_points, check_gomoku_twist


# The prover of gomoku "forced_win" objectives: (position, the player's moves) -> a winning line
# or None. The rules do not search (they never import the AI), so the caller injects one: the
# `levels validate` command and the level tools install the AI's (`ai.gomoku.threats.find_vcf`)
# with `use_forced_win_prover`; without one (the in-game loader) that single proof is skipped.
_FOUL_WORDS = {
    "overline": "an overline (six or more in a row)",
    "double-four": "a double four (four-four)",
    "double-three": "a double three (three-three)",
}
ForcedWinProver = Callable[[GomokuState, int], "list[tuple[int, int]] | None"]
_forced_win_prover: ForcedWinProver | None = None


def use_forced_win_prover(prover: ForcedWinProver | None) -> ForcedWinProver | None:
    """Install the prover later checks use (None: skip forced-win proofs); returns the old one."""
    global _forced_win_prover
    previous, _forced_win_prover = _forced_win_prover, prover
    return previous


def check_gomoku(level: GomokuLevel, file: str, prove: ForcedWinProver | None = None) -> list[Problem]:
    """The gomoku level's problems; a "forced_win" objective is proved with ``prove`` (default:
    the installed prover; with none, that proof is skipped)."""
    prove = prove or _forced_win_prover
    problems: list[Problem] = []

    def problem(parts, message):
        problems.append(Problem(file, json_path(parts), message))

    stones: dict[str, list[tuple[int, int]]] = {"black": [], "white": []}
    seen: dict[tuple[int, int], list] = {}
    for colour in ("black", "white"):
        for index, text in enumerate(getattr(level.opening, colour)):
            try:
                move = parse_move(text, level.size)
            except ValueError as error:
                problem(["opening", colour, index], str(error))
                continue
            if move in seen:
                problem(
                    ["opening", colour, index],
                    f"there is already a stone on {move[0]},{move[1]} (at {json_path(seen[move])})",
                )
                continue
            seen[move] = ["opening", colour, index]
            stones[colour].append(move)
    problems += check_gomoku_twist(level, file, seen)
    if problems:
        return problems
    try:
        state = GomokuState.from_stones(
            stones["black"],
            stones["white"],
            level.size,
            Rule[level.rule.upper()],
            blocked_points(level.twist, level.size),
        )
    except ValueError as error:
        problem(["opening"], f"not a position the game can reach: {error}")
        return problems
    if state.rule == Rule.RENJU:  # a black stone black could not have played: a foul already on the board
        for index, (x, y) in enumerate(stones["black"]):
            foul = standing_foul(state.board, level.size, x, y)
            if foul is not None:
                problem(
                    ["opening", "black", index],
                    f"the black stone on {x},{y} ({point_name((x, y), level.size)}) makes {_FOUL_WORDS[foul]}, "
                    "a move renju forbids black: move or remove a stone so black never needed a forbidden move",
                )
        if problems:
            return problems
    if state.is_over:
        problem(["opening"], "the opening leaves no move to play (the board is full or black has no allowed point)")
        return problems
    empty = level.size * level.size - len(state.moves) - len(state.blocked)
    player_first = level.first == "player"
    player_moves = (empty + (1 if player_first else 0)) // 2
    opponent_moves = (empty + (0 if player_first else 1)) // 2
    required = [o for o in level.objectives if o.required]
    if not required:
        problem(["objectives"], "at least one objective must be required (\"required\": true)")
    for index, objective in enumerate(level.objectives):
        parts = ["objectives", index]
        if objective.kind == "survive" and objective.moves > opponent_moves:
            problem(
                parts + ["moves"],
                f"survive {objective.moves} moves cannot happen: the board has room for "
                f"{opponent_moves} more moves of the opponent's",
            )
        if objective.kind in ("win_within", "forced_win") and objective.moves > player_moves:
            problem(
                parts + ["moves"],
                f"{objective.moves} moves is more than the board has room for ({player_moves} of the player's)",
            )
        if objective.kind == "forced_win":
            if not player_first:
                problem(parts, "a forced win starts with the player to move: set \"first\": \"player\"")
                continue
            if prove is not None and prove(state.clone(), objective.moves) is None:
                problem(
                    parts + ["moves"],
                    f"no forced win by fours within {objective.moves} moves was found from "
                    "the opening: check the stones, who moves first, or allow more moves",
                )
    for index, event in enumerate(level.events):
        if event.after_move > player_moves:
            problem(["events", index, "after_move"], f"the player never makes {event.after_move} moves on this board")
    return problems
