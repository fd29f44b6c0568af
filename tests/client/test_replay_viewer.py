"""The replay viewer's keys and mouse step to exact positions; a corrupt or a newer replay says so
in the viewer and in the Replays list, and the file is kept as it was."""

from __future__ import annotations

import pygame
import pytest

from game.client.replays.library import ReplaysScene, result_of
from game.client.replays.viewer import ReplayViewerScene
from game.rules.replays import Outcome, Replay, ReplayLibrary, Seat
from tests.client.driver import click, key, step

# Black takes the first five points of row 7 (x 0..4) while White plays row 9: Black wins at move 9.
MOVES = [[0, 7], [0, 9], [1, 7], [1, 9], [2, 7], [2, 9], [3, 7], [3, 9], [4, 7]]


def gomoku_replay(**fields) -> Replay:
    values = {
        "game": "gomoku",
        "mode": "quick",
        "seed": 0,
        "setup": {"size": 15, "rule": "freestyle"},
        "players": [Seat(kind="human", name="Black (you)"), Seat(kind="ai", name="White (Hana)", ai="easy")],
        "actions": MOVES,
        "thoughts": {1: {"headline": "Block the row", "options": [["Play a6", 0.8]], "facts": ["Thought for 0.02 s"]}},
        "result": Outcome(winner=0, text="Victory! You beat Hana in 9 moves"),
    }
    return Replay(**{**values, **fields})


@pytest.fixture
def viewer(app) -> ReplayViewerScene:
    app.push("title")
    scene = app.push("replay_viewer", replay=gomoku_replay())
    assert isinstance(scene, ReplayViewerScene) and scene.problem is None
    return scene


def test_keys_step_through_the_positions(app, viewer):
    assert (viewer.position, viewer.last) == (0, 9)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert viewer.position == 2
    assert viewer.playback.states[2].board.moves == [(0, 7), (0, 9)]
    key(app, pygame.K_LEFT)
    assert viewer.position == 1
    key(app, pygame.K_END)
    assert viewer.position == 9 and viewer.playback.states[9].board.winner is not None
    key(app, pygame.K_RIGHT)  # the end stays the end
    assert viewer.position == 9
    key(app, pygame.K_HOME)
    assert viewer.position == 0
    key(app, pygame.K_PAGEDOWN)  # every gomoku move is a turn: the next one
    assert viewer.position == 1


def test_space_plays_at_the_speed_shown_and_pauses(app, viewer):
    key(app, pygame.K_SPACE)  # 2 moves a second
    assert viewer.playing
    step(app, 5, dt=100)  # 500 ms (the key's own frame was 40 ms more)
    assert viewer.position == 1
    key(app, pygame.K_EQUALS)  # faster: 4 moves a second
    step(app, 5, dt=100)
    assert viewer.position == 3
    key(app, pygame.K_SPACE)
    step(app, 10, dt=100)
    assert viewer.position == 3 and not viewer.playing
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)  # 1 move a second
    key(app, pygame.K_SPACE)
    step(app, 60, dt=100)  # to the end, where it stops
    assert viewer.position == 9 and not viewer.playing


def test_the_move_list_and_the_buttons_take_clicks(app, viewer):
    rows = [text for _, _, text in viewer.rows]
    assert rows[:2] == ["1. Black (you): Black plays a8", "2. White (Hana): White plays a6"]
    click(app, viewer.row_rect(4).center)
    assert viewer.position == 5
    step_back = next(button for button in viewer.buttons if button.label == "<")
    click(app, step_back.rect.center)
    assert viewer.position == 4
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # after White's (the AI's) first move: its thoughts
    assert viewer.playback.thought(viewer.position - 1).headline == "Block the row"
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"


def write_bad_files(folder):
    folder.mkdir(parents=True, exist_ok=True)
    corrupt = folder / "20260101T100000-gomoku-quick.replay.json"
    corrupt.write_text("{not json", encoding="utf-8")
    future = folder / "20260101T090000-cards-quick.replay.json"
    future.write_text('{"format": 9, "game": "cards", "mode": "quick", "seed": 0}', encoding="utf-8")
    return corrupt, future


def test_a_corrupt_and_a_newer_replay_say_so_and_are_kept(app, tmp_path):
    corrupt, future = write_bad_files(tmp_path / "home" / "data" / "replays")
    before = corrupt.read_bytes(), future.read_bytes()
    app.push("title")
    viewer = app.push("replay_viewer", path=future)
    assert viewer.problem == (
        "It was recorded by a newer version of Duelmind: update Duelmind to watch it. The file is kept."
    )
    key(app, pygame.K_ESCAPE)
    viewer = app.push("replay_viewer", path=corrupt)
    assert viewer.problem.startswith(f"The file is damaged ({corrupt.name}: invalid JSON at line 1, column 2")
    assert str(corrupt.parent) not in viewer.problem and viewer.problem.endswith("The file is kept.")
    key(app, pygame.K_ESCAPE)
    listing = app.push("replays")
    assert isinstance(listing, ReplaysScene)
    assert [entry.path for entry in listing.entries] == [corrupt, future]
    assert [listing.describe(entry)[0] for entry in listing.entries] == ["A replay that cannot be read"] * 2
    assert listing.describe(listing.entries[1])[1] == viewer_words_for_future()
    assert (corrupt.read_bytes(), future.read_bytes()) == before


