"""`duelmind levels validate [PATH...]`: check level and campaign files.

Every problem is printed (to stderr) as `file: $.json.path: message`; the exit code is 0 only
when every file passes, and 1 when there are problems or nothing to check (a folder without
level files). Without paths it checks the whole campaign: levels/campaign/campaign.json,
every level file beside it, and the unlock rules. `--json` prints one JSON document instead
(`ok`, `checked`, every problem as file, path and message). `--write-schema` (re)writes the
JSON Schemas in levels/schema/ first. Gomoku "forced_win" objectives are proved with the AI's
VCF search (injected into the rules' checks, which never import the AI).

A level without problems may still get warnings: the likely dead ends the workshop's editor shows
(its game's `EditorKind.warnings`, game/workshop/kinds.py: a "win this turn" the cards cannot
reach), printed as `file: $.path: warning: message`. Warnings never change the exit code.

`--lang zh-CN` (or ru, th; en has nothing to translate) also reports, on stdout, what the
campaign folder's translations/<lang>.json leaves untranslated (`file: $.path: missing: "text"`)
and what it holds for texts that are no longer there (`unused`); without paths the card files'
translations (levels/cards/translations/<lang>.json) too. It is a report: missing texts never
change the exit code; a translation file that cannot be read does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ai.gomoku.threats import find_vcf
from game.rules.levels.gomoku_checks import use_forced_win_prover
from game.rules.levels.loader import campaign_path, read_json, validate_paths
from game.rules.levels.problems import Problem
from game.rules.levels.model import schema_texts
from game.rules.levels import translations
from game.paths import levels_dir
from game.tools.args import add_output_arguments, print_json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="level or campaign files, or folders (default: levels/campaign/campaign.json and its levels)",
    )
    parser.add_argument(
        "--write-schema",
        action="store_true",
        help="also (re)write levels/schema/level.schema.json, campaign.schema.json and translations.schema.json",
    )
    parser.add_argument(
        "--lang",
        choices=("en", *translations.DATA_LANGUAGES),
        help="also list the texts the language's translation files leave out, and the unused ones",
    )
    add_output_arguments(
        parser,
        json_help="print one JSON document on stdout (files checked and every problem) instead of the text",
        progress=False,
    )


def run(args: argparse.Namespace) -> int:
    as_json = getattr(args, "json", False)
    if args.write_schema:
        for path, text in {**schema_texts(), translations.schema_path(): translations.schema_text()}.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}", file=sys.stderr if as_json else sys.stdout)
    paths = list(args.paths) or [campaign_path()]
    use_forced_win_prover(find_vcf)  # gomoku "forced_win" objectives: the AI's VCF, the one prover
    try:
        problems, checked = validate_paths(paths)
    except Exception as error:  # a bug in a check must still leave the designer a sentence to act on
        print(
            f"levels validate: internal error while checking {', '.join(map(str, paths))}: "
            f"{type(error).__name__}: {error}",
            file=sys.stderr,
        )
        return 2
    warned = dead_ends(paths, {problem.file for problem in problems})
    language = getattr(args, "lang", None)
    coverage = translation_report(list(args.paths), language) if language else []
    problems = problems + [problem for report in coverage for problem in report.problems]
    if as_json:
        nothing = (
            []
            if checked or problems
            else [
                {
                    "file": ", ".join(map(str, paths)),
                    "path": "$",
                    "message": "nothing to check: no level or campaign files",
                }
            ]
        )
        print_json(
            {
                "ok": not problems and checked > 0,
                "checked": checked,
                "problems": [{"file": p.file, "path": p.path, "message": p.message} for p in problems] + nothing,
                "warnings": [{"file": w.file, "path": w.path, "message": w.message} for w in warned],
                **(
                    {
                        "missing": [
                            {"file": m.file, "path": m.path, "text": json.loads(m.message)}
                            for report in coverage
                            for m in report.missing
                        ],
                        "unused": [
                            {"file": u.file, "path": u.path, "message": u.message}
                            for report in coverage
                            for u in report.unused
                        ],
                    }
                    if language
                    else {}
                ),
            }
        )
        return 1 if problems or not checked else 0
    print_translation_report(language, coverage)
    for problem in problems:
        print(problem, file=sys.stderr)
    for warning in warned:
        print(f"{warning.file}: {warning.path}: warning: {warning.message}", file=sys.stderr)
    if problems:
        files = len({p.file for p in problems})
        print(f"{len(problems)} problem(s) in {files} of {checked} file(s)", file=sys.stderr)
        return 1
    if not checked:
        print(
            f"levels validate: nothing to check: no level or campaign files (*.json) in {', '.join(map(str, paths))}",
            file=sys.stderr,
        )
        return 1
    print(f"ok: {checked} file(s)")
    return 0


def translation_report(paths: list[Path], language: str) -> list[translations.Coverage]:
    """What `language`'s translations leave out in each data folder of `paths` (default: the
    campaign and the card files)."""
    if language not in translations.DATA_LANGUAGES:
        return []
    if not paths:
        return [
            translations.campaign_coverage(campaign_path().parent, language),
            translations.card_coverage(levels_dir() / "cards", language),
        ]
    folders = [path if path.is_dir() else path.parent for path in paths]
    return [translations.campaign_coverage(folder, language) for folder in dict.fromkeys(folders)]


def print_translation_report(language: str | None, coverage: list[translations.Coverage]) -> None:
    if not language:
        return
    if language not in translations.DATA_LANGUAGES:
        print(f"{language}: the data is written in it: nothing to translate")
        return
    for report in coverage:
        for missing in report.missing:
            print(f"{missing.file}: {missing.path}: missing: {missing.message}")
        for unused in report.unused:
            print(f"{unused.file}: {unused.path}: {unused.message}")
    missing = sum(len(report.missing) for report in coverage)
    unused = sum(len(report.unused) for report in coverage)
    checked = sum(report.checked for report in coverage)
    print(f"{language}: {missing} text(s) missing, {unused} unused translation(s), in {checked} file(s)")


def level_files(paths: list[Path]) -> list[Path]:
    """The level files `validate_paths` checks for `paths`: a folder's campaign and its levels (or
    else every file in it), a campaign file's folder, a level file itself."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            path = path / "campaign.json" if (path / "campaign.json").exists() else path
        if path.is_dir():
            found += sorted(path.glob("*.json"))
        elif path.name == "campaign.json" or _is_campaign(path):
            found += sorted(p for p in path.parent.glob("*.json") if p.resolve() != path.resolve())
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def _is_campaign(path: Path) -> bool:
    raw, _ = read_json(path)
    return isinstance(raw, dict) and "chapters" in raw


def dead_ends(paths: list[Path], with_problems: set[str]) -> list[Problem]:
    """The editor's warnings for every level file checked that has no problem (a warning reads a
    level that loads; one with problems is the designer's first task anyway)."""
    from game.workshop.validation import warnings

    found: list[Problem] = []
    for path in level_files(paths):
        if str(path) in with_problems:
            continue
        raw, problems = read_json(path)
        if raw is None or problems or not isinstance(raw, dict):
            continue
        found += warnings(raw, str(path))
    return found
