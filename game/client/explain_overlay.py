"""The "what the AI considered" overlay: any Decision.explanation dict, drawn generically.

Top-level scalars become "key: value" lines, lists of dicts become small tables (the considered
moves or sequences with their scores or visits), other lists and dicts are summarised. Nothing
here knows which AI produced the dict.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.widgets import draw_text, panel

MAX_ROWS = 10
MAX_COLUMNS = 6


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
    draw_text(surface, title, (rect.x + 18, rect.y + 12), 22, theme.ACCENT, bold=True)
    draw_text(surface, "Tab: hide", (rect.right - 18, rect.y + 16), 15, theme.TEXT_DIM, anchor="topright")
    y = rect.y + 48
    if not explanation:
        draw_text(surface, "No explanation yet: this AI has not decided anything, or says nothing.",
                  (rect.x + 18, y), 18, theme.TEXT_DIM)
        return
    clip = surface.get_clip()
    surface.set_clip(rect.inflate(-8, -8))
    for kind, content in explanation_lines(explanation):
        if y > rect.bottom - 24:
            break
        if kind == "heading":
            draw_text(surface, content, (rect.x + 18, y), 18, theme.ACCENT, bold=True)
            y += 24
        elif kind == "line":
            draw_text(surface, content, (rect.x + 18, y), 17, theme.TEXT)
            y += 22
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
