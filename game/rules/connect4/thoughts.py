"""The Connect Four AI's thoughts in a player's words, in the language of the moment
(game/i18n.py): the Tab view's headline, the columns it weighed and why, and its facts.
ai/connect4/agents.py decides what to say and words it with these; the client's AI worker is told
the player's language with each request, and every other process (benches, tools) keeps English
word for word. (The words live here, below the AI, because the catalogs are extracted from
game/.)"""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.rules.connect4.state import column_name, describe_action

# Why a column matters (ai/connect4/agents.py's `_reason`); FORCES is worded with its count.
WINS_AT_ONCE = N_("wins at once")
BLOCKS_FOUR = N_("blocks their four")
WIN_ON_TOP = N_("lets them win on top")
THEY_FORCE = N_("they can force a win")
MAKES_THREE = N_("makes a three with an open end")
FORCES = "forces"
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def level_fact(name: str) -> str:
    word = LEVEL_WORDS.get(name)
    return _("Level: {level}").format(level=_(word) if word else name)


def drop_words(state, column: int) -> str:
    """`describe_action` ("Drop in column d", the rules' English) in the language of the moment."""
    if not 0 <= column < state.columns:
        return describe_action(state, column)
    return _("Drop in column {column}").format(column=column_name(column))


def reason_words(reason: str, moves_to_end: int) -> str:
    """A column's reason in words ("" for none); FORCES says in how many of its moves."""
    if reason == FORCES:
        return ngettext("forces a win in {count}", "forces a win in {count}", moves_to_end).format(count=moves_to_end)
    return _(reason) if reason else ""


def option(drop: str, why: str) -> str:
    # TRANSLATORS: a column the Connect Four AI weighed and why: "Drop in column d: blocks their four".
    return _("{move}: {why}").format(move=drop, why=why) if why else drop


def hunch(column: int) -> tuple[str, str]:
    """The headline and the fact of a move played without searching."""
    words = _("Drops in column {column} on a hunch, without looking ahead").format(column=column_name(column))
    return words, _("Played without searching this time")


def headline(kind: str, column: int, moves_to_end: int = 0) -> str:
    """Why the AI drops in `column`: `kind` is the reason (WINS_AT_ONCE, BLOCKS_FOUR, MAKES_THREE),
    "won" or "lost" (a forced result), "centre" or "" (the best it saw)."""
    letter = column_name(column)
    if kind == WINS_AT_ONCE:
        return _("Wins: four in a row on column {column}").format(column=letter)
    if kind == BLOCKS_FOUR:
        return _("Drops in column {column} to block their three in a row").format(column=letter)
    if kind == "won":
        return ngettext(
            "Drops in column {column}: a win is forced within {count} of its moves",
            "Drops in column {column}: a win is forced within {count} of its moves",
            moves_to_end,
        ).format(column=letter, count=moves_to_end)
    if kind == "lost":
        return _("Drops in column {column}, though they can force a win whatever it plays").format(column=letter)
    if kind == MAKES_THREE:
        return _("Drops in column {column} to make a three in a row with an open end").format(column=letter)
    if kind == "centre":
        return _("Drops in column {column} to hold the centre").format(column=letter)
    return _("Drops in column {column}, the best position it could see").format(column=letter)


def facts(level_name: str, depth: int, nodes: int, elapsed_ms: float, expected: list[int]) -> list[str]:
    """How far it looked, how much it weighed and for how long, and the columns it expects next."""
    looked = ngettext("Looked {count} move ahead", "Looked {count} moves ahead", depth).format(count=depth)
    found = [
        level_fact(level_name),
        looked if depth else _("Had no time to look ahead"),
        ngettext("Weighed {count} positions", "Weighed {count} positions", nodes).format(count=f"{nodes:,}"),
        _("Thought for {seconds} s").format(seconds=f"{elapsed_ms / 1000.0:.2f}"),
    ]
    if expected:
        columns = ", ".join(column_name(column) for column in expected)
        found.append(_("Expects the columns that follow to be {columns}").format(columns=columns))
    return found
