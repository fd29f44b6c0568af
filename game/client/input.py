"""Input mapping: pygame events become intents before any scene sees them.

Mouse positions are converted from window pixels to the virtual canvas; keys and gamepad
buttons become named actions, so scenes (and tests) deal with "confirm" or "end_turn", never with
key codes or pad buttons. `ACTION_USES` says what each action does in each game: the Controls
screen lists it with the keys bound here, so that list cannot drift from the mapping.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from game.i18n import N_

log = logging.getLogger(__name__)

KEY_ACTIONS = {
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_e: "end_turn",
    pygame.K_SPACE: "end_turn",
    pygame.K_TAB: "toggle_overlay",
    pygame.K_u: "undo",
    pygame.K_n: "numbers",  # gomoku: move numbers on the stones
    pygame.K_BACKSPACE: "undo",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_r: "rematch",
    pygame.K_F11: "fullscreen",
    pygame.K_F5: "reload",  # a level being played is read again from its file and restarted
    **{getattr(pygame, f"K_{n}"): f"card_{n}" for n in range(1, 9)},  # the duel: hand card n
}


# A pad with SDL's game-controller mapping (Xbox names: A is the bottom face button).
PAD_BUTTON_ACTIONS = {
    pygame.CONTROLLER_BUTTON_A: "confirm",
    pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_START: "back",  # Start pauses a game (as Esc does) and closes the pause menu
    pygame.CONTROLLER_BUTTON_X: "undo",
    pygame.CONTROLLER_BUTTON_Y: "toggle_overlay",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "end_turn",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
# A joystick SDL has no mapping for: buttons by number in the common XInput order.
JOY_BUTTON_ACTIONS = {0: "confirm", 1: "back", 2: "undo", 3: "toggle_overlay", 5: "end_turn", 7: "back"}
PAD_NAMES = {  # what the Controls screen calls each pad action's button
    "confirm": "A",
    "back": "B / Start",
    "undo": "X",
    "toggle_overlay": "Y",
    "end_turn": "RB",
    "up": N_("D-pad / stick"),
    "down": N_("D-pad / stick"),
    "left": N_("D-pad / stick"),
    "right": N_("D-pad / stick"),
}
STICK_ON, STICK_OFF = 0.6, 0.3  # a stick pushed past 60 % is one arrow press; back under 30 % re-arms it

# What each action does, by game (the Controls screen: the keys come from KEY_ACTIONS, the pad's
# buttons from PAD_NAMES; the words are marked with N_ and translated where they are drawn). Actions named together share a line ("up down": Up / Down); "=1-5" is
# a scene's own keys (the skirmish reads its digits itself), shown as written.
ACTION_USES: dict[str, list[tuple[str, str]]] = {
    N_("Menus"): [
        ("up down", N_("choose a line")),
        ("left right", N_("change a setting, or choose a tab")),
        ("confirm", N_("choose")),
        ("back", N_("go back")),
        ("toggle_overlay", N_("next settings tab")),
        ("fullscreen", N_("full screen on or off")),
    ],
    N_("Card duel"): [
        (" ".join(f"card_{n}" for n in range(1, 9)), N_("choose a card of your hand by its place")),
        ("up down left right", N_("walk your hand, your attackers, then the targets")),
        ("confirm", N_("pick the card up, then play it on the chosen target")),
        ("end_turn", N_("end your turn")),
        ("toggle_overlay", N_("the next target, or the AI's thoughts")),
        ("back", N_("put the card down, or the pause menu")),
    ],
    N_("Skirmish"): [
        ("up down left right", N_("move the cursor")),
        ("confirm", N_("walk to the cell under the cursor, or use the ability there")),
        ("=1-5", N_("choose an ability")),
        ("numbers", N_("next ability")),
        ("undo", N_("cancel the chosen ability")),
        ("end_turn", N_("end the hero's turn")),
        ("toggle_overlay", N_("show the AI's thoughts")),
        ("back", N_("cancel, or the pause menu")),
    ],
    N_("Board games"): [
        ("up down left right", N_("move the cursor")),
        ("confirm", N_("play at the cursor")),
        ("undo", N_("take back a move")),
        ("numbers", N_("move numbers on the stones (gomoku)")),
        ("toggle_overlay", N_("show the AI's thoughts")),
        ("back", N_("pause menu")),
    ],
    N_("After a game"): [("rematch", N_("play again")), ("confirm", N_("choose")), ("back", N_("go back"))],
    N_("Level designer"): [("reload", N_("read the level file again and restart it"))],
}


def keys_for(action: str) -> list[str]:
    """The keys bound to `action`, as the keyboard labels them ("E", "Space", "Up")."""
    names = []
    for key, name in KEY_ACTIONS.items():
        if name == action:
            label = pygame.key.name(key)
            label = {"return": "Enter", "enter": "Keypad Enter", "escape": "Esc"}.get(label, label)
            names.append(label.upper() if len(label) == 1 else label[:1].upper() + label[1:])
    return names


class Gamepads:
    """The pads plugged in, opened as they arrive: a pad SDL knows is a game controller (its
    joystick events are then ignored, as each press would come twice), any other as a joystick."""

    def __init__(self):
        self.devices: dict[int, object] = {}  # instance id -> Controller or Joystick (kept open)
        self.controllers: set[int] = set()  # instance ids read through the controller API
        self.stick: dict[tuple[int, int], int] = {}  # (instance, axis) -> -1, 0, 1: where it points

    def added(self, device_index: int) -> None:
        try:
            from pygame._sdl2 import controller

            if not pygame.joystick.get_init():
                pygame.joystick.init()
            if not controller.get_init():
                controller.init()
            if controller.is_controller(device_index):
                pad = controller.Controller(device_index)
                joystick = pad.as_joystick()
                self.controllers.add(joystick.get_instance_id())
                self.devices[joystick.get_instance_id()] = pad
            else:
                stick = pygame.joystick.Joystick(device_index)
                self.devices[stick.get_instance_id()] = stick
        except (pygame.error, ImportError, AttributeError) as error:  # a pad that will not open: keys still work
            log.warning("gamepad %s not opened: %s", device_index, error)

    def removed(self, instance_id: int) -> None:
        self.devices.pop(instance_id, None)
        self.controllers.discard(instance_id)

    def axis(self, instance: int, axis: int, value: float, vertical: bool) -> str | None:
        """One arrow when the stick crosses STICK_ON, none again until it comes back."""
        was = self.stick.get((instance, axis), 0)
        now = 1 if value >= STICK_ON else -1 if value <= -STICK_ON else was if abs(value) > STICK_OFF else 0
        self.stick[(instance, axis)] = now
        if now == 0 or now == was:
            return None
        if vertical:
            return "down" if now > 0 else "up"
        return "right" if now > 0 else "left"


@dataclass(frozen=True)
class Intent:
    """kind: "move" | "press" | "release" | "wheel" | "action" | "quit" | "resize".

    pos is in virtual canvas coordinates; button is the mouse button; name is the action name
    for "action" intents; value carries the wheel amount or the new window size."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    name: str = ""
    value: object = None


