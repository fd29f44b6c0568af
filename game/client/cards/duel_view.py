"""Drawing the card duel: the table, heroes, boards, hands, side panels, the animations in flight,
the drag arrow and the large card under the mouse. It draws a `DuelViewModel` (view_model.py:
the shown battle, the drag, the animations, the log...) that the scene builds each frame; it
never sees the scene, its input or the flow of the game. The table's painted surfaces (the mat,
the pieces) are made in ``duel_table``."""

from __future__ import annotations

import math

import pygame

from game.client.cards import duel_layout
from game.client import theme
from game.client.anim import idle_wave
from game.client.cards.duel_drag import DragKind
from game.client.cards.view_model import DuelViewModel
from game.client.cards.duel_hero import PORTRAIT, draw_hero
from game.client.cards.duel_panels import draw_side_panels
from game.client.cards.duel_marks import arrow, dashed_rect, drop_arrow, popped_text, reticle
from game.client.cards.duel_table import table_background
from game.client.cards.card_back import render_back
from game.client.cards.card_render import CARD_RATIO, keyword_letters, render_card
from game.client.cards.card_words import keyword_help
from game.client.cards.duel_words import shown_label
from game.client.explain_overlay import draw_card_thoughts
from game.client.portraits import portrait
from game.client.widgets import draw_text, fit_text, panel, text_surface, wrap_text
from game.rules.cards.model import GUARD
from game.rules.cards.actions import Kind
from game.i18n import _, ngettext

ZOOM_WIDTH = 250
THOUGHTS = pygame.Rect(232, 70, 816, 470)  # the Tab view of the AI's thoughts, over the board

_BANNERS: dict = {}
_LAYERS: dict = {}  # glows, flashes and popped text, made once per key


