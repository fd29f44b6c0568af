"""Run by test_xvfb.py in a child process with DISPLAY set: open the real game window, click
Quick match on the title screen, check the quick-match screen opened, save a screenshot."""

from __future__ import annotations

import sys


def main(out_path: str) -> int:
    import pygame

    from game.client.app import App
    from game.client.scenes.quick_match import QuickMatchScene
    from game.client.scenes.title import TitleScene

    pygame.init()
    app = App(size=(1280, 720), fullscreen=False, think_ms=20)
    try:
        app.push(TitleScene(app))
        for _ in range(5):
            app.step(16)
        button = app.top.menu.find("Quick match")
        window_pos = app.to_window(button.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window_pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window_pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window_pos, button=1))
        for _ in range(5):
            app.step(16)
        if not isinstance(app.top, QuickMatchScene):
            print(f"expected the quick match screen, got {app.top.name}")
            return 1
        app.screenshot(out_path)
        print(f"OK driver={pygame.display.get_driver()} window={app.window.get_size()}")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
