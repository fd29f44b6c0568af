"""Cross-checks of a level (against its card set and its own parts) and of the campaign (files,
unlock rules, reachability). Each problem names the file, a JSON path and says in plain words
what is wrong. Called by the loader after the pydantic models accepted the file. Card levels and
the campaign are checked here, gomoku levels in gomoku_checks.py, skirmish levels in
skirmish_checks.py.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from game.rules.cards.cardset import CardSetError
from game.rules.cards.model import CardType
from game.rules.cards.state import BOARD_LIMIT, OPENING_HAND, RUNE_STEP, STARTING_HEALTH, TURN_LIMIT
from game.rules.levels.model import HAND_LIMIT, Campaign, CardLevel, DraftDeck, PlayerDeck
from game.rules.levels.build import (
    allowed,
    draft_pool,
    level_cardset,
    runes_below,
    side_card_ids,
    side_spec,
    standing_runes,
)
from game.rules.levels.gomoku_checks import ForcedWinProver
from game.rules.levels.modifiers import check_card_twist
from game.rules.levels.problems import Problem, json_path
from game.rules.levels.script import ScriptSyntaxError, parse_script_action

MAX_SIDE_CARDS = 100  # instance ids must stay below the engine's 255 (2 per card, plus tokens)


def check_level(level, file: str, prove: ForcedWinProver | None = None) -> list[Problem]:
    """A level's problems beyond its model, by the checks its game kind names in the registry."""
    from game.rules.levels.difficulty import difficulty_problems
    from game.rules.registry import kind_of_level

    shared = [Problem(file, path, text) for path, text in difficulty_problems(level)]
    return kind_of_level(level).check_level(level, file, prove) + shared


def check_cards(level: CardLevel, file: str, prove: ForcedWinProver | None = None) -> list[Problem]:
    """A card level's checks (`prove` is for gomoku's forced wins: unused here)."""
    return CardChecks(level, file).run() + check_card_twist(level, file)


def card_warnings(level: CardLevel, file: str) -> list[Problem]:
    """What a card level's checks suspect but `levels validate` does not reject (the workshop
    shows them as warnings): a "win this turn" the player's cards cannot reach, since their most
    damage this turn (a generous bound: game/rules/levels/card_reach.py) is below the opponent's
    health. A level with other problems gets no warnings (the bound reads its cards)."""
    from game.rules.levels.card_reach import most_damage_first_turn

    if CardChecks(level, file).run():
        return []
    warnings = []
    for index, objective in enumerate(level.objectives):
        if objective.kind != "win_within" or objective.turns != 1:
            continue
        found = most_damage_first_turn(level, level_cardset(level))
        if found is not None and found[0] < found[1]:
            warnings.append(
                Problem(
                    file,
                    json_path(["objectives", index]),
                    f"cannot be won this turn: the player's cards and creatures deal at most {found[0]} "
                    f"damage this turn, and the opponent has {found[1]} health",
                )
            )
    return warnings


# ---------------------------------------------------------------------------------- cards


