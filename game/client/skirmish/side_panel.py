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
from game.rules.skirmish.words import status_name, word
from game.client.widgets import draw_text, fit_line, fit_text, panel, text_surface, wrap_text
from game.i18n import _, ngettext

SIDE = pygame.Rect(880, 16, 384, 688)
PAD = 18
WIDTH = SIDE.width - 2 * PAD
HEADER = 100  # the title and the two teams' lines
CARD = 134  # the hero card: name, bars, numbers, statuses
BUTTON_H, BUTTON_GAP = 50, 6
LOG_SIZE, LOG_LINE = 14, 18
FOOTER = 26


def _line(size: int, bold: bool = False) -> int:
    return font(size, bold).get_height()


def header_height() -> int:
    """The title and the two teams' lines, at the text size in effect (HEADER at 100 %)."""
    return max(HEADER, 14 + _line(26, True) + 2 * max(24, _line(17, True)) + 4)


def bar_height(least: int) -> int:
    """A bar tall enough for its words at the text size in effect, in the language in use (Thai's
    marks above and below make a taller line than the Latin font's own height)."""
    sample = text_surface(_("{energy} energy").format(energy=10), 14, theme.TEXT, True).get_height()
    return max(least, round(_line(14, True) * 0.75), round(sample * 0.8))


def card_height() -> int:
    """The hero card at the text size in effect (CARD at 100 %)."""
    ident = max(54, _line(20, True) + _line(14) + 4)
    return max(CARD, ident + bar_height(16) + 4 + bar_height(14) + 4 + _line(13) + 2 + 26)


def log_line() -> int:
    return max(LOG_LINE, _line(LOG_SIZE))


def card_top(hud) -> int:
    """Where the hero card starts: under the teams and, in a level, its objectives."""
    y = SIDE.y + header_height()
    if hud is not None:
        y += hud.height(WIDTH) + 8
    return y


def button_rects(hud, count: int) -> list[pygame.Rect]:
    """`count` buttons in two columns under the hero card (never over its bars)."""
    top = card_top(hud) + card_height() + 4
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
    size = fit_line(text, 14, rect.width - 6, int((rect.height - 2) / 0.68), True)  # its ink inside the bar
    # A script drawn by a taller fallback font (Thai's marks above and below) needs a smaller size:
    # the line is centred, its ink 0.2 of it from the top and 0.12 from the bottom.
    while size > 9 and text_surface(text, size, theme.TEXT, True).get_height() * 0.76 > rect.height - 1:
        size -= 1
    draw_text(
        surface, text, (rect.centerx, rect.centery), size, theme.TEXT, bold=True, anchor="center", shadow=True, box=rect
    )


