"""The "what the AI is thinking" overlay (Tab), for a player.

Every game's AI answers with one shape (`game.rules.game_api.Explanation`: a headline, the
options it weighed in words with a score from 0 to 1, and facts such as the time it took), and
`draw_thoughts` draws that shape for every game. `draw_card_thoughts` and `draw_gomoku_thoughts`
(the duel's and the gomoku board's entry points) draw an Explanation the same way; they still
read the older explanation dicts (a level's scripted card opponent, decided in the client, says
its rules of thumb that way), and anything else falls back to `draw_explanation`, which draws
any dict generically (scalars as lines, lists of dicts as tables).
The JSON export for designers is not made here and keeps the raw dict.
"""

from __future__ import annotations

import math

import pygame

from game.client import theme
from game.client.widgets import draw_text, fit_text, panel
from game.i18n import N_, _, ngettext
from game.rules.game_api import Explanation

MAX_ROWS = 10
TAB_HINT_WIDTH = 80  # "Tab: hide" in the top right corner, and a gap before it: the title stays left of it
MAX_COLUMNS = 6


def _step(size: int, least: int, bold: bool = False) -> int:
    """A line's advance: `least` (its 100 % spacing) or the font's own height, when larger."""
    from game.client.resources import font

    return max(least, font(size, bold).get_height())


def _tab_hint_width() -> int:
    """ "Tab: hide" in the top right corner and a gap before it, at the text size in effect."""
    from game.client.resources import font

    return max(TAB_HINT_WIDTH, font(15).size(_("Tab: hide"))[0] + 16)


def short(value, limit: int = 48) -> str:
    """A compact text form of any explanation value."""
    if isinstance(value, float):
        text = f"{value:.3g}" if abs(value) < 1e5 else f"{value:.0f}"
    elif isinstance(value, bool) or value is None:
        text = str(value)
    elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        text = f"{value[0]},{value[1]}"
    elif isinstance(value, (list, tuple)):
        text = "; ".join(short(item, 24) for item in value)
    elif isinstance(value, dict):
        text = ", ".join(f"{k}={short(v, 16)}" for k, v in value.items())
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_point(item) -> bool:
    return isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(v, int) for v in item)


def explanation_lines(explanation: dict) -> list[tuple[str, object]]:
    """Rows to draw: ("line", text) | ("table", (columns, rows)) | ("heading", text)."""
    rows: list[tuple[str, object]] = []
    for key, value in explanation.items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            columns: list[str] = []
            for item in value[:MAX_ROWS]:
                for column in item:
                    if column not in columns and len(columns) < MAX_COLUMNS:
                        columns.append(column)
            table = [[short(item.get(column, ""), 40) for column in columns] for item in value[:MAX_ROWS]]
            rows.append(("heading", f"{key} ({len(value)})"))
            rows.append(("table", (columns, table)))
        elif isinstance(value, list) and value and not all(_is_point(item) for item in value):
            rows.append(("heading", f"{key} ({len(value)})"))
            for item in value[:MAX_ROWS]:
                rows.append(("line", "  " + short(item, 90)))
        elif isinstance(value, dict):
            rows.append(("heading", str(key)))
            for sub_key, sub_value in list(value.items())[:MAX_ROWS]:
                rows.append(("line", f"  {sub_key}: {short(sub_value, 80)}"))
        else:
            rows.append(("line", f"{key}: {short(value, 90)}"))
    return rows


