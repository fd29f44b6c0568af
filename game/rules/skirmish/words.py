"""The skirmish roster's words in the player's language: hero classes and their roles, abilities
and what they do, statuses and arenas.

The roster is data (levels/skirmish/*.json, read by game/rules/skirmish/data.py) and its English
stays the words of the rules (`describe_action`, `SkirmishState.label`), the logs and the
command-line tools. The shipped roster's texts are marked here with `N_` and translated where
they are shown (`word`), so a language switch made later reaches them; a text not in these tables
(a designer's own hero or ability in the workshop) shows as written. The client's screens and
the AI's explanations (ai/agents.py, ai/skirmish/tree.py: the client's AI worker is told the
player's language, every other process stays in English) use these, in the language of the
moment. tests/i18n/test_boards_in_each_language.py fails when the shipped roster has a text these
tables lack."""

from __future__ import annotations

from game.i18n import N_, _, ngettext, pgettext
from game.rules.skirmish.names import NAMES

CLASS_NAMES = (
    N_("Knight"),
    N_("Berserker"),
    N_("Ranger"),
    N_("Mage"),
    N_("Cleric"),
    N_("Rogue"),
    N_("Warlock"),
    N_("Druid"),
    N_("Monk"),
)
ROLES = (
    N_("tank: stuns and taunts"),
    N_("melee damage"),
    N_("ranged physical damage"),
    N_("ranged magic, areas"),
    N_("healer"),
    N_("melee burst, poison"),
    N_("curses and drains"),
    N_("support: regrowth, roots, wind"),
    N_("mobile melee"),
)
ABILITY_NAMES = (
    N_("Strike"),
    N_("Shoot"),
    N_("Shield Bash"),
    N_("Provoke"),
    N_("Fortify"),
    N_("Cleave"),
    N_("Battle Cry"),
    N_("Leap"),
    N_("Pinning Shot"),
    N_("Volley"),
    N_("Tumble"),
    N_("Arcane Bolt"),
    N_("Fireball"),
    N_("Frost Lance"),
    N_("Blink"),
    N_("Mend"),
    N_("Sanctuary"),
    N_("Smite"),
    N_("Poison Blade"),
    N_("Shadowstep"),
    N_("Blinding Powder"),
    N_("Hex Bolt"),
    N_("Curse"),
    N_("Drain Life"),
    N_("Soul Chains"),
    N_("Regrowth"),
    N_("Entangle"),
    N_("Gust"),
    N_("Swiftness"),
    N_("Palm Strike"),
    N_("Meditate"),
    N_("Focus Stance"),
)
ABILITY_TEXTS = (
    N_("Hit an adjacent enemy with your weapon."),
    N_("A shot at an enemy up to 6 cells away in sight."),
    N_("A weaker blow that stuns the enemy for its next turn."),
    N_("Enemies within 2 cells must target you with their next abilities."),
    N_("+25 armour and resist for two turns."),
    N_("A sweeping blow at every enemy next to you."),
    N_("You and allies within 2 cells deal 30% more damage for two turns."),
    N_(
        "Move up to 4 steps without paying for them, to an empty cell in your line of sight "
        "(the path goes around walls and heroes)."
    ),
    N_("A lighter shot that slows the target by 4 energy."),
    N_("Arrows rain on a 1-cell radius."),
    N_("Roll away from danger: up to 3 steps without paying for them, to an empty cell in your line of sight."),
    N_("A bolt of raw magic."),
    N_("Explodes on a 1-cell radius, burning friend and foe."),
    N_("Pierces a line of 5 cells, chilling (slow 3) what it hits."),
    N_("Teleport up to 4 cells away, even out of sight."),
    N_("Heal an ally (or yourself)."),
    N_("Shields you and allies within 2 cells from 20 damage for two turns."),
    N_("Holy light that also blinds (-20% hit) for a turn."),
    N_("A light cut that poisons for 6 damage a turn, three turns."),
    N_("Step through shadows to a cell up to 3 away."),
    N_("A cross of powder: -35% hit for two turns."),
    N_("A bolt of shadow."),
    N_("-25% damage and -20 armour and resist for two turns."),
    N_("Magic damage that heals you."),
    N_("Pull an enemy 3 cells toward you and slow it."),
    N_("An ally regenerates 8 health a turn for three turns."),
    N_("Roots burst on a 1-cell radius: small damage and slow 5."),
    N_("A gale along 3 cells pushes enemies 2 cells; slamming into something hurts."),
    N_("You and allies within 2 cells get 3 more energy for two turns."),
    N_("A blow that throws the enemy 2 cells back; a wall behind it hurts."),
    N_("Recover 6 energy and 15 mana."),
    N_("+20% hit and crit chance for two turns."),
)
ARENA_NAMES = (N_("Corridors"), N_("Pillars"), N_("Ruins"), N_("Custom map"))
# A status (game/rules/skirmish/model.py's StatusKind values) as its badge and the log name it;
# in their own context, as "Guard" (the card keyword) and "Slow" (the AI's pace) say other things.
STATUS_NAMES = {
    "stun": lambda: pgettext("status", "Stun"),
    "slow": lambda: pgettext("status", "Slow"),
    "haste": lambda: pgettext("status", "Haste"),
    "poison": lambda: pgettext("status", "Poison"),
    "regen": lambda: pgettext("status", "Regen"),
    "shield": lambda: pgettext("status", "Shield"),
    "taunt": lambda: pgettext("status", "Taunt"),
    "might": lambda: pgettext("status", "Might"),
    "weaken": lambda: pgettext("status", "Weaken"),
    "guard": lambda: pgettext("status", "Guard"),
    "sunder": lambda: pgettext("status", "Sunder"),
    "focus": lambda: pgettext("status", "Focus"),
    "blind": lambda: pgettext("status", "Blind"),
}
KNOWN = frozenset(CLASS_NAMES + ROLES + ABILITY_NAMES + ABILITY_TEXTS + ARENA_NAMES)


