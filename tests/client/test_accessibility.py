"""Accessibility: the colour-blind safe palette (checked with a deuteranopia simulation), reduced
motion, and the gamepad, whose buttons become the same actions as the keys."""

from __future__ import annotations

import pygame
import pytest

from game.client import anim, theme
from game.client.anim import AnimationQueue, Anim
from game.client.input import InputMapper
from game.client.match import MatchSetup, start_match
from tests.client.colour_vision import DISTINCT, seen_apart, simulate, simulate_surface
from tests.client.driver import step

# The pairs a player must tell apart, by name in game/client/theme.py.
PAIRS = [("GOOD", "BAD"), ("HIGHLIGHT", "TARGET"), ("HEALTH", "MANA")]


def _colour(name: str):
    return getattr(theme, name)


@pytest.fixture
def palette():
    """Switch palettes inside a test; the standard one is back afterwards."""
    yield theme.apply_palette
    theme.apply_palette(theme.STANDARD)


# ------------------------------------------------------------------------- the simulation


def test_the_simulation_keeps_greys_and_moves_red_onto_the_yellow_blue_axis():
    # Each row of Machado's matrix sums to 1: white and black stay as they are.
    assert simulate((255, 255, 255)) == pytest.approx((255, 255, 255), abs=0.5)
    assert simulate((0, 0, 0)) == pytest.approx((0, 0, 0), abs=0.5)
    # Pure blue: linear (0, 0, 1) -> (-0.228, 0.0474, 0.9689); clipped, then sRGB-encoded:
    # G = 1.055 * 0.047413 ** (1 / 2.4) - 0.055 = 0.2412 -> 61.5, B = 0.9862 -> 251.5.
    assert simulate((0, 0, 255)) == pytest.approx((0, 61.5, 251.5), abs=1)
    # Red and green, far apart to most eyes, come out as two olive yellows.
    red, green = simulate((220, 60, 60)), simulate((60, 180, 60))
    assert red[2] < 80 and green[2] < 80 and abs(red[0] - red[1]) < 20


def test_in_the_standard_palette_the_red_green_pairs_collapse(palette):
    """What the safe palette is for: under deuteranopia the standard good/bad and
    highlight/target pairs are nearly one colour (this is the test that would catch a regression
    of the safe palette back to red against green)."""
    palette(theme.STANDARD)
    assert seen_apart(theme.GOOD, theme.BAD) < DISTINCT / 2
    assert seen_apart(theme.HIGHLIGHT, theme.TARGET) < DISTINCT
    cards = theme.CARD_TYPE_COLOURS
    assert seen_apart(cards[1], cards[2]) < DISTINCT / 2  # green item against red item


def test_in_the_safe_palette_every_pair_stays_apart(palette):
    palette(theme.COLOUR_BLIND_SAFE)
    for first, second in PAIRS:
        assert seen_apart(_colour(first), _colour(second)) >= DISTINCT, (first, second)
    assert seen_apart(*theme.TEAM_COLOURS) >= DISTINCT
    cards = list(theme.CARD_TYPE_COLOURS.values())
    for index, colour in enumerate(cards):
        for other in cards[index + 1 :]:
            assert seen_apart(colour, other) >= DISTINCT / 2, (colour, other)  # four card types, all apart
    # the chosen highlight also stands apart from the duel's grey-blue Guard frame
    assert seen_apart(theme.HIGHLIGHT, (170, 186, 210)) >= DISTINCT


def test_switching_back_restores_the_standard_look_exactly(palette):
    palette(theme.COLOUR_BLIND_SAFE)
    assert theme.GOOD == (90, 180, 250) and theme.palette == theme.COLOUR_BLIND_SAFE
    palette("no such palette")  # an unknown name is the standard palette
    assert (theme.GOOD, theme.BAD, theme.HIGHLIGHT, theme.TARGET) == (
        (110, 210, 130),
        (235, 95, 90),
        (120, 240, 160),
        (255, 110, 90),
    )
    assert theme.CARD_TYPE_COLOURS[1] == (84, 178, 96) and theme.palette == theme.STANDARD


