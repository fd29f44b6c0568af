"""Drawing the replay viewer (viewer.py is its flow and input): the game's board as its own scene
drew it, the bar under it, the buttons, the move list, the AI's thoughts, and the sentence when a
replay cannot be shown. Where each part sits is here too."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.explain_overlay import draw_thoughts
from game.client.widgets import draw_text, fit_text, panel, wrap_text
from game.i18n import N_, _, ngettext, pgettext

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # moves a second
BOARD = pygame.Rect(16, 58, 848, 477)  # a 16:9 frame for the game's 1280x720 canvas
MOVES = pygame.Rect(880, 58, 384, 300)  # the move list
THOUGHTS = pygame.Rect(880, 368, 384, 318)  # the AI's thoughts on the move just played
TIMELINE = pygame.Rect(24, 552, 832, 16)
ROW = 24  # a move list row at 100 % text (`row_height()` grows with the text size)
KEY_HINTS = N_(  # translated where drawn
    "Space: play / pause  ·  ← →: step  ·  PgUp PgDn: turn  ·  Home End  ·  + −: speed  ·  Tab: thoughts  ·  Esc: back"
)


def row_height() -> int:
    from game.client.resources import font

    return max(ROW, font(16).get_linesize() + 2)


def draw(surface: pygame.Surface, viewer) -> None:
    """One frame of the viewer (`viewer`: the ReplayViewerScene)."""
    surface.fill(theme.BACKGROUND)
    if viewer.playback is None:
        _draw_problem(surface, viewer)
        return
    heading = draw_text(surface, _("Replay"), (24, 12), 26, theme.ACCENT, bold=True)
    left = heading.right + 20  # after the heading as drawn (it grows with the text size)
    draw_text(surface, viewer.title(), (left, 16), 20, theme.TEXT, bold=True, width=700 - left)
    versus = _("{first} against {second}").format(first=viewer.seats.names[0], second=viewer.seats.names[1])
    draw_text(surface, versus, (720, 18), 17, theme.TEXT_DIM, width=390)
    viewer.back_button.draw(surface)
    _draw_board(surface, viewer)
    _draw_timeline(surface, viewer)
    _draw_moves(surface, viewer)
    _draw_thoughts(surface, viewer)
    for button in viewer.all_buttons():
        if button is not viewer.back_button:
            button.draw(surface)
    total = len(viewer.playback.words)
    if viewer.position:
        where = _("Move {number} of {total}").format(number=viewer.position, total=total)
    else:
        where = ngettext("The start · {count} move", "The start · {count} moves", total).format(count=total)
    draw_text(surface, where, (686, 596), 18, theme.TEXT, bold=True, width=176)
    speed = SPEEDS[viewer.speed]
    speed_words = _("Speed: {speed} moves a second").format(speed=f"{speed:g}")
    draw_text(surface, speed_words, (24, 650), fit_text(speed_words, 16, 256), theme.TEXT_DIM)
    result = viewer.replay.result.text if viewer.position == viewer.last else ""
    if result:
        draw_text(surface, result, (290, 650), 16, theme.ACCENT, width=360)
    draw_text(surface, _(KEY_HINTS), (theme.WIDTH // 2, 704), 14, theme.TEXT_DIM, anchor="center", width=1240)


def _draw_board(surface, viewer) -> None:
    panel(surface, BOARD.inflate(8, 8), theme.PANEL, theme.PANEL_BORDER, radius=10)
    image = viewer.board_image()
    if image is None:
        words = _("The draft: both sides pick their cards") if viewer.position < viewer.last else _("No board to show")
        draw_text(surface, words, BOARD.center, 24, theme.TEXT_DIM, anchor="center")
        return
    surface.blit(image, image.get_rect(center=BOARD.center))


def _draw_timeline(surface, viewer) -> None:
    pygame.draw.rect(surface, theme.PANEL, TIMELINE, border_radius=8)
    last = max(1, viewer.last)
    filled = TIMELINE.copy()
    filled.width = int(TIMELINE.width * viewer.position / last)
    if filled.width:
        pygame.draw.rect(surface, theme.ACCENT_DARK, filled, border_radius=8)
    starts = viewer.turn_starts()
    if len(starts) < len(viewer.playback.words):  # ticks where turns begin (too dense otherwise)
        for start in starts:
            x = TIMELINE.x + int(TIMELINE.width * start / last)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, TIMELINE.y + 3), (x, TIMELINE.bottom - 4), 1)
    knob = (TIMELINE.x + filled.width, TIMELINE.centery)
    pygame.draw.circle(surface, theme.ACCENT, knob, 10)
    pygame.draw.circle(surface, theme.TEXT, knob, 10, 2)


def _draw_moves(surface, viewer) -> None:
    panel(surface, MOVES, theme.PANEL, theme.PANEL_BORDER, radius=12)
    # TRANSLATORS: the heading of a replay's list of moves (the moves themselves, not their count).
    draw_text(surface, pgettext("replay", "Moves"), (MOVES.x + 14, MOVES.y + 8), 18, theme.ACCENT, bold=True)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(MOVES.x, MOVES.y + 34, MOVES.width, MOVES.height - 40))
    visible = (MOVES.height - 40) // row_height()
    for row in range(viewer.scroll, min(len(viewer.rows), viewer.scroll + visible + 1)):
        kind, position, text = viewer.rows[row]
        rect = viewer.row_rect(row)
        current = kind == "move" and position == viewer.position
        if current:
            pygame.draw.rect(surface, theme.ACCENT_DARK, rect, border_radius=6)
        colour = theme.ACCENT if kind == "turn" else theme.TEXT if current else theme.TEXT_DIM
        size = fit_text(text, 16, rect.width - 12, bold=kind == "turn")
        draw_text(surface, text, (rect.x + 6, rect.y + 1), size, colour, bold=kind == "turn")
    surface.set_clip(clip)


def _draw_thoughts(surface, viewer) -> None:
    index = viewer.position - 1
    thought = viewer.playback.thought(index) if index >= 0 else None
    if not viewer.thoughts_shown:
        panel(surface, THOUGHTS, theme.PANEL, theme.PANEL_BORDER, radius=12)
        draw_text(
            surface, _("The AI's thoughts are hidden  ·  Tab: show"), THOUGHTS.move(14, 12).topleft, 16, theme.TEXT_DIM
        )
        return
    if thought is not None:
        draw_thoughts(surface, THOUGHTS, viewer.mover_name(index) or _("the AI"), thought)
        return
    panel(surface, THOUGHTS, theme.PANEL, theme.PANEL_BORDER, radius=12)
    draw_text(surface, _("The AI's thoughts"), (THOUGHTS.x + 14, THOUGHTS.y + 10), 18, theme.ACCENT, bold=True)
    words = (
        _("Step to a move the AI made to see what it weighed.")
        if any(seat.kind == "ai" for seat in viewer.replay.players)
        else _("People played this game: no AI thoughts to show.")
    )
    y = THOUGHTS.y + 44
    for line in wrap_text(words, 17, THOUGHTS.width - 28):
        y = draw_text(surface, line, (THOUGHTS.x + 14, y), 17, theme.TEXT_DIM).bottom + 2


def _draw_problem(surface, viewer) -> None:
    box = pygame.Rect(0, 0, 820, 300)
    box.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 20)
    panel(surface, box, theme.PANEL, theme.BAD, radius=18, width=3)
    draw_text(
        surface, _("This replay cannot be shown"), (box.centerx, box.y + 44), 30, theme.BAD, bold=True, anchor="center"
    )
    y = box.y + 92
    for line in wrap_text(viewer.problem or "", 19, box.width - 80)[:6]:
        y = draw_text(surface, line, (box.x + 40, y), 19, theme.TEXT).bottom + 2
    viewer.back_button.rect = pygame.Rect(box.centerx - 90, box.bottom - 70, 180, 48)
    viewer.back_button.draw(surface)
    draw_text(surface, _("Esc: back"), (theme.WIDTH // 2, box.bottom + 30), 15, theme.TEXT_DIM, anchor="center")


__all__ = ["BOARD", "KEY_HINTS", "MOVES", "SPEEDS", "THOUGHTS", "TIMELINE", "draw", "row_height"]
