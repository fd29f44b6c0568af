"""Gomoku, Connect Four, the skirmish, the replays and the Tab view in every language: in English,
Chinese, Russian, Thai and the pseudo-locale no text of these screens leaves its box or the window
or runs into another (one frame of each); their words are the language's (renju's fouls, the
skirmish's log and previews with Russian's plural forms); and a screen open while the language
changes follows it at its next frame."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.client.skirmish.log_lines import cast_lines
from game.client.skirmish.pieces import status_tooltip
from game.client.skirmish.previews import path_note
from game.rules.skirmish.words import ABILITY_NAMES, ABILITY_TEXTS, ARENA_NAMES, CLASS_NAMES, ROLES, hero_label
from game.paths import levels_dir
from game.rules.events import Event, EventKind
from game.rules.skirmish.state import SkirmishState
from tests.client.driver import step
from tests.client.text_layout import drawn_texts, layout_problems
from tests.i18n.board_screens import gomoku_renju_foul, screens, skirmish_aiming
from tests.skirmish.helpers import SHIPPED

LANGUAGES = ["en", "zh-CN", "ru", "th", "en-XA"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_of_the_board_screens_overflows(app, tmp_path, language):
    assert i18n.set_language(language) == language
    wrong, seen = {}, []
    for name, scene in screens(app, tmp_path / "replays"):
        if hasattr(scene, "handle"):  # a scene: drawn as the app draws it, after a frame
            app.reset(scene)
            step(app)
        problems = layout_problems(drawn_texts(scene))
        seen.append(name)
        if problems:
            wrong[name] = problems
    assert wrong == {}
    assert seen == ["gomoku", "renju foul", "connect four", "skirmish", "replays", "replay viewer", "review bar"]


def _words(scene) -> set[str]:
    return {text for text, _rect, _box in drawn_texts(scene)}


def test_a_renju_foul_is_named_by_the_glossary(app):
    i18n.set_language("zh-CN")
    scene = gomoku_renju_foul(app)
    assert scene.status_line() == ("三三：黑棋禁手", True)
    i18n.set_language("ru")
    assert scene.status_line() == ("«Три-три»: чёрным запрещено", True)  # the same frame, now in Russian
    assert {"Вернуть ход", "Новая игра", "Меню"} <= _words(scene)  # the buttons made in Chinese follow


def _state() -> SkirmishState:
    state = SkirmishState(SHIPPED, "corridors", [["cleric"] * 3, ["ranger"] * 3], 1)
    state.names = ("Orla", "Kael", "Tarin", "Hana", "Bram", "Wren")
    return state


@pytest.mark.parametrize(
    ("turns", "words"),
    [
        (1, "Замедление на 1 ход"),
        (3, "Замедление на 3 хода"),
        (5, "Замедление на 5 ходов"),
        (21, "Замедление на 21 ход"),
    ],
)
def test_the_skirmish_log_takes_russian_plural_forms(turns, words):
    i18n.set_language("ru")
    state = _state()
    hit = Event(EventKind.CAST, player=0, card=1, name="strike", point=(1, 0))
    events = [
        hit,
        Event(EventKind.DAMAGE, player=1, card=4, value=4, target=1),
        Event(EventKind.STATUS, player=1, card=4, value=turns, name="slow", target=1),
    ]
    assert cast_lines(state, events) == {id(hit): f"Орла (Жрец): Удар по цели Hana (Следопыт), 4 урона, {words}"}


def test_the_skirmish_words_in_chinese():
    i18n.set_language("zh-CN")
    state = _state()
    assert hero_label(state, 1) == "奥拉（牧师）"  # a drawn name, transliterated; the class translated
    assert path_note(state, state.grid.path((0, 0), (1, 0), state.occupied())) == "1 步：消耗 2 能量，剩余 8"
    assert status_tooltip("poison", 3, 4) == ["中毒：每个自身回合开始时失去 4 点生命。", "剩余 3 回合"]
    i18n.set_language("en")  # English is the rules' own words, unchanged
    assert hero_label(state, 1) == state.label(1) == "Orla (Cleric)"


def test_every_shipped_roster_text_is_marked():
    """A class, role, ability or arena the roster ships but words.py lacks would stay English."""
    folder = levels_dir() / "skirmish"
    heroes = json.loads((folder / "heroes.json").read_text(encoding="utf-8"))["heroes"]
    abilities = json.loads((folder / "abilities.json").read_text(encoding="utf-8"))["abilities"]
    arenas = [json.loads(path.read_text(encoding="utf-8"))["name"] for path in sorted((folder / "maps").glob("*.json"))]
    assert {hero["name"] for hero in heroes} <= set(CLASS_NAMES)
    assert {hero["role"] for hero in heroes} <= set(ROLES)
    assert {ability["name"] for ability in abilities} <= set(ABILITY_NAMES)
    assert {ability["text"] for ability in abilities} <= set(ABILITY_TEXTS)
    assert set(arenas) <= set(ARENA_NAMES)


def test_the_skirmish_screen_follows_a_language_switch(app):
    scene = skirmish_aiming(app)
    app.reset(scene)
    step(app)
    assert {"4  Frost Lance", "End turn", "Round 1"} <= _words(scene)
    i18n.set_language("th")
    step(app)
    assert {"4  หอกน้ำแข็ง", "จบเทิร์น", "รอบที่ 1"} <= _words(scene)


def test_the_ais_thoughts_are_worded_in_the_language_of_the_moment():
    """The client's AI worker is told the player's language (board_game/scene.py, skirmish/scene.py
    send it with each "act"); the agents word their explanation in it, and in English as before."""
    from ai.agents import GomokuAgent
    from game.rules.connect4 import thoughts as connect4_thoughts
    from game.rules.gomoku import GomokuState
    from game.rules.gomoku.game import GomokuGame
    from game.rules.skirmish import words

    board = GomokuState(15)
    for point in [
        (7, 7),
        (8, 8),
        (7, 8),
        (8, 7),
        (7, 9),
        (8, 9),
        (7, 10),
    ]:  # black has four on a file: white must block
        board.play(*point)
    i18n.set_language("zh-CN")
    decision = GomokuAgent("easy", 1).act(GomokuGame(board), 50)
    assert decision.explanation.headline.startswith("挡住五连：")  # "Blocks a five in a row: ..."
    assert connect4_thoughts.headline("centre", 3) == "落在 d 列，占据中央"
    i18n.set_language("ru")
    assert connect4_thoughts.facts("hard", 5, 1234, 20.0, [2, 4]) == [
        "Уровень: сложный",
        "Смотрел на 5 ходов вперёд",
        "Взвесил 1,234 позиции",
        "Думал 0.02 с",
        "Ожидает дальше столбцы c, e",
    ]
    assert (
        words.judged(0.2).format(step="пройти на c4")
        == "Он счёл это почти равным следующей по силе идее: пройти на c4."
    )
    i18n.set_language("en")
    assert connect4_thoughts.headline("centre", 3) == "Drops in column d to hold the centre"
    assert GomokuAgent("easy", 1).act(GomokuGame(board), 50).explanation.headline.startswith("Blocks a five in a row: ")


def test_a_replays_moves_are_worded_in_the_language(app):
    from tests.i18n.board_screens import replay_viewer

    i18n.set_language("zh-CN")
    viewer = replay_viewer(app)
    assert [text for _kind, _position, text in viewer.rows[:2]] == [
        "1. Black (you)：黑棋下在 a8",  # the seats' names are the replay's, as recorded
        "2. White (Hana)：白棋下在 a6",
    ]
