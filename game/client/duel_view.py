"""Drawing the card duel: the table, heroes, boards, hands, side panels, the animations in flight,
the drag arrow and the large card under the mouse. It only reads the scene (its view of the
battle, the drag, the animations); input and the flow of the game are the scene's."""

from __future__ import annotations

import math

import pygame

from game.client import duel_layout as L
from game.client import theme
from game.client.duel_drag import DragKind
from game.client.card_render import CARD_RATIO, keyword_letters, render_back, render_card
from game.client.explain_overlay import draw_explanation
from game.client.widgets import draw_text, panel, vertical_gradient, wrap_text
from game.rules.cards.model import GUARD
from game.rules.cards.actions import Kind

ZOOM_WIDTH = 250

_BACKGROUND: dict = {}
_BANNERS: dict = {}


def _background() -> pygame.Surface:
    surface = _BACKGROUND.get("duel")
    if surface is None:
        surface = vertical_gradient((theme.WIDTH, theme.HEIGHT), (30, 38, 58), (16, 18, 28))
        felt = pygame.Surface((L.CENTER.width, 388), pygame.SRCALPHA)
        pygame.draw.rect(felt, (40, 70, 62, 150), felt.get_rect(), border_radius=22)
        pygame.draw.rect(felt, (90, 140, 120, 160), felt.get_rect(), 2, border_radius=22)
        surface.blit(felt, (L.CENTER.x, 72))
        pygame.draw.line(surface, (90, 140, 120), (L.CENTER.x + 30, 265), (L.CENTER.right - 30, 265), 2)
        _BACKGROUND["duel"] = surface
    return surface


