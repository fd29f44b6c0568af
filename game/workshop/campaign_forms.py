"""The campaign screen's two settings panels as data (rows of `forms.Row`, drawn and clicked by
`panel.RowPanel`): the chosen chapter's title, id, level order, unlock rule and intro lines, and
the chosen level's place and rewards. Pure: no pygame; the tests read them too.
"""

from __future__ import annotations

from game.i18n import _

from typing import Any, Callable

from game.workshop import campaign_edit as ce
from game.workshop.forms import Row
from game.workshop.rows import CHOICE_NAMES, named


def chapter_rows(doc: ce.CampaignDocument, c: int, choose_unlock: Callable[[], Any]) -> list[Row]:
    """The campaign's title, then chapter `c`'s settings (-1: none chosen); `choose_unlock` opens
    the level chooser for a level the chapter waits for."""
    rows = [Row(_("Campaign"), "heading"), Row(_("Title"), "text", ("campaign", "title"), indent=1)]
    if c < 0:
        return rows
    path = ce.CHAPTERS + (c,)
    rows += [
        Row(_("Chapter {number}").format(number=c + 1), "heading", path),
        Row(_("Title"), "text", path + ("title",), setter=lambda v: ce.set_title(doc, c, v), indent=1),
        Row(_("Id"), "text", path + ("id",), indent=1),
        Row(
            _("Level order"),
            "choice",
            path + ("order",),
            ce.ORDERS,
            default="sequential",
            names=named(CHOICE_NAMES["order"]),
            setter=lambda v: ce.set_order(doc, c, v),
            indent=1,
        ),
        Row(_("Opens when"), "heading", path + ("unlock",)),
    ]
    for a, level_id in enumerate(ce.unlock_after(doc, c)):
        rows.append(
            Row(
                _("Won first"),
                "note",
                path + ("unlock", "after", a),
                indent=1,
                extra={"value": f"{ce.level_title(doc, level_id)} ({level_id})"},
                remove=lambda a=a: ce.remove_unlock_after(doc, c, a),
            )
        )
    rows += [
        Row(_("+ a level to win first..."), "button", action=choose_unlock, indent=1),
        Row(
            _("Stars needed"),
            "int",
            path + ("unlock", "stars"),
            default=0,
            low=0,
            high=999,
            indent=1,
            setter=lambda v: ce.set_unlock_stars(doc, c, v),
        ),
        Row(_("Intro"), "heading", path + ("intro",)),
    ]
    for i, _line in enumerate(doc.get(path + ("intro",)) or []):
        line = path + ("intro", i)
        rows += [
            Row(
                _("Speaker"), "text", line + ("speaker",), indent=1, remove=lambda i=i: ce.remove_intro_line(doc, c, i)
            ),
            Row(_("Portrait"), "text", line + ("portrait",), optional=True, indent=2),
            Row(_("Text"), "text", line + ("text",), indent=2),
        ]
    rows.append(Row(_("+ intro line"), "button", action=lambda: ce.add_intro_line(doc, c), indent=1))
    return rows


def level_rows(doc: ce.CampaignDocument, level_id: str | None, choose_reward: Callable[[], Any]) -> list[Row]:
    """Where the chosen level is, what unlocks it, and its rewards (kept in its own file);
    `choose_reward` opens the level chooser for a level winning it unlocks."""
    if level_id is None:
        return [Row(_("Choose a level to see its rewards"), "heading")]
    if level_id in doc.unreadable:
        return [Row(f"{level_id}.json", "heading"), Row(_("This file cannot be read (see the problems)"), "heading")]
    place = ce.place_of(doc, level_id)
    where = (
        _("chapter {chapter}, level {level}").format(chapter=place[0] + 1, level=place[1] + 1)
        if place
        else _("in no chapter")
    )
    kind = ce.kind_name(ce.level_kind(doc, level_id), "?")
    rows = [
        Row(ce.level_title(doc, level_id), "heading", ("levels", level_id)),
        Row(_("File"), "note", extra={"value": f"{level_id}.json · {kind}"}),
        Row(_("Place"), "note", extra={"value": where}),
    ]
    sources = ce.unlocked_by(doc, level_id)
    if sources:
        rows.append(Row(_("Unlocked by winning"), "note", extra={"value": ", ".join(sources)}))
    rows.append(Row(_("Winning it unlocks"), "heading", ("levels", level_id, "rewards", "unlocks")))
    for u, target in enumerate(ce.reward_unlocks(doc, level_id)):
        rows.append(
            Row(
                _("Level"),
                "note",
                ("levels", level_id, "rewards", "unlocks", u),
                indent=1,
                extra={"value": f"{ce.level_title(doc, target)} ({target})"},
                remove=lambda u=u: ce.remove_reward_unlock(doc, level_id, u),
            )
        )
    rows += [
        Row(_("+ a level it unlocks..."), "button", action=choose_reward, indent=1),
        Row(
            _("Reward message"),
            "text",
            ("levels", level_id, "rewards", "message"),
            optional=True,
            setter=lambda v: ce.set_reward_message(doc, level_id, v),
        ),
    ]
    return rows