ALWAYS_ACTIONS = (pygame.K_ESCAPE, pygame.K_F5, pygame.K_F11)  # keep their meaning in text fields too


class InputMapper:
    def __init__(self, to_virtual):
        self.to_virtual = to_virtual  # window (x, y) -> virtual (x, y)
        self.mouse = (0, 0)
        self.pads = Gamepads()

    def map(self, event, raw_keys: bool = False) -> Intent | None:
        """The intent of one pygame event. With `raw_keys` (a scene that edits text is on top),
        every key press but Esc, F5 and F11 is `Intent("key", name=<key name>, value=<modifier
        bits>)` and typed text is `Intent("text", value=<text>)`."""
        kind = event.type
        if raw_keys:
            if kind == pygame.KEYDOWN and event.key not in ALWAYS_ACTIONS:
                return Intent("key", self.mouse, name=pygame.key.name(event.key), value=event.mod)
            if kind == pygame.TEXTINPUT:
                return Intent("text", self.mouse, value=event.text)
        if kind == pygame.QUIT:
            return Intent("quit")
        if kind == pygame.MOUSEMOTION:
            self.mouse = self.to_virtual(event.pos)
            return Intent("move", self.mouse)
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = self.to_virtual(event.pos)
            return Intent("press", self.mouse, event.button)
        if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.mouse = self.to_virtual(event.pos)
            return Intent("release", self.mouse, event.button)
        if kind == pygame.MOUSEWHEEL:
            return Intent("wheel", self.mouse, value=event.y)
        if kind == pygame.KEYDOWN:
            name = KEY_ACTIONS.get(event.key)
            if name:
                return Intent("action", self.mouse, name=name)
            return None
        if kind in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            return Intent("resize")
        name = self.pad_action(event)
        return Intent("action", self.mouse, name=name) if name else None

    def pad_action(self, event) -> str | None:
        """The action of a gamepad event (the same names as the keys'), or None."""
        kind = event.type
        if kind == pygame.JOYDEVICEADDED:
            self.pads.added(event.device_index)
        elif kind in (pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED):
            self.pads.removed(event.instance_id)
        elif kind == pygame.CONTROLLERBUTTONDOWN:
            return PAD_BUTTON_ACTIONS.get(event.button)
        elif kind == pygame.CONTROLLERAXISMOTION and event.axis in (
            pygame.CONTROLLER_AXIS_LEFTX,
            pygame.CONTROLLER_AXIS_LEFTY,
        ):
            return self.pads.axis(
                event.instance_id, event.axis, event.value / 32767, event.axis == pygame.CONTROLLER_AXIS_LEFTY
            )
        elif getattr(event, "instance_id", None) in self.pads.controllers:
            return None  # the same press comes as a CONTROLLER event
        elif kind == pygame.JOYBUTTONDOWN:
            return JOY_BUTTON_ACTIONS.get(event.button)
        elif kind == pygame.JOYHATMOTION:
            x, y = event.value
            return {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}.get((x, y))
        elif kind == pygame.JOYAXISMOTION and event.axis in (0, 1):
            return self.pads.axis(event.instance_id, event.axis, event.value, event.axis == 1)
        return None