def test_a_screen_drawn_in_each_palette_seen_through_the_simulation(app):
    """Pixels, not constants: the result screen's headline, a win and a loss side by side,
    simulated from the screenshot's pixels."""

    def headline_colours() -> tuple:
        seen = []
        for good in (True, False):
            app.reset(app.make("result", headline="Victory!", detail="", good=good, on_rematch=lambda: None))
            step(app, 40)
            app.render()
            picture = simulate_surface(app.canvas)
            seen.append(_text_colour(picture, good))
        return tuple(seen)

    app.settings.palette = theme.STANDARD
    app.apply_accessibility()
    won, lost = headline_colours()
    assert seen_apart(won, lost) < DISTINCT / 2
    app.settings.palette = theme.COLOUR_BLIND_SAFE
    app.save_settings()  # as the settings screen does
    assert theme.GOOD == theme.PALETTES[theme.COLOUR_BLIND_SAFE]["GOOD"]
    won, lost = headline_colours()
    assert seen_apart(won, lost) >= DISTINCT


def _text_colour(picture: pygame.Surface, good: bool) -> tuple:
    """The most frequent colour of the headline's pixels (the result screen's big word): found as
    the pixels of the picture nearest the simulated GOOD or BAD colour."""
    target = simulate(theme.GOOD if good else theme.BAD)
    best, distance = None, 1e9
    width, height = picture.get_size()
    for y in range(height // 3, 2 * height // 3, 3):
        for x in range(width // 4, 3 * width // 4, 3):
            colour = tuple(picture.get_at((x, y)))[:3]
            gap = sum((a - b) ** 2 for a, b in zip(colour, target))
            if gap < distance:
                best, distance = colour, gap
    assert best is not None and distance < 30**2, "the headline is not on screen"
    return best


# ------------------------------------------------------------------------- reduced motion


def test_reduced_motion_plays_animations_twice_as_fast():
    try:
        queue = AnimationQueue(speed=1.0)
        queue.then(Anim("slide", 400))
        queue.update(100)
        assert queue.active[0].elapsed == 100
        anim.set_reduced_motion(True)
        queue.update(100)
        assert queue.active[0].elapsed == 300
        queue.update(50)
        assert not queue.busy
    finally:
        anim.set_reduced_motion(False)


def test_reduced_motion_stops_the_duels_shake_hit_stop_and_slow_motion(app):
    from game.client.cards.match import CardMatch
    from game.client.cards.duel_scene import DuelScene
    from game.rules.cards.battle import Battle

    pool = app.card_pool_loader().cards
    match = CardMatch(
        MatchSetup(opponent="hotseat"), Battle.from_decks([list(pool[:30]), list(pool[30:60])]), pool, "rm", {}
    )
    duel = DuelScene(app, match)
    app.push(duel)
    step(app, 2)
    duel.impact(1.0)
    assert duel.hitstop > 0 and duel.shake > 0  # the standard feel: a freeze and a shake
    assert duel._feel(16.0) == 0.0
    app.settings.reduced_motion = True
    app.save_settings()
    duel.impact(1.0)
    duel.finishing_blow()
    assert duel._feel(16.0) == 16.0  # the animations get all their time
    assert duel.shake_offset() == (0, 0) and duel.hitstop == duel.slow_motion == 0.0


def test_reduced_motion_holds_the_title_still(app):
    title = app.make("title")
    app.reset(title)
    step(app, 3)
    assert title.time > 0
    app.settings.reduced_motion = True
    app.save_settings()
    before = title.time
    step(app, 10)
    assert title.time == before


# ------------------------------------------------------------------------- the gamepad


def _event(kind, **fields):
    return pygame.event.Event(kind, **fields)


def _actions(mapper, events) -> list:
    out = []
    for event in events:
        intent = mapper.map(event)
        out.append(intent.name if intent is not None else None)
    return out


def test_controller_buttons_and_the_left_stick_are_actions():
    mapper = InputMapper(lambda pos: pos)
    buttons = [
        pygame.CONTROLLER_BUTTON_A,
        pygame.CONTROLLER_BUTTON_B,
        pygame.CONTROLLER_BUTTON_START,
        pygame.CONTROLLER_BUTTON_DPAD_UP,
        pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        pygame.CONTROLLER_BUTTON_X,
        pygame.CONTROLLER_BUTTON_GUIDE,
    ]
    events = [_event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b) for b in buttons]
    assert _actions(mapper, events) == ["confirm", "back", "back", "up", "down", "left", "right", "undo", None]
    y = pygame.CONTROLLER_AXIS_LEFTY
    stick = [_event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=y, value=v) for v in (30000, 32767, 5000, -25000)]
    # pushed down (one press, not one per frame it is held), let go, pushed up
    assert _actions(mapper, stick) == ["down", None, None, "up"]
    assert _actions(mapper, [_event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=0)]) == [None]


