"""`duelmind bench ui`: frame times of the real duel scene (or, with `--game skirmish`, the
skirmish scene with the AI's Tab overlay open) while the AI thinks.

Runs the duel scene at 60 fps in a real window (or SDL's dummy driver when SDL_VIDEODRIVER=dummy)
with the AI thinking in its worker process, AI against AI (or an idle player who ends every turn
against the AI), for a number of AI turns, and prints the frame-interval percentiles (all frames
and the frames during which a search was running) and the AI's budget overrun per decision.
Goal at 1280x720: p95 <= 18 ms and p99 <= 25 ms. A progress bar on stderr counts the AI turns
(`--no-progress`); `--json` prints one JSON document instead of the text. The settings live in a
temporary folder, removed at the end.

`--game skirmish` measures the skirmish scene instead: two skirmish AIs play (`--ai`, default
hard, `--think-ms` per action) with the Tab overlay of the AI's thoughts open, for `--turns` AI
hero turns, and the same percentiles are printed (p50/p95/p99 with n; `--json` alike).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Callable, Collection

from game.tools.args import ProgressBar, add_output_arguments, print_json, progress_wanted
from game.tools.stats import percentile


@dataclass(frozen=True)
class Bench:
    """One scene this tool measures: the game whose scene it drives (the game's name as data, as
    `--game` takes it) and how."""

    game: str
    run: Callable[[argparse.Namespace, str], int]  # (args, temporary home) -> exit code
    modes: tuple[str, ...] = ("ai-vs-ai", "idle")  # the --mode values it measures
    modes_note: str = ""  # why another --mode is refused
    agents: Callable[[], Collection[str]] | None = None  # the AI names --ai takes (None: not checked here)


# The first is the default. The runs are looked up when called (a test replaces `_run`).
BENCHES = (
    Bench("cards", lambda args, home: _run(args, home)),
    Bench(
        "skirmish",
        lambda args, home: _run_skirmish(args, home),
        modes=("ai-vs-ai",),
        modes_note="--game skirmish measures two AIs playing (--mode ai-vs-ai); --mode idle is for the card duel",
        agents=lambda: _skirmish_agents(),
    ),
)


def _skirmish_agents() -> Collection[str]:
    from ai.skirmish.registry import AGENTS

    return AGENTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=tuple(bench.game for bench in BENCHES),
        default=BENCHES[0].game,
        help="the card duel (default), or the skirmish scene with the AI's Tab overlay open",
    )
    parser.add_argument("--turns", type=int, default=12, help="AI turns to measure")
    parser.add_argument("--think-ms", type=int, default=1000, help="AI thinking time per turn")
    parser.add_argument(
        "--mode",
        choices=("ai-vs-ai", "idle"),
        default="ai-vs-ai",
        help="two AIs, or an idle player who ends each turn at once",
    )
    parser.add_argument(
        "--ai",
        help="card AI name (default: the strongest registered), or with --game skirmish a skirmish AI (default: hard)",
    )
    parser.add_argument("--lanes", type=int, choices=(1, 2), default=1, help="one lane or two")
    parser.add_argument("--size", default="1280x720", metavar="WxH", help="window size")
    parser.add_argument("--seed", type=int, default=1, help="seed of the drafts and the AIs")
    parser.add_argument("--cardlist", help="draft from this LOCM-format card list instead of the game's cards")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="stop after this long in any case")
    parser.add_argument(
        "--sound",
        action="store_true",
        help="keep the effects and the duel music playing (default: silent, to time the drawing alone)",
    )
    add_output_arguments(parser)


def _measured_frame(
    app, frame_dt: float, thinking: bool, work: list[float], frames: list[float], thinking_frames: list[float]
) -> float | None:
    """One frame at the real pace: its work and its interval recorded (the interval also among
    `thinking_frames` while the AI thinks); the next frame's dt, or None when the app stopped."""
    began = time.perf_counter()
    if not app.step(frame_dt):
        return None
    work.append((time.perf_counter() - began) * 1000.0)
    interval = app.wait_frame()
    frames.append(interval)
    if thinking:
        thinking_frames.append(interval)
    return min(100.0, interval)


