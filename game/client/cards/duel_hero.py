"""A player's panel in the duel: the portrait, health, deck and hand, the runes and the mana."""

from __future__ import annotations


import pygame

from game.client import theme
from game.client.anim import idle_wave
from game.client.cards.duel_marks import reticle, spinner
from game.client.cards.duel_table import piece
from game.client.cards.view_model import DuelViewModel
from game.client.portraits import portrait
from game.client.resources import font
from game.client.widgets import draw_text, fit_line, panel
from game.client.cards.duel_words import shown_label
from game.i18n import _, ngettext

PORTRAIT = 112
# "deck 23" beside the portrait: a larger text size shrinks back to this width (no more room)
COUNT_WIDTH = 58  # what "deck 23" takes at 100 %
_GLOW: dict = {}  # the turn's glow, made once


def draw_hero(surface, model: DuelViewModel, layout, seat: int, targeted: bool) -> None:
    """A player's panel: portrait (glowing on its turn, red when hurt, a reticle when it is a
    target), name, health, deck and hand counts, runes and mana (numbers, not only pips)."""
    side = model.view.sides[seat]
    rect = layout.hero(seat)
    current = model.view.current == seat and model.view.winner is None
    face = pygame.Rect(rect.x + 8, rect.y + 8, PORTRAIT, PORTRAIT)
    if current:  # whose turn: a warm glow around the portrait (one surface, its alpha pulsing)
        glow = _GLOW.get(("glow",))
        if glow is None:
            glow = _GLOW[("glow",)] = pygame.Surface((PORTRAIT + 16, PORTRAIT + 16), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*theme.ACCENT, 255), glow.get_rect(), border_radius=20)
        glow.set_alpha(90 + int(40 * idle_wave(model.time, 260)))
        surface.blit(glow, face.move(-8, -8).topleft)
    hurt = model.hurt[seat]
    surface.blit(portrait(model.portraits[seat], model.labels[seat], PORTRAIT), face)
    if hurt > 0:
        flash = pygame.Surface(face.size, pygame.SRCALPHA)
        pygame.draw.rect(flash, (255, 40, 30, int(150 * hurt)), flash.get_rect(), border_radius=14)
        surface.blit(flash, face)
    if targeted:
        pulse = 3 + int(2 * idle_wave(model.time, 150))
        pygame.draw.rect(surface, theme.TARGET, face.inflate(10, 10), pulse + 2, border_radius=18)
        reticle(surface, face.center, 26, theme.TARGET)
    if model.ai_thinking and model.controllers[seat] == "ai" and model.current == seat:
        strip = pygame.Rect(face.x + 4, face.bottom - 30, face.width - 8, 24)
        panel(surface, strip, (10, 12, 20), None, radius=8, alpha=200)
        spinner(surface, (strip.x + 14, strip.centery), model.time, 7)
        draw_text(
            surface,
            _("thinking"),
            (strip.x + 28, strip.centery),
            15,
            theme.ACCENT,
            anchor="midleft",
            width=strip.width - 32,
        )
    name = shown_label(model.labels[seat])
    # The name sits under the portrait; at a large text size the runes and mana below move down
    # by up to 8 pixels (all the panel has spare) to give it its line, and only a name too long
    # or too tall for that shrinks back.
    slot = pygame.Rect(rect.x + 8, rect.y + 121, rect.width - 16, 33)
    size = fit_line(name, 18, slot.width, slot.height, True, minimum=11)
    drop = max(0, min(8, font(size, True).get_height() - 25))
    colour = theme.ACCENT if current else theme.TEXT
    draw_text(surface, name, (slot.x, rect.y + 124), size, colour, bold=True, box=slot)
    # Health: a heart with its number, beside the portrait.
    heart = piece("heart", 62)
    centre = (rect.right - 38, rect.y + 42)
    surface.blit(heart, heart.get_rect(center=centre))
    draw_text(
        surface,
        str(side.health),
        (centre[0], centre[1] - 2),
        26 if side.health < 100 else 20,
        theme.TEXT,
        bold=True,
        anchor="center",
        shadow=True,
    )
    # Deck and hand counts under it.
    back = piece("back", 18)
    counts = (
        ngettext("deck {count}", "deck {count}", side.deck_size).format(count=side.deck_size),
        ngettext("hand {count}", "hand {count}", len(side.hand)).format(count=len(side.hand)),
    )
    for row, text in enumerate(counts):
        y = rect.y + 88 + row * 20
        label = draw_text(surface, text, (rect.right - 8, y), 14, theme.TEXT_DIM, anchor="midright", width=COUNT_WIDTH)
        surface.blit(back, (label.x - 20, y - 9))
    # Runes 25..5: a stone per rune with its health number, lit while unbroken (each broken
    # one draws a card); numbers, so a spent stone is told by more than its colour.
    for index, value in enumerate(range(25, 0, -5)):
        alive = value <= side.next_rune
        stone = piece("rune" if alive else "rune_spent", 26)
        spot = pygame.Rect(rect.x + 8 + index * 27, rect.y + 146 + drop, 26, 26)
        surface.blit(stone, spot)
        draw_text(
            surface,
            str(value),
            spot.center,
            11,
            (30, 16, 50) if alive else theme.TEXT_DIM,
            bold=True,
            anchor="center",
            width=spot.width - 4,
            box=spot,
        )
        if not alive:  # a broken rune is crossed out
            pygame.draw.line(surface, theme.TEXT_DIM, spot.inflate(-8, -8).topleft, spot.inflate(-8, -8).bottomright, 2)
    draw_text(
        surface, _("runes"), (rect.right - 10, rect.y + 159 + drop), 14, theme.TEXT_DIM, anchor="midright", width=44
    )
    # Mana: the gem, "mana 4/10" in large type, and a bar of one segment per crystal.
    turn_mana = side.max_mana + side.bonus_mana
    gem = piece("mana", 22)
    surface.blit(gem, (rect.x + 8, rect.y + 174 + drop))
    label = draw_text(
        surface,
        _("mana {now}/{most}").format(now=side.mana, most=turn_mana),
        (rect.x + 34, rect.y + 185 + drop),
        17,
        theme.MANA,
        bold=True,
        anchor="midleft",
        width=rect.width - 34 - 36,  # leaves the bar of crystals some room
    )
    bar = pygame.Rect(label.right + 8, rect.y + 180 + drop, rect.right - 10 - label.right - 8, 11)
    segments = max(1, min(turn_mana, 13))
    width = bar.width / segments
    for index in range(segments):
        cell = pygame.Rect(int(bar.x + index * width), bar.y, max(2, int(width) - 2), bar.height)
        lit = index < side.mana
        pygame.draw.rect(surface, theme.MANA if lit else (40, 50, 74), cell, border_radius=3)
        pygame.draw.rect(surface, (200, 226, 255) if lit else (80, 92, 120), cell, 1, border_radius=3)
