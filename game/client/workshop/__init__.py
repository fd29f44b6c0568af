"""The level workshop: an in-game editor for level designers.

The pure part (no pygame): `model` (the document, its edits, undo and redo), `edits` (what a
designer does: cards, stones, objectives, story), `validation` (the same checks as `levels
validate`), `jsontext` and `io` (the file's own layout kept on save), `forms` (the settings
panel as data), `catalog` (card search), `simulate` (`levels simulate` in the background) and
`templates`; for the campaign's structure, `campaign_edit` (the campaign file and its levels as
one document, and its edits), `campaign_check` (its `levels validate` problems) and
`campaign_forms` (its settings rows). The drawing parts (`card_table`, `stones`, `picker`,
`panel`, `keys`, `campaign_view`) serve the scenes `game/client/scenes/workshop*.py`; `cli` is
`python main.py workshop [LEVEL_FILE | campaign]`.
"""
