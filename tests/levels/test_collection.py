"""The player's collection and decks: what they own (starting cards and rewards, each earned once),
the named decks kept in decks.json (round trip, new, rename, copy, delete), and a damaged file
moved aside, never overwritten, with the other saves kept."""

from __future__ import annotations

import json

import pytest

from game.rules.levels import LevelSession, load_campaign, load_campaign_levels
from game.rules.levels.session import LevelResult
from game.rules.saves.collection import Collection, cards_won
from game.rules.saves.progress import Progress
from game.rules.saves.store import Store, StoreError

STARTING = [25, 26, 28]


@pytest.fixture(scope="module")
def campaign():
    campaign = load_campaign()
    return campaign, load_campaign_levels(campaign)


def opened(path, campaign):
    progress = Progress(Store(path), *campaign)
    return progress, Collection(progress, starting=STARTING)


def test_a_win_adds_its_reward_cards_once(tmp_path, campaign):
    progress, collection = opened(tmp_path, campaign)
    level = campaign[1]["c2_round_one"]
    assert level.rewards.cards == [19, 42, 45, 57, 59, 148]
    assert collection.owned() == {25, 26, 28}
    before = list(progress.data.cards)
    progress.record_result(level, LevelResult(True, 1, 9, [], "won"))
    assert cards_won(before, progress) == [19, 42, 45, 57, 59, 148]
    before = list(progress.data.cards)
    progress.record_result(level, LevelResult(True, 2, 8, [], "won"))  # won again: nothing new
    assert cards_won(before, progress) == []
    assert progress.data.cards == [19, 42, 45, 57, 59, 148]
    _, again = opened(tmp_path, campaign)  # read back from the disk
    assert again.owned() == {25, 26, 28, 19, 42, 45, 57, 59, 148}


def test_a_loss_adds_no_cards(tmp_path, campaign):
    progress, collection = opened(tmp_path, campaign)
    progress.record_result(campaign[1]["c2_round_one"], LevelResult(False, 0, 9, [], "lost"))
    assert collection.owned() == {25, 26, 28}


def test_decks_are_kept_by_name(tmp_path, campaign):
    _, collection = opened(tmp_path, campaign)
    collection.save_deck("  Brass   wall ", [25, 25, 26])
    assert collection.names() == ["Brass wall"]
    assert collection.copy("Brass wall").name == "Brass wall copy"
    assert collection.copy("Brass wall").name == "Brass wall copy 2"
    assert collection.rename("Brass wall copy", "Brass wall") == "Brass wall 2"  # the name was taken
    collection.delete("Brass wall copy 2")
    _, again = opened(tmp_path, campaign)
    assert [(deck.name, deck.cards) for deck in again.decks] == [
        ("Brass wall", [25, 25, 26]),
        ("Brass wall 2", [25, 25, 26]),
    ]
    written = json.loads((tmp_path / "decks.json").read_text())
    assert written["version"] == 1 and [deck["name"] for deck in written["decks"]] == ["Brass wall", "Brass wall 2"]


def test_a_damaged_decks_file_is_moved_aside_and_the_progress_kept(tmp_path, campaign):
    level = campaign[1]["c1_first_spark"]
    progress, collection = opened(tmp_path, campaign)
    progress.record_result(campaign[1]["c2_round_one"], LevelResult(True, 1, 9, [], "won"))
    session = LevelSession.create(level, 0)
    session.start()
    progress.save_run(session)
    collection.save_deck("Mine", [25])
    (tmp_path / "decks.json").write_text('{"version": 1, "decks": [{"name": "Mine", "cards": [25')
    progress, collection = opened(tmp_path, campaign)
    assert len(collection.problems) == 1
    assert collection.problems[0].startswith("Your saved decks could not be read: decks.json was unreadable")
    assert "moved to decks.json.corrupt-" in collection.problems[0]
    assert collection.decks == [] and 148 in collection.owned() and progress.resume(level) is not None
    collection.save_deck("Fresh", [26])  # a new file; the damaged one stays aside
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("decks.json.corrupt-")]
    assert len(aside) == 1 and '"cards": [25' in (tmp_path / aside[0]).read_text()


def test_decks_with_nonsense_contents_are_moved_aside(tmp_path, campaign):
    (tmp_path / "decks.json").write_text('{"version": 1, "decks": [{"name": "", "cards": []}]}')
    _, collection = opened(tmp_path, campaign)
    assert "its contents are not valid at decks.0.name:" in collection.problems[0] and collection.decks == []
    assert not (tmp_path / "decks.json").exists()


def test_an_unreadable_decks_file_is_never_written_over(tmp_path, campaign, monkeypatch):
    from game.rules.saves import store

    (tmp_path / "decks.json").write_text('{"version": 1, "decks": [{"name": "Kept", "cards": [25]}]}')
    real = store.read_text_file

    def refuse(path):  # as a file without read permission would (the tests may run as root)
        if path.name == "decks.json":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(store, "read_text_file", refuse)
    _, collection = opened(tmp_path, campaign)
    assert "it is kept as it is" in collection.problems[0] and collection.decks == []
    with pytest.raises(StoreError):
        collection.save_deck("Mine", [26])
    assert "Kept" in (tmp_path / "decks.json").read_text()


def test_a_saved_game_resumes_with_the_deck_it_was_started_with(tmp_path, campaign):
    progress, _ = opened(tmp_path, campaign)
    level = campaign[1]["c2_round_one"]
    mine = [25, 25, 26, 26, 28, 28, 3, 3, 9, 9, 12, 12, 14, 14, 17, 17, 21, 21, 31, 31]
    session = LevelSession.create(level, 5, mine)
    session.start()
    session.apply("PASS")  # the player's turn ends: the save holds it
    progress.save_run(session)
    assert json.loads((tmp_path / "run-c2_round_one.json").read_text())["deck"] == mine
    resumed = Progress(Store(tmp_path), *campaign).resume(level)
    assert resumed is not None and resumed.deck == mine
    ids = sorted(i.card.base_id for i in resumed.battle.sides[resumed.player_seat].deck)
    assert ids == sorted(mine)