class CardChecks:
    def __init__(self, level: CardLevel, file: str):
        self.level = level
        self.file = file
        self.problems: list[Problem] = []
        self.cards: dict = {}
        self.labels: dict[str, tuple[str, int, list]] = {}  # label -> (side, card id, path)

    def problem(self, parts: list, message: str) -> None:
        self.problems.append(Problem(self.file, json_path(parts), message))

    def run(self) -> list[Problem]:
        level = self.level
        try:
            cardset = level_cardset(level)
        except CardSetError as error:
            self.problem(["rules", "files"], f"the card files could not be loaded: {error.problems[0]}")
            return self.problems
        self.cardset = cardset
        self.cards = cardset.cards
        for index, card_id in enumerate(level.rules.allowed or []):
            self.known(["rules", "allowed", index], card_id)
        for side in ("player", "opponent"):
            self.check_side(side)
        self.check_events()
        for index, card_id in enumerate(level.rewards.cards):
            self.known(["rewards", "cards", index], card_id)
        if not self.problems:  # the rest reads cards and labels that must exist
            self.check_objectives()
            self.check_script()
        return self.problems

    # ---- cards and labels

    def known(self, parts: list, card_id: int) -> bool:
        if card_id in self.cards:
            return True
        names = {str(i): c.name for i, c in self.cards.items()}
        close = difflib.get_close_matches(str(card_id), names, n=1)
        hint = f" (did you mean {close[0]}, {names[close[0]]}?)" if close else ""
        self.problem(parts, f"there is no card {card_id} in the card files ({', '.join(self.level.rules.files)}){hint}")
        return False

    def usable(self, parts: list, card_id: int, zone: str) -> None:
        """A card that enters the game: it must exist, be allowed, and fit the zone."""
        if not self.known(parts, card_id):
            return
        card = self.cards[card_id]
        reason = allowed(self.level, card)
        if reason is not None:
            self.problem(parts, reason)
        if card.token and zone in ("deck", "hand", "pool"):
            self.problem(
                parts,
                f"card {card_id} ({card.name}) is a token: tokens are summoned by effects, "
                "not drawn or drafted (put it on the board or summon it in an event)",
            )
        if zone == "board" and card.type != CardType.CREATURE:
            self.problem(parts, f"card {card_id} ({card.name}) is an item: only creatures go on the board")

    def label(self, parts: list, label: str | None, side: str, card_id: int) -> None:
        if label is None:
            return
        if label in self.labels:
            self.problem(parts + ["label"], f'label "{label}" is already used at {json_path(self.labels[label][2])}')
            return
        self.labels[label] = (side, card_id, parts + ["label"])

    def check_side(self, side: str) -> None:
        spec = side_spec(self.level, side)
        lanes = self.level.rules.lanes
        most = runes_below(spec.health)
        if spec.runes is not None and spec.runes > most:
            health = STARTING_HEALTH if spec.health is None else spec.health
            if most:
                values = [str(k * RUNE_STEP) for k in range(most, 0, -1)]
                at = " and ".join([", ".join(values[:-1]), values[-1]] if len(values) > 1 else values)
                self.problem(
                    [side, "runes"],
                    f"with {health} health at most {most} rune{'s' if most != 1 else ''} "
                    f"can stand (at {at}), not {spec.runes}",
                )
            else:
                self.problem(
                    [side, "runes"],
                    f"with {health} health no rune can stand (a rune breaks when health "
                    f"drops to its value): use 0, not {spec.runes}",
                )
        deck = spec.deck
        deck_size = self.level.rules.deck_size
        if isinstance(deck, DraftDeck):
            for index, card_id in enumerate(deck.pool or []):
                self.usable([side, "deck", "pool", index], card_id, "pool")
            pool = draft_pool(self.level, self.cardset, deck)
            if len({c.base_id for c in pool}) < 3:
                self.problem(
                    [side, "deck"], f"a draft needs at least 3 different cards to offer; the pool has {len(pool)}"
                )
            if deck_size is not None and deck.picks != deck_size:
                self.problem(
                    [side, "deck", "picks"],
                    f"the draft makes a deck of {deck.picks} cards; the rules (rules.deck_size) ask for {deck_size}",
                )
            count = deck.picks
        elif isinstance(deck, PlayerDeck):
            count = self.check_player_deck(side, deck)
        else:
            for index, entry in enumerate(deck.cards):
                self.usable([side, "deck", "cards", index], entry.card, "deck")
                self.label([side, "deck", "cards", index], entry.label, side, entry.card)
            count = sum(entry.count for entry in deck.cards)
            if count == 0:
                self.problem(
                    [side, "deck", "cards"],
                    "the deck is empty: the next draw would break a rune "
                    "(give each side a few cards, even ones it will not play)",
                )
            elif deck_size is not None and count != deck_size:
                self.problem(
                    [side, "deck", "cards"],
                    f"the deck has {count} cards; the rules (rules.deck_size) ask for {deck_size}",
                )
        hand = spec.hand or []
        for index, entry in enumerate(hand):
            self.usable([side, "hand", index], entry.card, "hand")
            self.label([side, "hand", index], entry.label, side, entry.card)
        held = sum(entry.count for entry in hand)
        if held > HAND_LIMIT:
            self.problem([side, "hand"], f"a hand holds at most {HAND_LIMIT} cards; this one has {held}")
        per_lane = [0, 0]
        for index, board_entry in enumerate(spec.board):
            self.usable([side, "board", index], board_entry.card, "board")
            self.label([side, "board", index], board_entry.label, side, board_entry.card)
            if board_entry.lane >= lanes:
                self.problem(
                    [side, "board", index, "lane"],
                    f"lane {board_entry.lane} does not exist: the level has 1 lane (lane 0)",
                )
            else:
                per_lane[board_entry.lane] += 1
        limit = BOARD_LIMIT if lanes == 1 else BOARD_LIMIT // 2
        for lane, n in enumerate(per_lane[:lanes]):
            if n > limit:
                where = "the board" if lanes == 1 else f"lane {lane}"
                self.problem([side, "board"], f"{where} holds at most {limit} creatures; {n} are placed there")
        total = count + held + len(spec.board)
        if total > MAX_SIDE_CARDS:
            self.problem([side], f"{total} cards for one side is too many (at most {MAX_SIDE_CARDS})")

    def check_player_deck(self, side: str, deck: PlayerDeck) -> int:
        """A deck the player brings: only the player's, its allowed cards exist, its suggested
        deck is legal (game/rules/levels/player_deck.py says why not). Returns the deck's size."""
        from game.rules.levels.player_deck import deck_pool, deck_problems, suggested_cards

        if side != "player":
            self.problem([side, "deck", "kind"], 'only the player brings a deck of their own: give the opponent a deck')
            return deck.size
        for index, card_id in enumerate(deck.allowed or []):
            self.usable([side, "deck", "allowed", index], card_id, "deck")
        for index, entry in enumerate(deck.suggested):
            self.known([side, "deck", "suggested", index], entry.card)
            if entry.label is not None:
                self.problem(
                    [side, "deck", "suggested", index, "label"],
                    "a card of the player's own deck has no label: the player may not bring it",
                )
        deck_size = self.level.rules.deck_size
        if deck_size is not None and deck.size != deck_size:
            self.problem(
                [side, "deck", "size"],
                f"the deck has {deck.size} cards; the rules (rules.deck_size) ask for {deck_size}",
            )
        if self.problems:
            return deck.size
        pool = deck_pool(self.level, self.cardset)
        if len(pool) * deck.max_copies < deck.size:
            self.problem(
                [side, "deck"],
                f"no deck of {deck.size} cards can be built: {len(pool)} cards are allowed, "
                f"at most {deck.max_copies} of each",
            )
            return deck.size
        where = "suggested" if deck.suggested else "allowed"
        for reason in deck_problems(self.level, suggested_cards(self.level, self.cardset), self.cardset):
            self.problem([side, "deck", where], f"the suggested deck is not legal: {reason}")
        return deck.size

    def check_events(self) -> None:
        lanes = self.level.rules.lanes
        for e, event in enumerate(self.level.events):
            when = event.when
            if when.turn is not None and when.turn > TURN_LIMIT:
                self.problem(
                    ["events", e, "when", "turn"],
                    f"turn {when.turn} is never reached (a duel is over by turn {TURN_LIMIT})",
                )
            elif when.turn is not None and when.turn < self.first_turn:
                self.problem(["events", e, "when", "turn"], self.turn_before_start(when.turn, f"the {when.side}'s"))
            for s, step in enumerate(event.do):
                if step.give is not None:
                    for k, entry in enumerate(step.give.cards):
                        self.usable(["events", e, "do", s, "give", "cards", k], entry.card, "hand")
                        self.label(["events", e, "do", s, "give", "cards", k], entry.label, step.give.side, entry.card)
                if step.summon is not None:
                    parts = ["events", e, "do", s, "summon"]
                    self.usable(parts + ["card"], step.summon.card, "board")
                    self.label(parts, step.summon.label, step.summon.side, step.summon.card)
                    if step.summon.lane >= lanes:
                        self.problem(parts + ["lane"], f"lane {step.summon.lane} does not exist: the level has 1 lane")
        for e, event in enumerate(self.level.events):
            if event.when.died is not None and event.when.died not in self.labels:
                self.problem(["events", e, "when", "died"], self.unknown_label(event.when.died))

    def unknown_label(self, label: str, side: str | None = None) -> str:
        names = [name for name, (s, _, _) in self.labels.items() if side is None or s == side]
        close = difflib.get_close_matches(label, names, n=1)
        hint = f' (did you mean "{close[0]}"?)' if close else ""
        listed = f"; labels: {', '.join(sorted(names))}" if names else "; no card has a label"
        owner = f"the {side}'s " if side else ""
        return f'no card of {owner}cards is labelled "{label}"{hint}{listed}'

    # ---- objectives

    def max_turns(self, side: str) -> int:
        """The most own turns `side` can play: its deck, then the runes break at each draw."""
        spec = side_spec(self.level, side)
        deck = spec.deck
        if isinstance(deck, PlayerDeck):
            count = deck.size
        else:
            count = deck.picks if isinstance(deck, DraftDeck) else sum(e.count for e in deck.cards)
        seat = 0 if self.level.first == side else 1
        opening = 0 if spec.hand is not None else OPENING_HAND[seat]
        draws_in_deck = max(0, count - opening)
        free_turn = 1 if seat == 0 and spec.hand is not None else 0
        # from its own turn TURN_LIMIT + 1 every draw breaks a rune: a late start leaves fewer draws
        draws = min(draws_in_deck, TURN_LIMIT - self.level.turns_before)
        return draws + standing_runes(spec) + 1 + free_turn  # each rune one more turn, then 0 health

    @property
    def first_turn(self) -> int:
        """Each side's first own turn in the level (its `turn`; turn numbers of scripts and events
        count the duel's turns)."""
        return self.level.turns_before + 1

    def turn_before_start(self, turn: int, whose: str) -> str:
        return (
            f"turn {turn} is before the level starts: it starts at turn {self.first_turn} (\"turn\"), "
            f"and script and event turns count the duel's turns, so {whose} first turn here is {self.first_turn}"
        )

    def check_objectives(self) -> None:
        level = self.level
        objectives = level.objectives
        required = [o for o in objectives if o.required]
        if not required:
            self.problem(["objectives"], "at least one objective must be required (\"required\": true)")
        elif all(o.kind == "keep_alive" for o in required):
            self.problem(
                ["objectives"],
                "keep_alive only ends with the level: add a required objective that ends it, such as win or survive",
            )
        game_length = min(self.max_turns("player"), self.max_turns("opponent")) + 1
        for index, objective in enumerate(objectives):
            parts = ["objectives", index]
            if objective.kind == "survive" and objective.turns > game_length:
                self.problem(
                    parts + ["turns"],
                    f"survive {objective.turns} turns cannot happen: with these decks "
                    f"the duel is over within {game_length} turns (the decks run out and "
                    "the runes break); ask for fewer turns, or for a win",
                )
            if objective.kind == "win_within" and objective.turns > self.max_turns("player"):
                self.problem(
                    parts + ["turns"],
                    f"win within {objective.turns} turns: the player's deck and runes "
                    f"last at most {self.max_turns('player')} turns, so the limit never applies",
                )
            if objective.kind == "clear_board" and objective.by_turn > self.max_turns("player"):
                self.problem(
                    parts + ["by_turn"],
                    f"turn {objective.by_turn} is never reached: the player's deck and "
                    f"runes last at most {self.max_turns('player')} turns",
                )
            if objective.kind == "keep_alive":
                found = self.labels.get(objective.label)
                if found is None or found[0] != "player":
                    self.problem(
                        parts + ["label"],
                        self.unknown_label(objective.label, "player")
                        + " (keep_alive needs a labelled creature of the player's)",
                    )
                elif self.cards[found[1]].type != CardType.CREATURE:
                    self.problem(
                        parts + ["label"],
                        f'"{objective.label}" is an item ({self.cards[found[1]].name}), '
                        "not a creature that can be kept alive",
                    )

    # ---- script

    def check_script(self) -> None:
        opponent = self.level.opponent
        if opponent.control != "scripted":
            return
        ids = {side: side_card_ids(self.level, side, self.cardset) for side in ("player", "opponent")}
        seen_turns: dict[int, int] = {}
        limit = self.max_turns("opponent")
        for t, turn in enumerate(opponent.script):
            if turn.turn in seen_turns:
                self.problem(
                    ["opponent", "script", t, "turn"],
                    f"turn {turn.turn} is already scripted at $.opponent.script[{seen_turns[turn.turn]}]",
                )
            seen_turns.setdefault(turn.turn, t)
            if turn.turn < self.first_turn:
                self.problem(["opponent", "script", t, "turn"], self.turn_before_start(turn.turn, "the opponent's"))
            elif turn.turn - self.level.turns_before > limit:
                last = "" if not self.level.turns_before else f" (to its turn {self.level.turns_before + limit})"
                self.problem(
                    ["opponent", "script", t, "turn"],
                    f"the opponent never reaches its turn {turn.turn}: "
                    f"its deck and runes last at most {limit} turns{last}",
                )
            for a, text in enumerate(turn.actions):
                parts = ["opponent", "script", t, "actions", a]
                try:
                    action = parse_script_action(text)
                except ScriptSyntaxError as error:
                    self.problem(parts, str(error))
                    continue
                if action.verb == "END":
                    continue
                actor = self.check_actor(parts, action, ids)
                if actor is not None and action.target is not None and not action.target.face:
                    self.check_target(parts, action, actor, ids)
                if action.lane is not None and action.lane >= self.level.rules.lanes:
                    self.problem(parts, f"lane {action.lane} does not exist: the level has 1 lane")

    def ref_card(self, parts: list, ref, sides: dict[str, set[int]], role: str) -> int | None:
        """The card id a reference names, checked to be among the cards of one of `sides`
        (side name -> the card ids it may hold)."""
        owners = " or the ".join(sides)
        if ref.label is not None:
            found = self.labels.get(ref.label)
            if found is None:
                self.problem(parts, f"{role} {ref}: " + self.unknown_label(ref.label))
                return None
            if found[0] not in sides:
                self.problem(parts, f"{role} {ref} is a card of the {found[0]}'s, not of the {owners}'s")
                return None
            return found[1]
        if ref.card_id not in self.cards:
            self.problem(parts, f"{role} {ref}: there is no card {ref.card_id} in the card files")
            return None
        if not any(ref.card_id in ids for ids in sides.values()):
            card = self.cards[ref.card_id]
            self.problem(
                parts,
                f"{role} {ref} ({card.name}) is not among the {owners}'s cards "
                "(its deck, hand, board, event cards and their tokens)",
            )
            return None
        return ref.card_id

    def check_actor(self, parts: list, action, ids: dict[str, set[int]]):
        """The acting card (an opponent's), or None after reporting why it cannot act."""
        card_id = self.ref_card(parts, action.actor, {"opponent": ids["opponent"]}, "the card")
        if card_id is None:
            return None
        card = self.cards[card_id]
        if action.verb in ("SUMMON", "ATTACK") and card.type != CardType.CREATURE:
            self.problem(parts, f"{action.actor} ({card.name}) is an item: {action.verb} needs a creature (USE items)")
            return None
        if action.verb == "USE" and card.type == CardType.CREATURE:
            self.problem(parts, f"{action.actor} ({card.name}) is a creature: SUMMON it (USE is for items)")
            return None
        if action.verb == "SUMMON" and action.target is not None and card.choice is None:
            self.problem(parts, f"{action.actor} ({card.name}) has no summon effect that takes a target")
            return None
        return card

    def check_target(self, parts: list, action, actor, ids: dict[str, set[int]]) -> None:
        """A target creature must belong to a side the acting card may target."""
        choice = actor.choice.value if action.verb == "SUMMON" and actor.choice is not None else None
        sides: tuple[str, ...]
        if (action.verb == "USE" and actor.type == CardType.GREEN) or choice == "friendly_creature":
            sides = ("opponent",)
        elif choice == "any_creature":
            sides = ("player", "opponent")
        else:
            sides = ("player",)
        target_id = self.ref_card(parts, action.target, {side: ids[side] for side in sides}, "the target")
        if target_id is not None and self.cards[target_id].type != CardType.CREATURE:
            self.problem(parts, f"the target {action.target} ({self.cards[target_id].name}) is an item, not a creature")


