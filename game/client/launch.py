"""`duelmind` / `duelmind play [LEVEL]` (from a checkout: `python main.py ...`): open the game
window (title menu first).

`play LEVEL` opens a level at once (a campaign level id or a level file's path), over the title:
leaving it (Esc, Quit) returns to the title, and F5 reads the file again and restarts it, for
level designers; a file with problems shows them on an error screen. Other commands open the
client through `run_client` too (e.g. `duelmind gomoku`: a gomoku match at once). Every one of
them refuses to run without a display in the same words and with the same exit code,
NO_DISPLAY_EXIT (2, a usage error: the command cannot do its job here).

`--smoke-test` starts the client headless, renders a few frames of each main screen (the
campaign map and a level's first frame included), runs one short AI search in the worker pool
and exits 0 (used by packaging checks and CI); its temporary settings folder is removed at the end.
"""

from __future__ import annotations

import argparse
import os
import sys

PROGRAM = "duelmind"  # as game/cli.py names it
NO_DISPLAY_EXIT = 2  # every command that needs a window and finds none


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "level",
        nargs="?",
        metavar="LEVEL",
        help="open this level at once: a campaign level id (e.g. c1_first_spark) or a level file; "
        "F5 reloads the file, Esc then Quit returns to the title",
    )
    add_window_arguments(parser)
    parser.add_argument(
        "--smoke-test", action="store_true", help="start headless, render each main screen, run one AI search, exit"
    )
    parser.add_argument(
        "--think-ms", type=int, help="AI thinking time per turn for this run (ms; default: the settings' AI speed)"
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help="the game's language for this run: en, zh-CN, ru, th, or en-XA (the testers' pseudo-locale) "
        "(default: as the settings say, else the system's)",
    )


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """--size, --fullscreen and --windowed: every command that opens the window takes them."""
    parser.add_argument(
        "--size", metavar="WxH", help="window size, e.g. 1600x900 (saved in the settings; default: the saved size)"
    )
    parser.add_argument(
        "--fullscreen",
        action="store_true",
        default=None,
        help="start full screen (saved; default: as the settings say)",
    )
    parser.add_argument(
        "--windowed",
        dest="fullscreen",
        action="store_false",
        default=None,
        help="start in a window (saved; default: as the settings say)",
    )


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size must look like 1280x720, not {text!r}") from None
    if width < 320 or height < 200:
        raise SystemExit(f"--size {text} is too small")
    return width, height


def parse_language(text: str | None) -> str | None:
    if not text:
        return None
    from game.i18n import choices, normalise

    code = normalise(text)
    if code is None:
        raise SystemExit(f"--lang must be one of {', '.join(choices(pseudo=True))}, not {text!r}")
    return code


def run(args: argparse.Namespace) -> int:
    size = parse_size(args.size)
    language = parse_language(getattr(args, "lang", None))
    if args.smoke_test:
        return smoke_test(size)
    return run_client(lambda app: open_start(app, args.level), size, args.fullscreen, args.think_ms, language=language)


def run_client(
    start,
    size: tuple[int, int] | None = None,
    fullscreen: bool | None = None,
    think_ms: int | None = None,
    command: str = "play",
    no_display_hint: str = "",
    no_display_code: int = NO_DISPLAY_EXIT,
    language: str | None = None,
) -> int:
    """Open the window and run the game until it is closed; `start(app)` pushes the first scenes.

    Without a visible display (no window, or SDL's invisible dummy/offscreen driver, where the
    loop would run forever unseen) it says so in one sentence shape, "duelmind COMMAND: cannot
    open a window: WHY. HINT", and returns `no_display_code` (NO_DISPLAY_EXIT, 2, for every command)."""
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
    import pygame

    from game.client.app import App

    hint = no_display_hint or f"`{PROGRAM} --smoke-test` checks the game without one."
    pygame.init()
    try:
        app = App(size=size, fullscreen=fullscreen, think_ms=think_ms, language=language)
    except pygame.error as error:
        return _no_display(command, f"{error} (is there a display?)", hint, no_display_code)
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        app.close()
        why = (
            f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']} shows no window"
            if "SDL_VIDEODRIVER" in os.environ
            else "no display found (SDL fell back to an invisible window); set DISPLAY"
        )
        return _no_display(command, why, hint, no_display_code)
    _warm(app)
    if size is not None:
        app.save_settings()
    start(app)
    return app.run()


def _no_display(command: str, why: str, hint: str, code: int) -> int:
    print(f"{PROGRAM} {command}: cannot open a window: {why}. {hint}", file=sys.stderr)
    return code


def open_start(app, level: str | None = None) -> None:
    """The title menu, and over it the level `level` when one is given."""
    title = app.push("title")
    if level:
        open_level(app, level, home=title)


def open_level(app, source: str, home=None):
    """Play the level `source` (an id or a path) over `home`. A campaign level's result counts
    as progress; a level file from elsewhere is played without touching it."""
    from game.client.campaign import is_campaign_file, load_campaign_data, open_progress
    from game.client.level_run import LevelRun

    progress = None
    if is_campaign_file(source):
        data = load_campaign_data()
        if data.campaign is not None:
            progress = open_progress(app, data)
    run = LevelRun(app, source, home=home, progress=progress)
    run.open_offering_resume()  # a saved game of the level is never replaced without asking
    return run


