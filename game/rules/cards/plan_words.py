"""The card AI's thoughts in a player's words, in the language of the moment (game/i18n.py):
an action ("Summon Gearhound in the left lane"), a planned turn ("..., then ..."), how often the
search tried a plan, and the facts under them. ai/agents.py builds the Tab view's `Explanation`
from these; the client's AI worker is told the player's language with each request, and the
command-line tools, the arena and the bots never change it from English.

Rules layer: it reads the card data's translations for card names (game/rules/levels/
translations.py), never the client."""

from __future__ import annotations

from game import i18n
from game.i18n import _, ngettext, pgettext
from game.rules.cards.actions import Kind, parse_action


def card_name(name: str) -> str:
    """A card's name in the language of the moment (the data's translations), else English."""
    language = i18n.language()
    if language in (i18n.ENGLISH, i18n.PSEUDO):
        return name
    from game.paths import levels_dir
    from game.rules.levels.translations import load_translations

    return load_translations(levels_dir() / "cards", language).card_text(name)


def action_words(battle, action) -> str:
    """An action in words ("Summon Gearhound in the left lane", "Gearhound attacks the opponent"),
    against the battle before it."""

    def name(uid: int) -> str:
        creature = battle.creature(uid)
        if creature is not None:
            return card_name(creature.card.name)
        for side in battle.sides:
            for instance in side.hand:
                if instance.uid == uid and instance.card is not None:
                    return card_name(instance.card.name)
        return _("a card")

    if action.kind == Kind.SUMMON:
        if battle.lanes == 2:
            if action.lane == 0:
                return _("Summon {card} in the left lane").format(card=name(action.card))
            return _("Summon {card} in the right lane").format(card=name(action.card))
        return _("Summon {card}").format(card=name(action.card))
    if action.kind == Kind.ATTACK:
        if action.target < 0:
            return _("{card} attacks the opponent").format(card=name(action.card))
        return _("{card} attacks {target}").format(card=name(action.card), target=name(action.target))
    if action.kind == Kind.USE:
        if action.target < 0:
            return _("Use {card}").format(card=name(action.card))
        return _("Use {card} on {target}").format(card=name(action.card), target=name(action.target))
    return _("End the turn")


def plan_words(battle, plan) -> str:
    """A planned turn (its actions' protocol text, a string split by ";" or a list) in words."""
    words = []
    for line in plan.split(";") if isinstance(plan, str) else plan:
        line = line.strip()
        if not line or line == "PASS":
            continue
        try:
            words.append(action_words(battle, parse_action(line)))
        except ValueError:
            words.append(line)
    # TRANSLATORS: between the steps of a planned turn ("Summon Gearhound, then Gearhound attacks ...").
    return pgettext("plan steps", ", then ").join(words) or _("End the turn")


def tries_words(plan: str, visits: int, won: float) -> str:
    """A plan and how the search judged it: "End the turn. Tried 10 times, won 50% of them"."""
    percent = round(100 * won)
    if visits == 1:
        tries = _("Tried once, won {percent}% of them").format(percent=percent)
    else:
        tries = ngettext(
            "Tried {count} time, won {percent}% of them", "Tried {count} times, won {percent}% of them", visits
        ).format(count=visits, percent=percent)
    # TRANSLATORS: a planned turn, then how often the search tried it.
    return _("{plan}. {tries}").format(plan=plan, tries=tries)


def explanation_facts(weighed: int, listed: int, lethal: bool, ms: float | None) -> list[str]:
    """The lines under the plans: how many were weighed, a win found, the time it took."""
    facts = []
    if weighed > listed:
        template = ngettext(
            "Weighed {count} plan; the {shown} best are listed",
            "Weighed {count} plans; the {shown} best are listed",
            weighed,
        )
        facts.append(template.format(count=weighed, shown=listed))
    if lethal:
        facts.append(_("Found a way to win this turn"))
    if ms is not None:
        facts.append(_("Thought for {ms} ms").format(ms=f"{ms:.0f}"))
    return facts