def run(args: argparse.Namespace) -> int:
    import shutil
    import tempfile

    if args.turns < 1:
        print("bench ui: --turns must be at least 1", file=sys.stderr)
        return 2
    bench = next(bench for bench in BENCHES if bench.game == args.game)
    if args.mode not in bench.modes:
        print(f"bench ui: {bench.modes_note}", file=sys.stderr)
        return 2
    if bench.agents is not None and args.ai is not None:
        agents = bench.agents()
        if args.ai not in agents:
            print(f"bench ui: --ai {args.ai!r} is not a {args.game} AI; known: {', '.join(agents)}", file=sys.stderr)
            return 2
    home = tempfile.mkdtemp(prefix="duelmind-bench-")
    try:
        return bench.run(args, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _run(args: argparse.Namespace, home: str) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.rules.cards.battle import Battle
    from game.rules.cards.draft import Draft
    from game.client.ai_worker import AgentSpec, card_agent_names
    from game.client.app import App
    from game.client.launch import parse_size
    from game.client.cards.match import CardMatch
    from game.client.match import MatchSetup, new_game_id
    from game.client.settings import SettingsFile
    from game.rules.saves.store import Store

    size = parse_size(args.size)
    agent = args.ai or card_agent_names()[-1]
    pygame.init()
    app = App(SettingsFile(Store(home)), size=size, fullscreen=False, think_ms=args.think_ms)
    if not args.sound:
        app.settings.volume = 0.0
        app.sounds.volume = 0.0
    rng = random.Random(args.seed)
    if args.cardlist:
        from game.rules.cards.locm import load_cardlist

        pool = list(load_cardlist(args.cardlist).values())
    else:
        pool = app.card_pool_loader().cards
    warm = app.pool.warm(pool, agent=agent)
    for job in warm:
        job.wait(120)

    def new_duel():
        """A fresh duel; the AIs draft their decks in the worker, as in a real match."""
        draft = Draft(pool, rng)
        setup = MatchSetup(
            game="cards",
            opponent="watch" if args.mode == "ai-vs-ai" else "ai",
            difficulty=agent,
            lanes=args.lanes,
            seed=rng.randrange(1 << 30),
        )
        game_id = new_game_id()
        seats = (0, 1) if args.mode == "ai-vs-ai" else (1,)
        specs = {seat: AgentSpec(game_id, seat, agent, rng.randrange(1 << 30), args.lanes) for seat in seats}
        for spec in specs.values():
            app.pool.submit("card_new_game", spec=spec).wait(60)
        for pick, offer in enumerate(draft.offers):
            for seat in (0, 1):
                if seat in specs:
                    job = app.pool.submit(
                        "card_draft", spec=specs[seat], offer=offer, picked=list(draft.picks[seat]), pick=pick
                    )
                    job.wait(60)
                    if job.error:
                        raise SystemExit(f"the AI could not draft: {job.error}")
                    draft.choose(seat, int(job.result))
                else:
                    draft.choose(seat, rng.randrange(len(offer)))
        battle = Battle.from_decks(draft.decks(rng), args.lanes)
        return app.make("duel", match=CardMatch(setup, battle, draft.cards, game_id, specs))

    duel = new_duel()
    app.push(duel)
    frames: list[float] = []
    thinking_frames: list[float] = []
    work: list[float] = []  # time spent in each frame's input, update and drawing
    decisions: list[dict] = []
    ai_turns = 0
    last_turn = None
    started = time.perf_counter()
    frame_dt = 1000.0 / 60
    data: dict = {
        "mode": args.mode,
        "ai": agent,
        "think_ms": args.think_ms,
        "size": list(size),
        "video_driver": pygame.display.get_driver(),
        "stopped": None,
    }
    if not args.json:
        print(
            f"bench ui: {args.mode}, AI {agent!r}, {args.think_ms} ms per turn, {size[0]}x{size[1]}, "
            f"video driver {data['video_driver']}",
            flush=True,
        )
    lines: list[str] = []  # the rest of the report, printed after the run (stdout stays clear of the bar)
    bar = ProgressBar(args.turns, "bench ui", progress_wanted(args), unit="turn")
    while ai_turns < args.turns and time.perf_counter() - started < args.max_seconds:
        frame_dt = _measured_frame(app, frame_dt, duel.ai.thinking, work, frames, thinking_frames)
        if frame_dt is None:
            break
        if args.mode == "idle" and duel.human_to_act():
            duel.end_turn()
        if app.top.name == "error":
            data["stopped"] = f"{app.top.title}: {app.top.message}"
            lines.append(f"stopped: {data['stopped']}")
            break
        battle = duel.battle
        if battle.winner is None and duel.controllers[battle.current] == "ai" and last_turn != battle.turn:
            last_turn = battle.turn
            ai_turns += 1
            bar.update()
        if app.top.name == "result" or battle.winner is not None and not duel.anims.busy:
            decisions += duel.ai_stats
            duel.end_game()
            duel = new_duel()
            app.reset(duel)
    decisions += duel.ai_stats
    bar.close()
    app.close()
    frames = frames[5:]  # the first frames include window creation
    overruns = [d["ms"] - d["budget_ms"] for d in decisions]
    waits = [d["wait_ms"] - d["budget_ms"] for d in decisions]
    seconds = time.perf_counter() - started
    data.update(frames=len(frames), ai_turns=ai_turns, decisions=len(decisions), seconds=seconds)
    lines.append(f"frames: {len(frames)}  ai turns: {ai_turns}  decisions: {len(decisions)}  seconds: {seconds:.1f}")
    _frame_figures(data, lines, frames, thinking_frames, work[5:])
    if overruns:
        data["overrun_ms"] = {
            "p50": statistics.median(overruns),
            "p95": percentile(overruns, 0.95),
            "max": max(overruns),
        }
        data["latency_over_budget_ms"] = {"p50": statistics.median(waits), "max": max(waits)}
        lines.append(
            f"AI budget overrun (search time - budget): p50 {statistics.median(overruns):+.1f} ms  "
            f"p95 {percentile(overruns, 0.95):+.1f} ms  max {max(overruns):+.1f} ms"
        )
        lines.append(
            f"AI answer latency over budget (incl. IPC and frame polling): p50 {statistics.median(waits):+.1f} "
            f"ms  max {max(waits):+.1f} ms"
        )
    if hasattr(os, "getloadavg"):
        data["load_average"] = os.getloadavg()[0]
        lines.append(
            f"machine load average (1 min) at the end: {data['load_average']:.2f} on {os.cpu_count()} cores "
            "(other busy processes stretch frame times)"
        )
    goal = bool(frames) and percentile(frames, 0.95) <= 18.0 and percentile(frames, 0.99) <= 25.0
    data["goal_met"] = goal
    lines.append(f"goal p95 <= 18 ms and p99 <= 25 ms: {'met' if goal else 'NOT met'}")
    if args.json:
        print_json(data)
    else:
        print("\n".join(lines))
    return 0


def _frame_figures(data: dict, lines: list[str], frames: list[float], thinking: list[float], work: list[float]) -> None:
    """p50/p95/p99/max with n of each series, into `data["frame_ms"]` and the text `lines`."""
    data["frame_ms"] = {}
    for label, key, values in (
        ("all frames", "all", frames),
        ("while thinking", "thinking", thinking),
        ("work per frame", "work", work),
    ):
        if values:
            figures = {
                "p50": percentile(values, 0.5),
                "p95": percentile(values, 0.95),
                "p99": percentile(values, 0.99),
                "max": max(values),
                "n": len(values),
            }
            data["frame_ms"][key] = figures
            lines.append(
                f"{label:>15}: p50 {figures['p50']:6.2f} ms  p95 {figures['p95']:6.2f} ms  "
                f"p99 {figures['p99']:6.2f} ms  max {figures['max']:6.2f} ms  (n={len(values)})"
            )


def _run_skirmish(args: argparse.Namespace, home: str) -> int:
    """Frames of the skirmish scene with the Tab overlay open while two AIs play."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.client.app import App
    from game.client.launch import parse_size
    from game.client.match import MatchSetup, start_match
    from game.client.settings import SettingsFile
    from game.rules.saves.store import Store

    size = parse_size(args.size)
    agent = args.ai or "hard"
    pygame.init()
    app = App(SettingsFile(Store(home)), size=size, fullscreen=False, think_ms=args.think_ms)
    if not args.sound:
        app.settings.volume = 0.0
        app.sounds.volume = 0.0
    rng = random.Random(args.seed)

    def new_match():
        """A fresh AI-against-AI skirmish with the AI's Tab overlay open (as a player opens it)."""
        app.reset("title")
        start_match(app, MatchSetup(game="skirmish", opponent="watch", difficulty=agent, seed=rng.randrange(1 << 30)))
        scene = app.top
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
        app.step(1000.0 / 60)
        if not scene.overlay:  # the key map changed: open it directly, the frames are what is measured
            scene.overlay = True
        return scene

    scene = new_match()
    frames: list[float] = []
    thinking_frames: list[float] = []
    work: list[float] = []
    decisions: list[dict] = []
    ai_turns = 0
    last_turn = None
    started = time.perf_counter()
    frame_dt = 1000.0 / 60
    data: dict = {
        "game": "skirmish",
        "mode": "ai-vs-ai",
        "ai": agent,
        "think_ms": args.think_ms,
        "size": list(size),
        "overlay": True,
        "video_driver": pygame.display.get_driver(),
        "stopped": None,
    }
    if not args.json:
        print(
            f"bench ui: skirmish, AI {agent!r} against itself, {args.think_ms} ms per action, Tab overlay open, "
            f"{size[0]}x{size[1]}, video driver {data['video_driver']}",
            flush=True,
        )
    lines: list[str] = []
    bar = ProgressBar(args.turns, "bench ui", progress_wanted(args), unit="turn")
    try:
        while ai_turns < args.turns and time.perf_counter() - started < args.max_seconds:
            frame_dt = _measured_frame(app, frame_dt, scene.ai.thinking, work, frames, thinking_frames)
            if frame_dt is None:
                break
            if app.top is not None and app.top.name == "error":
                data["stopped"] = f"{app.top.title}: {app.top.message}"
                lines.append(f"stopped: {data['stopped']}")
                break
            state = scene.state
            turn = (state.round, state.turn_index)
            if not scene.match.over and turn != last_turn:
                last_turn = turn
                ai_turns += 1
                bar.update()
            if scene.match.over and not scene.anims.busy:
                decisions += scene.ai_stats
                scene.end_game()
                scene = new_match()
                last_turn = None
        decisions += scene.ai_stats
    finally:
        bar.close()
        app.close()
    frames = frames[5:]  # the first frames include window creation
    seconds = time.perf_counter() - started
    data.update(frames=len(frames), ai_turns=ai_turns, decisions=len(decisions), seconds=seconds)
    lines.append(f"frames: {len(frames)}  ai turns: {ai_turns}  decisions: {len(decisions)}  seconds: {seconds:.1f}")
    _frame_figures(data, lines, frames, thinking_frames, work[5:])
    if hasattr(os, "getloadavg"):
        data["load_average"] = os.getloadavg()[0]
        lines.append(
            f"machine load average (1 min) at the end: {data['load_average']:.2f} on {os.cpu_count()} cores "
            "(other busy processes stretch frame times)"
        )
    if args.json:
        print_json(data)
    else:
        print("\n".join(lines))
    return 0