def _warm(app) -> None:
    try:
        cards = app.card_pool_loader().cards
    except Exception:  # the quick-match screen reports a missing card set itself
        cards = ()
    app.pool.warm(cards)


def smoke_test(size: tuple[int, int] | None = None, shots_dir: str | None = None) -> int:
    """Render every main screen headless and run one AI search; 0 when all went well."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import shutil
    import tempfile
    import time

    import pygame

    from game.client.app import App
    from game.client.cards.match import DraftMatch
    from game.client.gomoku.match import GomokuMatch
    from game.client.match import MatchSetup
    from game.client.settings import SettingsFile
    from game.rules.saves.store import Store

    pygame.init()
    home = tempfile.mkdtemp(prefix="duelmind-smoke-")
    try:
        app = App(SettingsFile(Store(home)), size=size or (1280, 720), fullscreen=False, think_ms=30)
    except BaseException:
        shutil.rmtree(home, ignore_errors=True)
        raise
    problems = []
    try:
        jobs = app.pool.warm(app.card_pool_loader().cards)
        screens = [app.make("title"), app.make("quick_match"), app.make("settings")]
        labels: dict = {}  # scene -> how the report names it (when not by its name alone)
        pool = app.card_pool_loader().cards
        screens.append(app.make("draft", match=DraftMatch(app, MatchSetup(opponent="hotseat", seed=1), pool)))
        screens.append(_duel_for_smoke(app, pool))
        screens.append(app.make("gomoku", match=GomokuMatch(MatchSetup(game="gomoku", opponent="hotseat"))))
        from game.client.level_run import LevelRun
        from game.rules.saves.progress import Progress

        app.progress = Progress(Store(os.path.join(home, "campaign")))  # not the player's own
        screens.append(app.make("campaign_map"))
        for level_id in ("c1_first_spark", "g1_five_stones"):  # a level's first frame, cards and gomoku
            scene, level_problems = LevelRun(app, level_id, seed=1).prepare()
            if scene is None:
                problems += [f"level {level_id}: {problem}" for problem in level_problems]
            else:
                screens.append(scene)
                labels[scene] = f"{scene.name} of level {level_id}"
        for scene in screens:
            app.reset(scene)
            if app.top is not scene:  # e.g. a pass-the-device screen above it
                app.pop()
            for frame in range(3):
                app.step(16)
                if frame == 0 and scene is screens[0]:
                    print("smoke test: first frame", flush=True)  # start-up timing (build_scripts/)
            if shots_dir:
                name = labels.get(scene, scene.name).replace(" ", "-")
                app.screenshot(os.path.join(shots_dir, f"smoke-{name}.png"))
        app.push("pause")
        app.step(16)
        from game.rules.levels.loader import campaign_path, validate_paths

        level_problems, level_files = validate_paths([campaign_path()])  # every level file
        problems += [f"level file: {problem}" for problem in level_problems]
        deadline = time.monotonic() + 60
        for job in jobs:
            job.wait(max(0.0, deadline - time.monotonic()))
            if job.error or not job.done:
                problems.append(f"warm-up: {job.error or 'timed out'}")
            elif job.result.get("cards_error"):
                print(
                    f"smoke test warning: the card AI failed its warm-up search: {job.result['cards_error']}",
                    file=sys.stderr,
                )
        from game.rules.gomoku import GomokuState
        from game.rules.gomoku.game import GomokuGame

        state = GomokuState(15)
        state.play(7, 7)
        job = app.pool.submit(
            "act",
            game="gomoku",
            agent="easy",
            seed=0,
            game_id="smoke",
            seat=1,
            observation=GomokuGame(state),
            budget_ms=30.0,
        )
        job.wait(30)
        if job.error or not job.done:
            problems.append(f"gomoku search: {job.error or 'timed out'}")
        print(
            f"smoke test: {len(screens) + 1} screens rendered ({', '.join(labels.get(s, s.name) for s in screens)}, pause), "
            f"{level_files} level files, warm-up {jobs[0].result}, "
            f"gomoku move {job.result and job.result['action']}"
        )
    except Exception as error:  # reported and turned into a failing exit code
        import traceback

        traceback.print_exc()
        problems.append(f"{type(error).__name__}: {error}")
    finally:
        app.close()
        shutil.rmtree(home, ignore_errors=True)  # the settings and campaign of the run (a duelmind-smoke-* folder)
    for problem in problems:
        print(f"smoke test problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


def _duel_for_smoke(app, pool):
    import random

    from game.rules.cards.battle import Battle
    from game.client.cards.match import CardMatch
    from game.client.match import MatchSetup, new_game_id

    rng = random.Random(3)
    decks = [[rng.choice(pool) for _ in range(30)] for _ in range(2)]
    setup = MatchSetup(opponent="hotseat", seed=3)
    scene = app.make("duel", match=CardMatch(setup, Battle.from_decks(decks), pool, new_game_id(), {}))
    scene.revealed = scene.bottom  # show the hand (no pass screen in the smoke test)
    return scene
