"""The scripted opponent of the campaign's card levels: plays exactly its script, then its rules.

Each of its turns: the script's actions for that turn (the level's `opponent.script`, by the
opponent's own turn number) in order, one per decision; a scripted action that cannot be played
at that moment (the card is not in hand, the target is gone, not enough mana, ...) is skipped and
recorded as a warning (in `warnings` and in the decision's explanation). Then, unless the
turn's entry says `"then": "end"`, the fallback rules are tried in order: the first rule that
yields a legal action plays it and the list starts over; when none does, the turn ends.

Fallback rules (deterministic; ties go to the lower instance id):
- attack_guards: attack an enemy Guard (the one with the least defense) with the strongest
  attacker that can reach it;
- attack_biggest: attack the enemy creature with the highest attack (then defense);
- attack_weakest: attack the enemy creature with the least defense;
- trade: attack an enemy creature that the attacker kills and survives (the biggest such target,
  with the weakest attacker that manages it);
- attack_face: attack the enemy player with the strongest creature that can;
- summon_biggest / summon_cheapest: summon the most / least expensive affordable creature
  (the lane with fewer own creatures; a targeted summon takes its first legal target);
- use_items: use the first affordable item in hand: green on the own creature with the highest
  attack, red on the enemy creature with the highest attack, blue on that creature or else on
  the enemy player;
- end_turn: end the turn now (the rules after it are never tried).
Attacks with 0 attack are never made by the rules.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ai.cards.agent import CardAgent, Decision
from game.rules.cards.actions import END_TURN, FACE, Action, Kind
from game.rules.cards.battle import Battle
from game.rules.cards.model import GUARD, LETHAL, WARD, CardType
from game.rules.cards.observation import Observation
from game.rules.cards.state import Creature
from game.rules.levels.model import ScriptTurn
from game.rules.levels.script import ScriptAction, parse_script_action, resolve


def _attacks(battle: Battle, seat: int) -> list[tuple[Creature, Creature | None, Action]]:
    """(attacker, defender or None for the face, action) for every legal attack with attack > 0."""
    me, enemy = battle.sides[seat], battle.sides[1 - seat]
    found = []
    for action in battle.legal_actions():
        if action.kind != Kind.ATTACK:
            continue
        attacker = next(c for c in me.board if c.uid == action.card)
        if attacker.attack <= 0:
            continue
        defender = None if action.target == FACE else next(c for c in enemy.board if c.uid == action.target)
        found.append((attacker, defender, action))
    return found


def _fights(battle: Battle, seat: int) -> list[tuple[Creature, Creature, Action]]:
    """The attacks of `_attacks` on an enemy creature (not the face), in the same order."""
    return [
        (attacker, defender, action) for attacker, defender, action in _attacks(battle, seat) if defender is not None
    ]


def _strongest(options):
    return max(options, key=lambda o: (o[0].attack, o[0].defense, -o[0].uid))


def _rule_attack_guards(battle: Battle, seat: int) -> Action | None:
    options = [o for o in _fights(battle, seat) if o[1].keywords & GUARD]
    if not options:
        return None
    target = min((o[1] for o in options), key=lambda c: (c.defense, c.uid))
    return _strongest([o for o in options if o[1] is target])[2]


def _rule_attack_biggest(battle: Battle, seat: int) -> Action | None:
    options = _fights(battle, seat)
    if not options:
        return None
    target = max((o[1] for o in options), key=lambda c: (c.attack, c.defense, -c.uid))
    return _strongest([o for o in options if o[1] is target])[2]


def _rule_attack_weakest(battle: Battle, seat: int) -> Action | None:
    options = _fights(battle, seat)
    if not options:
        return None
    target = min((o[1] for o in options), key=lambda c: (c.defense, c.attack, c.uid))
    return _strongest([o for o in options if o[1] is target])[2]


def _rule_trade(battle: Battle, seat: int) -> Action | None:
    good = []
    for attacker, defender, action in _attacks(battle, seat):
        if defender is None or defender.keywords & WARD:
            continue
        kills = attacker.attack >= defender.defense or bool(attacker.keywords & LETHAL)
        survives = attacker.keywords & WARD or (defender.attack < attacker.defense and not defender.keywords & LETHAL)
        if kills and survives:
            good.append((attacker, defender, action))
    if not good:
        return None
    target = max((o[1] for o in good), key=lambda c: (c.attack, c.defense, -c.uid))
    return min((o for o in good if o[1] is target), key=lambda o: (o[0].attack, o[0].uid))[2]


def _rule_attack_face(battle: Battle, seat: int) -> Action | None:
    options = [o for o in _attacks(battle, seat) if o[1] is None]
    return _strongest(options)[2] if options else None


def _summons(battle: Battle, seat: int) -> dict[int, Action]:
    """The preferred legal summon per creature in hand (lane with fewer own creatures)."""
    board = battle.sides[seat].board
    in_lane = [sum(1 for c in board if c.lane == lane) for lane in (0, 1)]
    best: dict[int, Action] = {}
    for action in battle.legal_actions():
        if action.kind != Kind.SUMMON:
            continue
        current = best.get(action.card)
        if current is None or (current.lane != action.lane and in_lane[action.lane] < in_lane[current.lane]):
            best[action.card] = action
    return best


def _summon_by_cost(battle: Battle, seat: int, biggest: bool) -> Action | None:
    options = _summons(battle, seat)
    if not options:
        return None
    hand = {i.uid: i.card for i in battle.sides[seat].hand}
    sign = 1 if biggest else -1
    uid = max(options, key=lambda u: (sign * hand[u].cost, hand[u].attack + hand[u].defense, -u))
    return options[uid]


def _rule_use_items(battle: Battle, seat: int) -> Action | None:
    legal = [a for a in battle.legal_actions() if a.kind == Kind.USE]
    if not legal:
        return None
    me, enemy = battle.sides[seat], battle.sides[1 - seat]
    for instance in me.hand:
        options = [a for a in legal if a.card == instance.uid]
        if not options:
            continue
        board = me.board if instance.card.type == CardType.GREEN else enemy.board
        targets = sorted(
            (c for c in board if any(a.target == c.uid for a in options)), key=lambda c: (-c.attack, -c.defense, c.uid)
        )
        if targets:
            return next(a for a in options if a.target == targets[0].uid)
        face = next((a for a in options if a.target == FACE), None)
        if face is not None:
            return face
    return None


RULES: dict[str, Callable[[Battle, int], Action | None]] = {
    "attack_guards": _rule_attack_guards,
    "attack_biggest": _rule_attack_biggest,
    "attack_weakest": _rule_attack_weakest,
    "trade": _rule_trade,
    "attack_face": _rule_attack_face,
    "summon_biggest": lambda battle, seat: _summon_by_cost(battle, seat, True),
    "summon_cheapest": lambda battle, seat: _summon_by_cost(battle, seat, False),
    "use_items": _rule_use_items,
    "end_turn": lambda battle, seat: END_TURN,
}


class ScriptedAgent(CardAgent):
    """Plays `script` (per own turn), then `rules`; `labels` maps the level's labels to instance ids."""

    name = "scripted"

    def __init__(
        self, script: Sequence[ScriptTurn], rules: Sequence[str], labels: dict[str, int], seed: int | None = None
    ):
        super().__init__(seed)
        self.script = {turn.turn: ([parse_script_action(text) for text in turn.actions], turn.then) for turn in script}
        unknown = [rule for rule in rules if rule not in RULES]
        if unknown:
            raise ValueError(f"unknown fallback rule(s): {', '.join(unknown)}")
        self.rules = list(rules)
        self.labels = dict(labels)
        self.warnings: list[str] = []
        self.played: list[tuple[int, str, str]] = []  # (turn, source, action text), for tests and logs
        self._turn: int | None = None
        self._cursor = 0

    def new_game(self, seat: int, lanes: int) -> None:
        super().new_game(seat, lanes)
        self.warnings = []
        self.played = []
        self._turn = None
        self._cursor = 0

    def decide(self, observation: Observation[Battle], budget_ms: float) -> Decision:
        battle = observation.battle
        seat = observation.player
        turn = battle.sides[seat].turns
        if turn != self._turn:
            self._turn, self._cursor = turn, 0
        actions, then = self.script.get(turn, ([], "rules"))
        skipped = []
        while self._cursor < len(actions):
            scripted: ScriptAction = actions[self._cursor]
            self._cursor += 1
            result = resolve(scripted, battle, seat, self.labels)
            if isinstance(result, str):
                warning = f"turn {turn}: skipped {scripted.text!r}: {result}"
                skipped.append(warning)
                self.warnings.append(warning)
                continue
            return self._decision(turn, "script", result, battle, skipped)
        if then == "end" and actions:
            return self._decision(turn, "script end", END_TURN, battle, skipped)
        for rule in self.rules:
            action = RULES[rule](battle, seat)
            if action is not None:
                return self._decision(turn, f"rule {rule}", action, battle, skipped)
        return self._decision(turn, "no rule applies", END_TURN, battle, skipped)

    def _decision(self, turn: int, source: str, action: Action, battle: Battle, skipped: list[str]) -> Decision:
        text = action.text(battle.lanes)
        self.played.append((turn, source, text))
        return Decision([action], {"agent": self.name, "source": source, "action": text, "warnings": skipped})
