"""The `skirmish` command: validate on the shipped data, and a text-mode match to its end."""

from __future__ import annotations

import argparse

from game.tools import skirmish_cli


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    skirmish_cli.add_arguments(parser)
    return skirmish_cli.run(parser.parse_args(list(argv)))


def test_validate_passes_on_the_shipped_data(capsys):
    assert run("validate") == 0
    assert capsys.readouterr().out.startswith("ok: 9 hero classes, 32 abilities, 3 maps")


def test_a_text_match_where_the_human_only_ends_turns(monkeypatch, capsys):
    lines = iter(["MOVE 99 99", "nonsense"] + ["END"] * 1000)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    assert run("play", "--ai", "easy", "--budget-ms", "5", "--team", "ranger,mage,rogue", "--explain") == 0
    out = capsys.readouterr().out
    assert "cannot reach 99,99" in out and "cannot read 'nonsense'" in out
    assert out.rstrip().endswith(("team 1 wins (AI)", "draw"))
