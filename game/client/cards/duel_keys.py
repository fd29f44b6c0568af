"""The duel by keyboard alone: a focus that walks the hand (Left/Right, 1-8) and the board's
attackers (Up), picks a card up (Enter), then walks its legal targets (arrows or Tab) and plays
it (Enter); Esc puts it down, E or Space ends the turn (the scene's own keys).

It drives the same sticky drag a click starts, so a keyboard move is played exactly like a
mouse one (`DuelScene.choose_or_perform`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.cards.duel_drag import Drag, DragKind

if TYPE_CHECKING:
    from game.client.cards.duel_scene import DuelScene

CARD_KEYS = {f"card_{n}": n - 1 for n in range(1, 9)}  # input.py's names of the keys 1-8
NEXT = ("right", "down", "toggle_overlay")
PREVIOUS = ("left", "up")


class KeyFocus:
    def __init__(self, duel: DuelScene):
        self.duel = duel
        self.shown = False  # the focus ring shows once a key is used, until the mouse is
        self.row = "hand"  # "hand" or "board" (the player's creatures that can attack)
        self.index = 0
        self.target: tuple | None = None  # the target key focused while a card is picked up

    def mouse_used(self) -> None:
        self.shown = False
        self.target = None

    # ----------------------------------------------------------------- what is focused

    def _row(self) -> list[int]:
        """The uids of the focused row: the hand in order, or the creatures that can attack, left to right."""
        duel = self.duel
        me = duel.battle.current
        if self.row == "hand":
            return [instance.uid for instance in duel.view.sides[me].hand]
        rects = duel.layout().creature_rects(me)
        attackers = {action.card for action in duel.legal_actions() if action.card in rects}
        return sorted((uid for uid in rects if uid in attackers), key=lambda uid: rects[uid].x)

    def focused_uid(self) -> int | None:
        row = self._row()
        if not row:
            return None
        self.index = max(0, min(self.index, len(row) - 1))
        return row[self.index]

    def targets(self) -> list[tuple]:
        """The picked-up card's target keys, left to right, top row first."""
        drag = self.duel.drag
        if drag is None:
            return []
        rects = {key: self.duel.target_rect(key) for key in drag.moves}
        return sorted((key for key in rects if rects[key] is not None), key=lambda key: (rects[key].y, rects[key].x))

    def aiming(self) -> bool:
        return self.target is not None and self.duel.drag is not None and self.target in self.duel.drag.moves

    def aim_first(self) -> None:
        """A card was picked up (or a summon asks for its target): focus its first target."""
        targets = self.targets()
        self.target = targets[0] if targets and self.shown else None

    # ----------------------------------------------------------------- keys

    def handle(self, name: str) -> bool:
        """Act on a key's action name; False leaves it to the scene (Tab's overlay, the pause menu)."""
        duel = self.duel
        if name == "back" and duel.drag is not None:
            duel.drag = None
            self.target = None
            return True
        if name not in CARD_KEYS and name not in NEXT + PREVIOUS + ("confirm",):
            return False
        if name == "toggle_overlay" and not self.aiming():
            return False
        if not duel.human_to_act():
            return name != "toggle_overlay"
        self.shown = True
        if self.aiming():
            if name == "confirm":
                drag = duel.drag
                assert drag is not None and self.target is not None
                self.target, key = None, self.target
                duel.choose_or_perform(drag.uid, drag.moves.get(key))
                if duel.drag is None and self.row == "board":
                    self.index = 0
            elif name in NEXT + PREVIOUS:
                targets = self.targets()
                step = 1 if name in NEXT else -1
                self.target = targets[(targets.index(self.target) + step) % len(targets)]
            return True
        if name in CARD_KEYS:
            duel.drag = None
            self.row, self.index = "hand", CARD_KEYS[name]
        elif name in ("left", "right"):
            duel.drag = None
            self.index += 1 if name == "right" else -1
            row = self._row()
            self.index = self.index % len(row) if row else 0
        elif name in ("up", "down"):
            duel.drag = None
            self.row, self.index = ("board" if name == "up" else "hand"), 0
        elif name == "confirm":
            self._pick_up()
        return True

    def _pick_up(self) -> None:
        duel = self.duel
        uid = self.focused_uid()
        if uid is None:
            return
        attack = self.row == "board"
        moves = duel.moves_for(uid, attack=attack)
        if not moves:
            return
        rect = duel.card_rect(uid) or pygame.Rect(0, 0, 1, 1)
        card = duel.card_of(uid)
        kind = DragKind.ATTACK if attack else duel.drag_kind(card)
        duel.drag = Drag(kind, uid, rect.center, rect.center, moves, sticky=True)
        self.aim_first()

    # ----------------------------------------------------------------- drawing

    def focus_rect(self) -> pygame.Rect | None:
        """The focused card's ring (only after a key was used)."""
        if not self.shown or not self.duel.human_to_act():
            return None
        if self.aiming():
            return None
        uid = self.focused_uid()
        return self.duel.card_rect(uid) if uid is not None else None

    def aim_rect(self) -> pygame.Rect | None:
        """The focused target's rect while a card is picked up by keyboard."""
        if not self.shown or not self.aiming() or not self.duel.human_to_act():
            return None
        assert self.target is not None
        return self.duel.target_rect(self.target)
