"""The gomoku engine's thoughts in a player's words, in the language of the moment (game/i18n.py):
the Tab view's headline ("Blocks a five in a row: h9") and facts. ai/agents.py's GomokuAgent
builds its `Explanation` from these; the client's AI worker is told the player's language with
each request, and the command-line tools, benches and bots never change it from English. (The
words live here, below the AI, because the catalogs are extracted from game/.)"""

from __future__ import annotations

import math

from game.i18n import N_, _, ngettext

MATE = 99000  # the engine's score of a forced result
REASONS = {
    "win": N_("Makes five in a row"),
    "block": N_("Blocks a five in a row"),
    "vcf": N_("Forces a win with a run of fours"),
    "vct": N_("Forces a win with threes and fours"),
    "defend": N_("Defends against a forced win"),
    "opening": N_("Plays a known opening move"),
    "search": N_("The best move it found"),
    "novice": N_("A beginner's move"),
    "fallback": N_("A safe move"),
}
PLAYS = N_("Plays")


def headline(reason: str, point: str) -> str:
    """Why the engine played `point` (a board name such as "h9")."""
    # TRANSLATORS: the gomoku AI's move in the Tab view: "Blocks a five in a row: h9".
    return _("{reason}: {point}").format(reason=_(REASONS.get(reason, PLAYS)), point=point)


def verdict(score) -> str:
    """The engine's score of the position in words (a forced win or loss, or a share); "" for none."""
    if not isinstance(score, (int, float)) or not score:
        return ""
    if abs(score) >= MATE:
        return _("Sees a forced win") if score > 0 else _("Sees a forced loss")
    percent = round(100 * (0.5 + math.atan(score / 3000) / math.pi))
    return _("Judges the position {percent}% in its favour").format(percent=percent)


def facts(line: list[str], depth, score, ms) -> list[str]:
    """The facts under the headline: the line it expects, how far it looked, its verdict, its time."""
    found = [
        _("Expects {points} next").format(points=", ".join(line)) if line else "",
        ngettext("Looked {count} move ahead", "Looked {count} moves ahead", depth).format(count=depth) if depth else "",
        verdict(score),
        _("Thought for {ms} ms").format(ms=f"{ms:.0f}"),
    ]
    return [fact for fact in found if fact]
