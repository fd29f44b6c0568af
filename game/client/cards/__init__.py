"""The card duel in the client: the draft and duel scenes (`draft_scene`, `duel_scene`), the
matches they play (`match`), the table's layout (`duel_layout`, with `board_slots`: where each
creature stands, kept between frames), drawing (`duel_view`, `duel_hero`, `duel_marks`,
`duel_table`, `card_render`, `card_art`, `card_back`, `card_summary`), the duel in words
(`duel_words`), animation (`duel_animator`), dragging (`duel_drag`) and the keyboard's focus
(`duel_keys`); `card_pool` finds the card files."""
