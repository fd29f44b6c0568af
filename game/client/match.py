"""What a quick match is (the choices made on the setup screen) and how one starts."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, replace

from game.rules.gomoku import Rule


@dataclass(frozen=True)
class MatchSetup:
    game: str = "cards"  # "cards" | "gomoku"
    opponent: str = "ai"  # "ai" | "hotseat" | "watch" (AI vs AI)
    difficulty: str = "easy"  # card agent name or gomoku level
    lanes: int = 1
    draft: str = "draft"  # "draft": the player picks; "auto": the AI drafts for the player
    human_seat: int = 0  # cards: 0 plays first; gomoku: 0 plays black
    rule: int = int(Rule.FREESTYLE)
    size: int = 15
    seed: int = 0

    def again(self) -> "MatchSetup":
        """The same match with a fresh seed (rematch)."""
        return replace(self, seed=random.randrange(1 << 30))

    def controllers(self) -> tuple[str, str]:
        """Who plays each seat: "human" or "ai"."""
        if self.opponent == "hotseat":
            return ("human", "human")
        if self.opponent == "watch":
            return ("ai", "ai")
        return ("human", "ai") if self.human_seat == 0 else ("ai", "human")


def new_game_id() -> str:
    return uuid.uuid4().hex


def start_match(app, setup: MatchSetup, replace_top: bool = False) -> None:
    """Open the first screen of a match (draft or duel for cards, the board for gomoku)."""
    if setup.game == "gomoku":
        from game.client.scenes.gomoku import GomokuScene

        scene = GomokuScene(app, setup)
    else:
        from game.client.card_pool import CardPoolError
        from game.client.scenes.draft import DraftScene
        from game.client.scenes.error import ErrorScene

        try:
            pool = app.card_pool_loader()
        except CardPoolError as error:
            scene = ErrorScene(app, "No cards to play with", str(error))
        else:
            scene = DraftScene(app, setup, pool.cards)
    if replace_top:
        app.replace(scene)
    else:
        app.push(scene)
