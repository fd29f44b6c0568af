"""The skirmish's controls: the mouse and the keys play the same choices (arrows move a cursor
drawn on the board, Enter walks or casts there, the digits 1-5 pick abilities, E / Space end the
turn, Esc cancels), a self-cast or an area around the hero is previewed on the first pick and
cast on the second, and a walk that leaves the hero nothing to act with asks for a second click.

`SkirmishControls` is mixed into the scene (scene.py): it reads and sets the scene's choice
(`selected`, `pending_move`, `cursor`, `keyboard`) and plays through its `human_act`.
"""

from __future__ import annotations

from typing import Any

from game.client.skirmish.previews import move_warning
from game.rules.skirmish.words import word
from game.client.widgets import hover_buttons, press_buttons
from game.i18n import N_, _
from game.rules.skirmish.actions import Act, cast, move
from game.rules.skirmish.model import TargetKind

# Keys by name (the scene takes raw keys, for the digits): each to the action it plays.
KEYS = {
    "return": "confirm",
    "enter": "confirm",
    "e": "end_turn",
    "space": "end_turn",
    "tab": "toggle_overlay",
    "u": "undo",
    "backspace": "undo",
    "n": "numbers",
    "up": "up",
    "down": "down",
    "left": "left",
    "right": "right",
}
KEY_HINTS = N_(  # translated where drawn
    "Keys: arrows move the cursor  ·  Enter: walk / use  ·  1-5: abilities  ·  E / Space: end turn"
    "  ·  Esc: cancel  ·  Tab: AI's thoughts"
)


