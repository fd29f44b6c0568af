"""What the card duel's drawing and animating are given instead of the scene.

`DuelViewModel` is what one frame of the duel shows (duel_view.py draws it): built by the scene
each frame (`DuelScene.view_model()`), plain values and the few look-ups drawing needs.
`DuelStage` is what the animator (duel_animator.py) reads and does while events replay: the
shown battle and its layout as they are *when a step starts* (callables, since the scene replaces
them), the card look-ups, and the game feel it sets off (sounds, impacts, the final sync).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    import pygame

    from game.client.anim import Anim, AnimationQueue
    from game.client.cards.duel_drag import Drag
    from game.client.cards.duel_layout import DuelLayout
    from game.client.widgets import Button
    from game.rules.cards.actions import Action
    from game.rules.cards.battle import Battle
    from game.rules.game_api import Explanation


@dataclass(frozen=True)
class DuelViewModel:
    """One frame of the duel, as the view draws it."""

    view: Battle  # the battle as shown (the animations replay the past on it)
    layout: DuelLayout  # where everything is, for `view` and the seat at the bottom
    current: int  # whose turn it is in the rules (the view's may lag behind)
    controllers: tuple[str, ...]  # "human" / "ai" per seat
    labels: tuple[str, str]  # seat names ("You", the opponent's name)
    portraits: tuple[str, str]  # seat portrait keys
    face_up: tuple[bool, bool]  # whose hand is shown face up
    my_turn: bool  # a person may act now (highlights, the End turn button)
    legal: list[Action]  # the legal actions (only filled on `my_turn`)
    drag: Drag | None  # the card being dragged or chosen
    drag_source: pygame.Rect | None  # where the dragged card sits (the arrow's start)
    hint: str  # what the player is asked to do now (choose a target...), shown over the board
    focus: pygame.Rect | None  # the keyboard's focused card (its ring), once a key was used
    aim: pygame.Rect | None  # the keyboard's focused target while a card is picked up
    mouse: tuple[int, int]
    anims: tuple[Anim, ...]  # the animations playing now
    anims_busy: bool
    time: float  # ms since the duel began (pulses, spinners)
    fx: tuple  # short effects (duel_scene.Effect): dust rings, sparks, the finisher's flash
    shake: tuple[int, int]  # the screen shake this frame
    hurt: tuple[float, float]  # the red flash left on each portrait (0..1)
    log: tuple[tuple[str, Any], ...]  # the log's entries, newest last, wrapped when drawn (colour: a theme name or RGB)
    hud: Any  # the level's objectives HUD (draw(surface, rect)), or None: the match info
    over: bool
    thoughts_available: bool  # an AI plays or explained itself (Tab shows its thoughts)
    overlay: bool  # the AI's thoughts are shown
    explanation: Explanation | None
    explained_by: str
    say_plan_step: Callable[[str], str]  # an AI plan's step in words
    ai_thinking: bool
    ai_elapsed_ms: float
    ai_budget_ms: float
    end_button: Button
    card_of: Callable[..., Any]  # uid -> the Card (hand, deck or board)


@dataclass(frozen=True)
class DuelStage:
    """What the animator reads and sets off while one action's events replay."""

    anims: AnimationQueue
    shown: Callable[[], Battle]  # the battle as shown now (the animations change it)
    layout: Callable[[], DuelLayout]  # its layout now
    instances: dict  # uid -> the deck's card instance
    card_of: Callable[..., Any]  # (uid, battle=None) -> Card
    face_up: Callable[[int], bool]
    turn_banner_text: Callable[[int], str]
    seat_label: Callable[[int], str]  # "You" or the opponent's name (the floating labels say it)
    listener: Callable[[], int | None]  # whose sounds are "yours" (None: hot-seat, every turn)
    skipping: Callable[[], bool]  # fast-forwarding: no sounds
    play_sound: Callable[[str | None], None]
    set_tension: Callable[[bool], None]  # the music turns tense near death
    impact: Callable[..., None]  # (power, rect=None, kind="hit", seat=None): sparks, hit-stop, shake
    finishing_blow: Callable[..., None]  # (rect): the lethal hit's flash and slow motion
    sync_view: Callable[[Battle], None]  # the shown battle becomes this snapshot
