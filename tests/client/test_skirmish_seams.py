"""Issue #31 (skirmish seams) through the client: previews with numbers after shields and push
landings, self-cast areas previewed before they fire, the walk's cost and its warning, the log's
words, the side panel's layout and newest lines, status tooltips, the round on screen, the
palette read at run time, and a whole turn played by keys alone."""

from __future__ import annotations

import re

import pygame

from game.client import theme
from game.client.skirmish.log_lines import cast_lines
from game.client.skirmish.pieces import status_tooltip, team_colour
from game.client.skirmish.previews import cast_preview, move_warning, path_note
from game.client.skirmish.side_panel import CARD, LOG_LINE, button_rects, card_top, fitting_log
from game.rules.events import Event, EventKind
from game.rules.skirmish.hero import Status
from game.rules.skirmish.model import StatusKind
from game.rules.skirmish.state import SkirmishState
from tests.client.driver import key, step
from tests.client.test_skirmish_play import open_skirmish
from tests.skirmish.helpers import SHIPPED

NAMES = ("Orla", "Kael", "Tarin", "Hana", "Bram", "Wren")


def _state(first: str, second: str = "knight", first_acts: bool = True) -> SkirmishState:
    """Corridors, team 0's first hero (uid 1, at a1) to act, named by hand."""
    state = SkirmishState(SHIPPED, "corridors", [[first] * 3, [second] * 3], 1)
    state.names = NAMES
    assert not first_acts or (state.active_hero.uid == 1 and state.active_hero.cell == (0, 0))
    return state


def test_a_shielded_target_shows_the_numbers_after_the_shield():
    state = _state("berserker")
    state.heroes[3].cell = (1, 0)
    state.heroes[3].statuses[StatusKind.SHIELD] = Status(2, 500)
    lines = cast_preview(state, state.ability(state.active_hero, "strike"), (1, 0)).lines
    assert lines[0] == "Hit chance 85%, critical 20%. Expected:"
    assert re.fullmatch(r"Hana \(Knight\): shield takes \d+ of 500, no damage gets through", lines[1]), lines
    state.heroes[3].statuses[StatusKind.SHIELD] = Status(2, 1)  # a thin shield: the rest gets through
    lines = cast_preview(state, state.ability(state.active_hero, "strike"), (1, 0)).lines
    assert re.fullmatch(r"Hana \(Knight\): -\d+ health, shield takes 1 of 1", lines[1]) or re.fullmatch(
        r"Hana \(Knight\): shield takes 1 of 1, -\d+ health", lines[1]
    ), lines


def test_gust_shows_where_the_target_lands():
    state = _state("druid")
    state.heroes[3].cell = (2, 0)  # two cells east of the druid on the open top row
    preview = cast_preview(state, state.ability(state.active_hero, "gust"), (2, 0))
    assert preview.pushes == (((2, 0), (4, 0)),)  # pushed 2 cells away: c1 to e1
    assert "Hana (Knight): lands on e1" in preview.lines
    assert preview.affected == frozenset({4})


def test_a_walks_cost_and_the_warning_before_it_leaves_nothing_to_act_with():
    state = _state("berserker")  # 10 energy, 2 a step; the cheapest ability costs 3
    assert path_note(state, state.grid.path((0, 0), (1, 0), state.occupied())) == "1 step: 2 energy, 8 left"
    assert move_warning(state, (1, 0)) == ""
    assert move_warning(state, (4, 0)) == (
        "After this walk Orla has 2 energy: not enough for any ability. Click again (or Enter) to walk."
    )
    assert move_warning(state, (5, 0)) == (
        "This walk uses all of Orla's energy: the turn ends. Click again (or Enter) to walk."
    )


def test_the_log_says_who_did_what_to_whom_and_how_much():
    state = _state("cleric", "ranger", first_acts=False)
    hit = Event(EventKind.CAST, player=0, card=1, name="strike", point=(1, 0))
    events = [hit, Event(EventKind.DAMAGE, player=1, card=4, value=4, target=1)]
    assert cast_lines(state, events) == {id(hit): "Orla (Cleric): Strike on Hana (Ranger), 4 damage"}
    miss = Event(EventKind.CAST, player=0, card=1, name="strike", point=(1, 0))
    assert cast_lines(state, [miss, Event(EventKind.MISS, player=0, card=1, target=4)]) == {
        id(miss): "Orla (Cleric): Strike on Hana (Ranger), missed"
    }


def test_the_side_panel_keeps_the_newest_log_lines_and_buttons_under_the_card():
    log = tuple((f"line {n}", theme.TEXT) for n in range(30))
    assert [text for text, _ in fitting_log(log, 0, 3 * LOG_LINE)] == ["line 27", "line 28", "line 29"]

    class Hud:
        def height(self, width):
            return 150

    rects = button_rects(Hud(), 6)
    assert rects[0].top >= card_top(Hud()) + CARD  # the buttons never cover the hero's bars
    assert rects[1].left > rects[0].right and rects[2].top > rects[0].bottom  # two columns


