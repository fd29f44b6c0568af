"""A card replay as the CodinGame input each bot read at the start of each of its turns (the
registry's export of a card replay, `GameKind.replay_exports`). The draft's offers are not in a
replay, so the text starts at the first battle turn."""

from __future__ import annotations

from game.rules.cards.protocol import battle_input


def codingame_text(playback) -> str:
    parts = []
    for index in playback.turn_starts():
        battle = playback.states[index]
        parts.append(f"# turn {battle.turn}, player {battle.current + 1}\n{battle_input(battle)}")
    return "".join(parts)


__all__ = ["codingame_text"]