class SkirmishControls:
    """Input and the player's choice (mixed into SkirmishScene, which sets these up and gives
    `legal`, `moves`, `targets`, `cast_preview`, `human_to_act`, `human_act`, `end_turn` and
    `open_pause`)."""

    state: Any
    app: Any
    layout: Any
    selected: Any  # the Ability chosen, awaiting a target (or a second pick: a self-cast)
    pending_move: tuple[int, int] | None
    cursor: tuple[int, int]
    hover_cell: tuple[int, int] | None
    keyboard: bool
    mouse: tuple[int, int] | None
    overlay: bool
    ability_buttons: list

    def hint(self) -> str:
        if self.pending_move is not None:
            return _("Click the cell again (or Enter) to walk there  ·  Esc / right click: cancel")
        if self.selected is not None and self.selected.target == TargetKind.SELF:
            number = self._ability_number(self.selected)
            words = _("Press {number} again, Enter or click the hero to use {ability}  ·  Esc: cancel")
            return words.format(number=number, ability=word(self.selected.name))
        if self.selected is not None:
            words = _("Click a lit cell (or cursor + Enter) to use {ability}  ·  Esc / right click: cancel")
            return words.format(ability=word(self.selected.name))
        return _("Click a blue cell to walk  ·  pick an ability  ·  E / Space: end the hero's turn")

    def _ability_number(self, ability) -> int:
        return [a.id for a in self.state.active_hero.cls.abilities].index(ability.id) + 1

    def select(self, index: int) -> None:
        """Pick the hero's ability `index` (a button or its number key). An ability with a target
        waits for one; a self-cast (or an area around the hero) is previewed first and cast by
        picking it again (or Enter)."""
        hero = self.state.active_hero
        if not self.human_to_act() or index >= len(hero.cls.abilities):
            return
        ability = hero.cls.abilities[index]
        if not any(a.kind == Act.CAST and a.ability == ability.id for a in self.legal()):
            self.app.play_sound("foul_refused")
            return
        self.pending_move = None
        if ability.target == TargetKind.SELF and self.selected is ability:
            self.human_act(cast(ability.id, *hero.cell))
            return
        self.app.play_sound("click")
        self.selected = None if self.selected is ability else ability
        if self.selected is not None and self.selected.target != TargetKind.SELF and self.keyboard:
            self._cursor_to_target()

    def _cursor_to_target(self) -> None:
        """Keys: put the cursor on the nearest legal target of the chosen ability."""
        hero = self.state.active_hero
        targets = sorted(
            self.targets(), key=lambda c: (abs(c[0] - hero.cell[0]) + abs(c[1] - hero.cell[1]), c[1], c[0])
        )
        if targets:
            self.cursor = self.hover_cell = targets[0]

    def next_ability(self) -> None:
        """Keyboard: choose the next ability that can be cast now (N), or none after the last."""
        hero = self.state.active_hero
        if not self.human_to_act():
            return
        castable = [
            a for a in hero.cls.abilities if any(x.kind == Act.CAST and x.ability == a.id for x in self.legal())
        ]
        if not castable:
            return
        index = castable.index(self.selected) + 1 if self.selected in castable else 0
        self.selected = castable[index] if index < len(castable) else None
        self.pending_move = None
        if self.selected is not None and self.selected.target != TargetKind.SELF:
            self._cursor_to_target()
        self.app.play_sound("click")

    def click_cell(self, cell) -> None:
        if not self.human_to_act() or cell is None:
            return
        if self.selected is not None:
            if self.selected.target == TargetKind.SELF:
                if cell == self.state.active_hero.cell or cell in self.cast_preview().area:
                    self.human_act(cast(self.selected.id, *self.state.active_hero.cell))
                else:
                    self.selected = None
            elif cell in self.targets():
                self.human_act(cast(self.selected.id, *cell))
            else:
                self.selected = None
            return
        if cell in self.moves():
            if self.pending_move != cell and move_warning(self.state, cell):
                self.pending_move = cell  # the warning shows; a second click walks
                self.app.play_sound("click")
                return
            self.human_act(move(*cell))
        else:
            self.pending_move = None

    def confirm(self) -> None:
        """Enter: cast the previewed self-cast, else act on the cursor's cell."""
        if self.selected is not None and self.selected.target == TargetKind.SELF:
            self.click_cell(self.state.active_hero.cell)
        else:
            self.click_cell(self.cursor)

    def handle(self, intent) -> None:
        if intent.kind == "key":  # raw keys: the digits pick abilities, the rest are actions
            if intent.name in "12345" and len(intent.name) == 1:
                self.keyboard = True
                self.select(int(intent.name) - 1)
                return
            name = KEYS.get(intent.name)
            if name is None:
                return
            intent = type(intent)("action", intent.pos, name=name)
        if intent.kind == "action":
            self._action(intent.name)
            return
        if intent.kind == "move":
            self.mouse = intent.pos
            cell = self.layout.cell_at(intent.pos)
            if cell != self.hover_cell:
                self.keyboard = False
                self.hover_cell = cell
                if cell is not None:
                    self.cursor = cell
                if cell != self.pending_move:
                    self.pending_move = None
            hover_buttons(self.ability_buttons, intent.pos)
        elif intent.kind == "press":
            if intent.button == 3:
                self.selected = None
                self.pending_move = None
                return
            if intent.button != 1:
                return
            if press_buttons(self.ability_buttons, intent.pos):
                return
            self.click_cell(self.layout.cell_at(intent.pos))

    def _action(self, name: str) -> None:
        if name == "back":
            if self.selected is not None or self.pending_move is not None:
                self.selected = None
                self.pending_move = None
            else:
                self.open_pause()
        elif name == "toggle_overlay":
            self.overlay = not self.overlay
        elif name == "end_turn":
            self.end_turn()
        elif name == "numbers":
            self.keyboard = True
            self.next_ability()
        elif name == "undo":
            self.selected = None
            self.pending_move = None
        elif name in ("up", "down", "left", "right"):
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[name]
            arena = self.state.arena
            self.keyboard = True
            self.cursor = (
                max(0, min(arena.width - 1, self.cursor[0] + dx)),
                max(0, min(arena.height - 1, self.cursor[1] + dy)),
            )
            self.hover_cell = self.cursor
            if self.cursor != self.pending_move:
                self.pending_move = None
        elif name == "confirm":
            self.keyboard = True
            self.confirm()
