"""The level workshop's drawing: the editor's widgets over the pygame-free model in
`game/workshop/` (the document, edits, validation, forms as data).

`card_table`, `stones`, `picker`, `panel`, `keys`, `skirmish_canvas` and `campaign_view` serve
the scenes `game/client/scenes/workshop*.py`; `keeping` is the editor's saving, reloading and
recovery copy, `recovery_offer` the front page's offer of unsaved work left by an earlier run;
`cli` is `duelmind workshop [LEVEL_FILE | campaign]`.
"""
