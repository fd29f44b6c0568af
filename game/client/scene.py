"""The scene base class: the app keeps a stack of these; only the top one gets input and updates.

A scene that is not `opaque` is drawn over the scene below it (pause menu, overlays).
"""

from __future__ import annotations

import pygame

from game.client.input import Intent


class Scene:
    opaque = True
    name = "scene"
    # The campaign level this scene plays or shows (a LevelRun), if any: F5 reloads it.
    level_run = None
    # True for a scene that edits text: it gets every key and typed text (game/client/input.py).
    raw_keys = False
    # Where a story line said during play is drawn (None: the dialogue's own place).
    dialogue_box = None
    # The music loop under this scene ("title", "duel", "gomoku"); None keeps what plays below it.
    music: str | None = None

    def __init__(self, app):
        self.app = app

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_resume(self) -> None:
        """The scene above was popped."""

    def on_exit(self) -> None:
        """Removed from the stack."""

    def reload(self) -> bool:
        """F5: read this scene's files again (the level it plays, by default); False when it has
        none, and the app asks the scene below."""
        if self.level_run is None:
            return False
        self.level_run.reload()
        return True

    def unsaved(self) -> str | None:
        """What closing the window now would lose, in a sentence ("c1_first_spark.json has
        changes that are not saved."); None: nothing. The app asks the topmost scene that says
        something before it quits (Save / Discard / Cancel)."""
        return None

    def save_before_quit(self, then) -> None:
        """Save what `unsaved` names, then call `then()` (not called when the save fails: the
        scene says why and the window stays open)."""
        then()

    def discard_unsaved(self) -> None:
        """The person chose to quit without saving: `unsaved` says None from now on."""

    def handle(self, intent: Intent) -> None:
        """One mapped input."""

    def update(self, dt_ms: float) -> None:
        """Advance by dt milliseconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the virtual 1280x720 canvas."""
