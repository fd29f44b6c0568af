"""Every face is its own (issue #31): each portrait name the game uses anywhere (the portraits
table, the faces a player may choose, every level's speakers and opponents, the quick-match
opponents of every game) is drawn from an icon that no other name shares, and the player's default
face is nobody else's, so a quick match never sets you against yourself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client.front_ends import FRONT_ENDS
from game.client.portraits import portrait_icon
from game.client.settings import PLAYER_PORTRAITS, Settings
from game.rules.registry import load_dotted

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "art" / "icons"


def _level_portraits() -> set[str]:
    """Every "portrait" value in the level files (dialogue lines, opponents, scripted lines)."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("portrait"), str):
                found.add(node["portrait"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((ROOT / "levels").rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def _quick_match_opponents() -> set[str]:
    faces = {"duelmind"}  # FrontEnd.opponent's face for a level no game names
    for client in FRONT_ENDS.values():
        faces |= {face for _name, face in load_dotted(client.opponents).values()}
    return faces


def _table() -> dict[str, str]:
    return json.loads((ROOT / "assets" / "art" / "ui_icons.json").read_text(encoding="utf-8"))["portraits"]


def test_the_levels_and_quick_matches_are_read():
    # Guards the collectors above: a walk that found nothing would make the tests below vacuous.
    assert {"tomo", "ilsa", "maren", "duelmind", "riddle", "foundry"} <= _level_portraits()
    assert {
        "pip",
        "corin",
        "maren",
        "halvek",
        "hana",
        "tomo",
        "voss",
        "foundry",
        "duelmind",
    } <= _quick_match_opponents()


def test_every_portrait_name_has_an_icon_of_its_own():
    names = set(_table()) | set(PLAYER_PORTRAITS) | _level_portraits() | _quick_match_opponents()
    icons = {name: portrait_icon(name) for name in sorted(names)}
    assert [name for name, icon in icons.items() if icon is None] == []
    assert [icon for icon in icons.values() if not (ICONS / f"{icon}.svg").exists()] == []
    shared = {icon: sorted(n for n in names if icons[n] == icon) for icon in set(icons.values())}
    assert {icon: who for icon, who in shared.items() if len(who) > 1} == {}


def test_the_faces_named_in_the_issue():
    # The apprentice wore Sister Maren's hood, the ranger was Pip, the Duelmind a generic robot.
    assert (portrait_icon("apprentice"), portrait_icon("maren")) == ("robe", "hood")
    assert (portrait_icon("ranger"), portrait_icon("pip")) == ("robin-hood-hat", "bowman")
    assert portrait_icon("duelmind") == "android-mask"
    # The Foundry Automaton (Connect Four) is not the player's "automaton" face.
    assert (portrait_icon("foundry"), portrait_icon("automaton")) == ("metal-golem-head", "golem-head")


@pytest.mark.parametrize("face", PLAYER_PORTRAITS)
def test_no_opponent_or_speaker_wears_a_players_face(face):
    others = _quick_match_opponents() | _level_portraits()
    assert face not in others
    assert portrait_icon(face) not in {portrait_icon(name) for name in others}


def test_the_default_face_is_a_player_face():
    assert Settings().portrait == "apprentice" and "apprentice" in PLAYER_PORTRAITS
