"""`python main.py levels validate [PATH...]`: check level and campaign files.

Every problem is printed (to stderr) as `file: $.json.path: message`; the exit code is 0 only
when every file passes. Without paths it checks the whole campaign: levels/campaign/campaign.json,
every level file beside it, and the unlock rules. `--write-schema` (re)writes the JSON Schemas
in levels/schema/ first. Gomoku "forced_win" objectives are proved with the AI's VCF search
(injected into the rules' checks, which never import the AI).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ai.gomoku.threats import find_vcf
from game.rules.levels.gomoku_checks import use_forced_win_prover
from game.rules.levels.loader import campaign_path, validate_paths
from game.rules.levels.model import schema_texts


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path,
                        help="level or campaign files, or folders (default: levels/campaign/campaign.json and its levels)")
    parser.add_argument("--write-schema", action="store_true",
                        help="also (re)write levels/schema/level.schema.json and campaign.schema.json")


def run(args: argparse.Namespace) -> int:
    if args.write_schema:
        for path, text in schema_texts().items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    paths = list(args.paths) or [campaign_path()]
    use_forced_win_prover(find_vcf)  # gomoku "forced_win" objectives: the AI's VCF, the one prover
    try:
        problems, checked = validate_paths(paths)
    except Exception as error:  # a bug in a check must still leave the designer a sentence to act on
        print(f"levels validate: internal error while checking {', '.join(map(str, paths))}: "
              f"{type(error).__name__}: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        files = len({p.file for p in problems})
        print(f"{len(problems)} problem(s) in {files} of {checked} file(s)", file=sys.stderr)
        return 1
    print(f"ok: {checked} file(s)")
    return 0
