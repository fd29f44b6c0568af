"""Positions where the hard skirmish AI used to err, built by hand from a player's report (#36)
and from watching its games; each test states the old choice and asserts the new one avoids it.

Every search runs on the work clock (tests/skirmish/helpers.py): the clock moves with the
copies made, not the machine, so each choice is the same on any machine."""

from __future__ import annotations

from ai.skirmish.hard import PLANS, HardAgent
import pytest

from ai.skirmish.hard_eval import escape_cells, fight_range, high_damage, peril, safest_cells, storm_on, strikers
from game.rules.skirmish.actions import Act
from game.rules.skirmish.grid import manhattan
from game.rules.skirmish.hero import Status
from game.rules.skirmish.model import StatusKind
from game.rules.skirmish.state import SkirmishState
from tests.skirmish.helpers import SHIPPED, work_clock

BUDGET_MS = 400  # the client's hard AI at the default thinking time (game/client/skirmish/match.py)

# Ruins (10 x 8), as levels/skirmish/maps/ruins.json draws it:
#   ..........
#   ...#..#...
#   .#......#.
#   ....##....
#   ....##....
#   .#......#.
#   ...#..#...
#   ..........


def position(teams, cells, active, round=1, health=None, mana=None, order=None, arena="ruins") -> SkirmishState:
    """Heroes (uids 1-3 team 0, 4-6 team 1) at `cells`, `health` and `mana` by uid (health 0:
    down), hero `active` to act with its turn's energy, the others after it in `order`."""
    state = SkirmishState(SHIPPED, arena, teams, seed=0)
    for hero, cell in zip(state.heroes, cells):
        hero.cell = cell
    for uid, value in (health or {}).items():
        state.heroes[uid - 1].health = value
        state.heroes[uid - 1].alive = value > 0
    for uid, value in (mana or {}).items():
        state.heroes[uid - 1].mana = value
    state.round = round
    alive = [h.uid for h in state.heroes if h.alive]
    state.order = order or [active] + [uid for uid in alive if uid != active]
    state.turn_index = 0
    hero = state.heroes[active - 1]
    hero.energy = hero.turn_energy()
    return state


def hard_turn(state: SkirmishState, seed: int = 1) -> tuple[list[str], SkirmishState]:
    """The hard AI's whole turn for the active hero: its actions as text and the state after."""
    agent = HardAgent(seed)
    state = state.clone()
    uid = state.active_hero.uid
    actions: list[str] = []
    with work_clock():
        while not state.is_over and state.active_hero.uid == uid and len(actions) < 12:
            action = agent.act(state.observation(state.current_player), BUDGET_MS)
            actions.append(action.text())
            state.apply(action)
            if action.kind == Act.END:
                break
    return actions, state


def slowed(state: SkirmishState, uid: int, amount: int, source: int) -> SkirmishState:
    state.heroes[uid - 1].statuses[StatusKind.SLOW] = Status(2, amount, source)
    return state


def wounded_cleric() -> SkirmishState:
    """Round 5: the cleric (uid 3, 1 health, 10 mana: no Mend, no Sanctuary) at e6, three cells
    from the enemy ranger (uid 4) at h6, which acts next, slowed to 6 energy: it can shoot from
    where it stands (range 2-6, in sight) but cannot walk and shoot."""
    state = position(
        [["knight", "mage", "cleric"], ["ranger", "knight", "mage"]],
        [(2, 1), (2, 6), (4, 5), (7, 5), (9, 1), (9, 6)],
        active=3,
        round=5,
        health={3: 1},
        mana={3: 10},
        order=[3, 4, 1, 5, 2, 6],
    )
    return slowed(state, 4, 4, 3)


def test_a_one_health_cleric_leaves_the_rangers_reach():
    """Player's report: a 1-health cleric stayed inside a ranger's range. The old hard ended its
    turn where it stood (END at e6, three cells from the ranger, in sight): its four judged plans
    were END and three walks there and back, all ending on e6, so the replies never judged a way
    out."""
    state = wounded_cleric()
    ranger = state.heroes[3]
    actions, after = hard_turn(state)
    cleric = after.heroes[2]
    assert actions != ["END"]
    assert manhattan(cleric.cell, ranger.cell) > 6 or not after.grid.los(cleric.cell, ranger.cell), (actions, cleric)