def draw_explanation(surface: pygame.Surface, rect: pygame.Rect, title: str, explanation: dict | None) -> None:
    panel(surface, rect, (16, 20, 30), theme.ACCENT, radius=14, alpha=235)
    title_rect = _fit(
        surface, title, (rect.x + 18, rect.y + 12), 22, rect.width - 36 - _tab_hint_width(), theme.ACCENT, bold=True
    )
    draw_text(surface, _("Tab: hide"), (rect.right - 18, rect.y + 16), 15, theme.TEXT_DIM, anchor="topright")
    y = max(rect.y + 48, title_rect.bottom + 4)
    if not explanation:
        for line in wrap_lines(
            _("No explanation yet: this AI has not decided anything, or says nothing."), 18, rect.width - 36
        ):
            draw_text(surface, line, (rect.x + 18, y), 18, theme.TEXT_DIM)
            y += _step(18, 24)
        return
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-8, -8))
    for kind, content in explanation_lines(explanation):
        if y > rect.bottom - 24:
            break
        if kind == "heading":
            draw_text(surface, content, (rect.x + 18, y), 18, theme.ACCENT, bold=True)
            y += _step(18, 24, True)
        elif kind == "line":
            draw_text(surface, content, (rect.x + 18, y), 17, theme.TEXT)
            y += _step(17, 22)
        else:
            columns, table = content
            width = (rect.width - 40) / max(1, len(columns))
            for index, column in enumerate(columns):
                draw_text(surface, str(column), (rect.x + 22 + index * width, y), 15, theme.TEXT_DIM, bold=True)
            y += 20
            for row_index, row in enumerate(table):
                if y > rect.bottom - 22:
                    break
                if row_index % 2 == 0:
                    band = pygame.Rect(rect.x + 14, y - 2, rect.width - 28, 21)
                    pygame.draw.rect(surface, (34, 40, 58), band, border_radius=4)
                for index, cell in enumerate(row):
                    draw_text(surface, cell[: max(4, int(width / 8))], (rect.x + 22 + index * width, y), 15, theme.TEXT)
                y += 21
            y += 6
    surface.set_clip(clip)


# ----------------------------------------------------------------------------- a player's view

BAR_WIDTH = 150
REASONS = {  # the gomoku engine's reasons, as a player says them (translated where drawn)
    "win": N_("It completes five in a row."),
    "block": N_("It blocks your five."),
    "vcf": N_("It found a win by a chain of fours."),
    "vct": N_("It found a win by threes and fours."),
    "search": N_("It read the position ahead and chose the best point it found."),
    "defend": N_("It defends against your threat."),
    "forced": N_("The only point it could play."),
    "opening": N_("An opening move in the centre."),
    "novice": N_("A beginner's move: near the stones, not read ahead."),
    "fallback": N_("A move anywhere (nothing better was found)."),
}
MATE = 99000


def _frame(surface, rect, title: str) -> int:
    panel(surface, rect, (16, 20, 30), theme.ACCENT, radius=14, alpha=240)
    title_rect = _fit(
        surface, title, (rect.x + 20, rect.y + 14), 24, rect.width - 38 - _tab_hint_width(), theme.ACCENT, bold=True
    )
    draw_text(surface, _("Tab: hide"), (rect.right - 18, rect.y + 18), 15, theme.TEXT_DIM, anchor="topright")
    return max(rect.y + 54, title_rect.bottom + 4)


def _bar(surface, x: int, y: int, fraction: float, colour, width: int = BAR_WIDTH) -> None:
    back = pygame.Rect(x, y, width, 12)
    pygame.draw.rect(surface, (40, 46, 64), back, border_radius=6)
    fill = back.copy()
    fill.width = max(6, int(width * max(0.0, min(1.0, fraction))))
    pygame.draw.rect(surface, colour, fill, border_radius=6)


def _fit(surface, text: str, pos, size: int, width: int, colour, bold: bool = False) -> pygame.Rect:
    """One line that never leaves `width`: smaller type first, then cut with an ellipsis."""
    size = fit_text(text, size, width, bold, minimum=13)
    from game.client.widgets import text_surface

    while len(text) > 4 and text_surface(text, size, colour, bold).get_width() > width:
        text = text[:-2].rstrip() + "…"
    return draw_text(surface, text, pos, size, colour, bold)


def _seconds(ms) -> str:
    return _("{seconds} s").format(seconds=f"{float(ms) / 1000:.1f}") if isinstance(ms, (int, float)) else "-"


