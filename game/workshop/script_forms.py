"""The script builder: a scripted card opponent's turns built from menus.

Each script turn lists its actions in words ("Summon Ember Mote", "Bone Knight attacks your
face"); a click opens one in the builder: pick what it does (summon, attack, use, end the turn),
then the card (the opponent's labelled copies and cards), a lane and the target (the player's
face, a labelled creature, a card) from lists. The action line it writes (the grammar of
game/rules/levels/script.py, e.g. "ATTACK {card:25} FACE") is shown and can still be typed.
Every change is one undoable edit named by the line. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _


from typing import Any

from game.rules.levels.script import ScriptSyntaxError, parse_script_action
from game.workshop import catalog, edits, event_edits, pick_lists
from game.workshop.rows import CHOICE_NAMES, CHOICES, Row, named
from game.workshop.model import Document

VERBS = {
    "SUMMON": N_("Summon a creature"),
    "ATTACK": N_("Attack with a creature"),
    "USE": N_("Use an item"),
    "PASS": N_("End the turn"),
}
FACE = "FACE"


open_action = event_edits.open_action  # which action the builder shows (kept with the open event)


def open_place(doc: Document) -> tuple[int, int] | None:
    """The open action (turn index, action index), when it still exists."""
    place = event_edits.view(doc)["action"]
    if place is None:
        return None
    actions = doc.get(("opponent", "script", place[0], "actions"))
    return place if isinstance(actions, list) and 0 <= place[1] < len(actions) else None


# ---------------------------------------------------------------------------------- the cards named


def refs(doc: Document, side: str) -> dict[str, str]:
    """A side's cards as a script names them ("{boss}", "{card:12}"), with words for the list."""
    words = {
        f"{{{label}}}": f"{label} · {edits.card_word(doc, card)}" if card is not None else label
        for label, card in pick_lists.labelled_cards(doc, side).items()
    }
    for card in pick_lists.side_cards(doc, side):
        words[f"{{card:{card}}}"] = edits.card_word(doc, card)
    return words


def ref_words(doc: Document, ref: str | None) -> str:
    if ref is None:
        return "?"
    if ref == FACE:
        return _("your face")
    if ref.startswith("{card:"):
        try:
            return edits.card_word(doc, int(ref[6:-1]))
        except ValueError:
            return ref
    return ref.strip("{}")


def describe_action(doc: Document, text: Any) -> str:
    """An action line in words: "Summon Ember Mote", "Bone Knight attacks your face"."""
    try:
        action = parse_script_action(str(text))
    except ScriptSyntaxError:
        return _("(not understood) {line}").format(line=text)
    actor = ref_words(doc, str(action.actor) if action.actor else None)
    target = ref_words(doc, str(action.target)) if action.target is not None else None
    if action.verb == "END":
        return _("End the turn")
    if action.verb == "SUMMON":
        # One sentence per shape, so a translator can order its words.
        if action.lane is not None and target:
            summon = _("Summon {card} in lane {lane}, aimed at {target}")
        elif action.lane is not None:
            summon = _("Summon {card} in lane {lane}")
        elif target:
            summon = _("Summon {card}, aimed at {target}")
        else:
            summon = _("Summon {card}")
        return summon.format(card=actor, lane=(action.lane or 0) + 1, target=target)
    if action.verb == "ATTACK":
        return _("{card} attacks {target}").format(card=actor, target=target)
    return _("Use {card} on {target}").format(card=actor, target=target)


# ---------------------------------------------------------------------------------- the line


def parts_of(text: Any) -> dict:
    """The builder's fields of a line (verb, card, lane, target); empty when it does not parse."""
    try:
        action = parse_script_action(str(text))
    except ScriptSyntaxError:
        return {}
    verb = "PASS" if action.verb == "END" else action.verb
    return {
        "verb": verb,
        "card": str(action.actor) if action.actor else None,
        "lane": action.lane,
        "target": str(action.target) if action.target else None,
    }


def line_of(parts: dict) -> str:
    """The action line the fields write: "SUMMON {card:12} 1", "ATTACK {boss} FACE", "PASS"."""
    verb = parts.get("verb") or "PASS"
    if verb == "PASS":
        return "PASS"
    words = [verb, parts.get("card") or "{card:1}"]
    if verb == "SUMMON":
        if parts.get("lane") is not None:
            words.append(str(parts["lane"]))
        if parts.get("target"):
            words.append(parts["target"])
    else:
        words.append(parts.get("target") or FACE)
    return " ".join(words)


def set_part(doc: Document, turn: int, action: int, key: str, value) -> None:
    """Change one field of an action: the line is rewritten as one edit named by the new line."""
    path = ("opponent", "script", turn, "actions", action)
    parts = parts_of(doc.get(path)) or {"verb": "PASS"}
    parts[key] = value
    if key == "verb":
        if value != "PASS" and not parts.get("card"):
            mine = list(refs(doc, "opponent"))
            parts["card"] = mine[0] if mine else None
        if value in ("ATTACK", "USE") and not parts.get("target"):
            parts["target"] = FACE
        if value != "SUMMON":
            parts["lane"] = None
    line = line_of(parts)
    number = doc.get(("opponent", "script", turn, "turn"))
    edits.set_value(doc, path, line, _("script turn {number}: {line}").format(number=number, line=line))


def add_action(doc: Document, turn: int) -> None:
    """A new action (end the turn), opened in the builder."""
    index = edits.add_script_action(doc, turn, "PASS")
    open_action(doc, turn, index)


