"""Terminal gomoku: the pure parts (keys, cursor, game flow, the rendered text) with a stand-in
AI, the command's refusals, and a real game in tmux (skipped when tmux is not installed)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from game.tools import terminal_gomoku as terminal
from game.tools.terminal_gomoku import (
    DOWN,
    LEFT,
    NEW_GAME,
    PLACE,
    QUIT,
    RIGHT,
    UNDO,
    UP,
    TerminalGame,
    action_for_key,
    cell_column,
    move_cursor,
    point_name,
    render,
    render_text,
)
from game.rules.gomoku import BLACK, EMPTY, WHITE, Rule

REPO = Path(__file__).resolve().parents[2]


class ScriptedAI:
    """Plays the listed moves in turn; records the budget and level it was given."""

    def __init__(self, *moves):
        self.moves = list(moves)
        self.calls = []

    def __call__(self, state, budget_ms, level, seed):
        self.calls.append((budget_ms, level, seed))
        return self.moves.pop(0)


def board_cells(lines: list[str], size: int) -> dict[tuple[int, int], str]:
    """The symbol shown for every point, read back from rendered (or captured) lines."""
    header = next(i for i, line in enumerate(lines) if line.startswith("    a  b  c"))
    rows = lines[header + 1 : header + 1 + size]
    return {(x, y): rows[y][cell_column(x)] for y in range(size) for x in range(size)}


def frame_at(lines: list[str], size: int, point: tuple[int, int]) -> str:
    header = next(i for i, line in enumerate(lines) if line.startswith("    a  b  c"))
    x, y = point
    row = lines[header + 1 + y]
    return row[cell_column(x) - 1] + row[cell_column(x) + 1]


# --- keys and cursor -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, action",
    [
        ("KEY_UP", UP), ("k", UP), ("w", UP), ("W", UP),
        ("KEY_DOWN", DOWN), ("j", DOWN), ("s", DOWN),
        ("KEY_LEFT", LEFT), ("h", LEFT), ("a", LEFT),
        ("KEY_RIGHT", RIGHT), ("l", RIGHT), ("d", RIGHT), ("L", RIGHT),
        ("\n", PLACE), ("\r", PLACE), ("KEY_ENTER", PLACE), (" ", PLACE),
        ("u", UNDO), ("n", NEW_GAME), ("q", QUIT), ("Q", QUIT),
        ("x", None), ("KEY_RESIZE", None), ("KEY_F(1)", None), ("\x1b", None),
    ],
)  # fmt: skip
def test_key_mapping(key, action):
    assert action_for_key(key) == action


def test_cursor_moves_and_stays_on_the_board():
    assert move_cursor((7, 7), UP, 15) == (7, 6)
    assert move_cursor((7, 7), DOWN, 15) == (7, 8)
    assert move_cursor((7, 7), LEFT, 15) == (6, 7)
    assert move_cursor((7, 7), RIGHT, 15) == (8, 7)
    assert move_cursor((0, 0), UP, 15) == (0, 0)
    assert move_cursor((0, 0), LEFT, 15) == (0, 0)
    assert move_cursor((14, 14), DOWN, 15) == (14, 14)
    assert move_cursor((19, 19), RIGHT, 20) == (19, 19)
    assert move_cursor((18, 19), RIGHT, 20) == (19, 19)


def test_point_names_count_rows_from_the_bottom():
    assert point_name((0, 14), 15) == "a1"
    assert point_name((7, 7), 15) == "h8"
    assert point_name((14, 0), 15) == "o15"
    assert point_name((19, 0), 20) == "t20"


# --- rendering -------------------------------------------------------------------------------


def test_initial_screen():
    game = TerminalGame(ScriptedAI(), level="hard")
    lines = render_text(game)
    assert lines[0] == "Gomoku 15x15, freestyle - you: X black - AI: O white, hard - move 1"
    assert lines[1] == "    a  b  c  d  e  f  g  h  i  j  k  l  m  n  o "
    assert lines[2] == "15  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  15"
    assert lines[9] == " 8  .  .  .  .  .  .  . [.] .  .  .  .  .  .  .  8"  # cursor on H8
    assert lines[16] == " 1  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  1"
    assert lines[17] == "Your move."
    assert lines[18] == "[h8] arrows/hjkl/wasd move, Enter/space place, u undo, q quit"
    assert len(lines) == 19  # size + 4: a 20x20 board fits an 80x24 terminal


def test_thinking_is_shown_while_the_ai_searches():
    game = TerminalGame(ScriptedAI((7, 7)), ai_first=True)
    assert game.ai_to_move()
    assert render_text(game, thinking=True)[17] == "thinking..."


def test_styles_tag_stones_cursor_and_last_move():
    game = TerminalGame(ScriptedAI((8, 8)))
    game.apply(PLACE)
    game.ai_move()
    row_of = {line_number: line for line_number, line in enumerate(render(game))}
    # row y=7 is line 9; h8 (x=7) holds black under the cursor
    h8 = row_of[9][1 + 3 * 7 : 1 + 3 * 7 + 3]
    assert h8 == [("[", "cursor"), ("X", "black"), ("]", "cursor")]
    i7 = row_of[10][1 + 3 * 8 : 1 + 3 * 8 + 3]
    assert i7 == [("(", "last"), ("O", "white"), (")", "last")]


def test_size_20_board_lines():
    game = TerminalGame(ScriptedAI(), size=20)
    lines = render_text(game)
    assert lines[1].rstrip() == "    " + "  ".join(chr(ord("a") + x) for x in range(20))
    assert lines[2].startswith("20  .") and lines[2].endswith(" 20")
    assert len(lines) == 24 and max(len(line) for line in lines) < 80
    assert lines[-1].startswith("[k10] ")  # the cursor starts in the centre


# --- game flow -------------------------------------------------------------------------------


def test_place_then_ai_answers():
    ai = ScriptedAI((8, 8))
    game = TerminalGame(ai, level="easy", budget_ms=150, seed=3)
    game.apply(RIGHT)
    game.apply(UP)
    game.apply(PLACE)
    assert game.state.at(8, 6) == BLACK and game.ai_to_move()
    assert game.ai_move() == (8, 8)
    assert ai.calls == [(150, "easy", 3)]
    assert game.message == "AI played i7. Your move."
    cells = board_cells(render_text(game), 15)
    assert cells[(8, 6)] == "X" and cells[(8, 8)] == "O"
    assert sum(1 for symbol in cells.values() if symbol != ".") == 2
    assert frame_at(render_text(game), 15, (8, 8)) == "()"
    assert frame_at(render_text(game), 15, (8, 6)) == "[]"


def test_placing_on_a_stone_is_refused():
    game = TerminalGame(ScriptedAI((8, 7)))
    game.apply(PLACE)
    game.ai_move()
    game.apply(RIGHT)
    game.apply(PLACE)
    assert game.message == "i8 is taken."
    assert len(game.state.moves) == 2 and not game.ai_to_move()


def test_renju_forbidden_points_are_marked_and_refused():
    # black X at f8, g8, h10, h9 (cross around h8, a double-three for black)
    ai = ScriptedAI((0, 0), (2, 0), (4, 0), (6, 0))
    game = TerminalGame(ai, rule=Rule.RENJU)
    for move in [(5, 7), (6, 7), (7, 5), (7, 6)]:
        game.cursor = move
        game.apply(PLACE)
        game.ai_move()
    assert game.state.forbidden_points() == [(7, 7)]
    lines = render_text(game)
    assert board_cells(lines, 15)[(7, 7)] == "#"
    assert lines[-1].endswith("u undo, q quit  # forbidden")
    game.cursor = (7, 7)
    game.apply(PLACE)
    assert game.message == "h8 is forbidden for black (double-three)."
    assert game.state.at(7, 7) == EMPTY and not game.ai_to_move()


def test_no_forbidden_marks_outside_renju():
    game = TerminalGame(ScriptedAI((0, 0), (2, 0), (4, 0), (6, 0)), rule=Rule.STANDARD)
    for move in [(5, 7), (6, 7), (7, 5), (7, 6)]:
        game.cursor = move
        game.apply(PLACE)
        game.ai_move()
    lines = render_text(game)
    assert "#" not in "".join(lines)


def test_undo_takes_back_both_moves():
    game = TerminalGame(ScriptedAI((8, 8), (9, 9)))
    game.apply(PLACE)
    game.ai_move()
    game.apply(LEFT)
    game.apply(PLACE)
    game.ai_move()
    assert game.last_ai_move == (9, 9)
    game.apply(UNDO)
    assert game.state.moves == [(7, 7), (8, 8)]
    assert game.last_ai_move == (8, 8) and not game.ai_to_move()
    game.apply(UNDO)
    assert game.state.moves == [] and game.last_ai_move is None
    game.apply(UNDO)
    assert game.message == "Nothing to take back."


def test_undo_keeps_the_ai_opening_move_when_it_played_first():
    game = TerminalGame(ScriptedAI((7, 7), (9, 9)), ai_first=True)
    game.ai_move()
    game.apply(UNDO)
    assert game.message == "Nothing to take back." and game.state.moves == [(7, 7)]
    game.apply(RIGHT)
    game.apply(PLACE)
    game.ai_move()
    game.apply(UNDO)
    assert game.state.moves == [(7, 7)] and game.last_ai_move == (7, 7)
    assert game.state.current_player == WHITE and not game.ai_to_move()


def test_human_win_is_shown_with_the_winning_row():
    ai = ScriptedAI((0, 0), (0, 2), (0, 4), (0, 6))
    game = TerminalGame(ai)
    for x in range(5, 10):
        game.cursor = (x, 7)
        game.apply(PLACE)
        if game.ai_to_move():
            game.ai_move()
    assert game.state.winner == BLACK
    assert game.message.startswith("You win with f8-j8!")
    lines = render_text(game)
    for x in range(5, 10):
        assert frame_at(lines, 15, (x, 7)) == "**"
    game.apply(PLACE)
    assert game.message.startswith("The game is over")
    # undo after the end takes back just the winning move (the AI had no answer)
    game.apply(UNDO)
    assert not game.state.is_over and game.state.moves[-1] == (0, 6)


def test_ai_win_and_new_game():
    ai = ScriptedAI(*[(x, 0) for x in range(5)])
    game = TerminalGame(ai)
    for y in range(10, 14):
        game.cursor = (7, y)
        game.apply(PLACE)
        game.ai_move()
    game.apply(NEW_GAME)
    assert game.message == "Finish this game first (or q to quit)."
    game.cursor = (14, 14)
    game.apply(PLACE)
    game.ai_move()
    assert game.state.winner == WHITE
    assert game.message.startswith("The AI wins with a15-e15!")
    game.apply(NEW_GAME)
    assert game.state.moves == [] and game.state.rule == Rule.FREESTYLE
    assert game.message == "New game. Your move."


def test_foul_result_message():
    # The UI refuses the player's fouls, so only the AI side can commit one; a stand-in AI
    # playing black completes X X X . X X with the sixth stone.
    ai = ScriptedAI((3, 7), (4, 7), (5, 7), (7, 7), (8, 7), (6, 7))
    game = TerminalGame(ai, rule=Rule.RENJU, ai_first=True)
    for y in range(5):
        game.ai_move()
        game.cursor = (y * 2, 0)
        game.apply(PLACE)
    game.ai_move()
    assert game.state.foul == "overline"
    assert game.message.startswith("The AI made a forbidden overline: white wins.")


# --- the command -----------------------------------------------------------------------------


def arguments(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    return parser.parse_args(argv)


def test_without_terminal_flag_points_to_the_client(capsys):
    assert terminal.run(arguments()) == 2
    assert "graphical gomoku comes with the pygame client" in capsys.readouterr().err


def test_refuses_without_a_tty(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", open(os.devnull))
    assert terminal.run(arguments("--terminal")) == 2
    assert "needs an interactive terminal" in capsys.readouterr().err


def test_arguments():
    args = arguments(
        "--terminal", "--size", "19", "--rule", "renju", "--level", "master", "--budget-ms", "250", "--ai-first"
    )
    assert (args.size, args.rule, args.level, args.budget_ms, args.ai_first) == (19, "renju", "master", 250.0, True)
    with pytest.raises(SystemExit):
        arguments("--size", "21")
    with pytest.raises(SystemExit):
        arguments("--rule", "caro")


class FakeScreen:
    def __init__(self, height, width):
        self.size = (height, width)
        self.writes = []

    def getmaxyx(self):
        return self.size

    def erase(self):
        self.writes.clear()

    def addstr(self, row, column, text, attribute=0):
        self.writes.append((row, column, text))

    def addnstr(self, row, column, text, limit, attribute=0):
        self.writes.append((row, column, text[:limit]))

    def refresh(self):
        pass


def test_draw_asks_for_a_bigger_terminal_when_the_board_does_not_fit():
    fake_curses = argparse.Namespace(A_NORMAL=0)
    lines = render(TerminalGame(ScriptedAI(), size=20))
    screen = FakeScreen(23, 80)
    terminal._draw(fake_curses, screen, lines, {})
    # 24 lines; the widest is the 69-character title, and the last column stays free
    assert screen.writes == [(0, 0, "Please enlarge the terminal to 70x24 (q quits).")]
    screen = FakeScreen(24, 69)
    terminal._draw(fake_curses, screen, lines, {})
    assert screen.writes == [(0, 0, "Please enlarge the terminal to 70x24 (q quits).")]
    screen = FakeScreen(24, 80)
    terminal._draw(fake_curses, screen, lines, {})
    assert len(screen.writes) == sum(len(line) for line in lines)
    assert (23, 0, lines[-1][0][0]) in screen.writes


def test_no_pygame_is_imported():
    code = (
        "import sys, game.client, game.tools.terminal_gomoku, argparse\n"
        "game.tools.terminal_gomoku.add_arguments(argparse.ArgumentParser())\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=60)


# --- a real game in tmux ---------------------------------------------------------------------


class TmuxGame:
    def __init__(self, command: str, width: int = 100, height: int = 32):
        self.name = f"duelmind-test-{uuid.uuid4().hex[:8]}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
             f"cd {REPO} && {command}; echo EXITED=$?; sleep 60"],
            check=True,
        )  # fmt: skip

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def screen(self) -> list[str]:
        result = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], check=True, capture_output=True, text=True
        )
        return result.stdout.splitlines()

    def wait_for(self, text: str, timeout: float = 30.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            lines = self.screen()
            if any(text in line for line in lines):
                return lines
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} did not appear:\n" + "\n".join(lines))
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_game_in_tmux():
    game = TmuxGame(f"{sys.executable} main.py gomoku --terminal --budget-ms 200 --seed 1")
    try:
        lines = game.wait_for("Your move.")
        assert lines[0].startswith("Gomoku 15x15, freestyle - you: X black - AI: O white, medium")
        assert any(line.startswith("[h8] arrows") for line in lines)

        # arrows: two right, one up -> j9 = (9, 6); Enter places
        game.keys("Right", "Right", "Up", "Enter")
        lines = game.wait_for("AI played")
        cells = board_cells(lines, 15)
        assert cells[(9, 6)] == "X"
        stones = {point: symbol for point, symbol in cells.items() if symbol != "."}
        assert len(stones) == 2 and sorted(stones.values()) == ["O", "X"]
        ai_point = next(point for point, symbol in stones.items() if symbol == "O")
        assert frame_at(lines, 15, ai_point) == "()"  # the AI's move is highlighted
        assert frame_at(lines, 15, (9, 6)) == "[]"  # the cursor stayed on our stone
        assert any(f"AI played {point_name(ai_point, 15)}. Your move." in line for line in lines)

        # u takes back both moves
        game.keys("u")
        lines = game.wait_for("Move taken back")
        assert set(board_cells(lines, 15).values()) == {"."}

        # hjkl: h then k -> i10 = (8, 5); space places
        game.keys("h", "k", "Space")
        lines = game.wait_for("AI played")
        cells = board_cells(lines, 15)
        assert cells[(8, 5)] == "X"
        assert sum(1 for symbol in cells.values() if symbol == "O") == 1

        # taken point: press space again on our own stone
        game.keys("Space")
        game.wait_for("i10 is taken.")

        game.keys("q")
        game.wait_for("EXITED=0", timeout=10)
    finally:
        game.close()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_real_renju_game_in_tmux_with_the_ai_first():
    # the largest board in the classic 80x24 terminal
    game = TmuxGame(
        f"{sys.executable} main.py gomoku --terminal --rule renju --ai-first --budget-ms 100 --level easy --size 20",
        width=80,
        height=24,
    )
    try:
        lines = game.wait_for("AI played")
        assert lines[0].startswith("Gomoku 20x20, renju - you: O white - AI: X black, easy")
        cells = board_cells(lines, 20)
        assert sum(1 for symbol in cells.values() if symbol == "X") == 1
        assert any(line.endswith("q quit  # forbidden") for line in lines)
        game.keys("q")
        game.wait_for("EXITED=0", timeout=10)
    finally:
        game.close()
