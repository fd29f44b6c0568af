"""Chinese, Russian and Thai text as the game draws it: which font draws each character (Inter,
then Noto Sans SC, then Noto Sans Thai), no character without a glyph, line breaks without
spaces (kinsoku for Chinese, word boundaries for Thai), Thai marks placed by the font's shaping,
and Latin text measured, drawn and wrapped exactly as before the fallback chain."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.client import resources
from game.client.font_chain import cmap_coverage
from game.client.line_breaking import kinsoku, thai_clusters, thai_words, units, wrap_units
from game.client.widgets import wrap_text

FONTS = Path(resources.asset_path("fonts"))
SAMPLES = {
    "zh": "你好！欢迎来到决斗之心。选择一张卡牌，然后拖到战场上：“守卫”会挡住攻击。第3回合（共10回合）",
    "ru": "Привет! Выберите карту и перетащите её на поле: «Страж» принимает удар. Ход 3 из 10 — ёлка, №1",
    "th": "สวัสดี! เลือกการ์ดหนึ่งใบแล้วลากไปวางบนสนาม ผู้เล่นที่ชนะจะได้การ์ดใหม่ กี่ ปั้น น้ำ ญี่ปุ่น ฤๅษี",
}


@pytest.fixture(autouse=True, scope="module")
def fonts():
    pygame.font.init()
    resources.set_text_scale(1.0)
    yield


def name_of(path):
    return path.name if path is not None else None


def test_each_character_goes_to_the_first_font_that_has_it():
    regular, bold = resources.font(20), resources.font(20, bold=True)
    assert name_of(regular.font_for("A")) == "Inter-Regular.otf"
    assert name_of(regular.font_for("Ж")) == "Inter-Regular.otf"  # Inter covers Cyrillic
    assert name_of(regular.font_for("中")) == "NotoSansSC-Regular.ttf"
    assert name_of(regular.font_for("。")) == "NotoSansSC-Regular.ttf"
    assert name_of(regular.font_for("ก")) == "NotoSansThai-Regular.ttf"
    assert name_of(bold.font_for("中")) == "NotoSansSC-Bold.ttf"
    assert name_of(bold.font_for("ไ")) == "NotoSansThai-Bold.ttf"
    assert regular.font_for("\U0001f600") is None  # no shipped font has it: pygame's own


def test_text_is_cut_into_runs_of_one_font_and_punctuation_follows_its_text():
    family = resources.font(20).family
    assert family.runs("Mix 中文 and ไทย") == [(0, "Mix "), (1, "中文 "), (0, "and "), (2, "ไทย")]
    # “ and … open a Chinese run from Inter, inside one they come from the Chinese font
    assert family.runs("“你好…”") == [(0, "“"), (1, "你好…”")]
    assert family.runs("“Hi…”") == [(0, "“Hi…”")]
    # a combining mark stays with its base: a stress accent on Cyrillic, a tone mark on Thai
    assert family.runs("за́мок") == [(0, "за́мок")]
    assert family.runs("A่") == [(0, "A่")]


@pytest.mark.parametrize("language", sorted(SAMPLES))
def test_every_character_of_each_script_has_a_glyph(language):
    """A tofu box is a character drawn by a font without it: each character's chosen font maps
    it in its cmap (regular and bold), and metrics() finds it."""
    for bold in (False, True):
        face = resources.font(18, bold)
        family = face.family
        missing = [c for c in SAMPLES[language] if not family.covers(family.choose(c), c)]
        assert missing == []
        assert None not in face.metrics(SAMPLES[language])
        image = face.render(SAMPLES[language], True, (255, 255, 255))
        assert image.get_size() == face.size(SAMPLES[language])


def test_the_cmap_reader_agrees_with_fonttools():
    ttlib = pytest.importorskip("fontTools.ttLib", reason="fontTools is the [assets] extra")
    shipped = sorted(FONTS.glob("*.[ot]tf"))
    assert [p.name for p in shipped] == [
        "Inter-Bold.otf",
        "Inter-Regular.otf",
        "NotoSansSC-Bold.ttf",
        "NotoSansSC-Regular.ttf",
        "NotoSansThai-Bold.ttf",
        "NotoSansThai-Regular.ttf",
    ]
    for path in shipped:
        assert cmap_coverage(path) == frozenset(ttlib.TTFont(path).getBestCmap()), path.name


def test_every_character_the_catalogs_use_has_a_glyph():
    """A translator's new string with a hanzi outside the subset fails here: re-run
    build_scripts/subset_fonts.py, which keeps every character of the catalogs."""
    catalogs = sorted(Path(resources.resource_root(), "game", "locale").glob("*/LC_MESSAGES/*.po"))
    if not catalogs:
        pytest.skip("no translation catalogs in this tree")
    family = resources.font(18).family
    missing = {}
    for catalog in catalogs:
        text = "".join(
            re.findall(r'^(?:msgstr(?:\[\d\])?\s+)?"(.*)"$', catalog.read_text(encoding="utf-8"), re.MULTILINE)
        )
        lost = sorted({c for c in text if not c.isspace() and not family.covers(family.choose(c), c)})
        if lost:
            missing[catalog.parent.parent.name] = "".join(lost)
    assert missing == {}


def test_latin_text_draws_and_measures_exactly_as_inter_alone():
    inter = pygame.font.Font(str(FONTS / "Inter-Regular.otf"), 20)
    chain = resources.font(20)
    for text in ("Settings", "Quit to campaign map", "Naïve café — “quoted” …", "Ход 3 из 10"):
        assert chain.size(text) == inter.size(text)
        ours, theirs = chain.render(text, True, (240, 230, 200)), inter.render(text, True, (240, 230, 200))
        assert ours.get_size() == theirs.get_size()
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
    assert chain.get_height() == inter.get_height() and chain.get_linesize() == inter.get_linesize()


def old_wrap(text, size, width):
    """wrap_text as it was before scripts without spaces (the loop Latin text still takes)."""
    face = resources.font(size)
    lines = []
    for paragraph in str(text).split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def test_latin_and_cyrillic_wrap_as_before():
    text = "The quick brown fox jumps over the lazy dog again and again."
    assert wrap_text(text, 18, 150) == ["The quick brown", "fox jumps over", "the lazy dog", "again and again."]
    russian = "Привет, мир! Это длинная строка текста для проверки переноса."
    assert wrap_text(russian, 18, 150) == ["Привет, мир!", "Это длинная", "строка текста", "для проверки", "переноса."]
    assert wrap_text("Supercalifragilistic word", 18, 60) == ["Supercalifragilistic", "word"]  # a long word stays whole
    for sample in (text, russian, "One\nTwo three four five six", "  spaced   out  ", ""):
        for width in (40, 120, 300):
            assert wrap_text(sample, 16, width) == old_wrap(sample, 16, width)


def test_chinese_breaks_between_characters_but_not_before_a_stop_or_after_an_opening_mark():
    assert kinsoku(list("他说：「走吧」。")) == ["他", "说：", "「走", "吧」。"]
    by_count = lambda limit: lambda line: len(line) <= limit
    # a pure per-character break would put "，" first on the second line
    assert wrap_units(units("我们的英雄，在森林里。"), by_count(5)) == ["我们的英", "雄，在森林", "里。"]
    assert wrap_units(units("他说：「走吧」。"), by_count(4)) == ["他说：", "「走", "吧」。"]
    # Latin words inside Chinese stay whole, spaces kept
    assert units("按 Tab 键查看") == [("按", True), ("Tab", True), ("键", True), ("查", False), ("看", False)]


def test_chinese_wraps_to_the_pixel_width():
    text = SAMPLES["zh"]
    lines = wrap_text(text, 18, 200)
    assert "".join(lines) == text.replace(" ", "")
    assert len(lines) > 2
    for line in lines:
        assert resources.font(18).size(line)[0] <= 200
        assert line[0] not in "，。！？：”）" and line[-1] not in "“（「"


def test_thai_breaks_at_word_boundaries():
    assert thai_words("ผู้เล่นที่ชนะจะได้การ์ดใหม่") == ("ผู้เล่น", "ที่", "ชนะ", "จะ", "ได้", "การ์ด", "ใหม่")
    assert thai_words("ซื้อสมุดใหม่") == ("ซื้อ", "สมุด", "ใหม่")  # an unknown word stays whole
    by_count = lambda line: len(line) <= 12
    assert wrap_units(units("ผู้เล่นที่ชนะจะได้การ์ดใหม่"), by_count) == ["ผู้เล่นที่", "ชนะจะได้", "การ์ดใหม่"]
    # spaces between Thai phrases stay break points, and stay spaces
    assert wrap_units(units("สวัสดี ผู้เล่น"), lambda line: len(line) <= 8) == ["สวัสดี", "ผู้เล่น"]


def test_thai_clusters_keep_marks_and_vowels_with_their_consonant():
    assert thai_clusters("เล่นน้ำ") == ["เล่", "น", "น้ำ"]
    assert thai_clusters("ที่ไป") == ["ที่", "ไป"]
    # a run too long for a line and unknown to the word list is cut between clusters only
    lines = wrap_units(units("กขคฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮกี่ปั้น"), lambda line: len(line) <= 10)
    assert len(lines) > 3
    assert all(
        len(line) <= 10 and not ("\u0e31" <= line[0] <= "\u0e3a" or "\u0e47" <= line[0] <= "\u0e4e") for line in lines
    )


def test_thai_wraps_to_the_pixel_width():
    text = SAMPLES["th"]
    lines = wrap_text(text, 18, 120)
    # every break between two words of the list (or at a space), none inside a word
    assert lines == ["สวัสดี! เลือก", "การ์ดหนึ่งใบแล้ว", "ลากไปวางบน", "สนาม ผู้เล่นที่ชนะ", "จะได้การ์ดใหม่ กี่", "ปั้น น้ำ ญี่ปุ่น ฤๅษี"]
    assert all(resources.font(18).size(line)[0] <= 120 for line in lines)


def test_thai_tone_marks_are_placed_by_the_fonts_shaping():
    """HarfBuzz applies Noto Sans Thai's positioning: a tone mark over ป (whose stem rises on
    the right) moves left of where it sits over ก; unshaped, both would sit at the same x."""
    face = resources.font(40).fonts[2]

    def mark_left(text):
        image = face.render(text, True, (255, 255, 255))
        top = image.subsurface((0, 0, image.get_width(), face.get_ascent() - 24))
        return top.get_bounding_rect().left

    assert face.size("ป")[0] == face.size("ก")[0]  # same advance: the mark's x is the font's choice
    assert mark_left("ป่") <= mark_left("ก่") - 3


def test_thai_text_gets_room_for_its_stacked_marks():
    chain = resources.font(40)
    assert chain.size("Latin")[1] == chain.get_height()
    assert chain.size("中文")[1] == chain.get_height()  # hanzi sit inside Inter's line
    thai = chain.fonts[2]
    grown = chain.get_height() + (thai.get_ascent() - chain.get_ascent()) + (chain.get_descent() - thai.get_descent())
    assert chain.size("ที่นี่")[1] == grown > chain.get_height()
    image = chain.render("ที่นี่", True, (255, 255, 255))
    ink = image.get_bounding_rect()
    assert ink.top > 0 and ink.bottom < image.get_height()  # nothing cut off


def test_a_missing_or_broken_font_file_costs_its_characters_only(tmp_path, monkeypatch):
    broken = tmp_path / "Broken.ttf"
    broken.write_bytes(b"not a font at all")
    assert cmap_coverage(broken) == frozenset()
    monkeypatch.setattr(
        resources,
        "FALLBACK_FILES",
        (({False: "Missing.ttf", True: "Missing.ttf"}, None, True),) + resources.FALLBACK_FILES[1:],
    )
    resources.font_family.cache_clear()
    resources._font.cache_clear()
    try:
        face = resources.font(20)
        assert [link.path.name for link in face.family.files] == ["Inter-Regular.otf", "NotoSansThai-Regular.ttf"]
        assert face.font_for("中") is None  # pygame's own font now: drawn, not a crash
        assert name_of(face.font_for("ก")) == "NotoSansThai-Regular.ttf"
        assert face.render("中文 and ไทย", True, (255, 255, 255)).get_width() == face.size("中文 and ไทย")[0] > 0
    finally:
        resources.font_family.cache_clear()
        resources._font.cache_clear()