def test_a_plain_joystick_has_its_buttons_hat_and_stick_mapped():
    mapper = InputMapper(lambda pos: pos)
    events = [
        _event(pygame.JOYBUTTONDOWN, instance_id=3, button=0),
        _event(pygame.JOYBUTTONDOWN, instance_id=3, button=1),
        _event(pygame.JOYBUTTONDOWN, instance_id=3, button=7),
        _event(pygame.JOYBUTTONDOWN, instance_id=3, button=9),
        _event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 1)),
        _event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 0)),
        _event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(-1, 0)),
        _event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(1, -1)),  # a diagonal: nothing
        _event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.8),
        _event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.5),  # still held past STICK_OFF
        _event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.1),
        _event(pygame.JOYAXISMOTION, instance_id=3, axis=0, value=0.9),
        _event(pygame.JOYAXISMOTION, instance_id=3, axis=2, value=1.0),  # a trigger
    ]
    assert _actions(mapper, events) == [
        "confirm",
        "back",
        "back",
        None,
        "up",
        None,
        "left",
        None,
        "right",
        None,
        None,
        "right",
        None,
    ]


def test_a_game_controllers_joystick_events_are_not_counted_twice():
    mapper = InputMapper(lambda pos: pos)
    mapper.pads.controllers.add(5)  # opened through the controller API
    assert _actions(mapper, [_event(pygame.JOYBUTTONDOWN, instance_id=5, button=0)]) == [None]
    assert _actions(mapper, [_event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=0)]) == ["confirm"]
    mapper.map(_event(pygame.CONTROLLERDEVICEREMOVED, instance_id=5))
    assert _actions(mapper, [_event(pygame.JOYBUTTONDOWN, instance_id=5, button=0)]) == ["confirm"]


def _pad(app, kind, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, instance_id=0, **fields))
    step(app)


def test_a_gamepad_drives_the_menus_and_plays_gomoku(app):
    app.push("title")
    step(app)
    _pad(app, pygame.JOYHATMOTION, hat=0, value=(0, -1))  # down: Quick match
    _pad(app, pygame.JOYHATMOTION, hat=0, value=(0, 0))
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A)
    assert app.top.name == "quick_match"
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_B)
    assert app.top.name == "title"
    start_match(app, MatchSetup(game="gomoku", opponent="hotseat"))
    gomoku = app.top
    start = gomoku.cursor
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    _pad(app, pygame.JOYHATMOTION, hat=0, value=(0, 1))  # a plain joystick's hat: up
    assert gomoku.cursor == (start[0] + 1, start[1] - 1)
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A)
    step(app, 20)
    assert gomoku.state.at(start[0] + 1, start[1] - 1) != 0  # the stone is down
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_START)
    assert app.top.name == "pause"
    _pad(app, pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_START)
    assert app.top is gomoku


def test_a_pad_that_cannot_be_opened_changes_nothing():
    """SDL announces a device that is gone (or the dummy driver has none): no action, no crash,
    nothing kept."""
    mapper = InputMapper(lambda pos: pos)
    assert mapper.map(_event(pygame.JOYDEVICEADDED, device_index=7)) is None
    assert mapper.pads.devices == {} and mapper.pads.controllers == set()
