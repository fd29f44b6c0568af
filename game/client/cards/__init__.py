"""The card duel in the client: the draft and duel scenes (`draft_scene`, `duel_scene`), the
matches they play (`match`), the table's layout (`duel_layout`), drawing (`duel_view`,
`duel_table`, `card_render`, `card_art`, `card_back`, `card_summary`), animation
(`duel_animator`) and dragging (`duel_drag`); `card_pool` finds the card files."""
