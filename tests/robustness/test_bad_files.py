"""Regression tests for bad files and arguments found while making the game standalone and
unbreakable: each one was a crash, a lost save or an unhelpful message once.

Every file lives under tmp_path, and the commands run with DUELMIND_HOME pointing there, so
nothing touches the player's real folders. Exit codes: 0 valid, 1 problems found, 2 usage.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.rules.safe_json as safe_json
from game.paths import levels_dir
from game.rules.saves.store import Store, StoreError
from tests.robustness.fuzz import examples

REPO = Path(__file__).resolve().parents[2]
CAMPAIGN = levels_dir() / "campaign"
LEVEL = json.loads((CAMPAIGN / "c1_first_spark.json").read_text(encoding="utf-8"))
CORE = json.loads((levels_dir() / "cards" / "core.json").read_text(encoding="utf-8"))
# A plain creature of the shipped set, without its picture (the icons are not these tests' business).
CREATURE = {
    key: value
    for key, value in next(
        c for c in CORE["cards"] if c["type"] == "creature" and not c.get("effects") and not c.get("token")
    ).items()
    if key != "art"
}
DEEP = "[" * 5000 + "]" * 5000

BAD_CONTENTS = {
    "not UTF-8": b'{"version": 1, "volume": "\xff\xfe caf\xe9"}',
    "nested thousands deep": ('{"version": 1, "levels": ' + DEEP + "}").encode(),
    "nested just too deep": ('{"version": 1, "x": ' + "[" * 64 + "]" * 64 + "}").encode(),
    "1e400": b'{"version": 1, "volume": 1e400, "levels": {"c1_first_spark": {"best_seconds": 1e400}}}',
    "NaN": b'{"version": 1, "volume": NaN}',
    "Infinity": b'{"version": 1, "width": Infinity, "levels": {}}',
    "-Infinity": b'{"version": 1, "width": -Infinity}',
    "NUL in a string": b'{"version": 1, "granted": ["a\\u0000b"]}',
    "lone surrogate": b'{"version": 1, "granted": ["\\ud800"], "levels": {"\\udfff": {}}}',
}


def run_main(*args: str, home: Path, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "DUELMIND_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )


def moved_aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.json.corrupt-*"))


# ---------------------------------------------------------------------------------- saves


@pytest.mark.parametrize("what", sorted(BAD_CONTENTS))
def test_bad_settings_are_moved_aside_and_defaults_used(tmp_path, what):
    from game.client.settings import Settings, SettingsFile

    (tmp_path / "settings.json").write_bytes(BAD_CONTENTS[what])
    settings_file = SettingsFile(Store(tmp_path))
    assert settings_file.settings == Settings()
    assert settings_file.problem and "settings.json" in settings_file.problem and "moved to" in settings_file.problem
    assert [p.read_bytes() for p in moved_aside(tmp_path, "settings")] == [BAD_CONTENTS[what]]
    assert settings_file.save() is None  # and a new file is written
    assert SettingsFile(Store(tmp_path)).problem is None


@pytest.mark.parametrize("what", sorted(BAD_CONTENTS))
def test_bad_progress_is_moved_aside_and_the_player_told(tmp_path, what):
    from game.rules.saves.progress import Progress

    (tmp_path / "progress.json").write_bytes(BAD_CONTENTS[what])
    document = Store(tmp_path).load("progress", 1)
    assert document.problem and "progress.json" in document.problem and document.moved_to is not None
    (tmp_path / "progress.json").write_bytes(BAD_CONTENTS[what])
    progress = Progress(Store(tmp_path))
    assert len(progress.problems) == 1 and "progress.json" in progress.problems[0]
    assert progress.completed() == {} and progress.data.granted == []
    assert len(moved_aside(tmp_path, "progress")) == 2  # both attempts kept, never overwritten
    progress.save()
    assert Progress(Store(tmp_path)).problems == []


def test_a_bad_save_is_moved_aside_and_the_game_still_starts(tmp_path, monkeypatch):
    """Bad settings and bad progress in DUELMIND_HOME: the title and the campaign map still open,
    with defaults, and both problems are shown to the player."""
    import pygame

    from game.client.ai_worker import AIPool
    from game.client.app import App
    from game.client.scenes.campaign_map import CampaignMapScene
    from game.client.scenes.title import TitleScene
    from game.client.settings import SettingsFile

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_bytes(BAD_CONTENTS["nested thousands deep"])
    (tmp_path / "data" / "campaign").mkdir(parents=True)
    (tmp_path / "data" / "campaign" / "progress.json").write_bytes(BAD_CONTENTS["not UTF-8"])
    pygame.init()
    pool = AIPool(1)
    app = App(SettingsFile(), size=(1280, 720), fullscreen=False, pool=pool, think_ms=20)
    try:
        assert app.notice and "settings.json" in app.notice
        app.push(TitleScene(app))
        app.step(16)
        scene = CampaignMapScene(app)
        app.push(scene)
        app.step(16)
        assert any("progress.json" in notice for notice in scene.notices)
        assert scene.states["c1_first_spark"] == "open"
    finally:
        app.close()
        pool.close()
    assert moved_aside(tmp_path / "config", "settings") and moved_aside(tmp_path / "data" / "campaign", "progress")


def _unreadable(monkeypatch, path: Path, error: OSError) -> None:
    """Make reading `path` fail as if it could not be read (chmod 000 does not stop root)."""
    real_open = safe_json._open_descriptor

    def failing_open(file):
        if Path(file) == path:
            raise error
        return real_open(file)

    monkeypatch.setattr(safe_json, "_open_descriptor", failing_open)


UNREADABLE = [PermissionError(errno.EACCES, "Permission denied"), OSError(errno.EIO, "Input/output error")]


@pytest.mark.parametrize("error", UNREADABLE, ids=["EACCES", "EIO"])
def test_unreadable_progress_is_never_overwritten(tmp_path, monkeypatch, error):
    from game.rules.levels import load_campaign, load_campaign_levels
    from game.rules.levels.session import LevelResult
    from game.rules.saves.progress import Progress

    campaign = load_campaign()
    levels = load_campaign_levels(campaign)
    path = tmp_path / "progress.json"
    original = json.dumps({"version": 1, "levels": {"c1_first_spark": {"attempts": 5, "wins": 5, "stars": 3}}})
    path.write_text(original)
    _unreadable(monkeypatch, path, error)
    progress = Progress(Store(tmp_path), campaign, levels)
    assert progress.problems and "progress.json" in progress.problems[0] and "could not be read" in progress.problems[0]
    with pytest.raises(StoreError):
        progress.save()
    with pytest.raises(StoreError):
        progress.record_result(levels["c1_first_spark"], LevelResult(True, 1, 3, [], "won"))
    assert path.read_text() == original and not moved_aside(tmp_path, "progress")
    monkeypatch.undo()  # readable again: the next start finds everything
    assert Progress(Store(tmp_path), campaign, levels).completed() == {"c1_first_spark": 3}


@pytest.mark.parametrize("error", UNREADABLE, ids=["EACCES", "EIO"])
def test_unreadable_settings_are_never_overwritten(tmp_path, monkeypatch, error):
    from game.client.settings import Settings, SettingsFile

    path = tmp_path / "settings.json"
    original = json.dumps({"version": 1, "width": 1920, "height": 1080})
    path.write_text(original)
    _unreadable(monkeypatch, path, error)
    settings_file = SettingsFile(Store(tmp_path))
    assert settings_file.settings == Settings() and "settings.json" in settings_file.problem
    settings_file.settings.volume = 0.1
    problem = settings_file.save()
    assert problem and "settings.json" in problem
    assert path.read_text() == original and not moved_aside(tmp_path, "settings")
    monkeypatch.undo()
    assert SettingsFile(Store(tmp_path)).settings.width == 1920


def test_unreadable_run_file_is_never_overwritten_or_deleted(tmp_path, monkeypatch):
    from game.rules.levels import LevelSession, load_campaign, load_campaign_levels
    from game.rules.saves.progress import Progress

    campaign = load_campaign()
    levels = load_campaign_levels(campaign)
    level = levels["c1_first_spark"]
    session = LevelSession.create(level, 0)
    session.start()
    Progress(Store(tmp_path), campaign, levels).save_run(session)
    path = tmp_path / "run-c1_first_spark.json"
    original = path.read_bytes()
    _unreadable(monkeypatch, path, UNREADABLE[1])
    progress = Progress(Store(tmp_path), campaign, levels)
    assert progress.resume(level) is None and "run-c1_first_spark.json" in progress.problems[0]
    with pytest.raises(StoreError):
        progress.save_run(session)
    progress.delete_run(level.id)
    assert path.read_bytes() == original


def test_best_seconds_are_never_written_back_as_infinity(tmp_path):
    from game.rules.levels import load_campaign, load_campaign_levels
    from game.rules.levels.session import LevelResult
    from game.rules.saves.progress import Progress

    campaign = load_campaign()
    levels = load_campaign_levels(campaign)
    level = levels["c1_first_spark"]
    for text in (
        '{"version": 1, "levels": {"c1_guard_duty": {"wins": 1, "stars": 1, "best_seconds": 1e400}}}',
        '{"version": 1, "levels": {"c1_guard_duty": {"wins": 1, "stars": 1, "best_seconds": "1e400"}}}',
        '{"version": 1, "levels": {"c1_guard_duty": {"wins": 1, "stars": 1, "best_seconds": "Infinity"}}}',
    ):
        (tmp_path / "progress.json").write_text(text)
        progress = Progress(Store(tmp_path), campaign, levels)
        assert progress.problems and progress.record("c1_guard_duty").best_seconds is None
        for seconds in (float("inf"), float("nan"), -1.0, 12.34):
            progress.record_result(level, LevelResult(True, 1, 3, [], "won"), seconds=seconds)
        saved = (tmp_path / "progress.json").read_text()
        assert "Infinity" not in saved and "NaN" not in saved
        assert Progress(Store(tmp_path), campaign, levels).record("c1_first_spark").best_seconds == 12.3


def test_a_read_only_save_is_left_as_it_is(tmp_path):
    from game.client.settings import SettingsFile
    from game.rules.saves.progress import Progress

    for name in ("save", "settings", "progress"):
        path = tmp_path / f"{name}.json"
        path.write_text('{"version": 1}')
        path.chmod(0o444)
    with pytest.raises(StoreError, match="read-only"):
        Store(tmp_path).save("save", {"n": 1}, 1)
    settings_file = SettingsFile(Store(tmp_path))
    assert "read-only" in settings_file.save()
    with pytest.raises(StoreError, match="read-only"):
        Progress(Store(tmp_path)).save()
    for name in ("save", "settings", "progress"):
        path = tmp_path / f"{name}.json"
        assert path.read_text() == '{"version": 1}' and stat.S_IMODE(path.stat().st_mode) == 0o444
    # Nothing else was written (the progress lock, a dotfile, is how saves are shared by windows).
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
        "progress.json",
        "save.json",
        "settings.json",
    ]


def test_a_save_killed_mid_write_leaves_a_temp_file_the_store_removes(tmp_path):
    store = Store(tmp_path)
    store.save("progress", {"n": 1}, 1)
    stale = tmp_path / ".progress.json.k1ll3d.tmp"
    stale.write_text('{"version": 1, "n": ')  # half a file
    old = time.time() - 120
    os.utime(stale, (old, old))
    fresh = tmp_path / ".progress.json.running.tmp"  # another instance saving right now
    fresh.write_text("{")
    other = tmp_path / ".notes.txt.tmp"  # not one of ours
    other.write_text("x")
    os.utime(other, (old, old))
    document = Store(tmp_path).load("progress", 1)
    assert document.data["n"] == 1 and document.problem is None
    assert not stale.exists() and fresh.exists() and other.exists()


def test_store_refuses_text_it_could_not_write_back(tmp_path):
    store = Store(tmp_path)
    with pytest.raises(StoreError):
        store.save("save", {"name": "\ud800"}, 1)
    with pytest.raises(StoreError):
        store.save("save", {"n": float("nan")}, 1)
    assert list(tmp_path.iterdir()) == []


def test_saves_command_reports_a_corrupt_file_and_reset_moves_it_aside(tmp_path):
    folder = tmp_path / "data" / "campaign"
    folder.mkdir(parents=True)
    (folder / "progress.json").write_bytes(b'{"version": 1, "levels": ' + DEEP.encode() + b"}")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_bytes(b"\xff\xfe")
    result = run_main("saves", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "progress.json: unreadable: nested too deeply" in result.stdout
    assert "settings.json: unreadable: not UTF-8" in result.stdout
    assert (folder / "progress.json").exists()  # the command only reads
    result = run_main("saves", "--reset", "progress", home=tmp_path)
    assert result.returncode == 0 and "moved" in result.stdout
    assert not (folder / "progress.json").exists() and list(folder.glob("progress.json.reset-*"))
    assert (tmp_path / "config" / "settings.json").exists()  # only what was asked
    assert run_main("saves", "--reset", "everything", home=tmp_path).returncode == 2


# ---------------------------------------------------------------------------------- levels


def _write(path: Path, data) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "where,text",
    [
        (("title",), "First\u0000Spark"),
        (("story", "before", 0, "text"), "Welcome\u001b[31m apprentice"),
        (("story", "after", 0, "speaker"), "Ilsa\u0007"),
        (("opponent", "name"), "Dummy\u0085"),
        (("objectives", 0, "text"), "Win\u007f"),
        (("summary",), "\ud800"),
    ],
)
def test_control_characters_in_level_text_are_rejected_with_their_path(tmp_path, where, text):
    from game.rules.levels.loader import read_level

    data = json.loads(json.dumps(LEVEL))
    node = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = text
    path = _write(tmp_path / "c1_first_spark.json", json.dumps(data))  # escaped: \u0000 in the file
    level, problems = read_level(path)
    expected = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where)
    assert level is None and [(p.file, p.path) for p in problems] == [(str(path), expected)], problems
    assert "control character" in problems[0].message or "surrogate" in problems[0].message


def test_control_characters_in_a_campaign_and_a_card_file_are_rejected_with_their_path(tmp_path):
    from game.rules.cards.cardset import CardSetError, load_cardset
    from game.rules.levels.loader import read_campaign

    campaign = json.loads((CAMPAIGN / "campaign.json").read_text(encoding="utf-8"))
    campaign["chapters"][1]["intro"][0]["text"] = "Old Tomo\u0000"
    path = _write(tmp_path / "campaign.json", campaign)
    _, problems = read_campaign(path)
    assert [(p.file, p.path) for p in problems] == [(str(path), "$.chapters[1].intro[0].text")]
    cards = {"version": 1, "name": "bad", "cards": [dict(CREATURE, name="Scrap\u0000Mite")]}
    path = _write(tmp_path / "bad.json", cards)
    with pytest.raises(CardSetError) as error:
        load_cardset([path])
    assert error.value.problems == [
        f"{path}: $.cards[0].name: the text holds a control character (U+0000); "
        "remove it (only newlines and tabs are allowed)"
    ]


@pytest.mark.parametrize(
    "text,size",
    [("\xad", 20), ("\u200b", 20), ("W" * 100_000, 72)],
    ids=["soft hyphen", "zero width space", "100000 characters"],
)
def test_text_that_renders_nothing_or_too_wide_draws_without_a_crash(text, size):
    from game.client.widgets import text_surface

    if not pygame.font.get_init():
        pygame.font.init()
    assert isinstance(text_surface(text, size), pygame.Surface)


def _render(text: str, size: int, bold: bool):
    from game.client.widgets import text_surface

    return text_surface(text, size, bold=bold)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(st.characters(exclude_categories=())), st.integers(8, 72), st.integers(1, 1400), st.booleans())
def test_the_text_renderer_never_crashes_on_any_string(text, size, width, bold):
    from game.client.widgets import fit_text, wrap_text

    if not pygame.font.get_init():
        pygame.font.init()
    assert isinstance(_render(text, size, bold), pygame.Surface)
    lines = wrap_text(text, size, width, bold)
    assert lines and all(isinstance(line, str) for line in lines)
    for line in lines[:5]:
        _render(line, size, bold)
    assert min(size, 9) <= fit_text(text, size, width, bold) <= size


def _deep_level(folder: Path) -> Path:
    return _write(folder / "deep_level.json", '{"kind": "cards", "id": "deep_level", "story": ' + DEEP + "}")


def test_deep_nesting_is_named_by_every_level_loader(tmp_path):
    from game.rules.levels.loader import LevelError, load_level

    path = _deep_level(tmp_path)
    with pytest.raises(LevelError) as error:
        load_level(path)  # `python main.py play LEVEL` opens a level this way
    assert str(error.value) == f"{path}: $: nested too deeply (more than 64 levels)"
    result = run_main("levels", "simulate", str(path), "--games", "1", home=tmp_path)
    assert result.returncode == 1 and f"{path}: $: nested too deeply" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_levels_validate_on_a_folder_checks_every_file_despite_a_deep_one(tmp_path):
    _deep_level(tmp_path)
    _write(tmp_path / "good.json", dict(LEVEL, id="good"))
    _write(tmp_path / "bad.json", dict(LEVEL, id="bad", title=""))
    _write(tmp_path / "text.json", "\xff")  # written as UTF-8: fine bytes, but a stray character
    (tmp_path / "latin1.json").write_bytes(b'{"title": "caf\xe9"}')
    result = run_main("levels", "validate", str(tmp_path), home=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{tmp_path / 'deep_level.json'}: $: nested too deeply (more than 64 levels)" in result.stderr
    assert f"{tmp_path / 'bad.json'}: $.title:" in result.stderr
    assert f"{tmp_path / 'latin1.json'}: $: not UTF-8 text (byte 14 is 0xe9); save the file as UTF-8" in result.stderr
    assert "good.json" not in result.stderr
    assert "in 4 of 5 file(s)" in result.stderr


def test_a_duplicate_level_id_in_a_campaign_folder_is_reported(tmp_path):
    from game.rules.levels.loader import validate_paths

    _write(
        tmp_path / "campaign.json",
        {
            "version": 1,
            "title": "Side quests",
            "chapters": [{"id": "one", "title": "One", "levels": ["alpha", "beta"]}],
        },
    )
    _write(tmp_path / "alpha.json", dict(LEVEL, id="alpha"))
    _write(tmp_path / "beta.json", dict(LEVEL, id="alpha"))
    problems, checked = validate_paths([tmp_path])
    assert checked == 3
    messages = {(p.file, p.path, p.message) for p in problems}
    assert (
        str(tmp_path / "beta.json"),
        "$.id",
        f'level id "alpha" is already used by {tmp_path / "alpha.json"}',
    ) in messages
    assert (str(tmp_path / "beta.json"), "$.id", 'a campaign level\'s id must be its file name: "beta"') in messages
    result = run_main("levels", "validate", str(tmp_path), home=tmp_path)
    assert result.returncode == 1 and "already used by" in result.stderr


# ---------------------------------------------------------------------------------- cards


def test_deep_and_non_utf8_card_files_give_a_clean_message(tmp_path):
    deep = _write(tmp_path / "deep.json", '{"version": 1, "name": "deep", "cards": ' + DEEP + "}")
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"version": 1, "name": "caf\xe9", "cards": []}')
    result = run_main("cards", "validate", str(deep), str(latin), home=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{deep}: nested too deeply (more than 64 levels)" in result.stderr
    byte = latin.read_bytes().index(b"\xe9")
    assert f"{latin}: not UTF-8 text (byte {byte} is 0xe9); save the file as UTF-8" in result.stderr


@pytest.mark.parametrize(
    "field,value",
    [
        ("cost", True),
        ("cost", "2"),
        ("cost", 2.0),
        ("cost", None),
        ("cost", -1),
        ("cost", 13),
        ("cost", 10**400),
        ("art", "x" * 5000),
        ("art", "../x"),
    ],
)
def test_cards_validate_refuses_a_bad_value_with_its_card_and_field(tmp_path, field, value):
    """ "cost": true and "cost": "2" were once read as 1 and 2; a 5000-letter picture name crashed the
    check with OSError (file name too long)."""
    from game.rules.cards.cardset import CardSetError, load_cardset

    card = dict(CREATURE, **{field: value})
    path = _write(tmp_path / "one.json", {"version": 1, "name": "one", "cards": [card]})
    with pytest.raises(CardSetError) as error:
        load_cardset([path])
    assert len(error.value.problems) == 1
    assert error.value.problems[0].startswith(f"{path}: card {card['id']} ({card['name']}): {field}: ")
    assert len(error.value.problems[0]) < 300


def test_cards_validate_exit_codes(tmp_path):
    new_card = dict(CREATURE, id=9001)  # a file is checked against the set it joins: a fresh id
    good = _write(tmp_path / "good.json", {"version": 1, "name": "good", "cards": [new_card]})
    bad = _write(tmp_path / "bad.json", {"version": 1, "name": "bad", "cards": [dict(new_card, cost="2")]})
    result = run_main("cards", "validate", str(good), home=tmp_path)
    assert result.returncode == 0, result.stderr
    result = run_main("cards", "validate", str(bad), home=tmp_path)
    assert result.returncode == 1 and f"{bad}: card 9001 ({CREATURE['name']}): cost: " in result.stderr
    assert run_main("cards", "validate", "--no-such-option", home=tmp_path).returncode == 2


def test_a_long_chain_of_tokens_is_refused_not_a_crash(tmp_path):
    from game.rules.cards.cardset import CardSetError, load_cardset

    cards = []
    for card_id in range(1, 2001):  # each summons the next when it dies: recursion once crashed the loader
        card = {
            "id": card_id,
            "name": f"Link {card_id}",
            "type": "creature",
            "cost": 1,
            "attack": 1,
            "defense": 1,
            "token": card_id > 1,
        }
        if card_id < 2000:
            card["effects"] = [{"trigger": "death", "action": "summon", "token": card_id + 1, "amount": 1}]
        cards.append(card)
    for order in (cards, cards[::-1]):  # two files: a file holds at most 1,000 cards
        first = _write(tmp_path / "chain.json", {"version": 1, "name": "chain", "cards": order[:1000]})
        second = _write(tmp_path / "chain2.json", {"version": 1, "name": "chain2", "cards": order[1000:]})
        with pytest.raises(CardSetError, match="chain of more than 8 cards"):
            load_cardset([first, second])


def test_non_utf8_card_list_gives_a_clean_message_to_the_referee_and_the_client(tmp_path, monkeypatch):
    import game.client.cards.card_pool as card_pool
    from game.client.cards.card_pool import CardPoolError, load_card_pool

    pool = tmp_path / "pool.txt"
    pool.write_bytes(b"1 ; Caf\xe9 ; creature ; 1 ; 2 ; 1 ; ------ ; 1 ; 0 ; 0 ; text\n")
    result = run_main("referee", "--p1", "true", "--p2", "true", "--pool", str(pool), home=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"referee: {pool}: not UTF-8 text (byte 7 is 0xe9)" in result.stderr
    # The client's card pool: a Duelmind card file, then the LOCM list when there is none.
    cards = tmp_path / "game" / "levels" / "cards"
    cards.mkdir(parents=True)
    (cards / "core.json").write_bytes(b'{"version": 1, "name": "caf\xe9", "cards": []}')
    with pytest.raises(CardPoolError, match="not UTF-8"):
        load_card_pool(tmp_path / "game")
    (cards / "core.json").unlink()
    monkeypatch.setattr(card_pool, "OFFICIAL_CARDLIST", pool)
    with pytest.raises(CardPoolError, match="not UTF-8"):
        load_card_pool(tmp_path / "game")


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--turn-ms", "-1"], "--turn-ms: expected a time in ms above 0"),
        (["--turn-ms", "nan"], "--turn-ms: expected a time in ms above 0"),
        (["--first-turn-ms", "inf"], "--first-turn-ms: expected a time in ms above 0"),
        (["--draft-ms", "100/-5"], "--draft-ms: expected FIRST/THEN in ms"),
        (["--lanes", "3"], "--lanes: invalid choice"),
    ],
)
def test_referee_refuses_nonsense_arguments_with_exit_2(tmp_path, args, fragment):
    result = run_main("referee", "--p1", "true", "--p2", "true", *args, home=tmp_path)
    assert result.returncode == 2 and fragment in result.stderr, result.stderr


def test_levels_validate_exit_codes(tmp_path):
    good = _write(tmp_path / "good.json", dict(LEVEL, id="good"))
    bad = _write(tmp_path / "bad.json", dict(LEVEL, id="bad", objectives=[]))
    assert run_main("levels", "validate", str(good), home=tmp_path).returncode == 0
    assert run_main("levels", "validate", str(bad), home=tmp_path).returncode == 1
    assert run_main("levels", "validate", "--bogus", home=tmp_path).returncode == 2
    assert run_main("no-such-command", home=tmp_path).returncode == 2
