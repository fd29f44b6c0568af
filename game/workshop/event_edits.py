"""The event builder's edits: a level's scripted events made, changed, moved and removed, each
one undoable edit named in words ("add event: at round 3, Narrator says ..."), and an event in
one sentence. Card events wait for a side's turn, its health, a labelled creature's death or an
empty board and do steps (say, give cards, summon); skirmish events wait for a round, a labelled
hero's fall or its health and say lines. New conditions and steps take values that validate
where they can (the first label there is, a card the side already holds).

Also which event (or script action) the panel has open: the panel's view of the document, kept
here per document; `view_key` tells the editor to rebuild when it changes. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _

import copy
from typing import Any
from weakref import WeakKeyDictionary

from game.rules.cards.model import CardType
from game.workshop import catalog, edits, pick_lists
from game.workshop.model import MISSING, Document

_VIEWS: WeakKeyDictionary = WeakKeyDictionary()


def view(doc: Document) -> dict:
    """The panel's view of `doc`: the open event, the open script action, raw fields shown."""
    found = _VIEWS.get(doc)
    if found is None:
        found = _VIEWS[doc] = {"event": None, "action": None, "raw": False}
    return found


def view_key(doc: Document) -> tuple:
    """The open event, script action and raw switch, then whether an event is on the clipboard
    (its Paste row shows once one is copied, though the level did not change)."""
    from game.workshop import clipboard

    state = view(doc)
    return (state["event"], state["action"], state["raw"], id(clipboard.SHARED.data))


def open_event(doc: Document, index: int | None) -> None:
    state = view(doc)
    state["event"], state["raw"] = index, False


def open_action(doc: Document, turn: int | None, action: int | None = None) -> None:
    """Open a script action in the script builder (game/workshop/script_forms.py), or close it."""
    view(doc)["action"] = None if turn is None else (turn, action)


def toggle_raw(doc: Document) -> None:
    view(doc)["raw"] = not view(doc)["raw"]


def open_index(doc: Document) -> int | None:
    """The open event, when it still exists (an undo may have taken it away)."""
    index = view(doc)["event"]
    events = doc.get(("events",))
    if index is None or not isinstance(events, list) or not 0 <= index < len(events):
        return None
    return index if isinstance(events[index], dict) else None


# ---------------------------------------------------------------------------------- in words

# Marked English: the forms translate them where they make rows (game/workshop/rows.py `named`).
CARD_WHEN = {
    "turn": N_("At a turn"),
    "health_at_most": N_("When health drops"),
    "died": N_("When a creature dies"),
    "board_empty": N_("When a board is empty"),
}
SKIRMISH_WHEN = {
    "round": N_("At a round"),
    "died": N_("When a hero falls"),
    "health_at_most": N_("When a hero's health drops"),
}
CARD_ADD = {
    "turn": N_("+ event at a turn"),
    "health_at_most": N_("+ event when health drops"),
    "died": N_("+ event when a creature dies"),
    "board_empty": N_("+ event when a board is empty"),
}
SKIRMISH_ADD = {
    "round": N_("+ event at a round"),
    "died": N_("+ event when a hero falls"),
    "health_at_most": N_("+ event when a hero's health drops"),
}
STEPS = {"say": N_("Say a line"), "give": N_("Give cards"), "summon": N_("Summon a creature")}
# The buttons adding a step (lower case in English: they follow a "+").
ADD_STEPS = {"say": N_("+ say a line"), "give": N_("+ give cards"), "summon": N_("+ summon a creature")}
SIDE_NAMES = {"player": N_("The player's"), "opponent": N_("The opponent's")}
EVENTS = "events"  # what the clipboard holds (game/workshop/clipboard.py holds cards and heroes too)


def _quote(text: Any, limit: int = 28) -> str:
    text = str(text or "")
    return f'"{text if len(text) <= limit else text[: limit - 1].rstrip() + "…"}"'


def when_kind(when: Any, vocabulary: dict) -> str | None:
    if not isinstance(when, dict):
        return None
    return next((kind for kind in vocabulary if kind in when), None)


def describe_when(when: Any, skirmish: bool = False) -> str:
    """A condition in words: "at the opponent's turn 3", "when boss dies" ("falls": a hero)."""
    if not isinstance(when, dict):
        return _("when ?")
    mine = when.get("side", "opponent") == "player"
    if "turn" in when:
        return (_("at your turn {turn}") if mine else _("at the opponent's turn {turn}")).format(turn=when["turn"])
    if "round" in when:
        return _("at round {round}").format(round=when["round"])
    if "health_at_most" in when and "hero" in when:
        return _("when {hero} is at {health} health or less").format(
            hero=when.get("hero") or "?", health=when["health_at_most"]
        )
    if "health_at_most" in when:
        at_most = (
            _("when your health is {health} or less") if mine else _("when the opponent's health is {health} or less")
        )
        return at_most.format(health=when["health_at_most"])
    if "died" in when:
        dies = _("when {label} falls") if skirmish else _("when {label} dies")
        return dies.format(label=when.get("died") or "?")
    if "board_empty" in when:
        return _("when your board is empty") if mine else _("when the opponent's board is empty")
    return _("when ?")


