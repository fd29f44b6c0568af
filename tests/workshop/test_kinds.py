"""The workshop's table of games (game/workshop/kinds.py): every game it edits has an entry in the
game registry's `workshop_editor` slot, a template that validates as it is, a settings panel whose
every tab builds, one canvas; and the front page offers exactly those games."""

from __future__ import annotations

import json

import pytest

from game.workshop import edits, forms, io
from game.workshop.campaign_edit import kind_name
from game.workshop.kinds import (
    EDITOR_KINDS,
    EditorKind,
    editable_games,
    editable_levels_in_words,
    editor_kind,
    find_editor_kind,
    install,
    prover_for,
)
from game.workshop.model import Document
from game.workshop.templates import new_level
from game.workshop.validation import validate
from game.rules.registry import GAMES, game_kind
from tests.client.driver import click, step


def test_the_editable_games_are_the_registry_entries_with_an_editor():
    install()
    with_editor = [name for name, kind in GAMES.items() if kind.workshop_editor is not None]
    assert editable_games() == with_editor == list(EDITOR_KINDS)
    for name in with_editor:
        assert isinstance(game_kind(name).workshop_editor, EditorKind)
        assert editor_kind(name) is game_kind(name).workshop_editor
    for name in set(GAMES) - set(with_editor):  # Connect Four has no editor
        assert find_editor_kind(name) is None and prover_for(name) is None
        with pytest.raises(LookupError):
            editor_kind(name)
    assert find_editor_kind("no such game") is None and find_editor_kind(None) is None


@pytest.mark.parametrize("name", list(EDITOR_KINDS))
def test_each_editable_game_starts_from_a_level_that_validates(name):
    editor = editor_kind(name)
    data = new_level(name)
    assert data["kind"] == name and data == editor.new_level()
    assert data is not editor.new_level()  # a copy each time
    assert validate(data, f"{data['id']}.json") == []
    doc = Document(data)
    assert forms.tabs(doc) == tuple(editor.tab_rows())
    for tab in forms.tabs(doc):
        assert forms.build(doc, tab), (name, tab)
    assert [editor.card_table, editor.stone_board, editor.hero_field].count(True) == 1
    assert editor.simulated_games >= 1
    assert game_kind(name).turn_unit in ("turns", "moves", "rounds")
    if editor.objectives:
        assert edits.objective_vocabulary(doc) == editor.objective_kinds()
    assert (editor.prover() is None) == (editor.forced_win_prover is None)


def test_the_campaign_names_the_editable_kinds_only():
    assert [kind_name(name, "?") for name in editable_games()] == [game_kind(n).title.lower() for n in editable_games()]
    assert kind_name("connect4", "?") == "?" and kind_name("?", "no such level file") == "no such level file"
    assert editable_levels_in_words() == "card, gomoku and skirmish"


def test_the_front_page_offers_a_new_level_of_exactly_the_editable_games(app):
    app.push("title")
    app.push("workshop")
    step(app)
    labels = [button.label for button in app.top.menu.buttons]
    offered = [label for label in labels if label.startswith("New ")]
    assert offered == [editor_kind(name).new_level_label for name in editable_games()]
    assert offered == ["New card puzzle", "New gomoku level", "New skirmish level"]
    for name in editable_games():
        click(app, app.top.menu.find(editor_kind(name).new_level_label).rect.center)
        assert app.top.name == "workshop_editor" and app.top.doc.kind == name
        app.pop()


def test_the_editor_refuses_a_game_it_cannot_edit(app, tmp_path):
    from game.client.scenes.workshop_editor import WorkshopEditorScene

    path = tmp_path / "four.json"
    path.write_text(json.dumps({"version": 1, "kind": "connect4", "id": "four"}), encoding="utf-8")
    with pytest.raises(io.WorkshopFileError, match="edits card, gomoku and skirmish levels, not a 'connect4' level"):
        WorkshopEditorScene(app, path=path)


def test_the_front_page_lists_the_campaign_levels_it_can_edit_and_every_unreadable_file(app, tmp_path, monkeypatch):
    """A level of a game without an editor (Connect Four) is not offered; a broken file is, so
    that opening it shows the designer what is wrong; the buttons stay clear of each other."""
    import game.client.scenes.workshop as front_page

    (tmp_path / "campaign.json").write_text("{}", encoding="utf-8")
    (tmp_path / "a_cards.json").write_text(json.dumps(new_level("cards")), encoding="utf-8")
    (tmp_path / "b_four.json").write_text(json.dumps({"kind": "connect4", "id": "b_four"}), encoding="utf-8")
    (tmp_path / "c_broken.json").write_text("{ not json", encoding="utf-8")
    monkeypatch.setattr(front_page, "campaign_dir", lambda: tmp_path)
    app.push("title")
    app.push("workshop")
    step(app)
    assert [path.name for path in app.top.files] == ["a_cards.json", "c_broken.json"]
    rects = [button.rect for button in app.top.menu.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