def draw_side(surface, model: SkirmishViewModel, tips: list) -> None:
    """The panel; status badges add (rect, tooltip lines) to `tips`."""
    panel(surface, SIDE, theme.PANEL, theme.PANEL_BORDER, radius=16)
    x, y = SIDE.x + PAD, SIDE.y + 14
    y = draw_text(
        surface, model.title, (x, y), fit_text(model.title, 26, WIDTH, bold=True), theme.ACCENT, bold=True
    ).bottom
    team_line = max(24, _line(17, True))
    for team in (0, 1):
        standing = sum(1 for h in model.view.heroes.values() if h.team == team and h.fade >= 1.0)
        team_mark(surface, team, (x + 7, y + team_line // 2), 11)
        current = model.view.active and model.view.heroes[model.view.active].team == team
        text = ngettext("{side}  ·  {count} standing", "{side}  ·  {count} standing", standing).format(
            side=model.labels[team], count=standing
        )
        size = fit_text(text, 17, WIDTH - 20, bold=bool(current))
        colour = theme.TEXT if current else theme.TEXT_DIM
        draw_text(surface, text, (x + 20, y + team_line // 2), size, colour, bold=bool(current), anchor="midleft")
        y += team_line
    if model.hud is not None:
        height = model.hud.height(WIDTH)
        model.hud.draw(surface, pygame.Rect(x, card_top(None), WIDTH, height))
    top = card_top(model.hud)
    if model.inspected is not None:
        _hero_card(surface, model, model.inspected, x, top, tips)
    for button in model.ability_buttons:
        button.draw(surface)
    y = model.ability_buttons[-1].rect.bottom + 10 if model.ability_buttons else top + card_height() + 4
    lines: list[tuple[str, tuple, int]] = []
    if model.status:
        lines.append((model.status[0], model.status[1], 16))
    if model.warning:
        lines += [(line, theme.ACCENT, 15) for line in wrap_text(model.warning, 15, WIDTH, bold=False)]
    if model.path_note:
        lines.append((model.path_note, theme.TEXT, 15))
    for line in model.preview:
        lines += [(part, theme.TEXT, 15) for part in wrap_text(line, 15, WIDTH)]
    footer = _("Tab: the AI's thoughts  ·  Esc: menu")
    footer_size = fit_text(footer, 13, WIDTH)
    footer_top = SIDE.bottom - 8 - _line(footer_size)
    bottom = footer_top - 2
    for text, colour, size in lines:
        if y + _line(size) > bottom - log_line() * 2:  # keep room for the newest log lines
            break
        draw_text(surface, text, (x, y), size, colour, width=WIDTH)
        y += max(size + 5, _line(size))
    _draw_log(surface, model, x, y + 6, bottom)
    draw_text(surface, footer, (x, footer_top), footer_size, theme.TEXT_DIM)


def fitting_log(log, top: int, bottom: int) -> list[tuple[str, tuple]]:
    """The newest log lines (wrapped to the panel) that fit between `top` and `bottom`, oldest
    of them first: what does not fit is the oldest, never the newest."""
    room = max(0, (bottom - top) // log_line())
    shown: list[tuple[str, tuple]] = []
    for text, colour in reversed(log):
        parts = wrap_text(text, LOG_SIZE, WIDTH)
        if len(shown) + len(parts) > room:
            break
        shown[:0] = [(part, colour) for part in parts]
    return shown


def _draw_log(surface, model, x: int, top: int, bottom: int) -> None:
    shown = fitting_log(model.log, top, bottom)
    y = bottom - len(shown) * log_line()
    for text, colour in shown:
        draw_text(surface, text, (x, y), LOG_SIZE, colour)
        y += log_line()


def _hero_card(surface, model, uid: int, x: int, y: int, tips: list) -> None:
    from game.client.skirmish.pieces import hero_token

    hero = model.view.heroes[uid]
    state_hero = model.state.heroes[uid - 1]
    cls = state_hero.cls
    surface.blit(hero_token(hero.cls_id, hero.team, 48, uid == model.view.active), (x, y))
    name, size = fit_label(model.names.get(uid, cls.name), 20, WIDTH - 58, bold=True, minimum=14)
    below = draw_text(surface, name, (x + 58, y), size, team_colour(hero.team), bold=True).bottom
    role = f"{word(cls.name)} · {word(cls.role)}" if cls.role else word(cls.name)
    draw_text(surface, role, (x + 58, below), fit_text(role, 14, WIDTH - 58), theme.TEXT_DIM)
    y += max(54, _line(20, True) + _line(14) + 4)
    health_h, small_h = bar_height(16), bar_height(14)
    _bar(
        surface,
        pygame.Rect(x, y, WIDTH, health_h),
        hero.health / hero.max_health,
        theme.HEALTH,
        _("{health} / {most} health").format(health=max(0, int(hero.health)), most=hero.max_health),
    )
    y += health_h + 4
    if hero.max_mana:
        _bar(
            surface,
            pygame.Rect(x, y, WIDTH // 2 - 4, small_h),
            hero.mana / hero.max_mana,
            theme.MANA,
            _("{mana} / {most} mana").format(mana=int(hero.mana), most=hero.max_mana),
        )
    energy = state_hero.energy if uid == model.state.active_hero.uid else state_hero.turn_energy()
    _bar(
        surface,
        pygame.Rect(x + WIDTH // 2 + 4, y, WIDTH // 2 - 4, small_h),
        energy / max(1, cls.energy),
        (240, 200, 80),
        _("{energy} energy").format(energy=f"{energy:g}"),
    )
    y += small_h + 4
    # TRANSLATORS: the hero card's numbers, short: hit and crit chance, armour, resist, initiative.
    stats = _("hit {hit}%  crit {crit}%  armour {armour}  resist {resist}  init {initiative}").format(
        hit=round(100 * state_hero.hit_chance()),
        crit=round(100 * state_hero.crit_chance()),
        armour=state_hero.armour(),
        resist=state_hero.resist(),
        initiative=cls.initiative,
    )
    stats, size = fit_label(stats, 13, WIDTH, minimum=10)  # a longer language: smaller, then cut
    y = draw_text(surface, stats, (x, y), size, theme.TEXT_DIM).bottom + 2
    sx = x
    amounts = {kind.value: status.amount for kind, status in state_hero.statuses.items()}
    for name, turns in sorted(hero.statuses.items()):
        badge = status_badge(name, 20, turns)
        label = status_name(name)
        size = fit_line(label, 13, WIDTH, 24)
        width = badge.get_width() + 4 + font(size).size(label)[0] + 10
        if sx + width > SIDE.right - PAD:
            break
        surface.blit(badge, (sx, y))
        draw_text(
            surface,
            label,
            (sx + badge.get_width() + 3, y + 11),
            size,
            STATUS_COLOURS.get(name, theme.TEXT),
            anchor="midleft",
        )
        tips.append((pygame.Rect(sx, y, width - 6, 22), status_tooltip(name, turns, amounts.get(name, 0))))
        sx += width
