"""Exhaustive search over the player's first turn of a card level: which action sequences meet the
level's objectives (for checking that puzzles have solutions, and how many)."""

from __future__ import annotations

import copy

from ai.cards.search_common import state_key
from game.cards.actions import END_TURN
from game.levels.session import CardSession


def solutions(session: CardSession, limit: int = 50, node_limit: int = 200_000) -> list[list[str]]:
    """Action sequences (ending the turn included) of the player's current turn after which the
    level is won, up to `limit` of them."""
    found: list[list[str]] = []
    seen: set = set()
    nodes = [0]
    lanes = session.battle.lanes

    def visit(battle, tracker, line):
        if len(found) >= limit or nodes[0] >= node_limit:
            return
        nodes[0] += 1
        for action in battle.legal_actions():
            child = battle.clone()
            events = child.apply(action)
            track = copy.copy(tracker)
            track.states = list(tracker.states)
            track.details = list(tracker.details)
            track.update(events, child)
            text = line + [action.text(lanes)]
            if track.outcome == "won":
                found.append(text)
                continue
            if track.outcome == "lost" or action is END_TURN or child.current != session.player_seat:
                continue
            key = state_key(child)
            if key in seen:
                continue
            seen.add(key)
            visit(child, track, text)

    visit(session.battle, session.tracker, [])
    return found
