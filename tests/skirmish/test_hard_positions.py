"""Positions where the hard skirmish AI used to err, built by hand from a player's report (#36)
and from watching its games; each test states the old choice and asserts the new one avoids it.

Every search runs on the work clock (tests/skirmish/helpers.py): the clock moves with the
copies made, not the machine, so each choice is the same on any machine."""

from __future__ import annotations

from ai.skirmish.hard import PLANS, HardAgent
from ai.skirmish.hard_eval import escape_cells, fight_range, storm_on, strikers
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
