"""The app: one window, a virtual 1280x720 canvas scaled to it, a stack of scenes, the input
mapper, sounds, settings and the AI worker pool. `step()` runs one frame (tests call it
directly); `run()` loops until the last scene is gone, through `run_frame()`, which turns an
exception from a scene into the crash screen (after an emergency save and a crash report)
instead of closing the window on the player. SIGTERM and SIGINT end the loop like the window's
close button, with an emergency save and without the unsaved-work questions."""

from __future__ import annotations

import logging
import signal
import threading
import time

import pygame

from game.client import anim, resources, theme
from game import i18n
from game.i18n import N_, _
from game.client.front_ends import install as install_front_ends
from game.client.ai_worker import AIPool
from game.client.input import InputMapper, Intent
from game.client.scene import Scene
from game.client.settings import SettingsFile
from game.client.sound import Sounds
from game.rules.saves.progress import InstanceLock

FPS = 60
log = logging.getLogger(__name__)


def _icon() -> pygame.Surface:
    """The window icon: a card back with a gold diamond, drawn here."""
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, (78, 64, 140), (5, 1, 22, 30), border_radius=4)
    pygame.draw.rect(icon, theme.ACCENT, (5, 1, 22, 30), 2, border_radius=4)
    pygame.draw.polygon(icon, theme.ACCENT, [(16, 8), (23, 16), (16, 24), (9, 16)])
    return icon