def describe_step(doc: Document, step: Any) -> str:
    if not isinstance(step, dict):
        return "?"
    if isinstance(step.get("say"), dict):
        return _("{speaker} says {text}").format(
            speaker=step["say"].get("speaker") or _("someone"), text=_quote(step["say"].get("text"))
        )
    if isinstance(step.get("give"), dict):
        give = step["give"]
        cards = [edits.card_word(doc, _card_id(c)) for c in give.get("cards") or []]
        given = _("give you {cards}") if give.get("side", "player") == "player" else _("give the opponent {cards}")
        return given.format(cards=", ".join(cards) or _("no card"))
    if isinstance(step.get("summon"), dict):
        summon = step["summon"]
        summoned = _("summon {card} for you") if summon.get("side") == "player" else _("summon {card} for the opponent")
        return summoned.format(card=edits.card_word(doc, _card_id(summon)))
    return "?"


def _card_id(entry: Any) -> int:
    value = entry.get("card") if isinstance(entry, dict) else entry
    return value if type(value) is int else 0


def describe_event(doc: Document, event: Any) -> str:
    """An event in one sentence: "at round 3, Narrator says "..."" ."""
    if not isinstance(event, dict):
        return "?"
    skirmish = "say" in event and "do" not in event
    if skirmish:
        steps = [
            _("{speaker} says {text}").format(
                speaker=line.get("speaker") or _("someone"), text=_quote(line.get("text"))
            )
            for line in event.get("say") or []
            if isinstance(line, dict)
        ]
    else:
        steps = [describe_step(doc, step) for step in event.get("do") or []]
    # TRANSLATORS: an event in the workshop's list: "at round 3, Narrator says "..."".
    return _("{when}, {steps}").format(
        when=describe_when(event.get("when"), skirmish), steps="; ".join(steps) or _("nothing")
    )


# ---------------------------------------------------------------------------------- edits


def _first_label(doc: Document, skirmish: bool, side: str | None = None) -> str:
    found = (
        (pick_lists.hero_labels(doc, side) or pick_lists.hero_labels(doc)) if skirmish else pick_lists.card_labels(doc)
    )
    return found[0] if found else ""


def new_when(doc: Document, kind: str, skirmish: bool, side: str = "opponent") -> dict:
    """A condition of `kind` with values that validate where they can (the first label there is)."""
    if skirmish:
        if kind == "died":
            return {"died": _first_label(doc, True, "opponent")}
        if kind == "health_at_most":
            return {"health_at_most": 10, "hero": _first_label(doc, True, "opponent")}
        return {"round": 2}
    if kind == "died":
        return {"died": _first_label(doc, False)}
    value = {"turn": 2, "health_at_most": 10, "board_empty": True}[kind]
    return {kind: value, "side": side}


def new_step(doc: Document, kind: str) -> dict:
    """A step with values that validate where they can: a card given is the first the player
    already holds, a creature summoned the opponent's first creature (so a plain level is not
    handed a card its style forbids)."""
    side_cards = pick_lists.side_cards
    speaker = doc.get(("opponent", "name")) or "Narrator"
    ids, _names = pick_lists.card_choices(doc)
    if kind == "give":
        held = side_cards(doc, "player") or list(ids)
        return {"give": {"side": "player", "cards": [held[0] if held else 1]}}
    if kind == "summon":
        cards = catalog.cardset(catalog.level_files(doc.data))
        known = [i for i in side_cards(doc, "opponent") + list(ids) if cards is not None and i in cards.cards]
        creatures = [i for i in known if cards is not None and cards.cards[i].type == CardType.CREATURE]
        creature = creatures[0] if creatures else ids[0] if ids else 1
        return {"summon": {"side": "opponent", "card": creature}}
    return {"say": {"speaker": speaker, "text": "..."}}


def new_event(doc: Document, when: str, skirmish: bool) -> dict:
    if skirmish:
        speaker = doc.get(("opponent", "name")) or "Narrator"
        return {"when": new_when(doc, when, True), "say": [{"speaker": speaker, "text": "..."}]}
    return {"when": new_when(doc, when, False), "do": [new_step(doc, "say")]}


def add_event(doc: Document, when: str, skirmish: bool) -> int:
    """A new event at the end of the list, opened in the builder."""
    event = new_event(doc, when, skirmish)
    with doc.edit(_("add event: {event}").format(event=describe_event(doc, event))):
        doc.ensure(("events",), [])
        index = doc.insert(("events",), None, event)
    open_event(doc, index)
    return index


def remove_event(doc: Document, index: int) -> None:
    with doc.edit(
        _("remove event {number}: {event}").format(
            number=index + 1, event=describe_event(doc, doc.get(("events", index)))
        )
    ):
        doc.remove(("events",), index)
        if not doc.get(("events",)):
            doc.set(("events",), MISSING)
    open_event(doc, None)