def move_action(doc: Document, turn: int, action: int, delta: int) -> None:
    path = ("opponent", "script", turn, "actions")
    actions = doc.get(path) or []
    to = action + delta
    if not 0 <= to < len(actions):
        return
    with doc.edit(
        f"move action {action + 1} of script turn {doc.get(('opponent', 'script', turn, 'turn'))} {'up' if delta < 0 else 'down'}"
    ):
        value = doc.remove(path, action)
        doc.insert(path, to, value)
    open_action(doc, turn, to)


def remove_action(doc: Document, turn: int, action: int) -> None:
    edits.remove_item(
        doc, ("opponent", "script", turn, "actions"), action, _("action {number}").format(number=action + 1)
    )
    open_action(doc, None)


# ---------------------------------------------------------------------------------- rows


def script_rows(doc: Document) -> list[Row]:
    """The opponent's script: each turn's actions in words, or the open action in the builder."""
    place = open_place(doc)
    if place is not None:
        return action_rows(doc, *place)
    rows: list[Row] = []
    for t, turn in enumerate(doc.get(("opponent", "script")) or []):
        path = ("opponent", "script", t)
        rows.append(
            Row(
                _("Script turn {number}").format(number=t + 1),
                "heading",
                path,
                remove=lambda t=t: edits.remove_item(
                    doc, ("opponent", "script"), t, _("script turn {number}").format(number=t + 1)
                ),
            )
        )
        rows.append(Row(_("Its turn"), "int", path + ("turn",), low=1, high=50, indent=1))
        for a, text in enumerate(turn.get("actions", []) if isinstance(turn, dict) else []):
            rows.append(
                Row(
                    _("{number}. {action}").format(number=a + 1, action=describe_action(doc, text)),
                    "button",
                    path + ("actions", a),
                    indent=1,
                    action=lambda t=t, a=a: open_action(doc, t, a),
                    remove=lambda t=t, a=a: remove_action(doc, t, a),
                    extra={"wide": True},
                )
            )
        rows.append(Row(_("+ action"), "button", action=lambda t=t: add_action(doc, t), indent=1))
        rows.append(
            Row(
                _("Then"),
                "choice",
                path + ("then",),
                CHOICES["then"],
                default="rules",
                indent=1,
                names=named(CHOICE_NAMES["then"]),
            )
        )
    rows.append(Row(_("+ script turn"), "button", action=lambda: edits.add_script_turn(doc)))
    return rows


def action_rows(doc: Document, turn: int, action: int) -> list[Row]:
    path = ("opponent", "script", turn, "actions", action)
    text = doc.get(path)
    parts = parts_of(text)
    verb = parts.get("verb")
    number = doc.get(("opponent", "script", turn, "turn"))
    count = len(doc.get(("opponent", "script", turn, "actions")) or [])
    setter = lambda key: lambda value: set_part(doc, turn, action, key, value)  # noqa: E731
    rows = [
        Row(_("< The script"), "button", action=lambda: open_action(doc, None)),
        Row(
            _("Turn {turn}, action {action}").format(turn=number, action=action + 1),
            "heading",
            path,
            remove=lambda: remove_action(doc, turn, action),
        ),
        Row(describe_action(doc, text), "note", indent=1),
        Row(
            _("Does"),
            "choice",
            path,
            tuple(VERBS),
            indent=1,
            names=named(VERBS),
            setter=setter("verb"),
            extra={"value": verb},
        ),
    ]
    mine, theirs = refs(doc, "opponent"), refs(doc, "player")
    if verb in ("SUMMON", "ATTACK", "USE"):
        rows.append(_ref_row(doc, _("Card"), path, mine, parts.get("card"), setter("card")))
    if verb == "SUMMON" and doc.get(("rules", "lanes")) == 2:
        rows.append(
            Row(
                _("Lane"),
                "choice",
                path,
                (0, 1),
                indent=1,
                names={0: _("First"), 1: _("Second")},
                setter=setter("lane"),
                extra={"value": parts.get("lane"), "placeholder": "the first with room"},
            )
        )
    if verb in ("SUMMON", "ATTACK", "USE"):
        targets = {} if verb == "SUMMON" else {FACE: _("The player's face")}
        for ref, words in theirs.items():
            targets[ref] = (_("{card} (either side)") if ref in mine else _("{card} (yours)")).format(card=words)
        for ref, words in mine.items():
            targets.setdefault(ref, _("{card} (the opponent's)").format(card=words))
        row = _ref_row(doc, _("Target"), path, targets, parts.get("target"), setter("target"))
        if verb == "SUMMON":
            row.extra["placeholder"] = "none (no summon effect)"
        rows.append(row)
    rows.append(Row(_("Line"), "text", path, indent=1))
    if action > 0:
        rows.append(Row(_("Move up"), "button", action=lambda: move_action(doc, turn, action, -1), indent=1))
    if action < count - 1:
        rows.append(Row(_("Move down"), "button", action=lambda: move_action(doc, turn, action, 1), indent=1))
    return rows


def _ref_row(doc: Document, label: str, path: tuple, choices: dict[str, str], value, setter) -> Row:
    card_id = None
    if isinstance(value, str) and value.startswith("{card:"):
        card_id = int(value[6:-1]) if value[6:-1].isdigit() else None
    elif isinstance(value, str) and value.startswith("{"):
        card_id = pick_lists.labelled_cards(doc).get(value.strip("{}"))
    card = catalog.card_named(catalog.cardset(catalog.level_files(doc.data)), card_id) if card_id else None
    extra: dict = {"value": value}
    if card is not None:
        extra["card"] = card
    return Row(label, "choice", path, tuple(choices), indent=1, names=choices, setter=setter, extra=extra)