class App:
    def __init__(
        self,
        settings_file: SettingsFile | None = None,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        pool: AIPool | None = None,
        think_ms: int | None = None,
        card_pool_loader=None,
        title: str = "Duelmind",
        language: str | None = None,
    ):
        self.settings_file = settings_file or SettingsFile()
        self.settings = self.settings_file.settings
        # `--lang` for this run (not saved): it wins over the settings until the player picks one.
        self.language_override = i18n.normalise(language)
        if size is not None:
            self.settings.width, self.settings.height = size
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        pygame.display.init()
        pygame.font.init()
        pygame.joystick.init()  # pads plugged in now or later arrive as JOYDEVICEADDED (input.py)
        self.apply_accessibility()
        pygame.display.set_caption(title)
        pygame.display.set_icon(_icon())
        self.window = self._open_window()
        self.canvas = pygame.Surface((theme.WIDTH, theme.HEIGHT)).convert()
        self.scenes: list[Scene] = []
        self.input = InputMapper(self.to_virtual)
        self.sounds = Sounds(
            self.settings.volume, self.settings.music_volume, self.settings.effects_volume, self.settings.mute
        )
        self.pool = pool if pool is not None else AIPool(1)
        install_front_ends()
        self.owns_pool = pool is None
        self.think_override = think_ms
        if card_pool_loader is None:
            from game.client.cards.card_pool import load_card_pool

            card_pool_loader = load_card_pool
        self.card_pool_loader = card_pool_loader
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_ms: list[float] = []  # interval between frames, when recording
        self.record_frames = False
        self._last_frame = time.perf_counter()
        self._frame_started = self._last_frame
        self._frame_deadline = self._last_frame + 1.0 / FPS
        # shown once on the title screen (the store's own sentence, English, says what became of the file)
        problem = self.settings_file.problem
        self.notice: str | None = (
            _("Your settings could not be read, so Duelmind starts with the defaults ({problem}).").format(
                problem=problem
            )
            if problem
            else None
        )
        self.instance_lock = InstanceLock()
        if not self.instance_lock.acquire():
            other = _(
                "Duelmind is already open in another window. Both windows keep every result, "
                "but a level saved in one is not shown in the other until you reopen the map."
            )
            self.notice = f"{self.notice} {other}" if self.notice else other
        self.progress = None  # the campaign's Progress, loaded when first needed (game/client/campaign.py)
        self.banner: tuple[str, float] | None = None  # (text, ms left): a message over every screen
        self.stop_signal: int | None = None  # SIGTERM/SIGINT received: the loop ends at the next frame
        self.crashes = 0  # crash screens shown this run

    # ------------------------------------------------------------------ window

    def _open_window(self) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.settings.size, flags)

    def apply_window_settings(self) -> None:
        self.window = self._open_window()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_window_settings()
        self.settings_file.save()

    def viewport(self) -> pygame.Rect:
        """Where the canvas lands in the window (letterboxed, aspect kept)."""
        width, height = self.window.get_size()
        scale = min(width / theme.WIDTH, height / theme.HEIGHT)
        size = (max(1, int(theme.WIDTH * scale)), max(1, int(theme.HEIGHT * scale)))
        rect = pygame.Rect((0, 0), size)
        rect.center = (width // 2, height // 2)
        return rect

    def to_virtual(self, pos) -> tuple[int, int]:
        view = self.viewport()
        x = (pos[0] - view.x) * theme.WIDTH / max(1, view.width)
        y = (pos[1] - view.y) * theme.HEIGHT / max(1, view.height)
        return int(x), int(y)

    def to_window(self, pos) -> tuple[int, int]:
        view = self.viewport()
        return (int(view.x + pos[0] * view.width / theme.WIDTH), int(view.y + pos[1] * view.height / theme.HEIGHT))

    # ------------------------------------------------------------------ scenes

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def make(self, scene: Scene | str, **options) -> Scene:
        """`scene` itself, or a new scene of that name (game/client/scenes/__init__.py) built with
        `options`: scenes open each other by name, never by importing each other."""
        if isinstance(scene, str):
            from game.client.scenes import scene_class

            return scene_class(scene)(self, **options)
        if options:
            raise TypeError("options are for a scene given by name")
        return scene

    def push(self, scene: Scene | str, **options) -> Scene:
        scene = self.make(scene, **options)
        self.scenes.append(scene)
        scene.on_enter()
        self._follow_music()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        self._follow_music()
        return scene

    def replace(self, scene: Scene | str, **options) -> Scene:
        scene = self.make(scene, **options)
        if self.scenes:
            self.scenes.pop().on_exit()
        return self.push(scene)

    def reset(self, *scenes: Scene | str) -> None:
        """Clear the stack and push `scenes` (scenes or names) in order."""
        while self.scenes:
            self.scenes.pop().on_exit()
        for scene in scenes:
            self.push(scene)

    def _follow_music(self) -> None:
        """Play the loop of the topmost scene that names one (none: silence)."""
        track = next((scene.music for scene in reversed(self.scenes) if scene.music is not None), None)
        self.sounds.set_music(track)

    def find(self, kind: type | str) -> Scene | None:
        """The scene nearest the top of that class or name."""
        for scene in reversed(self.scenes):
            if scene.name == kind if isinstance(kind, str) else isinstance(scene, kind):
                return scene
        return None

    # ------------------------------------------------------------------ settings helpers

    @property
    def think_ms(self) -> int:
        return self.think_override if self.think_override is not None else self.settings.ai_think_ms

    def apply_accessibility(self) -> None:
        """Put the palette, text size and reduced motion of the settings into effect everywhere."""
        theme.apply_palette(self.settings.palette)
        anim.set_reduced_motion(self.settings.reduced_motion)
        self.apply_language()
        if resources.text_scale() != self.settings.text_scale:
            resources.set_text_scale(self.settings.text_scale)
            from game.client.cards import card_render

            card_render.clear_face_cache()  # card faces fitted their words at the old size
            outlined = getattr(card_render, "_outlined", None)  # its outlined words, cached by size
            if outlined is not None:
                outlined.cache_clear()

    def apply_language(self) -> None:
        """Switch to `--lang`, else the settings' language, else the system's (game/i18n.py)."""
        wanted = self.language_override or i18n.normalise(self.settings.language) or i18n.system_language()
        if wanted != i18n.language():
            i18n.set_language(wanted)

    def save_settings(self) -> str | None:
        """Apply and save the settings; the problem in words when the file could not be written
        (the settings still hold until the game closes)."""
        self.apply_accessibility()
        self.sounds.apply_settings(self.settings)
        problem = self.settings_file.save()
        if problem:
            log.warning("settings not saved: %s", problem)
            self.notice = _("Your settings could not be saved, so they last only until you quit the game.")
        return problem

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def show_banner(self, text: str, ms: float = 7000.0) -> None:
        """Say something over whatever screen is showing, for `ms` (e.g. a save that failed)."""
        self.banner = (text, ms)

    def _draw_banner(self, dt_ms: float) -> None:
        if self.banner is None:
            return
        text, left = self.banner
        left -= dt_ms
        if left <= 0:
            self.banner = None
            return
        self.banner = (text, left)
        from game.client.widgets import draw_text, panel, wrap_text

        lines = wrap_text(text, 18, 900)[:3]
        line_height = resources.font(18).get_linesize() + 4  # grows with the text size setting
        box = pygame.Rect(0, 0, 960, 24 + line_height * len(lines))
        box.midtop = (theme.WIDTH // 2, 12)
        panel(self.canvas, box, (44, 24, 28), theme.BAD, radius=12, alpha=240)
        for index, line in enumerate(lines):
            centre = (box.centerx, box.y + 12 + line_height * index + line_height // 2)
            draw_text(self.canvas, line, centre, 18, theme.TEXT, anchor="center", box=box)

    # ------------------------------------------------------------------ loop

    def dispatch(self, intent: Intent) -> None:
        if intent.kind == "quit":
            # The window's close button: the topmost scene with unsaved work asks first (Save /
            # Discard / Cancel: game/client/scenes/workshop_prompt.py), which quits again after.
            worried = next((scene for scene in reversed(self.scenes) if scene.unsaved() is not None), None)
            if worried is None:
                self.running = False
            elif not getattr(self.top, "asks_quit", False):
                self.push("workshop_prompt", quit_for=worried)
            return
        if intent.kind == "resize":
            return
        if intent.kind == "action" and intent.name == "fullscreen":
            self.toggle_fullscreen()
            return
        if intent.kind == "action" and intent.name == "reload":
            # F5: the level file played (or shown with its problems) nearest the top is read
            # again, whatever screen is above it (a dialogue, the pause menu).
            for scene in reversed(self.scenes):
                if scene.reload():
                    return
        if intent.kind == "action" and intent.name == "back":
            self.play_sound("ui_back")
        if self.top is not None:
            self.top.handle(intent)

    def step(self, dt_ms: float | None = None) -> bool:
        """One frame: input, update, draw. Returns False when the app should stop."""
        now = time.perf_counter()
        if self.record_frames:
            self.frame_ms.append((now - self._last_frame) * 1000.0)
        self._last_frame = now
        if dt_ms is None:
            dt_ms = min(100.0, self.clock.get_time() or 16.0)
        for event in pygame.event.get():
            if event.type == pygame.WINDOWFOCUSGAINED and self.top is not None:
                # Back from another program: a scene keeping a file looks at it now (the level
                # editor, the campaign structure), not only at its next 2-second look.
                getattr(self.top, "window_focused", lambda: None)()
            intent = self.input.map(event, raw_keys=self.top is not None and self.top.raw_keys)
            if intent is not None:
                self.dispatch(intent)
        if not self.running or not self.scenes:
            return False
        self.top.update(dt_ms)
        if not self.scenes:
            return False
        self.render(dt_ms)
        return self.running

    def render(self, dt_ms: float = 0.0) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.canvas)
        self._draw_banner(dt_ms)
        view = self.viewport()
        if view.size == (theme.WIDTH, theme.HEIGHT) and view.topleft == (0, 0):
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.fill((0, 0, 0))
            self.window.blit(pygame.transform.smoothscale(self.canvas, view.size), view)
        pygame.display.flip()

    def wait_frame(self) -> float:
        """Hold the frame rate at FPS: sleep most of the wait, then spin the last 1.5 ms, since
        a plain sleep overshoots by a few ms. Returns the time since the last frame (ms)."""
        period = 1.0 / FPS
        target = self._frame_deadline
        now = time.perf_counter()
        if target - now > 0.0015:
            time.sleep(target - now - 0.0015)
        while time.perf_counter() < target:
            pass
        now = time.perf_counter()
        elapsed = (now - self._frame_started) * 1000.0
        self._frame_started = now
        # Late by more than a frame: start afresh instead of rushing to catch up.
        self._frame_deadline = target + period if now - target < period else now + period
        return elapsed

    def run(self) -> int:
        dt = 1000.0 / FPS
        previous = self._catch_stop_signals()
        try:
            while self.running and self.scenes and self.stop_signal is None:
                if not self.run_frame(min(100.0, dt)):
                    break
                dt = self.wait_frame()
            if self.stop_signal is not None:
                log.info("stopping on signal %d", self.stop_signal)
                self.emergency_save()
        finally:
            self._restore_signals(previous)
            self.close()
        return 0

    def run_frame(self, dt_ms: float | None = None) -> bool:
        """`step()`, with an exception from a scene caught: the crash screen replaces the stack.
        A crash of the crash screen itself ends the game (the exception goes on)."""
        try:
            return self.step(dt_ms)
        except Exception as error:
            if self.top is not None and self.top.name == "crash":
                raise
            self.show_crash(error)
            return True

    def show_crash(self, error: BaseException) -> None:
        """Save what can be saved, write the report, and show the crash screen alone."""
        from game.logs import write_crash_report

        scene = self.top.name if self.top is not None else None
        saved = self.emergency_save()
        path, report = write_crash_report(error, scene, {"Scenes": " > ".join(s.name for s in self.scenes)})
        self.crashes += 1
        while self.scenes:
            try:
                self.scenes.pop().on_exit()
            except Exception:  # a broken scene must not keep the crash screen away
                log.exception("on_exit failed after a crash")
        self.push("crash", report=report, report_path=path, saved=saved)

    def emergency_save(self) -> list[str]:
        """Save every campaign game on the stack now (each scene that plays a level); what was
        saved, in the player's words. Never raises."""
        saved = []
        runs = {id(scene.level_run): scene.level_run for scene in self.scenes if scene.level_run is not None}
        for run in runs.values():
            try:
                if run.save_now():
                    saved.append(N_("your game of this level"))  # English here: the crash screen translates it
            except Exception:
                log.exception("emergency save failed")
        return saved

    def request_stop(self, signum: int, _frame=None) -> None:
        """A signal handler: end the loop at the next frame (the handler itself does no work)."""
        self.stop_signal = signum

    def _catch_stop_signals(self) -> dict:
        if threading.current_thread() is not threading.main_thread():
            return {}
        previous = {}
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                previous[signum] = signal.signal(signum, self.request_stop)
            except (OSError, ValueError):
                pass
        return previous

    @staticmethod
    def _restore_signals(previous: dict) -> None:
        for signum, handler in previous.items():
            try:
                signal.signal(signum, handler)
            except (OSError, ValueError, TypeError):
                pass

    def screenshot(self, path) -> None:
        pygame.image.save(self.window, str(path))

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()
        if self.owns_pool:
            self.pool.close()
        self.sounds.close()
        self.instance_lock.release()
        # The palette, text size and motion are module state: the next app starts from its own.
        theme.apply_palette(theme.STANDARD)
        resources.set_text_scale(1.0)
        anim.set_reduced_motion(False)
        pygame.display.quit()
