"""Every event a player sees has a designed sound (game/client/sound.py's EVENT_SOUNDS and
sound_for), chosen by size, colour, damage and seat, and the duel animator plays them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.client.sound import EFFECTS, EVENT_SOUNDS, sound_for, takes
from game.rules.cards.battle import Battle
from game.rules.cards.cardset import load_cardset
from game.rules.cards.draft import Draft
from game.rules.cards.model import CardType
from game.rules.events import FACE, Event, EventKind
from tests.cards.builders import creature_card, fresh_battle, give, item_card, put

SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"
# The skirmish's own kinds: its client is not built yet, so they have no sounds yet.
SKIRMISH = {
    EventKind.ROUND,
    EventKind.HERO_TURN,
    EventKind.MOVE,
    EventKind.CAST,
    EventKind.MISS,
    EventKind.CRIT,
    EventKind.HEAL,
    EventKind.ABSORB,
    EventKind.DISPLACE,
    EventKind.STATUS,
    EventKind.EXPIRE,
    EventKind.STUNNED,
    EventKind.ENERGY,
}


def assert_plays_a_file(name: str | None, what) -> None:
    assert name, f"{what}: no sound"
    for take in takes(name):
        assert take in EFFECTS and (SOUNDS / f"{take}.wav").is_file(), f"{what}: {name!r} -> no file {take}.wav"


@pytest.mark.parametrize("kind", [kind for kind in EventKind if kind not in SKIRMISH], ids=lambda kind: kind.value)
def test_every_card_and_gomoku_event_kind_maps_to_a_sound_file(kind):
    assert kind in EVENT_SOUNDS
    assert_plays_a_file(EVENT_SOUNDS[kind], kind)
    assert_plays_a_file(sound_for(Event(kind, player=0)), kind)  # without a view or a card too


def test_every_event_the_card_engine_emits_in_random_games_has_a_sound():
    pool = load_cardset().draftable
    seen = set()
    for game in range(12):
        rng = random.Random(game)
        draft = Draft(pool, rng)
        for _ in draft.offers:
            for seat in (0, 1):
                draft.choose(seat, rng.randrange(3))
        battle = Battle.from_decks(draft.decks(rng), 1 + game % 2, seed=game)
        cards = {i.uid: i.card for side in battle.sides for i in side.deck}
        while battle.winner is None:
            view = battle.clone()
            for event in battle.apply(rng.choice(battle.legal_actions())):
                creature = view.creature(event.card) or battle.creature(event.card)
                card = cards.get(event.card) or (creature.card if creature is not None else None)
                assert_plays_a_file(sound_for(event, view, me=0, card=card), event)
                seen.add(event.kind)
    assert {
        EventKind.TURN,
        EventKind.DRAW,
        EventKind.SUMMON,
        EventKind.USE,
        EventKind.ATTACK,
        EventKind.DAMAGE,
        EventKind.DEATH,
        EventKind.HEALTH,
        EventKind.RUNE,
        EventKind.WIN,
    } <= seen


def test_sounds_are_chosen_by_size_colour_damage_and_seat():
    battle = fresh_battle()
    small, big = creature_card(1, 1, cost=2), creature_card(8, 8, cost=9)
    put(battle, 0, creature_card(6, 5), uid=11)  # a heavy hitter
    put(battle, 0, creature_card(2, 2), uid=12)
    put(battle, 0, creature_card(1, 1, keywords="L"), uid=13)
    put(battle, 1, creature_card(1, 4, keywords="G"), uid=21)
    put(battle, 1, creature_card(1, 4, keywords="W"), uid=22)
    battle.sides[1].health = 3

    def sound(kind, of=None, **fields):
        return sound_for(Event(kind, **fields), battle, me=0, card=of)

    assert sound(EventKind.SUMMON, small, player=0, card=5) == "summon_small"
    assert sound(EventKind.SUMMON, creature_card(4, 4, cost=5), player=0, card=5) == "summon_medium"
    assert sound(EventKind.SUMMON, big, player=1, card=5) == "summon_large"
    for colour, name in ((CardType.GREEN, "item_green"), (CardType.RED, "item_red"), (CardType.BLUE, "item_blue")):
        assert sound(EventKind.USE, item_card(colour), player=0, card=5) == name
    assert sound(EventKind.ATTACK, player=0, card=11, target=FACE) == "attack_heavy"
    assert sound(EventKind.ATTACK, player=0, card=12, target=21) == "attack_light"
    assert sound(EventKind.ATTACK, player=0, card=13, target=21) == "lethal"
    assert sound(EventKind.ATTACK, player=0, card=13, target=22) == "attack_light"  # the Ward takes it
    assert sound(EventKind.DAMAGE, card=21, value=2) == "guard_block"
    assert sound(EventKind.DAMAGE, card=12, value=1) == "hit_creature"
    assert sound(EventKind.DAMAGE, player=1, card=FACE, value=1) == "hit_player"
    assert sound(EventKind.WARD, card=22) == "ward_pop"
    assert sound(EventKind.HEALTH, player=0, value=2) == "drain_heal"
    assert sound(EventKind.HEALTH, player=1, value=-2) == "hit_player"
    assert sound(EventKind.HEALTH, player=1, value=-3) == "finisher"  # the blow that ends the duel
    assert sound(EventKind.DEATH, player=1, card=21) == "death"
    assert sound(EventKind.RUNE, player=1, value=25) == "rune_break"
    assert sound(EventKind.TURN, player=0) == "turn_yours" and sound(EventKind.TURN, player=1) == "turn_theirs"
    assert sound_for(Event(EventKind.TURN, player=1), battle, me=None) == "turn_yours"  # hot-seat
    assert sound(EventKind.BUFF, player=0, card=12) == "item_green"
    assert sound(EventKind.BUFF, player=1, card=21) == "item_red"  # weakened by the player whose turn it is
    assert sound(EventKind.WIN, player=0) == "victory" and sound(EventKind.WIN, player=1) == "defeat"
    assert sound_for(Event(EventKind.WIN, player=0, line=((0, 0), (1, 1)))) == "five_in_a_row"
    assert sound_for(Event(EventKind.STONE, player=0, point=(3, 3))) == "stone"
    assert sound_for(Event(EventKind.FOUL, player=0, foul="double four")) == "foul_refused"


def test_the_duel_animator_plays_each_events_sound(app, monkeypatch):
    from game.client.cards.match import CardMatch
    from game.client.match import MatchSetup
    from game.client.cards.duel_scene import DuelScene
    from game.rules.cards.actions import attack, use
    from tests.client.driver import step

    battle = fresh_battle()
    battle.sides[0].mana = battle.sides[0].max_mana = 5
    put(battle, 0, creature_card(7, 6), uid=101)
    put(battle, 0, creature_card(2, 2), uid=102)
    put(battle, 1, creature_card(1, 1, keywords="W"), uid=201)
    put(battle, 1, creature_card(1, 2), uid=202)
    give(battle, 0, item_card(CardType.RED, defense=-2, cost=1), uid=103)
    played = []
    monkeypatch.setattr(app, "play_sound", played.append)
    duel = DuelScene(app, CardMatch(MatchSetup(opponent="hotseat"), battle, [], "sound-test", {}))
    duel.revealed = 0
    app.push(duel)
    step(app, 2)
    for action in (use(103, 201), attack(101, 202), attack(102, FACE)):
        duel.perform(action)
        for _ in range(400):
            step(app, 1)
            if not duel.anims.busy:
                break
    assert "item_red" in played and "ward_pop" in played  # the red item pops the Ward
    assert "attack_heavy" in played and "hit_creature" in played and "death" in played
    assert "attack_light" in played and "hit_player" in played  # the face hit, sounded by its health change
    assert all(name is None or takes(name)[0] in EFFECTS for name in played)