def viewer_words_for_future() -> str:
    return "It was recorded by a newer version of Duelmind: update Duelmind to watch it. The file is kept."


def test_the_list_filters_stars_and_deletes_after_asking(app, tmp_path):
    library = ReplayLibrary()
    won = library.add(gomoku_replay(recorded="2026-01-02T10:00:00+00:00"))
    lost = library.add(
        gomoku_replay(recorded="2026-01-02T11:00:00+00:00", result=Outcome(winner=1, text="Defeat"), mode="hotseat")
    )
    assert result_of(library.entries()[1].replay) == "won"
    app.push("title")
    listing = app.push("replays")
    assert [entry.path for entry in listing.entries] == [lost, won]
    key(app, pygame.K_r)  # results: won
    assert [entry.path for entry in listing.entries] == [won]
    key(app, pygame.K_r)  # lost
    key(app, pygame.K_r)  # draw
    assert listing.entries == []
    key(app, pygame.K_r)  # any result again
    key(app, pygame.K_m)  # played as: quick match
    assert [entry.path for entry in listing.entries] == [won]
    click(app, listing.star_rect(0).center)
    assert library.entries()[1].replay.starred
    click(app, listing.delete_rect(0).center)
    assert app.top.name == "workshop_prompt"
    click(app, app.top.menu.find("Keep it").rect.center)
    assert won.exists()
    click(app, listing.delete_rect(0).center)
    click(app, app.top.menu.find("Delete").rect.center)
    assert not won.exists() and lost.exists() and listing.entries == []
    key(app, pygame.K_m)  # hot-seat
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReplayViewerScene) and app.top.path == lost


def test_hot_seat_hands_show_as_the_player_to_move_saw_them(app):
    """Two people at one screen: each position shows the hand of the one to move, the other's face
    down; "all hands" waits for the end of the game (this one is not over)."""
    replay = Replay(
        game="cards",
        mode="hotseat",
        seed=3,
        setup={"lanes": 1},
        players=[Seat(kind="human", name="Player 1"), Seat(kind="human", name="Player 2")],
        actions=["PASS", "PASS"],
    )
    app.push("title")
    viewer = app.push("replay_viewer", replay=replay)
    shown = []
    for _ in range(3):
        scene = viewer._position().scene
        shown.append((viewer.shown_seat(), scene.bottom, scene.face_up(0), scene.face_up(1)))
        key(app, pygame.K_RIGHT)
    assert shown == [(0, 0, True, False), (1, 1, False, True), (0, 0, True, False)]
    key(app, pygame.K_h)
    assert not viewer.show_all and not viewer.over


def test_a_replay_that_no_longer_plays_names_the_move_and_is_kept(app, tmp_path):
    from game.rules.replays import write_replay

    path = write_replay(tmp_path / "old.replay.json", gomoku_replay(actions=[[0, 7], [0, 7]], rules="0.1.0"))
    before = path.read_bytes()
    app.push("title")
    viewer = app.push("replay_viewer", path=path)
    assert viewer.problem == (
        "Move 2 of this replay no longer plays on this version of Duelmind (a8 is not a legal move here). "
        "It was recorded by Duelmind 0.1.0. The file is kept."
    )
    step(app)
    assert path.read_bytes() == before


@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_viewer_and_the_list_keep_their_text_in_place(app, tmp_path, scale):
    from tests.client.text_layout import drawn_texts, layout_problems

    app.settings.text_scale = scale
    app.apply_accessibility()
    write_bad_files(tmp_path / "home" / "data" / "replays")
    ReplayLibrary().add(gomoku_replay())
    app.push("title")
    viewer = app.push("replay_viewer", replay=gomoku_replay())
    viewer.go(2)  # the AI's move: its thoughts are shown
    viewer.board_image()  # the game's own scene drew the board (its texts are its own screen's)
    wrong = {"viewer": layout_problems(drawn_texts(viewer))}
    wrong["list"] = layout_problems(drawn_texts(app.push("replays")))
    assert wrong == {"viewer": [], "list": []}


def test_the_replay_command_opens_the_viewer_or_says_why_it_cannot(tmp_path, monkeypatch, capsys):
    from game.cli import main
    from game.rules.replays import write_replay

    monkeypatch.setenv("DUELMIND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    path = write_replay(tmp_path / "game.replay.json", gomoku_replay())
    assert main(["replay", str(path)]) == 2  # no window here: the sentence, and how to print it instead
    assert "duelmind replay: cannot open a window" in capsys.readouterr().err
    assert main(["replay", str(path), "--print"]) == 0
    out = capsys.readouterr().out
    assert "   1. [Black (you)] Black plays a8" in out and "result: Victory! You beat Hana in 9 moves" in out


def test_every_button_label_of_the_replay_screens_fits(app, tmp_path):
    from tests.client.test_layout import overflowing

    ReplayLibrary().add(gomoku_replay())
    app.push("title")
    viewer = app.push("replay_viewer", replay=gomoku_replay())
    listing = app.push("replays")
    result = app.push(
        "result", headline="Victory!", detail="", good=True, on_rematch=lambda: None, replay=tmp_path / "a.replay.json"
    )
    buttons = viewer.all_buttons() + listing.filters + [listing.back_button] + result.menu.buttons
    assert [button.label for button in result.menu.buttons] == [
        "Rematch",
        "Review the board",
        "Watch again",
        "Main menu",
    ]
    assert overflowing(buttons) == []