def word(text: str) -> str:
    """A roster text (a class, role, ability, its text, an arena) in the player's language; one
    the shipped roster does not have stays as written."""
    return _(text) if text in KNOWN else text


def status_name(status: str) -> str:
    """A status ("slow") as the player reads it ("Slow", "Замедление")."""
    found = STATUS_NAMES.get(status)
    return found() if found is not None else status.title()


def hero_label(state, uid: int) -> str:
    """The hero's name and class in the player's language ("Orla (Cleric)", "Orla (Жрица)"), as
    `SkirmishState.label` says it in English: a level's name that already says the class stands
    alone ("Your cleric")."""
    name, cls = state.names[uid - 1], state.heroes[uid - 1].cls.name
    name = _(name) if name in NAMES else name[:1].upper() + name[1:]  # a drawn name, transliterated
    if cls.casefold() in name.casefold() or word(cls).casefold() in name.casefold():
        return name
    # TRANSLATORS: a hero's name and class in the skirmish: "Orla (Cleric)".
    return _("{name} ({hero_class})").format(name=name, hero_class=word(cls))


def action_words(game, action) -> str:
    """`describe_action` (game/rules/skirmish/game.py) in the language of the moment: "Kael
    (Ranger) uses Strike on Orla (Cleric) at d4". `game` is the SkirmishGame before the action."""
    from game.rules.skirmish.actions import Act
    from game.rules.skirmish.game import cell_name
    from game.rules.skirmish.model import MOVE_VERBS, TargetKind

    match = game.match
    hero = match.active_hero
    who = hero_label(match, hero.uid)
    where = cell_name(action.x, action.y)
    if action.kind == Act.END:
        return _("{hero} ends the turn").format(hero=who)
    if action.kind == Act.MOVE:
        return _("{hero} moves to {cell}").format(hero=who, cell=where)
    ability = match.roster.abilities.get(action.ability)
    if ability is None:
        return _("{hero} uses an ability at {cell}").format(hero=who, cell=where)
    name = word(ability.name)
    if ability.target == TargetKind.SELF:
        return _("{hero} uses {ability}").format(hero=who, ability=name)
    if any(e.verb in MOVE_VERBS for e in ability.effects):
        return _("{hero} uses {ability} to reach {cell}").format(hero=who, ability=name, cell=where)
    target = match.hero_at(action.cell)
    if target is not None and target.uid != hero.uid:
        # TRANSLATORS: "Kael (Ranger) uses Strike on Orla (Cleric) at d4".
        words = _("{hero} uses {ability} on {target} at {cell}")
        return words.format(hero=who, ability=name, target=hero_label(match, target.uid), cell=where)
    return _("{hero} uses {ability} at {cell}").format(hero=who, ability=name, cell=where)


# ------------------------------------------------------------------ the AI's thoughts (Tab)
# ai/skirmish/tree.py, ai/skirmish/hard.py and ai/agents.py word the skirmish AI's plan with
# these, translated when the explanation is made (the client's worker: the player's language).
WALK_TO = N_("walk to {cell}")
END_THE_TURN = N_("end the turn")
USE_TO_REACH = N_("use {ability} to reach {cell}")
USE = N_("use {ability}")
# TRANSLATORS: a step of the skirmish AI's plan: "use Strike on Orla (Cleric) at d4".
USE_ON = N_("use {ability} on {target} at {cell}")
USE_AT = N_("use {ability} at {cell}")
ITSELF = N_("itself")
ABOUT_DAMAGE = N_("about {amount} damage to {hero}")
ABOUT_HEALING = N_("about {amount} healing for {hero}")
# TRANSLATORS: a planned step and what it is expected to do: "use Strike on ... (about 9 damage to ...)".
STEP_WITH_EFFECTS = N_("{step} ({effects})")
# TRANSLATORS: the skirmish AI's plan in the Tab view: "Orla (Cleric) planned to walk to c4, then use Mend."
PLANNED = N_("{hero} planned to {steps}.")
NO_PLAN = N_("It found no plan worth following.")
WEIGHED = N_("It weighed {report}.")
ITS_PLAN = N_("Its plan: {steps}")
THEN = N_(", then ")


def judged(gap: float) -> str:
    """How the chosen plan compared with the runner-up (a score gap), as a sentence with {step}."""
    if gap < 0.5:
        return _("It judged this about as good as its next best idea: to {step}.")
    if gap < 3:
        return _("It judged this a little better than its next best idea: to {step}.")
    if gap < 10:
        return _("It judged this better than its next best idea: to {step}.")
    return _("It judged this far better than its next best idea: to {step}.")


def plans_weighed(count: int) -> str:
    """The hard AI's report: how many plans it weighed."""
    return ngettext(
        "{count} plan for this turn against the other heroes' likely answers",
        "{count} plans for this turn against the other heroes' likely answers",
        count,
    ).format(count=count)