def move_event(doc: Document, index: int, delta: int) -> None:
    """Move an event up (-1) or down (+1): the order they are checked in."""
    events = doc.get(("events",)) or []
    to = index + delta
    if not 0 <= to < len(events):
        return
    with doc.edit(
        (_("move event {number} up") if delta < 0 else _("move event {number} down")).format(number=index + 1)
    ):
        value = doc.remove(("events",), index)
        doc.insert(("events",), to, value)
    if view(doc)["event"] == index:
        open_event(doc, to)


def set_when_kind(doc: Document, index: int, kind: str, skirmish: bool) -> None:
    old = doc.get(("events", index, "when")) or {}
    new = new_when(doc, kind, skirmish, old.get("side", "opponent") if isinstance(old, dict) else "opponent")
    with doc.edit(_("event {number}: {change}").format(number=index + 1, change=describe_when(new, skirmish))):
        doc.set(("events", index, "when"), new)


def set_when_field(doc: Document, index: int, key: str, value) -> None:
    """A value of the condition (its turn, health, label, side), its other keys kept in order."""
    when = dict(doc.get(("events", index, "when")) or {})
    when[key] = value
    ordered = {
        k: when[k] for k in ("turn", "round", "health_at_most", "hero", "died", "board_empty", "side") if k in when
    }
    skirmish = "do" not in (doc.get(("events", index)) or {})
    with doc.edit(
        _("event {number}: {change}").format(number=index + 1, change=describe_when(ordered, skirmish)),
        merge=f"event{index}:when:{key}",
    ):
        doc.set(("events", index, "when"), ordered)


def add_step(doc: Document, index: int, kind: str) -> None:
    step = new_step(doc, kind)
    with doc.edit(_("event {number}: add {step}").format(number=index + 1, step=describe_step(doc, step))):
        doc.ensure(("events", index, "do"), [])
        doc.insert(("events", index, "do"), None, step)


def set_step_kind(doc: Document, index: int, step: int, kind: str) -> None:
    new = new_step(doc, kind)
    with doc.edit(
        _("event {number}, step {step}: {change}").format(
            number=index + 1, step=step + 1, change=describe_step(doc, new)
        )
    ):
        doc.set(("events", index, "do", step), new)


def remove_step(doc: Document, index: int, step: int) -> None:
    old = doc.get(("events", index, "do", step))
    with doc.edit(_("event {number}: remove {step}").format(number=index + 1, step=describe_step(doc, old))):
        doc.remove(("events", index, "do"), step)


def add_line(doc: Document, index: int) -> None:
    said = doc.get(("events", index, "say")) or []
    last = said[-1] if said and isinstance(said[-1], dict) else {}
    line = {key: last[key] for key in ("speaker", "portrait") if key in last} or {"speaker": "Narrator"}
    with doc.edit(_("event {number}: add a line").format(number=index + 1)):
        doc.ensure(("events", index, "say"), [])
        doc.insert(("events", index, "say"), None, {**line, "text": "..."})


# ---------------------------------------------------------------------------------- copy and paste


def copy_event(doc: Document, index: int, clip=None) -> None:
    """Put event `index` on the workshop's clipboard (game/workshop/clipboard.py): it pastes into
    this level or another level of the same game."""
    from game.workshop import clipboard

    clip = clip or clipboard.SHARED
    event = doc.get(("events", index))
    clip.data = {"game": doc.kind, "what": EVENTS, "items": [copy.deepcopy(event)]}


def paste_refusal(doc: Document, clip=None) -> str:
    """Why no event can be pasted here, in words ("" when one can)."""
    from game.workshop import clipboard

    clip = clip or clipboard.SHARED
    if clip.data is None or clip.data["what"] != EVENTS:
        return "No event copied yet: open an event and press Copy"
    return clip.refusal(doc, EVENTS)  # an event of another game's level does not fit this one


def paste_event(doc: Document, after: int | None = None, clip=None) -> int | None:
    """The clipboard's event pasted after event `after` (None: at the end), one undo step, and
    opened in the builder. None when the clipboard holds no event of this game."""
    from game.workshop import clipboard

    clip = clip or clipboard.SHARED
    if paste_refusal(doc, clip):
        return None
    event = copy.deepcopy(clip.data["items"][0])
    return _insert_event(doc, event, after, _("paste event: {event}").format(event=describe_event(doc, event)))


def duplicate_event(doc: Document, index: int) -> int:
    """A copy of event `index` right after it, opened in the builder."""
    event = copy.deepcopy(doc.get(("events", index)))
    return _insert_event(
        doc,
        event,
        index,
        _("duplicate event {number}: {event}").format(number=index + 1, event=describe_event(doc, event)),
    )


def _insert_event(doc: Document, event: Any, after: int | None, label: str) -> int:
    events = doc.get(("events",))
    at = None if after is None or not isinstance(events, list) or after + 1 >= len(events) else after + 1
    with doc.edit(label):
        doc.ensure(("events",), [])
        index = doc.insert(("events",), at, event)
    open_event(doc, index)
    return index
