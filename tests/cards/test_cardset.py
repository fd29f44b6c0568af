"""Card files: validation with clear errors, generated text, the exported schema."""

from __future__ import annotations

import json

import pytest

from game.rules.cards.cardset import CardSetError, load_cardset, schema_text
from game.rules.cards.model import Choice, Do, Target, Trigger

GOOD = [
    {
        "id": 1,
        "name": "Ember Imp",
        "type": "creature",
        "cost": 2,
        "attack": 2,
        "defense": 1,
        "keywords": "C",
        "effects": [{"trigger": "play", "action": "damage", "target": "chosen", "choose": "enemy", "amount": 1}],
    },
    {
        "id": 2,
        "name": "Seed Pod",
        "type": "creature",
        "cost": 2,
        "attack": 1,
        "defense": 1,
        "effects": [{"trigger": "death", "action": "summon", "token": 3, "amount": 2}],
    },
    {"id": 3, "name": "Sprout", "type": "creature", "cost": 1, "attack": 1, "defense": 1, "token": True},
    {
        "id": 4,
        "name": "War Banner",
        "type": "creature",
        "cost": 3,
        "attack": 1,
        "defense": 3,
        "effects": [{"trigger": "aura", "action": "buff", "target": "friendly_creatures", "attack": 1}],
    },
    {
        "id": 5,
        "name": "Hush",
        "type": "red",
        "cost": 1,
        "effects": [{"trigger": "play", "action": "silence", "target": "chosen"}],
    },
    {"id": 6, "name": "Thorn Snap", "type": "blue", "cost": 2, "defense": -2, "opp_health": -1},
]


def write(tmp_path, cards, name="set.json", **envelope):
    path = tmp_path / name
    path.write_text(json.dumps({"version": 1, "name": "test", "cards": cards, **envelope}), encoding="utf-8")
    return path


def problems(tmp_path, cards, **envelope) -> list[str]:
    with pytest.raises(CardSetError) as caught:
        load_cardset([write(tmp_path, cards, **envelope)])
    return caught.value.problems


def test_a_good_file_loads_with_tokens_resolved_and_text_generated(tmp_path):
    cardset = load_cardset([write(tmp_path, GOOD)])
    assert len(cardset.cards) == 6 and [c.base_id for c in cardset.draftable] == [1, 2, 4, 5, 6]
    imp = cardset.cards[1]
    assert imp.choice == Choice.ENEMY and imp.effects[0].trigger == Trigger.PLAY
    assert imp.text == "Charge. Summon: Deal 1 damage to an enemy."
    pod = cardset.cards[2]
    assert pod.effects[0].token is cardset.cards[3] and pod.effects[0].action == Do.SUMMON
    assert pod.text == "Last breath: Summon two 1/1 Sprouts."
    assert cardset.cards[4].has_aura and cardset.cards[4].text == "Your other creatures have +1/+0."
    assert cardset.cards[5].effects[0].target == Target.CHOSEN
    assert (
        cardset.cards[6].text == "Deal 2 damage to an enemy creature or your opponent. Deal 1 damage to your opponent."
    )


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"cost": 13}, "card 1 (Ember Imp): cost: Input should be less than or equal to 12"),
        ({"type": "spell"}, "card 1 (Ember Imp): type: Input should be 'creature', 'green', 'red' or 'blue'"),
        ({"keywords": "CX"}, "card 1 (Ember Imp): keywords: String should match pattern"),
        ({"keywords": "CC"}, "card 1 (Ember Imp): keywords: a keyword letter is repeated"),
        ({"defense": 0}, "card 1 (Ember Imp): (card): a creature needs a defense of at least 1"),
        ({"speed": 3}, "card 1 (Ember Imp): speed: Extra inputs are not permitted"),
        (
            {"effects": [{"trigger": "play", "action": "damage", "target": "chosen", "amount": 0}]},
            "card 1 (Ember Imp): effects.0: damage needs an amount of at least 1",
        ),
        (
            {"effects": [{"trigger": "death", "action": "buff", "target": "self", "attack": 1}]},
            "card 1 (Ember Imp): effects.0: a death effect cannot target self: the creature is gone",
        ),
        (
            {"effects": [{"trigger": "aura", "action": "damage", "target": "enemy_creatures", "amount": 1}]},
            "card 1 (Ember Imp): effects.0: an aura is a buff of friendly_creatures or adjacent creatures",
        ),
        (
            {"effects": [{"trigger": "turn_end", "action": "damage", "target": "chosen", "amount": 1}]},
            "card 1 (Ember Imp): effects.0: only play effects can have a chosen target",
        ),
        (
            {"effects": [{"trigger": "play", "action": "heal", "target": "all_creatures", "amount": 1}]},
            "card 1 (Ember Imp): effects.0: heal targets players only",
        ),
        (
            {"effects": [{"trigger": "sometimes", "action": "draw", "amount": 1}]},
            "card 1 (Ember Imp): effects.0.trigger: Input should be",
        ),
    ],
)
def test_each_malformed_card_names_file_card_field_and_problem(tmp_path, change, expected):
    cards = [dict(GOOD[0], **change)] + GOOD[1:]
    found = problems(tmp_path, cards)
    assert len(found) == 1, found
    assert found[0].startswith(str(tmp_path / "set.json") + ": ") and expected in found[0], found


def test_cross_checks_report_every_problem(tmp_path):
    cards = [
        dict(GOOD[0]),
        dict(GOOD[1], effects=[{"trigger": "death", "action": "summon", "token": 1}]),
        dict(GOOD[3], id=1),
        dict(GOOD[4], effects=[{"trigger": "play", "action": "summon", "token": 77}]),
    ]
    found = problems(tmp_path, cards)
    assert any("card 1 (War Banner): id: already used" in p for p in found)
    assert any("card 2 (Seed Pod): effects.0.token: card 1 (Ember Imp) is not marked as a token" in p for p in found)
    assert any("card 5 (Hush): effects.0.token: no valid card has id 77" in p for p in found)
    assert len(found) == 3


def test_a_token_that_summons_itself_is_refused(tmp_path):
    loop = dict(GOOD[2], effects=[{"trigger": "death", "action": "summon", "token": 3}])
    found = problems(tmp_path, [GOOD[1], loop])
    assert "summons itself" in found[0]


def test_broken_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"version": 1,\n "cards": [\n  {"id": 1,}\n]}', encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        load_cardset([path])
    assert caught.value.problems == [
        f"{path}: invalid JSON at line 3, column 12: Expecting property name enclosed in double quotes"
    ]


def test_wrong_envelope(tmp_path):
    found = problems(tmp_path, GOOD, version=2)
    assert found == [f"{tmp_path / 'set.json'}: version: Input should be 1"]


def test_the_exported_schema_is_up_to_date():
    from game.rules.cards.cardset import schema_path

    assert schema_path().read_text(encoding="utf-8") == schema_text(), (
        "run `python main.py cards validate --write-schema` after changing the card models"
    )


def test_generated_text_of_locm_cards_reads_like_the_official_text(locm_cards):
    from game.rules.cards.text import card_text

    assert card_text(locm_cards[13]) == "Summon: You gain 1 health. Deal 1 damage to your opponent."
    assert card_text(locm_cards[116]) == "Breakthrough, Charge, Drain, Guard, Lethal and Ward."
    assert card_text(locm_cards[117]) == "Give a friendly creature +1/+1 and Breakthrough."
    assert card_text(locm_cards[142]) == "Remove all abilities from an enemy creature."
