"""The skirmish's side panel: the teams, a level's objectives, the inspected hero's card, the
ability buttons (laid out here, so the scene builds them where they are drawn: they never cover
the card), the status line, the preview of the hovered choice, and the newest log lines.
Every text is fitted or wrapped to the panel's width."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.skirmish.pieces import STATUS_COLOURS, fit_label, status_badge, status_tooltip, team_colour, team_mark
from game.client.skirmish.view_model import SkirmishViewModel
from game.client.resources import font
from game.client.widgets import draw_text, fit_text, panel, wrap_text

SIDE = pygame.Rect(880, 16, 384, 688)
PAD = 18
WIDTH = SIDE.width - 2 * PAD
HEADER = 100  # the title and the two teams' lines
CARD = 134  # the hero card: name, bars, numbers, statuses
BUTTON_H, BUTTON_GAP = 50, 6
LOG_SIZE, LOG_LINE = 14, 18
FOOTER = 26


def card_top(hud) -> int:
    """Where the hero card starts: under the teams and, in a level, its objectives."""
    y = SIDE.y + HEADER
    if hud is not None:
        y += hud.height(WIDTH) + 8
    return y


def button_rects(hud, count: int) -> list[pygame.Rect]:
    """`count` buttons in two columns under the hero card (never over its bars)."""
    top = card_top(hud) + CARD + 4
    width = (WIDTH - BUTTON_GAP) // 2
    return [
        pygame.Rect(
            SIDE.x + PAD + (index % 2) * (width + BUTTON_GAP),
            top + (index // 2) * (BUTTON_H + BUTTON_GAP),
            width,
            BUTTON_H,
        )
        for index in range(count)
    ]


def _bar(surface, rect, ratio, colour, text) -> None:
    pygame.draw.rect(surface, (20, 22, 30), rect, border_radius=5)
    pygame.draw.rect(
        surface, colour, (rect.x, rect.y, int(rect.width * max(0.0, min(1.0, ratio))), rect.height), border_radius=5
    )
    draw_text(surface, text, (rect.centerx, rect.centery), 14, theme.TEXT, bold=True, anchor="center", shadow=True)


def draw_side(surface, model: SkirmishViewModel, tips: list) -> None:
    """The panel; status badges add (rect, tooltip lines) to `tips`."""
    panel(surface, SIDE, theme.PANEL, theme.PANEL_BORDER, radius=16)
    x, y = SIDE.x + PAD, SIDE.y + 14
    draw_text(surface, model.title, (x, y), fit_text(model.title, 26, WIDTH, bold=True), theme.ACCENT, bold=True)
    y += 34
    for team in (0, 1):
        standing = sum(1 for h in model.view.heroes.values() if h.team == team and h.fade >= 1.0)
        team_mark(surface, team, (x + 7, y + 10), 11)
        current = model.view.active and model.view.heroes[model.view.active].team == team
        text = f"{model.labels[team]}  ·  {standing} standing"
        size = fit_text(text, 17, WIDTH - 20, bold=bool(current))
        draw_text(surface, text, (x + 20, y), size, theme.TEXT if current else theme.TEXT_DIM, bold=bool(current))
        y += 24
    if model.hud is not None:
        height = model.hud.height(WIDTH)
        model.hud.draw(surface, pygame.Rect(x, card_top(None), WIDTH, height))
    top = card_top(model.hud)
    if model.inspected is not None:
        _hero_card(surface, model, model.inspected, x, top, tips)
    for button in model.ability_buttons:
        button.draw(surface)
    y = model.ability_buttons[-1].rect.bottom + 10 if model.ability_buttons else top + CARD + 4
    lines: list[tuple[str, tuple, int]] = []
    if model.status:
        lines.append((model.status[0], model.status[1], 16))
    if model.warning:
        lines += [(line, theme.ACCENT, 15) for line in wrap_text(model.warning, 15, WIDTH, bold=False)]
    if model.path_note:
        lines.append((model.path_note, theme.TEXT, 15))
    for line in model.preview:
        lines += [(part, theme.TEXT, 15) for part in wrap_text(line, 15, WIDTH)]
    bottom = SIDE.bottom - FOOTER
    for text, colour, size in lines:
        if y + size + 4 > bottom - LOG_LINE * 2:  # keep room for the newest log lines
            break
        draw_text(surface, text, (x, y), size, colour)
        y += size + 5
    _draw_log(surface, model, x, y + 6, bottom)
    footer = "Tab: AI's thoughts  ·  Esc: menu"
    draw_text(surface, footer, (x, SIDE.bottom - 22), 13, theme.TEXT_DIM)


def fitting_log(log, top: int, bottom: int) -> list[tuple[str, tuple]]:
    """The newest log lines (wrapped to the panel) that fit between `top` and `bottom`, oldest
    of them first: what does not fit is the oldest, never the newest."""
    room = max(0, (bottom - top) // LOG_LINE)
    shown: list[tuple[str, tuple]] = []
    for text, colour in reversed(log):
        parts = wrap_text(text, LOG_SIZE, WIDTH)
        if len(shown) + len(parts) > room:
            break
        shown[:0] = [(part, colour) for part in parts]
    return shown


def _draw_log(surface, model, x: int, top: int, bottom: int) -> None:
    shown = fitting_log(model.log, top, bottom)
    y = bottom - len(shown) * LOG_LINE
    for text, colour in shown:
        draw_text(surface, text, (x, y), LOG_SIZE, colour)
        y += LOG_LINE


def _hero_card(surface, model, uid: int, x: int, y: int, tips: list) -> None:
    from game.client.skirmish.pieces import hero_token

    hero = model.view.heroes[uid]
    state_hero = model.state.heroes[uid - 1]
    cls = state_hero.cls
    surface.blit(hero_token(hero.cls_id, hero.team, 48, uid == model.view.active), (x, y))
    name, size = fit_label(model.names.get(uid, cls.name), 20, WIDTH - 58, bold=True, minimum=14)
    draw_text(surface, name, (x + 58, y), size, team_colour(hero.team), bold=True)
    role = f"{cls.name} · {cls.role}" if cls.role else cls.name
    draw_text(surface, role, (x + 58, y + 27), fit_text(role, 14, WIDTH - 58), theme.TEXT_DIM)
    y += 54
    _bar(
        surface,
        pygame.Rect(x, y, WIDTH, 16),
        hero.health / hero.max_health,
        theme.HEALTH,
        f"{max(0, int(hero.health))} / {hero.max_health} health",
    )
    y += 20
    if hero.max_mana:
        _bar(
            surface,
            pygame.Rect(x, y, WIDTH // 2 - 4, 14),
            hero.mana / hero.max_mana,
            theme.MANA,
            f"{int(hero.mana)} / {hero.max_mana} mana",
        )
    energy = state_hero.energy if uid == model.state.active_hero.uid else state_hero.turn_energy()
    _bar(
        surface,
        pygame.Rect(x + WIDTH // 2 + 4, y, WIDTH // 2 - 4, 14),
        energy / max(1, cls.energy),
        (240, 200, 80),
        f"{energy:g} energy",
    )
    y += 18
    stats = (
        f"hit {state_hero.hit_chance():.0%}  crit {state_hero.crit_chance():.0%}  armour {state_hero.armour()}"
        f"  resist {state_hero.resist()}  init {cls.initiative}"
    )
    draw_text(surface, stats, (x, y), fit_text(stats, 13, WIDTH), theme.TEXT_DIM)
    y += 18
    sx = x
    amounts = {kind.value: status.amount for kind, status in state_hero.statuses.items()}
    for name, turns in sorted(hero.statuses.items()):
        badge = status_badge(name, 20, turns)
        label = name.title()
        width = badge.get_width() + 4 + font(13).size(label)[0] + 10
        if sx + width > SIDE.right - PAD:
            break
        surface.blit(badge, (sx, y))
        draw_text(surface, label, (sx + badge.get_width() + 3, y + 3), 13, STATUS_COLOURS.get(name, theme.TEXT))
        tips.append((pygame.Rect(sx, y, width - 6, 22), status_tooltip(name, turns, amounts.get(name, 0))))
        sx += width
