"""What the skirmish's drawing and animating are given instead of the scene.

`SkirmishViewModel` is one frame as view.py draws it, built by the scene each frame
(`SkirmishScene.view_model()`): the shown arena, the player's choices and their previews (worked
out by the scene from the legal actions), the side panel's texts. `SkirmishStage` is what the
animation builders (animator.py) change while events replay: the shown arena, the rising
numbers, the hurt flashes, the crits waiting for their damage, the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from game.client.anim import Anim, AnimationQueue
    from game.client.skirmish.animator import ArenaView, Floater
    from game.client.skirmish.view import Layout
    from game.client.widgets import Button
    from game.rules.game_api import Explanation


@dataclass(frozen=True)
class SkirmishViewModel:
    """One frame of the skirmish, as the view draws it."""

    layout: Layout  # the arena's place on screen
    view: ArenaView  # the heroes as shown so far (the animations replay the past)
    state: Any  # the rules' SkirmishState (read only: the inspected hero's numbers)
    my_turn: bool  # a person may act now: previews are shown
    selected: Any  # the Ability chosen, awaiting a target, or None
    hover_cell: tuple[int, int] | None
    moves: set  # cells the active hero may move to (my turn, no ability chosen)
    path: list  # the path to the hovered cell, when it is a move
    targets: set  # the chosen ability's legal target cells
    range_cells: list  # cells in its range (legal or not)
    area: list  # the cells it would hit at the hovered target
    time: float  # ms since the scene began (pulses)
    over: bool
    hurt: dict  # hero uid -> ms of hurt flash left
    anims: tuple[Anim, ...]  # the animations playing now
    floaters: tuple[Floater, ...]  # numbers and words rising from cells
    initiative: list  # (uid, upcoming) turns still to come
    title: str
    labels: tuple[str, str]  # the teams' players
    hud: Any  # the level's objectives HUD (height(width), draw(surface, rect)) or None
    toast: Any  # the level's short message (draw(surface)) or None
    inspected: int | None  # the hero the side panel shows
    ability_buttons: list[Button]
    preview: list[str]  # what the hovered target would do
    status: tuple[str, tuple] | None  # (text, colour)
    log: tuple[tuple[str, tuple], ...]
    hint: str
    key_hints: str  # the keys that play a turn
    names: dict  # hero uid -> its name ("Orla"), or a level's
    path_note: str  # the hovered walk's cost and what it leaves ("3 steps: 6 energy, 4 left")
    warning: str  # a move waiting for its second click (it leaves nothing to act with)
    cursor: tuple[int, int] | None  # the keyboard's cell (None: the mouse is in use)
    mouse: tuple[int, int] | None  # for the status tooltips
    affected: frozenset  # uids the chosen ability's area reaches at the hovered target
    pushes: tuple  # (from cell, to cell): where a pushed or pulled hero would land
    overlay: bool  # the AI's thoughts are shown
    explanation: Explanation | None  # the AI's last telling decision (game.rules.game_api)
    explained_by: str


@dataclass(frozen=True)
class SkirmishStage:
    """What the animation builders read and change (the containers are the scene's, changed in place)."""

    anims: AnimationQueue
    view: ArenaView  # the arena as shown
    state: Any  # the rules' SkirmishState (names, abilities: read only)
    floaters: list  # Floater: the scene ages and draws them
    hurt: dict  # hero uid -> ms of hurt flash
    crits: set  # (hero hit, source): a CRIT whose DAMAGE is still to come
    add_log: Callable[..., None]  # (text, colour)
    notes: dict  # id(CAST event) -> its log line with what it did (the scene writes them)
