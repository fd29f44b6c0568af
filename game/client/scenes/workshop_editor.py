"""The level workshop's editor: one level on the table (cards and the card picker, a gomoku board,
or a skirmish field with its hero palette), the settings tabs, the live problems, undo and redo,
save, test play and simulate.

The document (game/workshop/model.py) holds the level's JSON and every edit; this scene
only turns clicks and keys into its edits and draws it. Test play writes the level as it is to a
temporary file and plays it like any level file (game/client/level_run.py) over this scene, so
leaving the level comes back here with the document, the selection and undo intact.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pygame

from game.client import theme
from game.client.scene import Scene
from game.client.widgets import Button, draw_text, fit_text, hover_buttons, press_buttons, vertical_gradient
from game.client.workshop import card_table, keys, selection, sim_strip, stones
from game.client.workshop.keeping import FileKeeping
from game.workshop import catalog, edits, forms, io, skirmish_field, skirmish_forms
from game.workshop.kinds import EditorKind, editable_games, editable_levels_in_words, editor_kind, find_editor_kind
from game.workshop.edits import Slot
from game.workshop.model import Document, message_in_words
from game.client.workshop.panel import ProblemList, RowPanel, draw_title_bar, draw_notice
from game.client.workshop.picker import Picker
from game.client.workshop.skirmish_canvas import SkirmishCanvas
from game.rules.safe_json import safe_resolve
from game.i18n import N_, _, generation

SIDE = pygame.Rect(882, 50, 390, 664)
TABS_Y = SIDE.y
TAB_H = 27  # two rows of tabs: seven in one row squeezed their names to unreadable text
ROWS_RECT = pygame.Rect(SIDE.x, SIDE.y + 2 * TAB_H + 7, SIDE.width, 373)
PROBLEMS_RECT = pygame.Rect(SIDE.x, ROWS_RECT.bottom + 6, SIDE.width, SIDE.bottom - ROWS_RECT.bottom - 6)
SHORTCUTS = {"z": "undo", "y": "redo", "s": "save"}
PLACE_KEYS = {"h": "hand", "b": "board", "d": "deck"}


class WorkshopEditorScene(FileKeeping, Scene):
    name = "workshop_editor"
    raw_keys = True  # every key and typed text (game/client/workshop/keys.py)

    def __init__(
        self,
        app,
        path: str | Path | None = None,
        kind: str | None = None,
        document: Document | None = None,
        recovery_name: str | None = None,
    ):
        """Edit the level file at `path`, a `document` already open (`recovery_name`: the
        recovery copy it came from), or a new level of game `kind` (the first game the workshop
        edits when none is given)."""
        super().__init__(app)
        if document is None:
            if path is not None:
                data, original = io.load(path)
                if find_editor_kind(data.get("kind")) is None:
                    raise io.WorkshopFileError(
                        f"{path}: the workshop edits {editable_levels_in_words()} levels, not a {data.get('kind')!r} level"
                    )
                document = Document(data, path, original)
            else:
                document = Document(editor_kind(kind or editable_games()[0]).new_level())
        self.doc = document
        stones.name_points(self.doc)  # gomoku problems name points as the board does (h8)
        self.keep_files(recovery_name)
        self.picker = Picker()
        self.rows = RowPanel(ROWS_RECT)
        self.problems = ProblemList(PROBLEMS_RECT)
        self.tab = "Level"
        self.selected: Slot | skirmish_field.HeroRef | None = None
        self.field = SkirmishCanvas()  # a skirmish level's map, palette and drags
        self.drag: dict | None = None  # {"card": id} from the picker, or {"slot": Slot} from the table
        self.mouse = (0, 0)
        self.notice = ""
        self.notice_ms = 0.0
        self.play_dir: Path | None = None
        self._built = None
        self.sim_strip: sim_strip.SimStrip | None = None  # a simulation running in the background, or its result
        self.multi = selection.Selection()  # several cards or heroes selected together (and the clipboard keys)
        labels = [
            (N_("Back"), self.leave),
            (N_("Save"), self.save),
            (N_("Save as"), self.ask_save_as),  # the file dialog (game/client/workshop/keeping.py)
            (N_("Duplicate"), self.duplicate),
            (N_("Undo"), self.undo),
            (N_("Redo"), self.redo),
            (N_("Test play F6"), self.test_play),
            (N_("Simulate F7"), self.simulate),
            (N_("Help F1"), self.help),
        ]
        self.button_ids = [label for label, _action in labels]  # relabelled where drawn
        widths = [70, 70, 80, 92, 70, 70, 128, 128, 96]
        self.buttons, x = [], 1272 - sum(widths) - 6 * len(widths)
        for (label, action), width in zip(labels, widths):
            self.buttons.append(Button(pygame.Rect(x, 8, width, 34), label, action, size=16))
            x += width + 6
        self.background = vertical_gradient((theme.WIDTH, theme.HEIGHT), (28, 32, 48), (16, 18, 28))

    def on_enter(self) -> None:
        keys.install(self.app)
        self.offer_own_copy()

    def on_exit(self) -> None:
        sim_strip.close(self)  # the child process stops; its folder and replays go
        self.keep_on_exit()
        # The test-play folder is ours (mkdtemp in play_file) and nothing reads it once the editor
        # is gone (test play and simulate run above this scene). Kept if the level was saved into it.
        if self.play_dir is not None:
            saved_inside = (
                self.doc.path is not None and safe_resolve(self.play_dir) in safe_resolve(self.doc.path).parents
            )
            if not saved_inside:
                shutil.rmtree(self.play_dir, ignore_errors=True)
        self.play_dir = None

    # ------------------------------------------------------------------ state

    @property
    def editor(self) -> EditorKind:
        """How the workshop edits this level's game: its tabs and which canvas it draws (game/workshop/kinds.py)."""
        return editor_kind(self.doc.kind)

    @property
    def cards(self):
        return catalog.cardset(catalog.level_files(self.doc.data)) if self.editor.card_table else None

    def bad_paths(self) -> set[tuple]:
        from game.workshop.model import parse_path

        found = set()
        for problem in self.doc.problems:
            parts = parse_path(problem.path)
            for n in range(1, len(parts) + 1):
                found.add(parts[:n])
        return found

    def rebuild(self) -> None:
        """The side panel's rows for the current tab or selection (when anything changed)."""
        if self.selected is not None and self.doc.get(self.selected.path()) is None:
            self.selected = None
        # The language too: the rows' words are made in the language of the moment.
        key = (self.doc.version, self.tab, self.selected, forms.view_key(self.doc), generation())
        if key == self._built:
            return
        if self._built is not None and key[3][:3] != self._built[3][:3]:
            self.rows.scroll = 0  # an event or script action opened or closed: its rows from the top
        self._built = key
        if isinstance(self.selected, skirmish_field.HeroRef):
            self.rows.rows = skirmish_forms.hero_rows(self.doc, self.selected, self.remove_selected)
        elif self.selected is not None:
            card = catalog.card_named(self.cards, edits.entry_card(self.doc.get(self.selected.path())))
            self.rows.rows = forms.selection_rows(
                self.doc,
                self.selected,
                card.name if card else _("Unknown card"),
                self.move_selected,
                self.remove_selected,
            )
        else:
            self.rows.rows = forms.build(self.doc, self.tab)
        self.rows.scroll = min(self.rows.scroll, max(0, len(self.rows.rows) - 1))

    def say(self, text: str) -> None:
        self.notice, self.notice_ms = text, 2600.0

    def tab_rects(self) -> list[tuple[pygame.Rect, str]]:
        """The settings tabs in two rows (the first holds the odd one): each name at its own size."""
        names = forms.tabs(self.doc)
        first = (len(names) + 1) // 2
        found = []
        for row, shown in enumerate((names[:first], names[first:])):
            width = SIDE.width // max(1, len(shown))
            y = TABS_Y + row * (TAB_H + 3)
            found += [(pygame.Rect(SIDE.x + i * width, y, width - 3, TAB_H), name) for i, name in enumerate(shown)]
        return found

    # ------------------------------------------------------------------ actions

    def undo(self) -> None:
        label = self.doc.undo()
        self.say(_("Undid: {edit}").format(edit=label) if label else _("Nothing to undo"))

    def redo(self) -> None:
        label = self.doc.redo()
        self.say(_("Redid: {edit}").format(edit=label) if label else _("Nothing to redo"))

    def place(self, side: str, zone: str, card_id: int, index: int | None = None, lane: int = 0) -> None:
        card = catalog.card_named(self.cards, card_id)
        try:
            self.selected = edits.place_card(self.doc, side, zone, card_id, index, lane, card.name if card else "")
        except ValueError as error:
            self.say(str(error))

    def move_selected(self, side: str, zone: str, index: int | None = None, lane: int = 0) -> None:
        if self.selected is not None:
            try:
                self.selected = edits.move_card(self.doc, self.selected, side, zone, index, lane)
            except ValueError as error:
                self.say(str(error))

    def remove_selected(self) -> None:
        if isinstance(self.selected, skirmish_field.HeroRef):
            skirmish_field.remove_hero(self.doc, self.selected)
            self.selected = None
        elif self.selected is not None:
            edits.remove_card(self.doc, self.selected)
            self.selected = None

    def play_file(self) -> Path | None:
        """The level as it is now, in a temporary file (test play and simulate read files)."""
        if self.doc.problems:
            self.say(_("Fix the problems first: a level with problems cannot be played"))
            return None
        if self.play_dir is None:
            self.play_dir = Path(tempfile.mkdtemp(prefix="duelmind-workshop-"))
        path = self.play_dir / f"{self.doc.data.get('id', 'level')}.json"
        io.write_atomic(path, self.doc.text())
        return path

    def test_play(self) -> None:
        from game.client.level_run import LevelRun

        path = self.play_file()
        if path is not None:
            self.test_run = LevelRun(self.app, path, home=self, home_label=_("Workshop"))
            self.test_run.open()

    def simulate(self) -> None:
        """The set-up; its Start runs the level in the background (game/client/workshop/sim_strip.py)."""
        if self.doc.problems:
            self.say(_("Fix the problems first: a level with problems cannot be played"))
            return
        self.app.push(
            "workshop_simulate",
            kind=self.doc.kind,
            title=self.doc.data.get("title", ""),
            warnings=tuple(message_in_words(warning.message) for warning in self.doc.warnings),
            start=lambda setup: sim_strip.start(self, setup),
        )

    def help(self) -> None:
        self.app.push("workshop_help")

    def show_problem(self, parts: tuple) -> None:
        """Select what a problem is about: a placed card, or the tab and row of its field."""
        self.selected = None
        if len(parts) >= 3 and parts[0] in edits.SIDES and parts[1] in ("hand", "board") and isinstance(parts[2], int):
            self.selected = Slot(parts[0], parts[1], parts[2])
        elif (
            len(parts) >= 4
            and parts[0] in edits.SIDES
            and parts[1:3] == ("deck", "cards")
            and isinstance(parts[3], int)
        ):
            self.selected = Slot(parts[0], "deck", parts[3])
        elif len(parts) >= 3 and parts[0] in edits.SIDES and parts[1] == "heroes" and isinstance(parts[2], int):
            self.selected = skirmish_field.HeroRef(parts[0], parts[2])
        else:
            head = parts[0] if parts else ""
            tab = {
                "objectives": "Objectives",
                "story": "Story",
                "events": "Events",
                "rewards": "Campaign",
                "chapters": "Campaign",
            }.get(head, "Level")
            if (
                head == "opponent"
                and len(parts) > 1
                and parts[1] in ("script", "rules", "control", "ai", "name", "portrait", "budget_ms")
            ):
                tab = "Opponent"
            self.tab = tab if tab in forms.tabs(self.doc) else "Level"
        self.rows.highlight = parts
        forms.reveal(self.doc, parts)  # a problem in an event or a script action opens its builder
        self.rebuild()
        for index, row in enumerate(self.rows.rows):
            if row.path is not None and parts[: len(row.path)] == row.path and row.kind != "button":
                self.rows.reveal(index)

    # ------------------------------------------------------------------ input

    def handle(self, intent) -> None:
        if self.rows.menu_intent(self.doc, intent):
            return  # an open drop-down list takes every input until it closes
        if intent.kind == "move":
            self.mouse = self.rows.mouse = intent.pos
            hover_buttons(self.buttons, intent.pos)
            sim_strip.hover(self, intent.pos)
            selection.move(self, intent.pos)
            self.picker.hover = self.picker.card_at(intent.pos) if self.editor.card_table else None
            self.field.mouse = intent.pos
        elif intent.kind == "press":
            self.press(intent.pos, intent.button)
        elif intent.kind == "release":
            self.release(intent.pos)
        elif intent.kind == "wheel":
            if not self.rows.wheel(self.doc, intent.pos, intent.value) and self.editor.card_table:
                self.picker.wheel(intent.value)
        elif intent.kind == "text":
            if self.rows.editing is not None:
                self.rows.type_text(self.doc, intent.value)
            elif self.picker.typing:
                self.picker.type_text(intent.value)
        elif intent.kind == "key":
            self.key(intent)
        elif intent.kind == "action" and intent.name == "back":
            if self.rows.editing is not None or self.picker.typing:
                self.rows.finish(self.doc)
                self.picker.typing = False
            elif self.selected is not None:
                self.selected = None
            elif self.field.hero_class is not None and self.editor.hero_field:
                self.field.hero_class = None
            elif self.field.painting:  # Esc puts the map painter away before it leaves the editor
                self.field.painting = False
            else:
                self.leave()

    def key(self, intent) -> None:
        if selection.key(self, intent):
            return
        name = intent.name
        typing = self.rows.editing is not None or self.picker.typing
        if keys.ctrl(intent):
            action = SHORTCUTS.get(name)
            if action == "undo" and keys.shift(intent):
                action = "redo"
            if action == "save" and keys.shift(intent):
                action = "ask_save_as"
            if action:
                self.rows.finish(self.doc)
                getattr(self, action)()
            return
        if name in ("f6", "f7", "f1"):
            {"f6": self.test_play, "f7": self.simulate, "f1": self.help}[name]()
        elif name in ("return", "enter", "tab") and typing:
            self.rows.finish(self.doc)
            self.picker.typing = False
        elif name == "backspace" and typing:
            if self.rows.editing is not None:
                self.rows.backspace(self.doc)
            else:
                self.picker.backspace()
        elif typing:
            return  # the text arrives as "text" intents
        elif name in ("delete", "backspace"):
            self.remove_selected()
        elif name == "/" and self.editor.card_table:
            self.picker.typing = True
        elif name.isdigit() and self.editor.hero_field:
            self.field.choose(int(name))
        elif name in ("up", "down") and self.editor.card_table:
            self.picker.move_focus(-1 if name == "up" else 1)
        elif name == "tab":
            names = forms.tabs(self.doc)
            self.selected = None
            self.tab = names[(names.index(self.tab) + 1) % len(names)] if self.tab in names else names[0]
        elif name in PLACE_KEYS and self.editor.card_table and self.picker.current is not None:
            side = "opponent" if keys.shift(intent) else "player"
            self.place(side, PLACE_KEYS[name], self.picker.current.base_id)
        elif name == "?" or (name == "/" and keys.shift(intent)):
            self.help()

    def press(self, pos, button: int) -> None:
        self.picker.typing = False
        if button == 1 and press_buttons(self.buttons, pos, lambda: self.app.play_sound("click")):
            return
        if button == 1 and sim_strip.press(self, pos):
            return
        for rect, name in self.tab_rects():
            if rect.collidepoint(pos):
                self.rows.finish(self.doc)
                self.tab, self.selected, self.rows.scroll, self.rows.highlight = name, None, 0, None
                return
        parts = self.problems.hit(pos)
        if parts is not None:
            self.show_problem(parts)
            return
        if self.rows.click(self.doc, pos, button):
            return
        if not self.field.painting and selection.press(self, pos, button):  # the map painter's drag paints
            return
        if self.editor.stone_board:
            stones.click(self.doc, pos, button, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return
        if self.editor.hero_field:
            done = self.field.press(self.doc, pos, button, self.selected)
            if done is not None:
                self.selected = done.selected
                if done.notice:
                    self.say(done.notice)
            return
        if self.picker.click(pos):
            return
        index = self.picker.card_at(pos)
        if index is not None:
            self.picker.focus = index
            self.drag = {"card": self.picker.found[index].base_id, "from": pos}
            return
        slot = card_table.card_at(self.doc, pos)
        if slot is not None and button == 3:
            self.selected = slot
            self.remove_selected()
        elif slot is not None:
            self.selected = slot
            self.drag = {"slot": slot, "from": pos}
        else:
            self.selected = None

    def release(self, pos) -> None:
        if selection.release(self, pos):
            return
        if self.editor.hero_field:
            self.field.release(self.doc, pos)
        drag, self.drag = self.drag, None
        if drag is None or not self.editor.card_table:
            return
        if abs(pos[0] - drag["from"][0]) + abs(pos[1] - drag["from"][1]) < 6:
            return  # a click: selected, not moved
        target = card_table.drop_target(self.doc, pos)
        if target is None:
            return
        side, zone, index, lane = target
        if "card" in drag:
            self.place(side, zone, drag["card"], index, lane)
        else:
            self.selected = drag["slot"]
            self.move_selected(side, zone, index, lane)

    def update(self, dt_ms: float) -> None:
        self.notice_ms = max(0.0, self.notice_ms - dt_ms)
        self.keep_update(dt_ms)
        sim_strip.update(self, PROBLEMS_RECT)
        self.rebuild()

    def forget_selection(self) -> None:
        """The document was replaced (a reload): what was selected may be gone."""
        self.selected = None
        self._built = None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.rebuild()
        surface.blit(self.background, (0, 0))
        bad = self.bad_paths()
        for button, label in zip(self.buttons, self.button_ids):
            button.label = _(label)
        draw_title_bar(
            surface,
            _("Workshop  ·  {title}").format(title=self.doc.data.get("title", "")),
            self.doc,
            self.buttons,
            detail=Path(self.doc.file_name).name,
        )
        if self.editor.stone_board:
            hover = stones.point_at(self.doc, self.mouse)
            stones.draw(surface, self.doc, bad, hover)
        elif self.editor.hero_field:
            self.field.draw(surface, self.doc, self.selected, bad)
        else:
            self.picker.set_cards(self.cards)
            self.picker.draw(surface)
            hover = card_table.drop_target(self.doc, self.mouse) if self.drag else None
            card_table.draw(surface, self.doc, self.cards, self.selected, bad, hover)
        for rect, name in self.tab_rects():
            on = name == self.tab and self.selected is None
            pygame.draw.rect(surface, theme.ACCENT_DARK if on else theme.PANEL, rect, border_radius=6)
            shown = _(name)  # the tab keeps its English name as its id
            draw_text(
                surface,
                shown,
                rect.center,
                fit_text(shown, 16, rect.width - 8, bold=on),
                theme.TEXT,
                bold=on,
                anchor="center",
            )
        self.rows.draw(surface, self.doc, bad)
        self.problems.draw(surface, self.doc)
        sim_strip.draw(surface, self)
        selection.draw(surface, self)
        self.rows.draw_card_preview(surface)
        if self.editor.card_table:
            if self.drag and "card" in self.drag:
                card = catalog.card_named(self.cards, self.drag["card"])
                if card is not None:
                    from game.client.cards.card_render import render_card

                    surface.blit(render_card(card, card_table.CARD_W), (self.mouse[0] - 28, self.mouse[1] - 39))
            elif not self.drag:
                self.picker.draw_preview(surface)
        if self.notice_ms > 0:
            draw_notice(surface, self.notice)
        self.rows.draw_menu(surface)
