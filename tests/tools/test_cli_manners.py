"""Command-line manners, as a new user meets them: progress bars on stderr (and `--no-progress`),
`--json` as the only thing on stdout, usage errors with exit code 2 (`--jobs 0`, an unknown
`bench gomoku --sections`), a Dask scheduler without workers given up on, every option's default
in `--help`, one exit code for "no display", temporary folders removed, validators that refuse
an empty folder, and messages that name the installed program (`duelmind`)."""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game import cli

REPO = Path(__file__).resolve().parents[2]
PY = sys.executable
BAR = "%|"  # what a tqdm bar always draws between its percentage and the bar itself

# A LOCM bot that passes every turn (reads exactly one turn's input, answers PASS): a whole game
# in well under a second, so that the referee's own manners are what the test measures.
PASSING_BOT = """
import sys
read = sys.stdin.readline
while True:
    if not read():
        break
    read()
    opponent = read().split()
    for _ in range(int(opponent[1])):
        read()
    for _ in range(int(read())):
        read()
    print("PASS", flush=True)
"""

# A Gomocup brain that answers START and then resigns with garbage: black loses at its first move.
GARBAGE_BRAIN = """
import sys
for line in sys.stdin:
    word = line.strip().upper()
    if word.startswith("START"):
        print("OK", flush=True)
    elif word in ("BEGIN", "DONE") or word.startswith("TURN"):
        print("I resign", flush=True)
    elif word == "END":
        break
"""


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))


def run_command(*argv: str) -> int:
    """What `duelmind ARGV` does (the line reordered, parsed with the command's own parser,
    run), without setting up the log file: SystemExit(2) for a usage error."""
    name, rest = cli._find_command(cli._command_first(list(argv)))
    args = cli.make_parser(name).parse_args(rest)
    return int(importlib.import_module(cli.COMMANDS[name][0]).run(args) or 0)


def _script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return f"{PY} {path}"


