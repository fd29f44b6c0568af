"""Level files: the shipped campaign validates, the schemas are up to date, and each malformed
level gives its expected plain-language error (run as the real command, no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.levels.loader import Problem, campaign_path, json_path, validate_paths
from game.rules.levels.model import schema_texts

REPO = Path(__file__).resolve().parents[2]
MALFORMED = Path(__file__).resolve().parent / "malformed"

# file -> (JSON path, a fragment of the message)
EXPECTED = {
    "bad_json.json": ("$", "invalid JSON at line 3, column 3"),
    "not_an_object.json": ("$", "a level file is a JSON object"),
    "unknown_card.json": ("$.player.deck.cards[2]", "there is no card 999 in the card files"),
    "unknown_field.json": ("$.oponent", 'unknown field "oponent" (did you mean "opponent"?)'),
    "win_within_zero.json": ("$.objectives[0].turns", "win within 0 turns leaves no turn to win in"),
    "survive_sixty.json": ("$.objectives[0].turns", "survive 60 turns cannot happen"),
    "keep_alive_missing.json": ("$.objectives[1].label", 'no card of the player\'s cards is labelled "hero"'),
    "deck_size.json": ("$.player.deck.cards", "the deck has 12 cards; the rules (rules.deck_size) ask for 20"),
    "script_foreign_card.json": (
        "$.opponent.script[2].actions[0]",
        "{card:37} (Voltaic Hound) is not among the opponent's cards",
    ),
    "script_syntax.json": ("$.opponent.script[0].actions[1]", "unknown action 'JUMP'"),
    "script_wrong_side.json": ("$.opponent.script[0].actions[0]", "{brute} is a card of the player's"),
    "bad_kind.json": ("$", 'unknown kind "chess"'),
    "ai_without_level.json": ("$.opponent", 'an AI opponent needs "ai"'),
    "item_on_board.json": ("$.player.board[0]", "card 141 (Spark Flask) is an item: only creatures go on the board"),
    "gomoku_no_forced_win.json": ("$.objectives[0].moves", "no forced win by fours within 2 moves"),
    "gomoku_stone_twice.json": ("$.opening.white[0]", "there is already a stone on 7,7"),
}


@pytest.fixture(autouse=True)
def ai_prover():
    """In process, as the command does: gomoku forced wins are proved by the AI's VCF, injected
    into the rules' checks (which never import the AI)."""
    from ai.gomoku.threats import find_vcf
    from game.rules.levels.gomoku_checks import use_forced_win_prover

    previous = use_forced_win_prover(find_vcf)
    yield find_vcf
    use_forced_win_prover(previous)