def draw_thoughts(surface: pygame.Surface, rect: pygame.Rect, who: str, explanation: Explanation | dict | None) -> None:
    """Any game's AI's last decision: the headline, the options it weighed (best first, each with
    its bar), and the facts."""
    if isinstance(explanation, dict) and "headline" in explanation:  # Explanation.to_json()
        explanation = Explanation.from_json(explanation)
    if not isinstance(explanation, Explanation):
        draw_explanation(surface, rect, _("What {who} is thinking").format(who=who), explanation)
        return
    y = _frame(surface, rect, _("What {who} was thinking").format(who=who))
    x = rect.x + 22
    width = rect.width - 44
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-8, -8))
    for line in wrap_lines(explanation.headline, 20, width)[:3]:
        draw_text(surface, line, (x, y), 20, theme.TEXT, bold=True)
        y += _step(20, 28, True)
    y += 6
    options = explanation.options[:MAX_ROWS]
    if options:
        _fit(surface, _("What it weighed:"), (x, y), 17, width, theme.TEXT_DIM)
        y += _step(17, 26)
    fact_step = _step(17, 22)
    facts_height = sum(fact_step * min(3, len(wrap_lines(fact, 17, width))) for fact in explanation.facts[:MAX_ROWS])
    size, wrapped = fit_options(options, width - BAR_WIDTH - 14, rect.bottom - 16 - facts_height - y)
    line_step = _step(size, size + 5)
    for index, ((text, score), lines) in enumerate(zip(options, wrapped)):
        _bar(surface, x, y + 5, score, theme.GOOD if index == 0 else theme.MANA)
        if index == 0:  # the chosen one says so by a mark too, not only by its colour
            draw_text(surface, "✓" if _has_glyph("✓") else ">", (x - 16, y - 1), size, theme.GOOD, bold=True)
        for line in lines:
            draw_text(surface, line, (x + BAR_WIDTH + 14, y), size, theme.TEXT if index == 0 else theme.TEXT_DIM)
            y += line_step
        y += 6
    y += 6
    for fact in explanation.facts[:MAX_ROWS]:
        for line in wrap_lines(fact, 17, width)[:3]:
            if y + fact_step > rect.bottom - 8:
                break
            draw_text(surface, line, (x, y), 17, theme.TEXT_DIM)
            y += fact_step
    surface.set_clip(clip)


def fit_options(options, width: int, height: int) -> tuple[int, list[list[str]]]:
    """The weighed options wrapped to `width`, at the largest size (17 down to 12) where all of them
    fit in `height`: every option is listed whole (never cut with an ellipsis, never dropped)."""
    for size in range(17, 11, -1):
        wrapped = [wrap_lines(text, size, width) or [""] for text, _score in options]
        if sum(len(lines) * _step(size, size + 5) + 6 for lines in wrapped) <= height:
            return size, wrapped
    return 12, [wrap_lines(text, 12, width) or [""] for text, _score in options]


def _has_glyph(text: str) -> bool:
    from game.client.resources import font

    try:
        return all(metrics is not None for metrics in font(17).metrics(text))
    except (pygame.error, AttributeError):
        return False


def tries_words(visits: int, won: float) -> str:
    """A search's count in words: "Tried 115 times, won 15% of them"."""
    percent = round(100 * won)
    if visits == 1:
        return _("Tried once, won {percent}% of them").format(percent=percent)
    return ngettext(
        "Tried {count} time, won {percent}% of them", "Tried {count} times, won {percent}% of them", visits
    ).format(count=visits, percent=percent)


def card_plans(explanation: dict) -> list[tuple[list[str], float, str]]:
    """The plans a card AI weighed, best first: (action texts, bar 0..1, how it judged it)."""
    if explanation.get("children"):
        rows = explanation["children"]
        plans = []
        for row in rows:
            mean = row.get("mean")
            if mean is None:
                plans.append((row.get("actions", []), 1.0, _("The only sensible plan")))
            else:
                plans.append((row.get("actions", []), float(mean), tries_words(int(row.get("visits") or 0), mean)))
        return plans
    rows = explanation.get("plans") or []
    scores = [float(row.get("score", 0.0)) for row in rows]
    if not scores:
        return []
    high, low = max(scores), min(scores)
    span = (high - low) or 1.0
    return [
        (
            row.get("actions", []),
            0.15 + 0.85 * (score - low) / span,
            _("The best it found")
            if index == 0
            else _("{percent}% as good as its choice").format(
                percent=round(100 * (0.15 + 0.85 * (score - low) / span))
            ),
        )
        for index, (row, score) in enumerate(zip(rows, scores))
    ]