def test_escape_cells_are_those_fewest_enemies_can_strike():
    """Where it stands the ranger (3 steps when slowed, then its range 6) and the mage (5 steps,
    range 5) could strike the cleric next turn; on c3 and c8 only the ranger, on the map's
    reckoning (it walks, then shoots: the rules' slow stops that, the count does not know)."""
    state = wounded_cleric()
    cleric = state.heroes[2]
    reach = state.grid.reach(cleric.cell, 5, state.occupied())
    enemies = [h for h in state.heroes if h.team == 1]
    assert escape_cells(state, cleric, reach, 2) == [(2, 2), (2, 7)]
    assert [strikers(state, c, enemies) for c in ((4, 5), (2, 2), (2, 7))] == [2.0, 1.0, 1.0]


def test_the_last_druid_under_the_storm_closes_in_and_strikes():
    """Player's report: the last druid idled in a corner for three rounds while the storm killed
    it. Round 18 (storm since 16: 9 damage a turn to everyone), the druid alone (50 health, no
    mana) at e2, the enemy ranger alone (40 health) at g4. The old hard walked to e1 and ended
    its turn: five cells away, its spells' range, where its staff does nothing."""
    state = position(
        [["druid", "knight", "mage"], ["ranger", "knight", "mage"]],
        [(4, 1), (2, 6), (4, 5), (6, 3), (9, 1), (9, 6)],
        active=1,
        round=18,
        health={1: 50, 2: 0, 3: 0, 4: 40, 5: 0, 6: 0},
        mana={1: 0, 4: 0},
    )
    actions, after = hard_turn(state)
    assert actions[-1] == "CAST strike 6 3", actions
    assert after.heroes[3].health < 40


def test_out_of_mana_only_the_staff_sets_the_range():
    state = position(
        [["druid", "cleric", "mage"], ["ranger", "knight", "mage"]],
        [(0, 0), (0, 2), (0, 4), (9, 0), (9, 2), (9, 4)],
        active=1,
    )
    druid, cleric = state.heroes[0], state.heroes[1]
    assert (fight_range(druid), fight_range(cleric)) == (5, 3)  # Entangle 5 + area 1, Smite 4
    druid.mana, cleric.mana = 19, 14  # Entangle costs 20, Smite 15
    assert (fight_range(druid), fight_range(cleric)) == (1, 1)
    assert fight_range(druid, paid_only=False) == 5
    state.round = 14
    assert not storm_on(state)
    state.round = 15  # the storm blows from round 16: the round before, hiding already loses
    assert storm_on(state)


def cleric_without_mana() -> SkirmishState:
    """Round 8: a healthy cleric (5 mana: no spell) at c6, the enemy ranger (25 health) at f7,
    three steps from a cell beside it; the ranger acts next."""
    return position(
        [["cleric", "knight", "mage"], ["ranger", "knight", "mage"]],
        [(2, 5), (0, 1), (0, 6), (5, 6), (9, 1), (9, 6)],
        active=1,
        round=8,
        health={4: 25},
        mana={1: 5},
        order=[1, 4, 2, 5, 3, 6],
    )


def test_a_cleric_without_mana_finishes_a_wounded_ranger():
    """Found watching hard against medium: a cleric at full health and out of mana ended its
    turns at its spells' range. Old hard: END. It judged four plans against the replies, four
    walks of the same worth before them; walking in and striking ranked below them."""
    actions, after = hard_turn(cleric_without_mana())
    assert actions == ["MOVE 4 6", "CAST strike 5 6"], actions


def test_plans_that_end_alike_are_judged_once():
    """The old hard's four plans for the 1-health cleric were END and three walks there and back,
    all ending on e6; now each kept plan ends differently (cell or worth)."""
    plans = HardAgent(1)._plans(wounded_cleric().observation(0), stop=float("inf"))
    ends = [(end.heroes[2].cell, round(value, 6)) for value, _, _, end in plans]
    assert len(set(ends)) == len(ends) == PLANS + 2  # and the plans to its two escape cells
    assert {cell for cell, _ in ends[-2:]} == {(2, 2), (2, 7)}


def test_more_time_looks_further_ahead():
    """The replies deepen while time remains (the old hard judged one reply turn and stopped,
    using about 4 ms of 80 at the median): on the work clock, 20 ms reach the next hero's turn,
    400 ms every other hero's turn until the cleric's next (5 turns), 2 s a round more."""
    horizons = []
    for budget in (20, 400, 2000):
        agent = HardAgent(1)
        state = cleric_without_mana()
        with work_clock():
            agent.act(state.observation(0), budget)
        horizons.append(agent.horizon)
    assert horizons == [1, 5, 11]