# ---------------------------------------------------------------------------------- campaign


def reachable_levels(campaign: Campaign, levels: dict) -> tuple[list[str], dict[str, int]]:
    """Play the campaign out, completing every level as soon as it is unlocked with all its stars:
    the order levels get completed in, and the best stars of each. Whatever never gets completed
    cannot be reached by any player."""
    from game.rules.levels.unlocks import is_unlocked, max_stars

    done: dict[str, int] = {}
    order: list[str] = []
    changed = True
    candidates = list(dict.fromkeys(campaign.level_ids() + list(levels)))
    while changed:
        changed = False
        for level_id in candidates:
            if level_id in done or level_id not in levels:
                continue
            if is_unlocked(campaign, levels, done, level_id):
                done[level_id] = max_stars(levels[level_id])
                order.append(level_id)
                changed = True
    return order, done


def check_campaign(campaign: Campaign, levels: dict, file: str) -> list[Problem]:
    """Unlock rules name known levels; every level file is listed or unlocked by a reward; every
    level can be reached."""
    problems: list[Problem] = []

    def problem(parts, message):
        problems.append(Problem(file, json_path(parts), message))

    known = set(levels)
    listed: dict[str, list] = {}
    for c, chapter in enumerate(campaign.chapters):
        for i, level_id in enumerate(chapter.levels):
            if level_id in listed:
                problem(
                    ["chapters", c, "levels", i],
                    f'level "{level_id}" is already listed at {json_path(listed[level_id])}',
                )
            listed.setdefault(level_id, ["chapters", c, "levels", i])
        for a, level_id in enumerate(chapter.unlock.after):
            if level_id not in known:
                problem(["chapters", c, "unlock", "after", a], f'there is no level "{level_id}"')
    chapter_ids = [chapter.id for chapter in campaign.chapters]
    for c, chapter_id in enumerate(chapter_ids):
        if chapter_id in chapter_ids[:c]:
            problem(["chapters", c, "id"], f'chapter id "{chapter_id}" is used twice')
    for level_id, level in levels.items():
        for u, target in enumerate(level.rewards.unlocks):
            if target not in known:
                problems.append(
                    Problem(
                        str(Path(file).parent / f"{level_id}.json"),
                        json_path(["rewards", "unlocks", u]),
                        f'there is no level "{target}"',
                    )
                )
    if problems:
        return problems
    order, stars = reachable_levels(campaign, levels)
    for level_id in levels:
        if level_id in stars:
            continue
        if level_id in listed:
            problem(
                listed[level_id],
                f'level "{level_id}" can never be unlocked: its chapter\'s unlock rule '
                "is never met (check unlock.after and unlock.stars)",
            )
        else:
            problem(
                ["chapters"],
                f'level "{level_id}" is in no chapter and no level unlocks it: no player can reach it '
                "(add it to a chapter's levels or to a level's rewards.unlocks)",
            )
    problems += check_collection(campaign, levels, order, file)
    return problems