def is_card_explanation(explanation: dict | None) -> bool:
    return (
        isinstance(explanation, dict)
        and bool(explanation)
        and any(key in explanation for key in ("children", "plans", "rules"))
    )


def draw_card_thoughts(
    surface: pygame.Surface, rect: pygame.Rect, who: str, explanation: Explanation | dict | None, say_action
) -> None:
    """A card AI's last decision: `say_action(text)` turns "ATTACK 12 -1" into words."""
    if isinstance(explanation, Explanation):
        draw_thoughts(surface, rect, who, explanation)
        return
    if not is_card_explanation(explanation):
        draw_explanation(surface, rect, _("What {who} is thinking").format(who=who), explanation)
        return
    y = _frame(surface, rect, _("What {who} was thinking").format(who=who))
    x = rect.x + 22
    width = rect.width - 44
    facts = []
    if explanation.get("lethal"):
        facts.append((_("Lethal found: it saw a way to win this turn."), theme.BAD))
    if explanation.get("rules") and not explanation.get("plans") and not explanation.get("children"):
        _fit(surface, _("It follows simple rules of thumb, one action at a time:"), (x, y), 18, width, theme.TEXT_DIM)
        y += _step(18, 30)
        for index, rule in enumerate(explanation["rules"][:12]):
            action, _colon, why = str(rule).partition(": ")
            _fit(
                surface,
                # TRANSLATORS: a numbered step of a plan, and why (in the AI's words, English).
                _("{number}. {step}  ({why})").format(number=index + 1, step=say_action(action), why=why)
                if why
                else _("{number}. {step}").format(number=index + 1, step=say_action(action)),
                (x, y),
                17,
                width,
                theme.TEXT,
            )
            y += _step(17, 24)
        return
    plans = card_plans(explanation)
    facts.append(
        (
            ngettext(
                "Weighed {count} plan for its turn  ·  thought for {time}",
                "Weighed {count} plans for its turn  ·  thought for {time}",
                len(plans),
            ).format(count=len(plans), time=_seconds(explanation.get("ms"))),
            theme.TEXT_DIM,
        )
    )
    for text, colour in facts:
        _fit(surface, text, (x, y), 18, width, colour, bold=colour is theme.BAD)
        y += _step(18, 26)
    y += 4
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-8, -8))
    size, blocks = fit_plans(plans, say_action, width - 16, rect.bottom - 12 - y)
    for index, ((_actions, fraction, judged), lines) in enumerate(zip(plans, blocks)):
        step = _step(size, size + 5)
        band = pygame.Rect(rect.x + 12, y - 4, rect.width - 24, step * (len(lines) + 1) + 8)
        if index == 0:
            pygame.draw.rect(surface, (44, 52, 30), band, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT_DARK, band, 1, border_radius=8)
        _bar(surface, x, y + 4, fraction, theme.GOOD if index == 0 else theme.MANA)
        if index == 0:
            title = _("Its choice: {judged}").format(judged=judged)
        else:
            title = _("Plan {number}: {judged}").format(number=index + 1, judged=judged)
        _fit(
            surface,
            title,
            (x + BAR_WIDTH + 14, y),
            size,
            width - BAR_WIDTH - 14,
            theme.TEXT if index == 0 else theme.TEXT_DIM,
            bold=index == 0,
        )
        y += step
        for line in lines:
            draw_text(surface, line, (x + 8, y), size - 1, theme.TEXT)
            y += step
        y += 12
    surface.set_clip(clip)