def cleric_among_enemies() -> SkirmishState:
    """Round 4: the cleric (uid 3, 14 of 90 health, 15 mana: Smite, no Mend, no Sanctuary) at c4,
    its knight and ranger behind it on the left edge; the enemy knight (70 health) at g3, mage
    (35) at h4 and ranger (50) at g6; an ally acts next, then the enemy knight."""
    return position(
        [["knight", "ranger", "cleric"], ["knight", "mage", "ranger"]],
        [(0, 3), (0, 6), (2, 3), (6, 2), (7, 3), (6, 5)],
        active=3,
        round=4,
        health={3: 14, 4: 70, 5: 35, 6: 50},
        mana={3: 15},
        order=[3, 1, 4, 2, 5, 6],
    )


def test_a_fourteen_health_cleric_keeps_out_of_the_enemy_team():
    """Player's report: a 14-health cleric walked into the middle of the enemy team. The old hard
    stepped to c3 and cast Smite on the knight (MOVE 2 2, CAST smite 6 2, END), four cells from
    the knight, six from the mage, seven from the ranger: no single blow at its mean kills it, so
    the greedy replies left it standing. Now it walks to a1, where only the mage's Frost Lance
    reaches it (9 on a high roll)."""
    state = cleric_among_enemies()
    actions, after = hard_turn(state)
    assert actions == ["MOVE 0 0"], actions
    cleric = after.heroes[2]
    assert sum(high_damage(e, cleric.cell, cleric) for e in after.heroes[3:]) == pytest.approx(9.0)


def test_the_enemies_high_rolls_together_put_the_cleric_in_peril():
    """On c3 (the old choice): the knight walks 3 steps and strikes once (13 x 0.8 for the
    cleric's armour 20), the mage walks a step and casts two Arcane Bolts (13 x 0.75 for its
    resist 25, each; more than one Fireball's 18 x 0.75), the ranger walks a step and shoots once
    (13 x 0.8): 40.3 together, more than 14, so the cleric risks half its standing worth. On a1
    only the mage's Frost Lance (12 x 0.75) reaches it: 9, no peril; a1 is the safest cell."""
    state = cleric_among_enemies()
    cleric, enemies = state.heroes[2], state.heroes[3:]
    assert [high_damage(e, (2, 2), cleric) for e in enemies] == pytest.approx([10.4, 19.5, 10.4])
    assert [high_damage(e, (0, 0), cleric) for e in enemies] == pytest.approx([0.0, 9.0, 0.0])
    cleric.cell = (2, 2)
    assert peril(state, cleric) == pytest.approx(0.5 * (40 + 100 * (14 / 90) ** 0.5))
    cleric.cell = (0, 0)
    assert peril(state, cleric) == 0.0
    cleric.cell = (2, 3)
    reach = state.grid.reach(cleric.cell, 5, state.occupied())
    assert safest_cells(state, cleric, reach) == [(0, 0)]


def mage_beside_a_berserker() -> SkirmishState:
    """Pillars, round 7, from a hard-vs-medium game: the last hard hero, a mage (70 health, 47
    mana) at j5, the enemy berserker (37 health) beside it at j4, the warlock and mage far off."""
    return position(
        [["berserker", "warlock", "mage"], ["berserker", "warlock", "mage"]],
        [(9, 3), (3, 4), (1, 3), (5, 3), (7, 4), (9, 4)],
        active=6,
        round=7,
        health={1: 37, 2: 65, 3: 70, 4: 0, 5: 0, 6: 70},
        mana={1: 18, 2: 50, 3: 62, 6: 47},
        order=[6, 2, 3, 1],
        arena="pillars",
    )


def test_a_mage_on_a_busy_machine_still_acts():
    """Found watching hard against medium: the mage ended three turns running beside the berserker
    that was killing it, full energy and 47 mana (hard lost). On a busy machine its plans had no
    time: END is the first candidate, and the search stopped after it. Here a 2 ms budget on the
    work clock (0.4 ms for plans: two state copies) stands for that: the old hard chose END (and at
    3-5 ms a step to k3); now every first action is judged and it casts Frost Lance at the
    berserker (at 20 ms the old hard cast Fireball)."""
    for budget in (1, 2, 5):
        agent = HardAgent(1)
        with work_clock():
            action = agent.act(mage_beside_a_berserker().observation(1), budget)
        assert action.text() == "CAST frost_lance 8 0", (budget, action)
    state = mage_beside_a_berserker()
    state.apply(action)
    assert state.heroes[0].health < 37  # the lance's line runs through the berserker
