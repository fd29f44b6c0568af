"""The duel scene animates from the engine's typed events: each kind its animation, on the right card."""

from __future__ import annotations

from game.client.cards.match import CardMatch

from game.client.match import MatchSetup
from game.client.cards.duel_scene import DuelScene
from game.rules.cards.actions import use
from game.rules.cards.model import CardType
from game.rules.events import EventKind
from tests.cards.builders import creature_card, fresh_battle, give, item_card, put
from tests.client.driver import step


def test_a_buff_glows_on_the_buffed_creature_and_shows_its_new_stats_before_the_final_sync(app):
    battle = fresh_battle()
    battle.sides[0].mana = battle.sides[0].max_mana = 5
    knight = put(battle, 0, creature_card(2, 3), uid=101)
    give(battle, 0, item_card(CardType.GREEN, attack=2, defense=1, cost=1), uid=103)
    action = use(103, knight.uid)
    buffs = [e for e in battle.clone().apply(action) if e.kind is EventKind.BUFF]
    assert [(e.player, e.card) for e in buffs] == [(0, knight.uid)]  # the engine names the creature

    duel = DuelScene(app, CardMatch(MatchSetup(opponent="hotseat"), battle, [], "buff-test", {}))
    duel.revealed = 0
    app.push(duel)
    step(app, 2)
    duel.perform(action)
    glowing, stats_while_glowing = set(), set()
    for _ in range(300):
        step(app, 1)
        for anim in duel.anims.active:
            if anim.kind == "glow":
                glowing.add(anim.data.get("uid"))
                shown = duel.view.creature(knight.uid)
                stats_while_glowing.add((shown.attack, shown.defense))
        if not duel.anims.busy:
            break
    assert glowing == {knight.uid}
    assert stats_while_glowing == {(4, 4)}  # the new stats show with the glow, not only at the final sync