class DuelView:
    """Draws a `DuelViewModel` (game/client/cards/view_model.py); it never sees the scene."""

    def __init__(self):
        self.model: DuelViewModel | None = None  # the frame being drawn

    def warm(self, lanes: int, portraits, labels) -> None:
        """Make the table and both portraits now, not in the first frames of play."""
        table_background(lanes)
        for seat in (0, 1):
            portrait(portraits[seat], labels[seat], PORTRAIT)

    def draw(self, surface: pygame.Surface, model: DuelViewModel) -> None:
        self.model = model
        surface.blit(table_background(model.view.lanes), (0, 0))
        layout = model.layout
        active = {anim.kind: anim for anim in model.anims}
        hidden = {anim.data.get("hide") for anim in model.anims if anim.data.get("hide")}
        legal_keys = set(model.drag.moves) if model.drag else set()
        self._draw_lanes(surface, layout, legal_keys)
        for seat in (0, 1):
            draw_hero(surface, model, layout, seat, ("face",) in legal_keys and seat == layout.top)
        self._draw_boards(surface, layout, hidden, legal_keys)
        self._draw_hands(surface, layout)
        draw_side_panels(surface, model)
        for anim in model.anims:
            self._draw_anim(surface, anim)
        self._draw_effects(surface)
        self._draw_focus(surface)
        self._draw_drag(surface, layout)
        if model.hint and not model.overlay:
            self._draw_hint(surface, model.hint)
        if not model.overlay:
            self._draw_zoom(surface, layout)
        if "banner" in active:
            self._draw_banner(surface, active["banner"])
        if model.overlay:
            draw_card_thoughts(
                surface,
                THOUGHTS,
                shown_label(model.explained_by) if model.explained_by else _("the AI"),
                model.explanation,
                model.say_plan_step,
            )
        shake = model.shake
        if shake != (0, 0):
            surface.scroll(*shake)

    def _draw_curse(self, surface, layout) -> None:
        """A boss level's cursed lane (game/rules/cards/twist.py): each hurt side's half of it
        tinted violet, edged with a dashed line and named with its damage (shape and words, not
        only a colour)."""
        twist = getattr(self.model.view, "twist", None)
        if twist is None or twist.cursed_lane is None:
            return
        for seat in (0, 1):
            damage = twist.curse_damage[seat]
            if not damage:
                continue
            zone = layout.lane_zone(seat, twist.cursed_lane).inflate(-6, -6)
            tint = pygame.Surface(zone.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, (120, 60, 160, 70), tint.get_rect(), border_radius=14)
            surface.blit(tint, zone)
            dashed_rect(surface, (170, 120, 210), zone, 2)
            words = ngettext("cursed: -{damage} at turn end", "cursed: -{damage} at turn end", damage).format(
                damage=damage
            )
            at = (zone.right - 10, zone.y + 10) if seat == layout.top else (zone.right - 10, zone.bottom - 10)
            draw_text(
                surface, words, at, 13, (214, 186, 240), anchor="topright" if seat == layout.top else "bottomright"
            )

    def _draw_lanes(self, surface, layout, legal_keys) -> None:
        self._draw_curse(surface, layout)
        if self.model.view.lanes == 2:
            middle = (duel_layout.BOARD_TOP.bottom + duel_layout.BOARD_BOTTOM.y) // 2
            draw_text(
                surface, _("left lane"), (duel_layout.CENTER.x + 30, middle - 2), 14, (196, 170, 120), anchor="midleft"
            )
            draw_text(
                surface,
                _("right lane"),
                (duel_layout.CENTER.right - 30, middle - 2),
                14,
                (196, 170, 120),
                anchor="midright",
            )
        for key in legal_keys:
            if key[0] in ("lane", "table"):
                if key[0] == "lane":
                    zones = [layout.lane_zone(self.model.current, key[1]).inflate(-8, -8)]
                else:  # an item without a target: the whole table takes it
                    zones = [duel_layout.BOARD_TOP.inflate(-8, -8), duel_layout.BOARD_BOTTOM.inflate(-8, -8)]
                for zone in zones:
                    glow = pygame.Surface(zone.size, pygame.SRCALPHA)
                    pulse = 60 + int(40 * idle_wave(self.model.time, 180))
                    pygame.draw.rect(glow, (*theme.HIGHLIGHT, pulse), glow.get_rect(), border_radius=16)
                    surface.blit(glow, zone)
                    dashed_rect(surface, theme.HIGHLIGHT, zone, 3)  # a shape, not only a colour
                if key[0] == "lane":  # a drop arrow and words say "here", whatever the colours
                    zone = zones[0]
                    drop_arrow(surface, (zone.centerx, zone.y + 22), theme.HIGHLIGHT)

    def _draw_boards(self, surface, layout, hidden, legal_keys) -> None:
        dying = {anim.data["uid"]: anim for anim in self.model.anims if anim.kind == "death"}
        lunges = {anim.data["uid"]: anim for anim in self.model.anims if anim.kind == "lunge" and "to" in anim.data}
        glows = {anim.data["uid"] for anim in self.model.anims if anim.kind == "glow" and "at" not in anim.data}
        my_turn = self.model.my_turn
        rects = layout.all_creature_rects()
        attackers = {a.card for a in self.model.legal if a.kind == Kind.ATTACK} if my_turn else set()
        # A lunging attacker is drawn last: over its target, never under it.
        standing = [(seat, creature) for seat in (0, 1) for creature in self.model.view.sides[seat].board]
        standing.sort(key=lambda pair: pair[1].uid in lunges)
        for seat, creature in standing:
            rect = rects.get(creature.uid)
            if rect is None or creature.uid in hidden:
                continue
            image = render_card(
                creature.card, duel_layout.BOARD_CARD, creature.attack, creature.defense, creature.keywords
            )
            draw_rect = rect
            if creature.uid in lunges:
                anim = lunges[creature.uid]
                reach = math.sin(math.pi * anim.t) * 0.75
                target = anim.data["to"].center
                dx, dy = (target[0] - rect.centerx) * reach, (target[1] - rect.centery) * reach
                draw_rect = rect.move(int(dx), int(dy))
            if creature.uid in dying:
                anim = dying[creature.uid]
                scale = max(0.05, 1.0 - anim.eased)
                image = pygame.transform.rotozoom(image, anim.t * 25, scale)
                image.set_alpha(int(255 * (1 - anim.t)))
                draw_rect = image.get_rect(center=rect.center)
            if creature.keywords & GUARD:
                pygame.draw.rect(surface, (170, 186, 210), draw_rect.inflate(10, 10), 4, border_radius=14)
            if creature.uid in attackers:
                pygame.draw.rect(surface, theme.HIGHLIGHT, draw_rect.inflate(6, 6), 3, border_radius=12)
            targeted = ("creature", creature.uid) in legal_keys
            if targeted:
                pulse = 3 + int(2 * idle_wave(self.model.time, 120))
                pygame.draw.rect(surface, theme.TARGET, draw_rect.inflate(12, 12), pulse + 2, border_radius=14)
            if creature.uid in glows:
                pygame.draw.rect(surface, (255, 255, 200), draw_rect.inflate(8, 8), 4, border_radius=14)
            if self.model.drag and self.model.drag.uid == creature.uid:
                pygame.draw.rect(surface, theme.ACCENT, draw_rect.inflate(8, 8), 4, border_radius=14)
            surface.blit(image, draw_rect)
            if targeted:  # a reticle over the picture: a legal target by its shape too
                reticle(surface, (draw_rect.centerx, draw_rect.y + 34), 20, theme.TARGET)
            if seat == self.model.view.current and not creature.can_attack and self.model.view.winner is None:
                draw_text(surface, "zz", (draw_rect.right - 8, draw_rect.y + 30), 14, theme.TEXT_DIM, anchor="topright")

    def _draw_hands(self, surface, layout) -> None:
        my_turn = self.model.my_turn
        legal_cards = {a.card for a in self.model.legal if a.kind in (Kind.SUMMON, Kind.USE)} if my_turn else set()
        for seat in (0, 1):
            side = self.model.view.sides[seat]
            rects = layout.hand_rects(seat)
            face = self.model.face_up[seat]
            hover_uid = self._hover_hand_uid(layout) if face else None
            hovered = None
            for instance, rect in zip(side.hand, rects):
                if (
                    self.model.drag
                    and self.model.drag.uid == instance.uid
                    and not self.model.drag.sticky
                    and self.model.drag.kind is not DragKind.ATTACK
                ):
                    continue
                if not face or instance.card is None:
                    surface.blit(render_back(rect.width), rect)
                    continue
                if instance.uid == hover_uid:
                    hovered = (instance, rect.move(0, -16))
                    continue
                self._draw_hand_card(surface, instance, rect, legal_cards)
            if hovered is not None:  # on top of its neighbours
                self._draw_hand_card(surface, hovered[0], hovered[1], legal_cards)
            if not face and seat == layout.bottom and side.hand:
                draw_text(
                    surface,
                    _("hand hidden"),
                    (duel_layout.CENTER.centerx, duel_layout.HAND_Y + 80),
                    22,
                    theme.TEXT,
                    bold=True,
                    anchor="center",
                    shadow=True,
                )

    def _draw_hand_card(self, surface, instance, rect, legal_cards) -> None:
        if instance.uid in legal_cards:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=12)
        if self.model.drag and self.model.drag.uid == instance.uid:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 4, border_radius=14)
        surface.blit(render_card(instance.card, rect.width), rect)

    def _hover_hand_uid(self, layout) -> int | None:
        if self.model.drag and not self.model.drag.sticky:
            return None
        seat = layout.bottom
        for instance, rect in reversed(list(zip(self.model.view.sides[seat].hand, layout.hand_rects(seat)))):
            if rect.collidepoint(self.model.mouse):
                return instance.uid
        return None

    def _draw_anim(self, surface, anim) -> None:
        if anim.kind == "fly" and "from" in anim.data:
            start, end = anim.data["from"], anim.data["to"]
            t = anim.eased
            x = start.x + (end.x - start.x) * t
            y = start.y + (end.y - start.y) * t
            width = int(start.width + (end.width - start.width) * t)
            if anim.data.get("shrink"):
                width = int(duel_layout.HAND_CARD * (1 - 0.5 * t))
            card = anim.data.get("card") or self.model.card_of(anim.data.get("uid", 0))
            if card is None:
                return
            # One cached face at a fixed size, scaled per frame (a face per width would be
            # drawn anew every frame and churn the cache).
            base = max(start.width, end.width, duel_layout.BACK_CARD)
            image = render_card(card, base) if anim.data.get("face") else render_back(base)
            lift = 0.0
            if anim.data.get("summon"):  # lifted as it flies, then set down with weight
                lift = 0.16 * math.sin(math.pi * anim.t)
            width = max(20, int(width * (1 + lift)))
            height = int(width * CARD_RATIO)
            centre = (int(x + width / (2 * (1 + lift))), int(y + height / (2 * (1 + lift)) - 40 * lift))
            image = pygame.transform.smoothscale(image, (width, height))
            if lift > 0.01:
                shadow = pygame.Rect(0, 0, width, height)
                shadow.center = (centre[0] + 6, centre[1] + 40 * lift + 10)
                panel(surface, shadow, (0, 0, 0), None, radius=12, alpha=int(40 + 500 * lift))
            surface.blit(image, image.get_rect(center=centre))
        elif anim.kind == "glow" and anim.data.get("at") is not None:
            rect = anim.data["at"].inflate(10, 10)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 240, 160, int(160 * (1 - anim.t))), glow.get_rect(), 6, border_radius=14)
            surface.blit(glow, rect)
        elif anim.kind == "float" and anim.data.get("at") is not None:
            rect = anim.data["at"]
            label = anim.data.get("label")  # a sentence: smaller, it rises less and does not pop
            rise = (12 if label else 40) * anim.eased
            size = 22 if label else 40 if anim.data.get("big") else 30
            pop = 1.0 if label else 1.0 + 0.9 * max(0.0, 1.0 - anim.t * 6)  # pops in large, settles, rises
            colour = anim.data["colour"]
            popped_text(
                surface,
                anim.data["text"],
                (rect.centerx, rect.centery - rise),
                size,
                getattr(theme, colour) if isinstance(colour, str) else colour,  # the palette of now
                pop,
                255 if anim.t < 0.7 else int(255 * (1 - anim.t) / 0.3),
                left=rect.x if label else None,
            )

    def _draw_effects(self, surface) -> None:
        """The scene's short effects that never hold up play: a dust ring where a creature lands,
        the sparks of a big hit, the finishing blow's flash."""
        for fx in self.model.fx:
            t = min(1.0, fx.age / fx.duration)
            if fx.kind == "ring":
                rect = fx.rect
                grow = int(30 * fx.power * t)
                ring = pygame.Rect(0, 0, rect.width + grow * 2, int(rect.height * 0.25) + grow)
                ring.center = (rect.centerx, rect.bottom - 4)
                layer = pygame.Surface(ring.size, pygame.SRCALPHA)
                pygame.draw.ellipse(layer, (230, 210, 170, int(170 * (1 - t))), layer.get_rect(), 4)
                surface.blit(layer, ring)
            elif fx.kind == "hit":
                centre = fx.rect.center
                for i in range(8):
                    angle = i * math.tau / 8 + fx.power
                    reach = (16 + 50 * fx.power) * (0.3 + 0.7 * t)
                    start = (centre[0] + math.cos(angle) * reach * 0.5, centre[1] + math.sin(angle) * reach * 0.5)
                    end = (centre[0] + math.cos(angle) * reach, centre[1] + math.sin(angle) * reach)
                    pygame.draw.line(surface, (255, 220, 140), start, end, max(1, int(5 * (1 - t))))
            elif fx.kind == "flash":
                layer = _LAYERS.get(("flash",))
                if layer is None:
                    layer = _LAYERS[("flash",)] = pygame.Surface((theme.WIDTH, theme.HEIGHT))
                    layer.fill((255, 236, 200))
                layer.set_alpha(int(190 * (1 - t) ** 2))
                surface.blit(layer, (0, 0))

    def _draw_banner(self, surface, anim) -> None:
        t = anim.t
        alpha = int(255 * min(1.0, t * 4, (1 - t) * 4))
        text = anim.data["text"]
        image = _BANNERS.get(text)
        if image is None:
            image = pygame.Surface((duel_layout.CENTER.width, 90), pygame.SRCALPHA)
            image.fill((10, 12, 20, 190))
            draw_text(
                image,
                text,
                (duel_layout.CENTER.width // 2, 45),
                54,
                theme.ACCENT,
                bold=True,
                anchor="center",
                shadow=True,
            )
            _BANNERS[text] = image
        image.set_alpha(alpha)
        surface.blit(image, (duel_layout.CENTER.x, 222))

    def _draw_drag(self, surface, layout) -> None:
        drag = self.model.drag
        if drag is None:
            return
        pos = drag.pos if not drag.sticky else self.model.mouse
        if self.model.aim is not None:  # the keyboard's target
            pos = self.model.aim.center
        if drag.kind is DragKind.ATTACK or drag.sticky:
            source = self.model.drag_source
            if source is None:
                return
            start = source.center
            arrow(surface, start, pos, theme.TARGET if drag.kind is not DragKind.SUMMON else theme.HIGHLIGHT)
        else:
            card = self.model.card_of(drag.uid)
            image = render_card(card, duel_layout.HAND_CARD)
            surface.blit(image, image.get_rect(center=pos))
            if drag.kind is DragKind.ITEM:
                arrow(surface, (pos[0], pos[1] - 80), pos, theme.TARGET)

    def _draw_focus(self, surface) -> None:
        """The keyboard's focus: a double ring round the focused card, a large reticle on the
        focused target."""
        model = self.model
        if model.focus is not None:
            ring = model.focus.inflate(14, 14)
            pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), 3, border_radius=16)
            pygame.draw.rect(surface, theme.ACCENT, ring, 4, border_radius=14)
            pygame.draw.rect(surface, theme.TEXT, ring.inflate(-8, -8), 2, border_radius=12)
        if model.aim is not None:
            ring = model.aim.inflate(14, 14)
            pygame.draw.rect(surface, theme.TEXT, ring, 3, border_radius=14)
            reticle(surface, model.aim.center, 34, theme.TEXT)

    def _draw_hint(self, surface, text: str) -> None:
        """The hint of the moment (choose a target...) on the board's middle line."""
        size = fit_text(text, 18, duel_layout.CENTER.width - 80, True, minimum=13)
        width = text_surface(text, size, theme.TEXT, True).get_width() + 40
        box = pygame.Rect(0, 0, width, 34)
        box.center = (duel_layout.CENTER.centerx, (duel_layout.BOARD_TOP.bottom + duel_layout.BOARD_BOTTOM.y) // 2)
        panel(surface, box, (10, 12, 20), theme.ACCENT, radius=12, alpha=225)
        draw_text(surface, text, box.center, size, theme.TEXT, bold=True, anchor="center")

    def preview(self, model: DuelViewModel) -> tuple | None:
        """The card shown large under the mouse: (card, stats or None, "hand" or "board", its rect).
        None while a card is aimed (dragged or picked up) or anything animates (an attack's lunge
        and damage, the AI's actions): the big card and its tooltip never cover play."""
        if model.drag is not None or model.anims_busy:
            return None
        layout = model.layout
        self.model = model
        hand_uid = self._hover_hand_uid(layout) if model.face_up[layout.bottom] else None
        if hand_uid is not None:
            return (model.card_of(hand_uid), None, "hand", layout.hand_rect(layout.bottom, hand_uid))
        for uid, rect in layout.all_creature_rects().items():
            if rect.collidepoint(model.mouse):
                creature = model.view.creature(uid)
                if creature is None:
                    return None
                return (creature.card, (creature.attack, creature.defense, creature.keywords), "board", rect)
        return None

    def _draw_zoom(self, surface, layout) -> None:
        shown = self.preview(self.model)
        if shown is None or shown[0] is None:
            return
        card, stats, kind, rect = shown
        image = render_card(card, ZOOM_WIDTH, *(stats or ()))
        height = int(ZOOM_WIDTH * CARD_RATIO)
        if kind == "hand":
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midbottom = (rect.centerx, rect.y - 6)
        else:
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midleft = (rect.right + 14, rect.centery)
            if zoom.right > duel_layout.CENTER.right + 200:
                zoom.midright = (rect.x - 14, rect.centery)
        zoom.clamp_ip(pygame.Rect(0, 0, theme.WIDTH, theme.HEIGHT))
        shadow = pygame.Surface((ZOOM_WIDTH + 12, height + 12), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=22)
        surface.blit(shadow, zoom.move(-2, 4))
        surface.blit(image, zoom)
        letters = keyword_letters(stats[2] if stats else card.keywords)
        if letters:
            lines = []
            for letter in letters:
                lines += wrap_text(keyword_help(letter), 15, 230)
            tip = pygame.Rect(0, 0, 250, 16 + 20 * len(lines))
            tip.topleft = (zoom.right + 8, zoom.y)
            if tip.right > theme.WIDTH:
                tip.topright = (zoom.x - 8, zoom.y)
            panel(surface, tip, (16, 20, 30), theme.ACCENT, radius=10, alpha=240)
            y = tip.y + 8
            for line in lines:
                draw_text(surface, line, (tip.x + 10, y), 15, theme.TEXT)
                y += 20
