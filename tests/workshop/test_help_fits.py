"""The workshop's F1 help lists the shortcuts the editors have now (save as, duplicate, the
selection and clipboard keys, the map painter's keys, F5, the raw editor's keys) and every text
of it stays in its box, clear of the others, at 100 % and 150 % text; the editor's seven settings
tabs, in two rows, keep their names readable at both sizes."""

from __future__ import annotations

import pygame
import pytest

from game.client import resources
from game.client.scenes import workshop_help
from tests.client.driver import step
from tests.client.text_layout import drawn_texts, ink, layout_problems
from tests.workshop.helpers import press_key, shoot

MUST_LIST = {
    "Ctrl+S",
    "Ctrl+Shift+S",
    "Duplicate",
    "F5",
    "F6",
    "F7",
    "Ctrl+Z / Ctrl+Y",
    "Ctrl+click",
    "Drag on empty space",
    "Ctrl+C / Ctrl+X",
    "Ctrl+V",
    "Ctrl+D",
    "Delete",
    "1 - 6 (painter)",
    "Drag (painter)",
    "Esc (painter)",
    "Ctrl+E",
    "Ctrl+Home / End",
    "Events tab",
}


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_help_lists_every_shortcut_and_fits_its_box(app, tmp_path, scale):
    app.settings.text_scale = scale
    app.apply_accessibility()
    assert resources.text_scale() == scale
    app.push("title")
    app.push("workshop_editor", kind="skirmish")
    step(app)
    press_key(app, pygame.K_F1)
    help_scene = app.top
    assert help_scene.name == "workshop_help"
    drawn = drawn_texts(help_scene)
    texts = [text for text, _, _ in drawn]
    assert MUST_LIST <= set(texts)
    assert layout_problems(drawn) == []
    outside = [text for text, rect, _ in drawn if not workshop_help.BOX.contains(ink(rect))]
    assert outside == []
    rows = sum(len(rows) for _, rows in workshop_help.LEFT + workshop_help.RIGHT)
    assert len(drawn) == 1 + 2 * rows + len(workshop_help.LEFT) + len(workshop_help.RIGHT) + 1  # nothing dropped
    shoot(app, tmp_path, f"help-{int(scale * 100)}")
    press_key(app, pygame.K_a)
    assert app.top.name == "workshop_editor"


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_seven_settings_tabs_are_readable_in_two_rows(app, scale):
    from game.client.widgets import fit_text

    app.settings.text_scale = scale
    app.apply_accessibility()
    app.push("title")
    editor = app.push("workshop_editor", kind="cards")
    step(app)
    tabs = editor.tab_rects()
    assert [name for _, name in tabs] == ["Level", "Objectives", "Opponent", "Story", "Events", "Twist", "Campaign"]
    assert sorted({rect.y for rect, _ in tabs}) == [50, 80]  # four above, three below
    assert all(rect.bottom <= editor.rows.rect.y for rect, _ in tabs)  # clear of the rows under them
    sizes = {name: fit_text(name, 16, rect.width - 8) for rect, name in tabs}
    # At 100 % every name has its full size; at 150 % the longest shrink to 11 (drawn 16 px high, as
    # 100 % draws them; one row of seven squeezed "Objectives" to 9 at 100 %).
    assert min(sizes.values()) == (16 if scale == 1.0 else 11)
    drawn = [(text, rect, box) for text, rect, box in drawn_texts(editor) if text in sizes]
    assert len(drawn) == 7
    for text, rect, _ in drawn:
        tab = next(r for r, name in tabs if name == text)
        assert tab.contains(ink(rect)), text
