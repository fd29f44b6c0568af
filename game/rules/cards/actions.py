"""Battle actions: small immutable values with the CodinGame text form.

Actions are interned (one object per distinct action), so legal-action lists allocate nothing
and actions compare and hash cheaply as dictionary keys in search trees.
"""

from __future__ import annotations

from enum import IntEnum

FACE = -1  # the target id that means "the opponent" (ATTACK id -1, USE id -1)
NO_TARGET = -2  # a SUMMON without a chosen target (every LOCM summon)


class Kind(IntEnum):
    END_TURN = 0  # ends the turn; printed "PASS" (the protocol's no-op)
    SUMMON = 1
    ATTACK = 2
    USE = 3


class Action:
    """SUMMON card lane | ATTACK card target | USE card target | END_TURN."""

    __slots__ = ("kind", "card", "target", "lane")

    kind: Kind
    card: int  # instance id of the creature summoned or attacking, or of the item used
    target: int  # ATTACK/USE: the target's id or FACE; SUMMON: its play effect's chosen target or NO_TARGET
    lane: int  # SUMMON: the lane (0 with one lane); otherwise 0

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __reduce__(self):  # pickles back to the interned instance
        return (_intern, (self.kind, self.card, self.target, self.lane))

    def text(self, lanes: int = 1) -> str:
        """The protocol form; with two lanes SUMMON carries its lane."""
        if self.kind == Kind.SUMMON:
            if self.target != NO_TARGET:  # Duelmind cards only: the lane is always written then
                return f"SUMMON {self.card} {self.lane} {self.target}"
            return f"SUMMON {self.card} {self.lane}" if lanes == 2 else f"SUMMON {self.card}"
        if self.kind == Kind.ATTACK:
            return f"ATTACK {self.card} {self.target}"
        if self.kind == Kind.USE:
            return f"USE {self.card} {self.target}"
        return "PASS"

    def __str__(self) -> str:
        return self.text(lanes=2 if self.lane else 1)

    def __repr__(self) -> str:
        return f"Action({self.text(lanes=2)!r})"


_INTERNED: dict[tuple[int, int, int, int], Action] = {}


_KINDS = tuple(Kind)
_new_action = object.__new__
_set = object.__setattr__


def _intern(kind: int, card: int, target: int, lane: int) -> Action:
    key = (kind, card, target, lane)
    action = _INTERNED.get(key)
    if action is None:
        # Written out (no zip, no Kind() call): the action rows create thousands of these.
        action = _new_action(Action)
        _set(action, "kind", _KINDS[kind] if 0 <= kind < len(_KINDS) else Kind(kind))
        _set(action, "card", card)
        _set(action, "target", target)
        _set(action, "lane", lane)
        _INTERNED[key] = action
    return action


_SUMMON, _ATTACK, _USE = Kind.SUMMON, Kind.ATTACK, Kind.USE  # module globals: an enum member lookup is slow


def summon(card: int, lane: int = 0, target: int = NO_TARGET) -> Action:
    return _intern(_SUMMON, card, target, lane)


def attack(card: int, target: int) -> Action:
    return _intern(_ATTACK, card, target, 0)


def use(card: int, target: int) -> Action:
    return _intern(_USE, card, target, 0)


END_TURN = _intern(Kind.END_TURN, 0, NO_TARGET, 0)

# Rows of interned actions per card id, indexed by target id + 1 (so FACE is index 0): the
# engine's legal-action generator indexes them instead of calling a constructor per action.
# A row is a plain list (the fastest subscript there is), made whole on the card id's first use.
MAX_INSTANCE_ID = 255
_ATTACK_ROWS: list[list[Action] | None] = [None] * (MAX_INSTANCE_ID + 1)
_USE_ROWS: list[list[Action] | None] = [None] * (MAX_INSTANCE_ID + 1)
_SUMMON_ROWS: list[tuple[Action, Action] | None] = [None] * (MAX_INSTANCE_ID + 1)
_ROW_TARGETS = range(-1, MAX_INSTANCE_ID + 1)


def attack_row(card: int) -> list[Action]:
    row = _ATTACK_ROWS[card]
    if row is None:
        row = _ATTACK_ROWS[card] = [_intern(_ATTACK, card, target, 0) for target in _ROW_TARGETS]
    return row


def use_row(card: int) -> list[Action]:
    row = _USE_ROWS[card]
    if row is None:
        row = _USE_ROWS[card] = [_intern(_USE, card, target, 0) for target in _ROW_TARGETS]
    return row


_TARGETED_SUMMON_ROWS: list[tuple[list[Action], list[Action]] | None] = [None] * (MAX_INSTANCE_ID + 1)


def targeted_summon_rows(card: int) -> tuple[list[Action], list[Action]]:
    """Per lane, the SUMMONs of creature `card` with a chosen target, indexed by target id + 1."""
    rows = _TARGETED_SUMMON_ROWS[card]
    if rows is None:
        rows = _TARGETED_SUMMON_ROWS[card] = (
            [_intern(_SUMMON, card, target, 0) for target in _ROW_TARGETS],
            [_intern(_SUMMON, card, target, 1) for target in _ROW_TARGETS],
        )
    return rows


def summon_row(card: int) -> tuple[Action, Action]:
    row = _SUMMON_ROWS[card]
    if row is None:
        row = _SUMMON_ROWS[card] = (summon(card, 0), summon(card, 1))  # untargeted
    return row


class ActionSyntaxError(ValueError):
    """An action text that is not one of the protocol's forms."""


def parse_action(text: str) -> Action:
    """Parse one protocol action ("SUMMON 3", "SUMMON 3 1", "ATTACK 3 -1", "USE 5 8", "PASS";
    Duelmind's targeted summons: "SUMMON 3 0 8").

    Extra trailing words are allowed (CodinGame bots may append a message)."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb = words[0].upper()
    try:
        if verb == "PASS":
            return END_TURN
        if verb == "SUMMON":
            lane = int(words[2]) if len(words) > 2 and is_int(words[2]) else 0
            if lane not in (0, 1):
                raise ActionSyntaxError(f"lane must be 0 or 1 in {text[:80]!r}")
            target = int(words[3]) if len(words) > 3 and is_int(words[3]) else NO_TARGET
            return summon(int(words[1]), lane, target)
        if verb == "ATTACK":
            return attack(int(words[1]), int(words[2]))
        if verb == "USE":
            return use(int(words[1]), int(words[2]))
    except (IndexError, ValueError) as error:
        if isinstance(error, ActionSyntaxError):
            raise
        raise ActionSyntaxError(f"malformed action {text[:80]!r}") from None
    raise ActionSyntaxError(f"unknown action {words[0][:40]!r} in {text[:80]!r}")


def is_int(word: str) -> bool:
    """Whether int() reads `word` (a trailing word that is not a number is a bot's message)."""
    try:
        int(word)
    except ValueError:
        return False
    return True
