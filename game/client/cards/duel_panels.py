"""The duel's side panels: the match info (or a level's objectives), the log and the status box
over the End turn button. Every line is wrapped or fitted to its panel at the text size in
effect, and laid out by the font's own line height, so 150 % text stays in its panel."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.cards import duel_layout
from game.client.cards.duel_marks import spinner
from game.client.cards.view_model import DuelViewModel
from game.client.resources import font
from game.client.widgets import draw_text, fit_line, fit_lines, text_surface, wrap_text
from game.client.cards.duel_words import is_you, now, shown_label
from game.i18n import N_, _

INFO = pygame.Rect(16, 236, 200, 248)
PAD = 14
LOG_SIZE = 14
LOG_TITLE = (196, 170, 120)  # the log's heading: brass, like the table's trim
HINTS = (  # translated where drawn
    N_("Drag a card to the board"),
    N_("Drag a creature to attack"),
    N_("Hover a card to read it"),
    N_("Keys: 1-8 or arrows, Enter"),
    N_("E / Space: end turn"),
    N_("Esc: cancel, or the menu"),
)


def draw_side_panels(surface, model: DuelViewModel) -> None:
    _match_info(surface, model)
    _log(surface, model)
    _status(surface, model)
    if "human" in model.controllers:  # nobody at the screen plays (AIs watched, a replay): no button
        model.end_button.enabled = model.my_turn
        button = model.end_button
        label, button.label = button.label, _(button.label)  # kept in English, drawn translated
        button.draw(surface)
        button.label = label


def _match_info(surface, model: DuelViewModel) -> None:
    box = INFO
    if model.hud is not None:
        model.hud.draw(surface, box)
        return
    inner = box.inflate(-2 * 16, -2 * 12)
    turn = _("Turn {number}").format(number=max(1, (model.view.turn + 1) // 2))
    rect = draw_text(
        surface, turn, inner.topleft, fit_line(turn, 24, inner.width, 40, True), theme.ACCENT, bold=True, box=inner
    )
    lanes = _("One lane") if model.view.lanes == 1 else _("Two lanes")
    rect = draw_text(surface, lanes, (inner.x, rect.bottom - 4), 15, theme.TEXT_DIM, width=inner.width, box=inner)
    if "human" not in model.controllers:  # how to play is for a person playing
        return
    # The how-to-play lines take the room left; at a large text size they wrap, and shrink
    # back only as far as needed to all fit (the Controls screen lists them too).
    top = rect.bottom + 8
    size, lines = fit_lines([_(hint) for hint in HINTS], 14, inner.width, inner.bottom - top)
    line = font(size).get_height()
    for index, text in enumerate(lines):
        draw_text(surface, text, (inner.x, top + index * line), size, theme.TEXT_DIM, box=inner)


def log_shown(log, width: int, height: int) -> list[tuple[str, object]]:
    """The newest log entries, wrapped to `width`, that fit `height` a line apart, oldest of them
    first: what does not fit is the oldest, never the newest."""
    room = max(0, height // font(LOG_SIZE).get_height())
    shown: list[tuple[str, object]] = []
    for text, colour in reversed(log):
        parts = wrap_text(now(text), LOG_SIZE, width)
        if len(shown) + len(parts) > room:
            break
        shown[:0] = [(part, colour) for part in parts]
    return shown


def _log(surface, model: DuelViewModel) -> None:
    inner = duel_layout.LOG.inflate(-2 * PAD, -2 * 10)
    title = draw_text(
        surface, _("Log"), inner.topleft, fit_line(_("Log"), 16, inner.width, 30, True), LOG_TITLE, bold=True, box=inner
    )
    top = title.bottom + 2
    line = font(LOG_SIZE).get_height()
    for index, (text, colour) in enumerate(log_shown(model.log, inner.width, inner.bottom - top)):
        colour = getattr(theme, colour) if isinstance(colour, str) else colour
        draw_text(surface, text, (inner.x, top + index * line), LOG_SIZE, colour, box=inner)


def _status(surface, model: DuelViewModel) -> None:
    box = duel_layout.STATUS
    inner = box.inflate(-2 * PAD, -2 * 10)
    seat = model.current
    lines: list[tuple[str, int]] = []  # under the status: (text, size)
    thinking = False
    if model.over:
        status = _("Game over")
    elif model.controllers[seat] == "ai":
        name = shown_label(model.labels[seat])
        thinking = model.ai_thinking
        if thinking:
            status = _("{player} is thinking").format(player=name)
        else:
            status = _("{player} plays").format(player=name)
            if model.anims_busy:
                lines.append((_("Click or any key: skip ahead"), 13))
    else:
        label = model.labels[seat]
        status = _("Your move") if is_you(label) else _("{player} to move").format(player=label)
        lines.append((_("Drag a card  ·  E: end turn"), 14))
    rect = draw_text(
        surface,
        status,
        inner.topleft,
        fit_line(status, 17, inner.width, 34, True, minimum=12),
        theme.TEXT,
        bold=True,
        box=inner,
    )
    # The bottom line keeps its place over the button; it shrinks only if it cannot fit the width.
    footer = _("Tab: the AI's thoughts") if model.thoughts_available else _("Esc: menu")
    footer_size = fit_line(footer, 14, inner.width, 26)
    # Its drawn height: a Thai or Chinese line is taller than the Latin font's own height.
    footer_top = inner.bottom - max(
        font(footer_size).get_height(), text_surface(footer, footer_size, theme.TEXT_DIM).get_height()
    )
    draw_text(surface, footer, (inner.x, footer_top), footer_size, theme.TEXT_DIM, box=inner)
    y = rect.bottom + 4
    if thinking:
        elapsed = model.ai_elapsed_ms
        seconds = _("{seconds} s").format(seconds=f"{elapsed / 1000:.1f}")
        size = fit_line(seconds, 15, inner.width - 28, 24)
        height = font(size).get_height()
        spinner(surface, (inner.x + 10, y + height // 2), model.time, 8)
        draw_text(surface, seconds, (inner.x + 28, y), size, theme.TEXT_DIM, box=inner)
        bar = pygame.Rect(inner.x, y + height + 4, inner.width, 8)
        pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=4)
        fill = bar.copy()
        fill.width = int(bar.width * min(1.0, elapsed / max(1.0, model.ai_budget_ms)))
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=4)
        return
    for text, size in lines:
        size, wrapped = fit_lines([text], size, inner.width, footer_top - y)
        for part in wrapped:
            draw_text(surface, part, (inner.x, y), size, theme.TEXT_DIM, box=inner)
            y += font(size).get_height()