class DuelView:
    def __init__(self, scene):
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_background(), (0, 0))
        layout = self.scene.layout()
        active = {anim.kind: anim for anim in self.scene.anims.active}
        hidden = {anim.data.get("hide") for anim in self.scene.anims.active if anim.data.get("hide")}
        legal_keys = set(self.scene.drag.moves) if self.scene.drag else set()
        self._draw_lanes(surface, layout, legal_keys)
        for seat in (0, 1):
            self._draw_hero(surface, layout, seat, ("face",) in legal_keys and seat == layout.top)
        self._draw_boards(surface, layout, hidden, legal_keys)
        self._draw_hands(surface, layout)
        self._draw_side_panels(surface)
        for anim in self.scene.anims.active:
            self._draw_anim(surface, anim)
        self._draw_drag(surface, layout)
        if not self.scene.overlay:
            self._draw_zoom(surface, layout)
        if "banner" in active:
            self._draw_banner(surface, active["banner"])
        if self.scene.overlay:
            draw_explanation(surface, pygame.Rect(232, 90, 816, 430),
                             f"What {self.scene.explained_by or 'the AI'} considered", self.scene.explanation)

    def _draw_lanes(self, surface, layout, legal_keys) -> None:
        if self.scene.view.lanes == 2:
            for seat in (0, 1):
                zone = layout.board_zone(seat)
                pygame.draw.line(surface, (90, 140, 120), (zone.centerx, zone.y + 8), (zone.centerx, zone.bottom - 8), 2)
            draw_text(surface, "left lane", (L.CENTER.x + 20, 258), 14, (140, 180, 160), anchor="midleft")
            draw_text(surface, "right lane", (L.CENTER.right - 20, 258), 14, (140, 180, 160), anchor="midright")
        for key in legal_keys:
            if key[0] == "lane":
                zone = layout.lane_zone(self.scene.battle.current, key[1]).inflate(-8, -8)
                glow = pygame.Surface(zone.size, pygame.SRCALPHA)
                pulse = 60 + int(40 * math.sin(self.scene.time / 180))
                pygame.draw.rect(glow, (*theme.HIGHLIGHT, pulse), glow.get_rect(), border_radius=16)
                surface.blit(glow, zone)
                pygame.draw.rect(surface, theme.HIGHLIGHT, zone, 3, border_radius=16)

    def _draw_hero(self, surface, layout, seat: int, targeted: bool) -> None:
        side = self.scene.view.sides[seat]
        rect = layout.hero(seat)
        current = self.scene.view.current == seat and self.scene.view.winner is None
        border = theme.TARGET if targeted else theme.ACCENT if current else theme.PANEL_BORDER
        panel(surface, rect, theme.PANEL, border, radius=16, width=4 if (targeted or current) else 2)
        if targeted:
            pulse = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(pulse, (*theme.TARGET, 50 + int(30 * math.sin(self.scene.time / 150))), pulse.get_rect(),
                             border_radius=16)
            surface.blit(pulse, rect)
        label = self.scene.seat_label(seat)
        draw_text(surface, label, (rect.x + 16, rect.y + 12), 22, theme.TEXT, bold=True)
        if self.scene.ai.thinking and self.scene.controllers[seat] == "ai" and self.scene.battle.current == seat:
            dots = "." * (1 + int(self.scene.time / 300) % 3)
            draw_text(surface, f"thinking{dots}", (rect.right - 14, rect.y + 16), 15, theme.ACCENT, anchor="topright")
        # Health: a big heart-red number.
        pygame.draw.circle(surface, theme.HEALTH, (rect.x + 44, rect.y + 74), 28)
        pygame.draw.circle(surface, (255, 160, 150), (rect.x + 44, rect.y + 74), 28, 3)
        draw_text(surface, str(side.health), (rect.x + 44, rect.y + 74), 30, theme.TEXT, bold=True, anchor="center")
        draw_text(surface, "health", (rect.x + 44, rect.y + 112), 13, theme.TEXT_DIM, anchor="center")
        # Runes 25..5: filled while unbroken.
        for index, value in enumerate(range(25, 0, -5)):
            centre = (rect.x + 96 + index * 21, rect.y + 64)
            alive = value <= side.next_rune
            points = [(centre[0], centre[1] - 9), (centre[0] + 7, centre[1]), (centre[0], centre[1] + 9), (centre[0] - 7, centre[1])]
            pygame.draw.polygon(surface, (200, 160, 255) if alive else (60, 56, 76), points)
            pygame.draw.polygon(surface, (240, 220, 255) if alive else (90, 86, 110), points, 1)
        draw_text(surface, "runes", (rect.x + 138, rect.y + 82), 13, theme.TEXT_DIM, anchor="center")
        # Mana crystals.
        turn_mana = side.max_mana + side.bonus_mana
        draw_text(surface, f"{side.mana}/{turn_mana}", (rect.x + 96, rect.y + 102), 20, theme.MANA, bold=True)
        for index in range(min(turn_mana, 13)):
            x = rect.x + 16 + (index % 7) * 25
            y = rect.y + 134 + (index // 7) * 20
            colour = theme.MANA if index < side.mana else (50, 62, 90)
            pygame.draw.polygon(surface, colour, [(x + 8, y), (x + 16, y + 8), (x + 8, y + 16), (x, y + 8)])
        draw_text(surface, f"deck {side.deck_size}", (rect.x + 16, rect.bottom - 26), 16, theme.TEXT_DIM)
        draw_text(surface, f"hand {len(side.hand)}", (rect.right - 16, rect.bottom - 26), 16, theme.TEXT_DIM,
                  anchor="topright")

    def _draw_boards(self, surface, layout, hidden, legal_keys) -> None:
        dying = {anim.data["uid"]: anim for anim in self.scene.anims.active if anim.kind == "death"}
        lunges = {anim.data["uid"]: anim for anim in self.scene.anims.active if anim.kind == "lunge" and "to" in anim.data}
        glows = {anim.data["uid"] for anim in self.scene.anims.active if anim.kind == "glow" and "at" not in anim.data}
        my_turn = self.scene.human_to_act()
        rects = layout.all_creature_rects()
        attackers = {a.card for a in self.scene.legal_actions() if a.kind == Kind.ATTACK} if my_turn else set()
        for seat in (0, 1):
            for creature in self.scene.view.sides[seat].board:
                rect = rects.get(creature.uid)
                if rect is None or creature.uid in hidden:
                    continue
                image = render_card(creature.card, L.BOARD_CARD, creature.attack, creature.defense, creature.keywords)
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
                if ("creature", creature.uid) in legal_keys:
                    pulse = 3 + int(2 * math.sin(self.scene.time / 120))
                    pygame.draw.rect(surface, theme.TARGET, draw_rect.inflate(12, 12), pulse + 2, border_radius=14)
                if creature.uid in glows:
                    pygame.draw.rect(surface, (255, 255, 200), draw_rect.inflate(8, 8), 4, border_radius=14)
                if self.scene.drag and self.scene.drag.uid == creature.uid:
                    pygame.draw.rect(surface, theme.ACCENT, draw_rect.inflate(8, 8), 4, border_radius=14)
                surface.blit(image, draw_rect)
                if seat == self.scene.view.current and not creature.can_attack and self.scene.view.winner is None:
                    draw_text(surface, "zz", (draw_rect.right - 8, draw_rect.y + 30), 14, theme.TEXT_DIM, anchor="topright")

    def _draw_hands(self, surface, layout) -> None:
        my_turn = self.scene.human_to_act()
        legal_cards = {a.card for a in self.scene.legal_actions() if a.kind in (Kind.SUMMON, Kind.USE)} if my_turn else set()
        for seat in (0, 1):
            side = self.scene.view.sides[seat]
            rects = layout.hand_rects(seat)
            face = self.scene.face_up(seat)
            hover_uid = self._hover_hand_uid(layout) if face else None
            hovered = None
            for instance, rect in zip(side.hand, rects):
                if self.scene.drag and self.scene.drag.uid == instance.uid and not self.scene.drag.sticky and self.scene.drag.kind is not DragKind.ATTACK:
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
                draw_text(surface, "hand hidden", (L.CENTER.centerx, L.HAND_Y + 80), 22, theme.TEXT, bold=True,
                          anchor="center", shadow=True)

    def _draw_hand_card(self, surface, instance, rect, legal_cards) -> None:
        if instance.uid in legal_cards:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=12)
        if self.scene.drag and self.scene.drag.uid == instance.uid:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 4, border_radius=14)
        surface.blit(render_card(instance.card, L.HAND_CARD), rect)

    def _hover_hand_uid(self, layout) -> int | None:
        if self.scene.drag and not self.scene.drag.sticky:
            return None
        seat = layout.bottom
        for instance, rect in reversed(list(zip(self.scene.view.sides[seat].hand, layout.hand_rects(seat)))):
            if rect.collidepoint(self.scene.mouse):
                return instance.uid
        return None

    def _draw_match_info(self, surface) -> None:
        box = pygame.Rect(16, 236, 200, 248)
        panel(surface, box, theme.BACKGROUND_2, theme.PANEL_BORDER, radius=14)
        if self.scene.match.hud is not None:
            self.scene.match.hud.draw(surface, box)
            return
        draw_text(surface, f"Turn {max(1, (self.scene.view.turn + 1) // 2)}", (box.x + 16, box.y + 14), 24, theme.ACCENT, bold=True)
        lines = ["One lane" if self.scene.view.lanes == 1 else "Two lanes"]
        for seat in (0, 1):
            who = self.scene.controllers[seat]
            name = self.scene.match.specs[seat].name if seat in self.scene.match.specs else "human"
            lines.append(f"{self.scene.seat_label(seat)}: {'AI ' + name if who == 'ai' else name}")
        lines += ["", "Drag a card to the board", "Drag a creature to attack", "Hover a card to read it",
                  "E / Space: end turn", "Esc: menu"]
        y = box.y + 50
        for line in lines:
            if line:
                draw_text(surface, line, (box.x + 16, y), 14, theme.TEXT_DIM)
            y += 20

    def _draw_side_panels(self, surface) -> None:
        self._draw_match_info(surface)
        panel(surface, L.LOG, theme.PANEL, theme.PANEL_BORDER, radius=14)
        draw_text(surface, "Action log", (L.LOG.x + 14, L.LOG.y + 10), 18, theme.ACCENT, bold=True)
        y = L.LOG.y + 38
        for text, colour in self.scene.log_lines[-21:]:
            draw_text(surface, text, (L.LOG.x + 14, y), 14, colour)
            y += 18
        panel(surface, L.STATUS, theme.PANEL, theme.PANEL_BORDER, radius=14)
        seat = self.scene.battle.current
        if self.scene.match.over:
            status, detail = "Game over", ""
        elif self.scene.controllers[seat] == "ai":
            status = f"{self.scene.seat_label(seat)} is thinking" if self.scene.ai.thinking else f"{self.scene.seat_label(seat)} plays"
            detail = ""
            if self.scene.ai.thinking:
                elapsed = self.scene.ai.elapsed_ms
                bar = pygame.Rect(L.STATUS.x + 14, L.STATUS.y + 70, L.STATUS.width - 28, 10)
                pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=5)
                fill = bar.copy()
                fill.width = int(bar.width * min(1.0, elapsed / max(1.0, self.scene.ai.request_budget_ms)))
                pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=5)
                detail = f"{elapsed / 1000:.1f} s"
                for i in range(8):
                    angle = self.scene.time / 140 + i * math.tau / 8
                    centre = (L.STATUS.right - 30 + math.cos(angle) * 12, L.STATUS.y + 26 + math.sin(angle) * 12)
                    pygame.draw.circle(surface, (*theme.ACCENT[:3],), centre, 2 + (i == 7) * 2)
        else:
            status = "Your move" if self.scene.seat_label(seat) == "You" else f"{self.scene.seat_label(seat)} to move"
            detail = "drag a card · E: end turn"
        draw_text(surface, status, (L.STATUS.x + 14, L.STATUS.y + 14), 17, theme.TEXT, bold=True)
        if detail:
            draw_text(surface, detail, (L.STATUS.x + 14, L.STATUS.y + 40), 15, theme.TEXT_DIM)
        draw_text(surface, "Tab: AI's reasoning" if self.scene.match.specs else "Esc: menu", (L.STATUS.x + 14, L.STATUS.bottom - 26), 14,
                  theme.TEXT_DIM)
        self.scene.end_button.enabled = self.scene.human_to_act()
        self.scene.end_button.draw(surface)

    def _draw_anim(self, surface, anim) -> None:
        if anim.kind == "fly" and "from" in anim.data:
            start, end = anim.data["from"], anim.data["to"]
            t = anim.eased
            x = start.x + (end.x - start.x) * t
            y = start.y + (end.y - start.y) * t
            width = int(start.width + (end.width - start.width) * t)
            if anim.data.get("shrink"):
                width = int(L.HAND_CARD * (1 - 0.5 * t))
            card = anim.data.get("card") or self.scene.card_of(anim.data.get("uid", 0))
            if card is None:
                return
            # One cached face at a fixed size, scaled per frame (a face per width would be
            # drawn anew every frame and churn the cache).
            base = max(start.width, end.width, L.BACK_CARD)
            image = render_card(card, base) if anim.data.get("face") else render_back(base)
            width = max(20, width)
            image = pygame.transform.smoothscale(image, (width, int(width * CARD_RATIO)))
            surface.blit(image, (int(x), int(y)))
        elif anim.kind == "glow" and anim.data.get("at") is not None:
            rect = anim.data["at"].inflate(10, 10)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 240, 160, int(160 * (1 - anim.t))), glow.get_rect(), 6, border_radius=14)
            surface.blit(glow, rect)
        elif anim.kind == "float" and anim.data.get("at") is not None:
            rect = anim.data["at"]
            rise = 40 * anim.eased
            size = 40 if anim.data.get("big") else 30
            draw_text(surface, anim.data["text"], (rect.centerx, rect.centery - rise), size, anim.data["colour"],
                      bold=True, anchor="center", shadow=True)

    def _draw_banner(self, surface, anim) -> None:
        t = anim.t
        alpha = int(255 * min(1.0, t * 4, (1 - t) * 4))
        text = anim.data["text"]
        image = _BANNERS.get(text)
        if image is None:
            image = pygame.Surface((L.CENTER.width, 90), pygame.SRCALPHA)
            image.fill((10, 12, 20, 190))
            draw_text(image, text, (L.CENTER.width // 2, 45), 54, theme.ACCENT, bold=True, anchor="center", shadow=True)
            _BANNERS[text] = image
        image.set_alpha(alpha)
        surface.blit(image, (L.CENTER.x, 222))

    def _draw_drag(self, surface, layout) -> None:
        drag = self.scene.drag
        if drag is None:
            return
        pos = drag.pos if not drag.sticky else self.scene.mouse
        if drag.kind is DragKind.ATTACK or drag.sticky:
            source = self.scene.card_rect(drag.uid)
            if source is None:
                return
            start = source.center
            _arrow(surface, start, pos, theme.TARGET if drag.kind is not DragKind.SUMMON else theme.HIGHLIGHT)
        else:
            card = self.scene.card_of(drag.uid)
            image = render_card(card, L.HAND_CARD)
            surface.blit(image, image.get_rect(center=pos))
            if drag.kind is DragKind.ITEM:
                _arrow(surface, (pos[0], pos[1] - 80), pos, theme.TARGET)

    def _draw_zoom(self, surface, layout) -> None:
        if self.scene.drag and not self.scene.drag.sticky:
            return
        card = stats = None
        anchor = None
        hand_uid = self._hover_hand_uid(layout) if self.scene.face_up(layout.bottom) else None
        if hand_uid is not None:
            card = self.scene.card_of(hand_uid)
            rect = layout.hand_rect(layout.bottom, hand_uid)
            anchor = ("hand", rect)
        else:
            for uid, rect in layout.all_creature_rects().items():
                if rect.collidepoint(self.scene.mouse):
                    creature = self.scene.view.creature(uid)
                    if creature is not None:
                        card = creature.card
                        stats = (creature.attack, creature.defense, creature.keywords)
                        anchor = ("board", rect)
                    break
        if card is None:
            return
        image = render_card(card, ZOOM_WIDTH, *(stats or ()))
        height = int(ZOOM_WIDTH * CARD_RATIO)
        kind, rect = anchor
        if kind == "hand":
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midbottom = (rect.centerx, rect.y - 6)
        else:
            zoom = pygame.Rect(0, 0, ZOOM_WIDTH, height)
            zoom.midleft = (rect.right + 14, rect.centery)
            if zoom.right > L.CENTER.right + 200:
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
                lines += wrap_text(theme.KEYWORD_HELP[letter], 15, 230)
            tip = pygame.Rect(0, 0, 250, 16 + 20 * len(lines))
            tip.topleft = (zoom.right + 8, zoom.y)
            if tip.right > theme.WIDTH:
                tip.topright = (zoom.x - 8, zoom.y)
            panel(surface, tip, (16, 20, 30), theme.ACCENT, radius=10, alpha=240)
            y = tip.y + 8
            for line in lines:
                draw_text(surface, line, (tip.x + 10, y), 15, theme.TEXT)
                y += 20




def _arrow(surface, start, end, colour) -> None:
    pygame.draw.line(surface, (0, 0, 0), (start[0] + 2, start[1] + 2), (end[0] + 2, end[1] + 2), 7)
    pygame.draw.line(surface, colour, start, end, 5)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = [end,
            (end[0] - 22 * math.cos(angle - 0.45), end[1] - 22 * math.sin(angle - 0.45)),
            (end[0] - 22 * math.cos(angle + 0.45), end[1] - 22 * math.sin(angle + 0.45))]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.circle(surface, colour, start, 8)
