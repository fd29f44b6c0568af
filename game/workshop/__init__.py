"""The level workshop's model: everything a level designer's editor does that is not drawing.

No pygame here (`tests/architecture/test_layers.py` checks it), so the editor's behaviour is
tested without a window and a command-line tool could drive it. `model` (the document, its
edits, undo and redo), `edits` (what a designer does: cards, stones, objectives, story),
`validation` (the same checks as `levels validate`), `jsontext` and `io` (the file's own layout
kept on save), `forms` and `skirmish_forms` (the settings panel as data), `skirmish_field` (the
skirmish map as data), `catalog` (card search), `simulate` (`levels simulate` in the background),
`templates`, `disk` (noticing a file changed by another program) and `recovery` (copies of
unsaved work, offered after a crash); for the campaign's structure, `campaign_edit` (the campaign file and its levels
as one document, and its edits), `campaign_check` (its `levels validate` problems) and
`campaign_forms` (its settings rows). `kinds` is the table of the games it edits (each one's
template, tabs, objectives and canvas, put into the game registry), so no module here compares a
level's kind with a game's name. The client draws it: `game/client/workshop/`.
"""
