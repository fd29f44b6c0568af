"""A story line types out character by character over its wrapped lines: a line wrapped at
spaces (English) and one wrapped between characters (Chinese) both end with every character."""

from __future__ import annotations

from game.client.scenes.dialogue import typed_parts


def test_english_wrapped_at_spaces_counts_the_removed_spaces():
    full = "The forge is cold tonight"
    lines = ["The forge is", "cold tonight"]
    assert typed_parts(full, lines, 5) == [5]
    assert typed_parts(full, lines, 13) == [12]  # the space after "is" is typed, never drawn
    assert typed_parts(full, lines, 14) == [12, 1]
    assert typed_parts(full, lines, len(full)) == [12, 12]


def test_chinese_wrapped_between_characters_loses_no_character():
    full = "你准备好迎接挑战了吗？"
    lines = ["你准备好迎接", "挑战了吗？"]
    assert typed_parts(full, lines, 6) == [6]
    assert typed_parts(full, lines, 7) == [6, 1]
    assert typed_parts(full, lines, len(full)) == [6, 5]  # the final "？" shows