def test_a_status_tooltip_says_what_it_does_and_for_how_long():
    assert status_tooltip("poison", 3, 4) == [
        "Poisoned: loses 4 health at the start of each of its turns.",
        "3 turns left",
    ]
    assert status_tooltip("stun", 1, 0) == ["Stunned: skips its next turn.", "1 turn left"]


def test_team_colours_are_read_from_the_palette_in_use():
    try:
        theme.apply_palette(theme.COLOUR_BLIND_SAFE)
        assert team_colour(1) == (245, 150, 40)
    finally:
        theme.apply_palette(theme.STANDARD)
    assert team_colour(1) == (235, 90, 80)


def _hotseat_turn(app, scene, cls_id: str):
    """Keys only: end turns (E) until one of team 0's `cls_id` heroes is to act."""
    for _ in range(200):
        if type(app.top).__name__ == "PassDeviceScene":
            key(app, pygame.K_RETURN)
            continue
        if scene.human_to_act():
            hero = scene.state.active_hero
            if hero.cls.id == cls_id and hero.team == 0:
                return hero
            key(app, pygame.K_e)
        step(app)
    raise AssertionError("no turn came")


def test_a_skirmish_turn_played_by_keys_alone(app):
    scene = open_skirmish(app, opponent="hotseat", seed=3, heroes=("berserker", "berserker", "berserker"))
    hero = _hotseat_turn(app, scene, "berserker")
    start = hero.cell
    # The cursor starts on the hero; arrows move it (drawn: the view model carries it), Enter walks.
    assert scene.cursor == start
    step_to = next(c for c in ((start[0] + 1, start[1]), (start[0], start[1] + 1)) if c in scene.moves())
    key(app, pygame.K_RIGHT if step_to[0] > start[0] else pygame.K_DOWN)
    assert scene.view_model().cursor == step_to
    key(app, pygame.K_RETURN)
    assert hero.cell == step_to and scene.state.active_hero is hero
    # 2: Cleave is a self-cast: the first press previews its area, Esc cancels, two presses cast.
    for _ in range(100):
        if scene.human_to_act():
            break
        step(app)
    key(app, pygame.K_2)
    assert scene.selected is not None and scene.selected.id == "cleave"
    # Seed 3: the hero started on a1 and walked to b1; its area is b1 and the floor beside it
    # (b2 below is a wall), and the view model draws it before anything is cast.
    assert step_to == (1, 0) and sorted(scene.view_model().area) == [(0, 0), (1, 0), (2, 0)]
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.top is scene
    decisions = scene.decisions
    key(app, pygame.K_3)  # Battle Cry: 3 energy, 10 mana
    key(app, pygame.K_3)
    assert scene.decisions == decisions + 1 and hero.cooldowns.get("battle_cry")
    for _ in range(100):
        if scene.human_to_act():
            break
        step(app)
    key(app, pygame.K_e)  # the turn ends by key
    assert scene.state.active_hero is not hero
    assert "1-5: abilities" in scene.view_model().key_hints and "Enter" in scene.view_model().key_hints


def test_a_levels_header_says_the_round_on_screen(app):
    from game.client.launch import open_level

    title = app.push("title")
    open_level(app, "s3_the_courier", home=title)
    for _ in range(40):
        if type(app.top).__name__ == "SkirmishScene":
            break
        key(app, pygame.K_RETURN)
    scene = app.top
    assert type(scene).__name__ == "SkirmishScene"
    assert scene.state.names[1] == "Hana"  # the level names her; the others are drawn
    scene.view.round = 1
    scene.state.round = 2  # the model ran ahead while round 1's last turn still animates
    assert scene.match.hud.caption() == "Round 1"


def test_a_long_hero_name_is_fitted_and_cut_readably(app):
    from game.client.resources import font
    from game.client.skirmish.pieces import fit_label

    text, size = fit_label("Bartholomew the Unyielding of the Northern Marches", 14, 160, bold=True, minimum=12)
    assert size == 12 and text.endswith("…") and font(size, True).size(text)[0] <= 160
    assert fit_label("Orla (Cleric)", 14, 160, bold=True) == ("Orla (Cleric)", 14)


def test_a_status_badge_on_the_board_shows_its_tooltip_under_the_mouse(app):
    from game.client.skirmish import view

    scene = open_skirmish(app, opponent="hotseat", seed=3)
    hero = scene.state.heroes[0]
    hero.statuses[StatusKind.POISON] = Status(3, 4)
    scene.view.sync(scene.state)
    cx, cy = scene.layout.centre(*hero.cell)
    size = max(20, scene.layout.cell // 3)
    badge = (cx - (size + 8) // 2 + size // 2, cy - int(scene.layout.cell * 0.84) // 2 - size // 2 + 4)
    surface = pygame.Surface((1280, 720))
    scene.mouse = (badge[0], badge[1] + 200)  # far below the badge: no tooltip
    view.draw(surface, scene.view_model())
    without = surface.subsurface(pygame.Rect(badge[0] + 14, badge[1] + 14, 300, 40)).copy()
    scene.mouse = badge
    view.draw(surface, scene.view_model())
    shown = surface.subsurface(pygame.Rect(badge[0] + 14, badge[1] + 14, 300, 40))
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(without, "RGB")