def fit_plans(plans, say_action, width: int, height: int) -> tuple[int, list[list[str]]]:
    """Each plan's steps in words, wrapped to `width`, at the largest size (17 down to 11) where
    every plan fits in `height` (each: its title line, its steps, a gap)."""
    texts = []
    for actions, _bar_fraction, _judged in plans:
        steps = [say_action(text) for text in actions if text != "PASS"] or [_("end the turn at once")]
        texts.append(
            "  ".join(_("{number}. {step}").format(number=number, step=step) for number, step in enumerate(steps, 1))
        )
    for size in range(17, 10, -1):
        blocks = [wrap_lines(text, size - 1, width) for text in texts]
        if sum((len(lines) + 1) * _step(size, size + 5) + 12 for lines in blocks) <= height:
            return size, blocks
    return 11, [wrap_lines(text, 10, width) for text in texts]


def draw_gomoku_thoughts(
    surface: pygame.Surface, rect: pygame.Rect, who: str, explanation: Explanation | dict | None, name_point
) -> None:
    """The gomoku engine's last move: why, how it judges the position, the line it expects
    (`name_point((x, y))` gives the board name)."""
    if isinstance(explanation, Explanation):
        draw_thoughts(surface, rect, who, explanation)
        return
    if not explanation or "reason" not in explanation:
        draw_explanation(surface, rect, _("What {who} is thinking").format(who=who), explanation)
        return
    y = _frame(surface, rect, _("What {who} was thinking").format(who=who))
    x = rect.x + 22
    width = rect.width - 44
    pv = [name_point(tuple(point)) for point in explanation.get("pv") or []]
    reason = _(REASONS[str(explanation.get("reason"))]) if str(explanation.get("reason")) in REASONS else ""
    if pv:
        _fit(surface, _("It played {point}.").format(point=pv[0]), (x, y), 22, width, theme.TEXT, bold=True)
        y += _step(22, 32, True)
    for line in wrap_lines(reason, 18, width):
        draw_text(surface, line, (x, y), 18, theme.TEXT)
        y += _step(18, 24)
    y += 8
    score = explanation.get("score") or 0
    if abs(score) >= MATE:
        verdict, fraction = (
            (_("It sees a forced win.") if score > 0 else _("It sees a forced loss.")),
            (1.0 if score > 0 else 0.0),
        )
    else:
        fraction = 0.5 + math.atan(score / 3000) / math.pi
        verdict = _("Its view of the position: {percent}% in its favour").format(percent=round(100 * fraction))
    _fit(surface, verdict, (x, y), 18, width, theme.ACCENT if abs(score) >= MATE else theme.TEXT)
    y += _step(18, 26)
    _bar(surface, x, y, fraction, theme.GOOD if fraction >= 0.5 else theme.BAD, width=min(360, width))
    y += 28
    if len(pv) > 1:
        for line in wrap_lines(_("The line it expects (its moves and yours, in turn):"), 17, width):
            draw_text(surface, line, (x, y), 17, theme.TEXT_DIM)
            y += _step(17, 24)
        for line in wrap_lines("  ".join(f"{i + 1}. {name}" for i, name in enumerate(pv[:14])), 18, width):
            draw_text(surface, line, (x, y), 18, theme.TEXT, bold=True)
            y += _step(18, 24, True)
        y += 6
    depth, nodes = explanation.get("depth"), explanation.get("nodes")
    details = [_("thought for {time}").format(time=_seconds(explanation.get("ms")))]
    if depth:
        details.append(ngettext("{count} move ahead", "{count} moves ahead", depth).format(count=depth))
    if nodes:
        details.append(ngettext("{count} position", "{count} positions", nodes).format(count=f"{nodes:,}"))
    details_text = "  ·  ".join(details)
    _fit(surface, details_text, (x, min(y, rect.bottom - 8 - _step(16, 22))), 16, width, theme.TEXT_DIM)


def wrap_lines(text: str, size: int, width: int) -> list[str]:
    from game.client.widgets import wrap_text

    return wrap_text(text, size, width)