def run_validate(*paths: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", "levels", "validate", *paths], cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_every_malformed_file_has_an_expectation():
    assert sorted(p.name for p in MALFORMED.glob("*.json")) == sorted(EXPECTED)


def test_malformed_levels_give_their_error_in_process():
    for name, (path, fragment) in EXPECTED.items():
        problems, checked = validate_paths([MALFORMED / name])
        assert checked == 1
        assert any(p.path == path and fragment in p.message for p in problems), (name, [str(p) for p in problems])


@pytest.mark.parametrize(
    "name",
    [
        "bad_json.json",
        "unknown_field.json",
        "script_foreign_card.json",
        "survive_sixty.json",
        "gomoku_no_forced_win.json",
    ],
)
def test_validate_command_reports_file_path_and_message_without_traceback(name):
    result = run_validate(str(MALFORMED / name))
    path, fragment = EXPECTED[name]
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{MALFORMED / name}: {path}: " in result.stderr and fragment in result.stderr
    assert "problem(s)" in result.stderr


def test_validate_command_lists_every_malformed_file_at_once():
    paths = sorted(str(p) for p in MALFORMED.glob("*.json"))
    result = run_validate(*paths)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    for name, (path, fragment) in EXPECTED.items():
        assert f"{MALFORMED / name}: {path}: " in result.stderr, name


def test_unreachable_levels_in_a_campaign_are_reported():
    result = run_validate(str(MALFORMED / "campaign_unreachable" / "campaign.json"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert '$.chapters[1].levels[0]: level "lv_b" can never be unlocked' in result.stderr
    assert 'level "lv_orphan" is in no chapter and no level unlocks it' in result.stderr
    assert "lv_a" not in result.stderr


def test_shipped_campaign_validates_with_exit_code_zero():
    result = run_validate()
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ")


def test_shipped_campaign_has_no_problems_and_enough_levels():
    problems, checked = validate_paths([campaign_path()])
    assert problems == []
    campaign = json.loads(campaign_path().read_text())
    levels = [level for chapter in campaign["chapters"] for level in chapter["levels"]]
    kinds = {json.loads((campaign_path().parent / f"{level}.json").read_text())["kind"] for level in levels}
    assert len(levels) >= 12 and kinds == {"cards", "gomoku", "skirmish"}


def test_exported_schemas_are_up_to_date():
    for path, text in schema_texts().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python main.py levels validate --write-schema"
        )


def test_json_paths_quote_keys_that_are_not_identifiers():
    assert json_path(["opponent", "script", 2, "actions", 0]) == "$.opponent.script[2].actions[0]"
    assert json_path(["$schema"]) == '$["$schema"]'
    assert str(Problem("a.json", "$.x", "bad")) == "a.json: $.x: bad"


def test_a_level_with_a_bad_id_names_the_rule(tmp_path):
    level = json.loads((MALFORMED / "bad_kind.json").read_text())
    level.update(kind="gomoku", id="Bad Id", opponent={"ai": "easy"}, objectives=[{"kind": "win"}])
    path = tmp_path / "bad_id.json"
    path.write_text(json.dumps(level))
    problems, _ = validate_paths([path])
    assert [(p.path, p.message) for p in problems] == [
        ("$.id", 'must be lowercase letters, digits and _ (up to 48), starting with a letter or digit (found "Bad Id")')
    ]


def test_the_guides_examples_are_valid_levels(tmp_path):
    """The two example levels of the level designer's guide (docs/levels/writing-levels.md)."""
    guide = (REPO / "docs" / "levels" / "writing-levels.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in guide.split("```json\n")[1:]]
    assert len(blocks) == 2
    for block in blocks:
        level = json.loads(block)
        path = tmp_path / f"{level['id']}.json"
        path.write_text(block)
        problems, _ = validate_paths([path])
        assert problems == [], problems


CROSS_CHECKS = [
    (
        {"opponent": {"hand": [141], "script": [{"turn": 1, "actions": ["USE {card:141} {card:68}"]}]}},
        "$.opponent.script[0].actions[0]",
        "the target {card:68} (Steamhulk) is not among the player's cards",
    ),
    (
        {"opponent": {"script": [{"turn": 1, "actions": ["SUMMON {card:25} {card:25}"]}]}},
        "$.opponent.script[0].actions[0]",
        "{card:25} (Gravel Golem) has no summon effect that takes a target",
    ),
    (
        {"opponent": {"script": [{"turn": 1, "actions": ["SUMMON {card:25} 1"]}]}},
        "$.opponent.script[0].actions[0]",
        "lane 1 does not exist",
    ),
    (
        {"opponent": {"script": [{"turn": 1, "actions": ["PASS"]}, {"turn": 1, "actions": ["PASS"]}]}},
        "$.opponent.script[1].turn",
        "turn 1 is already scripted at $.opponent.script[0]",
    ),
    (
        {"player": {"board": [{"card": 25, "label": "twin"}]}, "opponent": {"board": [{"card": 25, "label": "twin"}]}},
        "$.opponent.board[0].label",
        'label "twin" is already used at $.player.board[0].label',
    ),
    (
        {"events": [{"when": {"died": "ghost"}, "do": [{"say": {"speaker": "A", "text": "B"}}]}]},
        "$.events[0].when.died",
        'no card of cards is labelled "ghost"',
    ),
    (
        {"player": {"deck": {"kind": "draft", "pool": [25, 26], "picks": 5}}},
        "$.player.deck",
        "a draft needs at least 3 different cards to offer",
    ),
    (
        {"player": {"board": [{"card": 25, "label": "pet"}]}, "objectives": [{"kind": "keep_alive", "label": "pet"}]},
        "$.objectives",
        "keep_alive only ends with the level",
    ),
    ({"player": {"hand": [{"card": 25, "count": 9}]}}, "$.player.hand", "a hand holds at most 8 cards; this one has 9"),
    (
        {"rules": {"lanes": 2}, "player": {"board": [{"card": 25, "lane": 0}] * 4}},
        "$.player.board",
        "lane 0 holds at most 3 creatures; 4 are placed there",
    ),
    (
        {"rules": {"style": "plain"}, "player": {"hand": [6]}},
        "$.player.hand[0]",
        "card 6 (Sparkwick) has triggered effects and the level's style is plain",
    ),
    ({"player": {"deck": {"cards": [901]}}}, "$.player.deck.cards[0]", "card 901 (Cog Sprite) is a token"),
    ({"rules": {"files": ["nonexistent"]}}, "$.rules.files", "the card files could not be loaded"),
]


@pytest.mark.parametrize("changes, path, fragment", CROSS_CHECKS)
def test_cross_checks_name_the_place_and_the_reason(changes, path, fragment):
    from game.rules.levels.checks import check_level
    from tests.levels.helpers import BASE_CARDS, merge
    from game.rules.levels.model import LEVEL_ADAPTER

    level = LEVEL_ADAPTER.validate_python(merge(BASE_CARDS, changes))
    problems = check_level(level, "level.json")
    assert any(p.path == path and fragment in p.message for p in problems), [str(p) for p in problems]


def test_forced_wins_are_proved_only_by_the_injected_prover():
    from game.rules.levels.checks import check_level
    from game.rules.levels.gomoku_checks import use_forced_win_prover
    from game.rules.levels.loader import parse_level, read_json

    raw, _ = read_json(MALFORMED / "gomoku_no_forced_win.json")
    level, _ = parse_level(raw, "level.json")
    calls = []

    def prover(state, moves):
        calls.append(moves)
        return [(0, 0)]

    assert check_level(level, "level.json", prover) == [] and calls == [2]
    previous = use_forced_win_prover(None)  # the in-game loader: no prover, that proof is skipped
    try:
        assert check_level(level, "level.json") == []
    finally:
        use_forced_win_prover(previous)
    assert any("no forced win by fours within 2 moves" in p.message for p in check_level(level, "level.json"))


def test_the_ai_prover_finds_the_campaign_four_three():
    from ai.gomoku.threats import find_vcf
    from game.rules.gomoku import GomokuState, Rule, parse_move

    level = json.loads((campaign_path().parent / "g2_four_three.json").read_text())
    size = level.get("size", 15)
    state = GomokuState.from_stones(
        [parse_move(t, size) for t in level["opening"]["black"]],
        [parse_move(t, size) for t in level["opening"]["white"]],
        size,
        Rule[level.get("rule", "freestyle").upper()],
    )
    assert find_vcf(state, 2) is None
    line = find_vcf(state, 3)
    assert line is not None and state.is_legal(*line[0])