def check_collection(campaign: Campaign, levels: dict, order: list[str], file: str) -> list[Problem]:
    """The starting collection names real cards, and each level where the player brings a deck
    can be played with the cards a player may own by then (the starting cards and the rewards of
    the levels unlocked before it): enough allowed cards for a deck of its size."""
    from game.rules.cards.cardset import load_cardset
    from game.rules.levels.player_deck import deck_pool, player_deck

    problems: list[Problem] = []
    try:
        every_card = load_cardset().cards
    except CardSetError:
        return problems  # the card files' own problems are told by `levels validate`
    for index, card_id in enumerate(campaign.starting_cards):
        if card_id not in every_card or every_card[card_id].token:
            problems.append(
                Problem(file, json_path(["starting_cards", index]), f"there is no card {card_id} to start with")
            )
    owned = set(campaign.starting_cards)
    for level_id in order:
        level = levels[level_id]
        rules = player_deck(level)
        if rules is not None:
            try:
                pool = [card.base_id for card in deck_pool(level, level_cardset(level)) if card.base_id in owned]
            except CardSetError:
                pool = []
            if len(pool) * rules.max_copies < rules.size:
                problems.append(
                    Problem(
                        str(Path(file).parent / f"{level_id}.json"),
                        json_path(["player", "deck"]),
                        f"a player reaching this level owns {len(pool)} of its allowed cards (starting_cards and "
                        f"the rewards of the levels before it): too few for a deck of {rules.size} with at most "
                        f"{rules.max_copies} of each",
                    )
                )
        owned |= set(level.rewards.cards)
    return problems
