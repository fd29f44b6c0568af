"""What every scene of a campaign level shares (mixed into the draft, duel and gomoku scenes):
F5 reloads the level, the pause menu restarts or leaves it, story lines said during play open
a dialogue when the animations reach them, the HUD follows the board, and the end of the level
shows the closing lines and then the result screen."""

from __future__ import annotations

from game.client.anim import Anim

NEVER = 1e12  # an animation step that lasts until something ends it
TOAST_MS = 3500


class LevelSceneMixin:
    run = None  # the LevelRun
    toast_text = ""
    toast_age = 0.0

    def toast(self, text: str) -> None:
        """A short message over the board for a few seconds."""
        self.toast_text, self.toast_age = text, 0.0

    def draw_toast(self, surface, centre) -> None:
        if not self.toast_text or self.toast_age > TOAST_MS:
            return
        import pygame

        from game.client import theme
        from game.client.widgets import draw_text, panel, text_surface

        alpha = int(255 * min(1.0, (TOAST_MS - self.toast_age) / 500))
        width = text_surface(self.toast_text, 18, theme.TEXT, True).get_width() + 40
        box = pygame.Rect(0, 0, width, 44)
        box.center = centre
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(layer, layer.get_rect(), (20, 24, 36), theme.ACCENT, radius=12, alpha=230)
        draw_text(layer, self.toast_text, (width // 2, 22), 18, theme.TEXT, bold=True, anchor="center")
        layer.set_alpha(alpha)
        surface.blit(layer, box)

    @property
    def session(self):
        return self.run.session

    def reload_level(self) -> None:
        """F5: read the level file again and start it afresh."""
        self.run.reload()

    def open_pause(self) -> None:
        from game.client.scenes.pause import PauseScene

        home = "map" if getattr(self.run.home, "name", "") == "campaign_map" else "title"
        self.app.push(PauseScene(self.app, leave=self.run.quit, quit_label=f"Quit to {home}", restart=self.run.restart))

    def queue_lines(self, lines) -> None:
        """Say `lines` once the animations queued so far have played; play waits for the reader."""
        step = Anim("say", NEVER)

        def start(step=step):
            from game.client.scenes.dialogue import DialogueScene

            def done():
                step.duration = 0.0  # the queue moves on at the next frame

            self.app.push(DialogueScene(self.app, lines, on_done=done))
        step.on_start = start
        self.anims.then(step)

    def after_action(self) -> None:
        """After every action of either side: the HUD (when the board shows it), the lines said,
        a save."""
        session = self.session
        statuses = session.objectives()
        self.anims.call(lambda statuses=statuses: self.hud.show(statuses))
        lines = session.dialogue()
        if session.over:
            self.ending_lines += lines
        elif lines:
            self.queue_lines(lines)
        self.run.checkpoint()

    def show_level_end(self) -> None:
        """Record the result, say the closing lines, then show the level's result screen."""
        from game.client.scenes.dialogue import DialogueScene
        from game.client.scenes.level_result import LevelResultScene

        self.run.finish()
        lines, self.ending_lines = self.ending_lines, []
        self.app.push(DialogueScene(self.app, lines, on_done=lambda: self.app.push(LevelResultScene(self.app, self.run))))