# Each long-running command at its smallest: (command line, what its text report prints).
def _long_commands(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    bot = _script(tmp_path, "pass_bot.py", PASSING_BOT)
    brain = _script(tmp_path, "garbage_brain.py", GARBAGE_BRAIN)
    return {
        "arena": (["arena", "--p1", "easy", "--p2", "random", "--games", "2", "--budget-ms", "5"], "win rate"),
        "referee": (["referee", "--p1", bot, "--p2", bot, "--games", "2"], "2 games"),
        "gomocup match": (["gomocup", "match", "--p1", brain, "--p2", brain, "--games", "2"], "2 games, freestyle"),
        "skirmish bench": (
            [
                "skirmish",
                "bench",
                "--pairings",
                "easy:random",
                "--games",
                "2",
                "--first-team",
                "0",
                "--budget-ms",
                "5",
                "--jobs",
                "1",
            ],
            "easy vs random",
        ),
        "bench engine": (["bench", "engine", "--games", "20", "--lanes", "1"], "1 lane: 20 games"),
        "bench gomoku": (["bench", "gomoku", "--sections", "speed", "--speed-ms", "10"], "== speed"),
        "bench memory": (
            [
                "bench",
                "memory",
                "--ai",
                "easy",
                "--decisions",
                "6",
                "--checkpoints",
                "2",
                "--budget-ms",
                "5",
                "--lanes",
                "1",
            ],
            "growth, all",
        ),
        "cards balance": (["cards", "balance", "--games", "4", "--jobs", "1", "--ai", "random"], "## First player"),
    }


LONG = [
    "arena",
    "referee",
    "gomocup match",
    "skirmish bench",
    "bench engine",
    "bench gomoku",
    "bench memory",
    "cards balance",
]


@pytest.mark.parametrize("name", LONG)
def test_long_commands_draw_a_progress_bar_on_stderr_and_json_alone_on_stdout(name, tmp_path, capsys):
    argv, text_mark = _long_commands(tmp_path)[name]
    assert run_command(*argv) == 0
    out, err = capsys.readouterr()
    assert text_mark in out and BAR not in out
    assert BAR in err, f"{name}: no progress bar on stderr"

    assert run_command(*argv, "--no-progress") == 0
    out, err = capsys.readouterr()
    assert text_mark in out and BAR not in err

    assert run_command(*argv, "--json") == 0
    out, err = capsys.readouterr()
    data = json.loads(out)  # the whole of stdout is one JSON document
    assert isinstance(data, dict) and data
    assert BAR not in err  # --json runs quiet, as `levels simulate --json` always did


def test_json_documents_carry_the_figures(tmp_path, capsys):
    commands = _long_commands(tmp_path)
    assert run_command(*commands["referee"][0], "--json") == 0
    referee = json.loads(capsys.readouterr().out)
    assert referee["games"] == 2 and [p["name"] for p in referee["players"]] == ["p1", "p2"]
    assert sum(p["wins"] for p in referee["players"]) == 2 and len(referee["results"]) == 2
    assert run_command(*commands["gomocup match"][0], "--json") == 0
    match = json.loads(capsys.readouterr().out)
    assert [r["winner"] for r in match["results"]] == ["p2", "p1"]  # black resigns, colours swap
    assert all(r["failed"] == "black" for r in match["results"])
    assert run_command(*commands["arena"][0], "--json") == 0
    arena = json.loads(capsys.readouterr().out)
    assert arena["games"] == 2 and 0 <= arena["p1_win_rate"] <= 1 and len(arena["wilson95"]) == 2


@pytest.mark.parametrize(
    "argv",
    [["levels", "validate", "levels/campaign/c1_first_spark.json"], ["cards", "validate"], ["skirmish", "validate"]],
)
def test_validators_print_one_json_document(argv, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert run_command(*argv, "--json") == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["ok"] is True and data["problems"] == []


def test_a_validator_puts_its_problems_in_the_json(capsys):
    bad = REPO / "tests" / "levels" / "malformed" / "bad_json.json"
    assert run_command("levels", "validate", str(bad), "--json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["checked"] == 1
    assert data["problems"] and {"file", "path", "message"} <= set(data["problems"][0])


@pytest.mark.parametrize("argv", [["levels", "validate"], ["cards", "validate"], ["skirmish", "validate"]])
def test_validating_an_empty_folder_says_there_was_nothing_to_check(argv, tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_command(*argv, str(empty)) == 1
    out, err = capsys.readouterr()
    assert out == "" and "nothing to check" in err and str(empty) in err
    assert run_command(*argv, str(empty), "--json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and "nothing to check" in json.dumps(data["problems"])


def test_cards_validate_takes_a_folder_of_card_files(capsys):
    assert run_command("cards", "validate", str(REPO / "levels" / "cards")) == 0
    assert capsys.readouterr().out.startswith("ok: ")


@pytest.mark.parametrize("sections", ["nonsense", "speed,nonsense", ","])
def test_bench_gomoku_refuses_unknown_sections(sections, capsys):
    with pytest.raises(SystemExit) as exit_:
        run_command("bench", "gomoku", "--sections", sections)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--sections" in err and "speed,tactics,openings,ladder" in err
    if "nonsense" in sections:
        assert "unknown section 'nonsense'" in err


JOBS_COMMANDS = [
    ["arena"],
    ["cards", "balance"],
    ["levels", "simulate", "c1_first_spark"],
    ["bench", "gomoku"],
    ["gomocup", "match", "--p1", "true", "--p2", "true"],
    ["skirmish", "bench"],
]


@pytest.mark.parametrize("command", JOBS_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize("jobs", ["0", "-3", "two"])
def test_jobs_below_one_is_a_usage_error(command, jobs, capsys):
    with pytest.raises(SystemExit) as exit_:
        run_command(*command, "--jobs", jobs)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --jobs:" in err and "at least 1" in err and repr(jobs) in err


def test_every_command_has_a_jobs_type_everywhere_jobs_exists():
    """Every parser with --jobs (the tools outside COMMANDS too) refuses 0."""
    from game.tools import draft_fit, draft_selfplay, eval_fit

    for module in (draft_fit, draft_selfplay, eval_fit):
        with pytest.raises(SystemExit) as exit_:
            module.main(["--jobs", "0"])
        assert exit_.value.code == 2


def _parsers():
    """Every command's parser, and the sub-commands' (skirmish bench, validate, ...)."""
    for name in cli.COMMANDS:
        parser = cli.make_parser(name)
        yield name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for word, sub in action.choices.items():
                    yield f"{name} {word}", sub


def test_every_option_shows_its_default_in_the_help():
    for name, parser in _parsers():
        text = " ".join(parser.format_help().split())
        for empty in ("(default: None)", "(default: )", "(default: [])", "(default: ())"):
            assert empty not in text, f"{name} --help says {empty}"
        assert parser.formatter_class is cli.HelpFormatter, f"{name}: its help would not show the defaults"
        for action in parser._actions:
            if (
                not action.option_strings
                or isinstance(action, argparse._HelpAction)
                or action.default in (None, False, argparse.SUPPRESS)
            ):
                continue
            formatter = parser._get_formatter()
            formatter.add_argument(action)
            shown = " ".join(formatter.format_help().split())
            assert "default" in shown.lower(), f"{name} {action.option_strings[0]}: no default in the help: {shown}"


def test_debug_is_accepted_after_a_skirmish_sub_command(capsys):
    parser = cli.make_parser("skirmish")
    assert parser.parse_args(["validate", "--debug"]).debug is True
    assert parser.parse_args(["--debug", "validate"]).debug is True
    assert parser.parse_args(["validate"]).debug is False


def test_a_scheduler_without_workers_is_given_up_on(tmp_path, capsys):
    pytest.importorskip("distributed")
    import logging

    from distributed import LocalCluster

    results = tmp_path / "run.jsonl"
    # A real scheduler, in this process, with no worker at all.
    with LocalCluster(
        n_workers=0, processes=False, protocol="tcp", dashboard_address=":0", silence_logs=logging.ERROR
    ) as cluster:
        address = cluster.scheduler_address
        code = run_command(
            "arena",
            "--p1",
            "easy",
            "--games",
            "2",
            "--budget-ms",
            "5",
            "--cluster",
            address,
            "--cluster-wait",
            "0.5",
            "--results",
            str(results),
            "--no-progress",
        )
    assert code == 2
    err = capsys.readouterr().err
    assert f"waiting for workers at {address}" in err
    assert f"no worker joined the Dask scheduler at {address} within 0.5 s" in err and "--cluster-wait" in err
    assert f"{results} is kept" in err
    header = json.loads(results.read_text().splitlines()[0])  # kept, ready for a rerun to resume
    assert header["tool"] == "arena"


def test_cluster_wait_must_be_a_positive_time(capsys):
    with pytest.raises(SystemExit) as exit_:
        run_command("arena", "--cluster", "tcp://127.0.0.1:1", "--cluster-wait", "0")
    assert exit_.value.code == 2 and "--cluster-wait" in capsys.readouterr().err


def test_options_written_before_the_command_word_reach_it(monkeypatch):
    from game.client import launch

    assert cli._command_first(["--windowed", "play", "c1_first_spark"]) == ["play", "--windowed", "c1_first_spark"]
    seen = {}

    def fake_client(start, size=None, fullscreen=None, think_ms=None, **_):
        seen.update(fullscreen=fullscreen, size=size)
        start("app")
        return 0

    monkeypatch.setattr(launch, "run_client", fake_client)
    monkeypatch.setattr(launch, "open_start", lambda app, level=None: seen.update(level=level))
    assert run_command("--windowed", "play", "c1_first_spark") == 0
    assert seen == {"fullscreen": False, "size": None, "level": "c1_first_spark"}
    assert run_command("--size", "800x600", "--fullscreen", "play") == 0
    assert seen == {"fullscreen": True, "size": (800, 600), "level": None}
    assert run_command("--windowed", "c1_first_spark") == 0  # no command word: play
    assert seen["level"] == "c1_first_spark" and seen["fullscreen"] is False


def test_every_window_command_refuses_a_missing_display_the_same_way(tmp_path):
    """play, gomoku (without --terminal), the skirmish client and the workshop: exit 2 and one
    sentence shape, naming `duelmind`."""
    code = textwrap.dedent("""
        import sys
        from game import cli
        for argv in (["play"], ["gomoku"], ["skirmish"], ["workshop"]):
            print(argv[0], cli.main(argv), file=sys.stderr, flush=True)
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DUELMIND_HOME=str(tmp_path / "home"))
    done = subprocess.run([PY, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    lines = done.stderr.splitlines()
    for command in ("play", "gomoku", "skirmish", "workshop"):
        assert f"{command} 2" in lines, done.stderr
        sentence = f"duelmind {command}: cannot open a window: SDL_VIDEODRIVER=dummy shows no window. "
        assert any(line.startswith(sentence) for line in lines), (command, done.stderr)
    assert "main.py" not in done.stderr
    assert "duelmind gomoku --terminal" in done.stderr and "duelmind skirmish play" in done.stderr


def test_the_smoke_test_removes_its_temporary_folder(tmp_path, monkeypatch):
    import tempfile

    import game.client.app
    from game.client import launch

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    made = []

    class BrokenApp:  # the smoke test fails at its first step; its folder must go all the same
        def __init__(self, settings, **_):
            made.append(settings)
            (next(tmp_path.glob("duelmind-smoke-*")) / "settings.json").write_text("{}")

        @property
        def pool(self):
            raise RuntimeError("no AI pool in this test")

        def close(self):
            pass

    monkeypatch.setattr(game.client.app, "App", BrokenApp)
    assert launch.smoke_test() == 1
    assert made and not list(tmp_path.glob("duelmind-smoke-*"))


def test_bench_ui_removes_its_temporary_folder(tmp_path, monkeypatch):
    import tempfile

    from game.tools import bench_ui

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    homes = []

    def fake_run(args, home):
        homes.append(home)
        (Path(home) / "settings.json").write_text("{}")
        raise KeyboardInterrupt

    monkeypatch.setattr(bench_ui, "_run", fake_run)
    with pytest.raises(KeyboardInterrupt):
        run_command("bench", "ui")
    assert homes and not Path(homes[0]).exists() and not list(tmp_path.iterdir())


def test_messages_name_the_installed_program(capsys):
    bad = REPO / "tests" / "levels" / "malformed" / "bad_json.json"
    assert run_command("levels", "simulate", str(bad)) == 1
    assert f"(duelmind levels validate {bad})" in capsys.readouterr().err


def _strings_outside_docstrings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_user_facing_message_tells_to_run_main_py():
    files = sorted((REPO / "game" / "tools").glob("*.py")) + [REPO / "game" / "client" / "launch.py"]
    found = [
        f"{path.relative_to(REPO)}:{line}: {text!r}"
        for path in files
        for line, text in _strings_outside_docstrings(path)
        if "main.py" in text
    ]
    assert found == []
