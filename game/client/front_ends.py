"""How the client plays each game: one `FrontEnd` per game kind, put into the game registry
(`game/rules/registry.py`, `register_front_end`) when the app starts.

Nothing in the client compares a game's name: a quick match, a campaign level, a seat's name and
portrait and the workshop's editor all ask the game's front end. The entries are dotted names
('module:attribute'), imported when first used, so that this table imports no game's scene or
match (the per-game packages import the shared client, never the other way round).

To add a game's client: write its package (`game/client/<game>/`: scene, match, view) with the
functions named below, and add one `FrontEnd` line to `FRONT_ENDS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _
from game.rules.registry import GAMES, game_kind, load_dotted, register_front_end


@dataclass(frozen=True)
class FrontEnd:
    """One game in the client."""

    # (app, setup) -> (scene name, options): the first screen of a quick match of this game
    quick_match: str
    # (run) -> None: a campaign level's match set-up and opponent (run.setup, .agent, .opponent_spec)
    prepare_level: str
    # (run) -> (scene name, options): a campaign level's first screen (a resumed game's too)
    open_level: str
    # {AI level: (name, portrait)}: who the player meets in a quick match at each AI level
    opponents: str
    # the AI levels a quick match offers, weakest first: 'module:function' () -> list[str]
    ai_levels: str
    # the quick-match screen's default AI level (the weakest when the game has no such level)
    default_level: str = "easy"
    # the quick-match screen's name for the game ("": the registry's title)
    quick_title: str = ""
    # (vs_ai) -> [QuickOption]: the game's own lines on the quick-match screen, under Game, Opponent
    # and Difficulty, each choosing a MatchSetup field (game/client/match.py: QuickOption); `vs_ai()`
    # says whether the opponent is the computer (for lines that only matter then). None: no lines.
    quick_options: str | None = None
    # (level) -> str: a few words for a campaign level of this game ("Gomoku puzzle", ...);
    # None: the level model words its own kind (`level.kind_text()`)
    level_text: str | None = None
    # (level) -> {label: name}: the names the objectives' sentences use for the level's cards or
    # heroes; None: none
    objective_names: str | None = None
    # (surface, rect) -> None: the small picture of a level of this game on the campaign map
    level_icon: str | None = None
    # (app, state, seats, shown) -> Position: the game's scene over one position of a replay, for
    # the replay viewer (game/client/replays/positions.py); None: the viewer lists the moves only
    replay_position: str | None = None

    def open_quick_match(self, app, setup) -> tuple[str, dict]:
        return load_dotted(self.quick_match)(app, setup)

    def title(self, game: str) -> str:
        """The quick-match screen's name for this front end's game `game`."""
        return self.quick_title or game_kind(game).title

    def quick_match_options(self, vs_ai) -> list:
        """The game's own lines on the quick-match screen (QuickOption each), new ones per call."""
        return list(load_dotted(self.quick_options)(vs_ai)) if self.quick_options else []

    def describe_level(self, level) -> str:
        """A few words for what kind of level `level` is (without "Boss fight: ")."""
        if hasattr(level, "kind_text"):  # a level model that words its own kind
            return level.kind_text()
        return load_dotted(self.level_text)(level) if self.level_text else game_kind(level.kind).title

    def level_names(self, level) -> dict:
        """The names the objectives of `level` use for its cards or heroes."""
        return dict(load_dotted(self.objective_names)(level)) if self.objective_names else {}

    def draw_level_icon(self, surface, rect) -> None:
        if self.level_icon:
            load_dotted(self.level_icon)(surface, rect)

    def prepare(self, run) -> None:
        load_dotted(self.prepare_level)(run)

    def open(self, run) -> tuple[str, dict]:
        return load_dotted(self.open_level)(run)

    def opponent(self, difficulty: str) -> tuple[str, str]:
        """The (name, portrait) of the AI a quick match plays at `difficulty`; the name as the
        campaign's translations give it in the player's language (game/client/data_text.py)."""
        from game.client.data_text import character_name

        name, portrait = load_dotted(self.opponents).get(difficulty, ("The Duelmind", "duelmind"))
        translated = character_name(name)
        return (translated if translated != name else _(name)), portrait

    def levels(self) -> list[str]:
        return list(load_dotted(self.ai_levels)())

    def position(self, app, state, seats, shown):
        """The replay viewer's board at `state` (None when this game has no such hook)."""
        return load_dotted(self.replay_position)(app, state, seats, shown) if self.replay_position else None


# The quick matches' opponents who never appear in the campaign (the others are named by the
# campaign's translations, levels/campaign/translations/<lang>.json): marked here for the catalogs.
QUICK_MATCH_ONLY_NAMES = (N_("Captain Voss"), N_("Lord Halvek"))

FRONT_ENDS: dict[str, FrontEnd] = {
    "cards": FrontEnd(
        quick_match="game.client.cards.match:open_quick_match",
        prepare_level="game.client.cards.level_match:prepare_level",
        open_level="game.client.cards.level_match:open_level",
        opponents="game.client.cards.match:OPPONENTS",
        ai_levels="game.client.ai_worker:card_agent_names",
        quick_options="game.client.cards.match:quick_match_options",
        level_text="game.client.cards.match:level_text",
        objective_names="game.client.cards.match:objective_names",
        level_icon="game.client.cards.match:draw_level_icon",
        replay_position="game.client.replays.positions:cards_position",
    ),
    "gomoku": FrontEnd(
        quick_match="game.client.gomoku.match:open_quick_match",
        prepare_level="game.client.gomoku.level_match:prepare_level",
        open_level="game.client.gomoku.level_match:open_level",
        opponents="game.client.gomoku.match:OPPONENTS",
        ai_levels="game.client.ai_worker:gomoku_levels",
        default_level="medium",
        quick_options="game.client.gomoku.match:quick_match_options",
        level_text="game.client.gomoku.match:level_text",
        level_icon="game.client.gomoku.match:draw_level_icon",
        replay_position="game.client.replays.positions:gomoku_position",
    ),
    "skirmish": FrontEnd(
        quick_match="game.client.skirmish.match:open_quick_match",
        prepare_level="game.client.skirmish.level_match:prepare_level",
        open_level="game.client.skirmish.level_match:open_level",
        opponents="game.client.skirmish.match:OPPONENTS",
        ai_levels="game.client.ai_worker:skirmish_agent_names",
        default_level="medium",
        quick_title="Skirmish (team arena)",
        quick_options="game.client.skirmish.match:quick_match_options",
        level_text="game.client.skirmish.match:level_text",
        objective_names="game.client.skirmish.match:objective_names",
        level_icon="game.client.cards.match:draw_level_icon",
        replay_position="game.client.replays.positions:skirmish_position",
    ),
    "connect4": FrontEnd(
        quick_match="game.client.connect4.match:open_quick_match",
        prepare_level="game.client.connect4.match:prepare_level",
        open_level="game.client.connect4.match:open_level",
        opponents="game.client.connect4.match:OPPONENTS",
        ai_levels="game.client.connect4.match:connect4_levels",
        default_level="medium",
        quick_options="game.client.connect4.match:quick_match_options",
        level_icon="game.client.cards.match:draw_level_icon",
        replay_position="game.client.replays.positions:connect4_position",
    ),
}


def install() -> None:
    """Put every game's front end into the game registry (idempotent)."""
    for name, front_end in FRONT_ENDS.items():
        register_front_end(name, front_end=front_end)


def front_end(game: str) -> FrontEnd:
    """The client of game `game` (installed on first use)."""
    kind = game_kind(game)
    if kind.front_end is None:
        install()
    if kind.front_end is None:
        raise LookupError(f"the client has no front end for {kind.title}")
    return kind.front_end


def playable_games() -> list[str]:
    """The games the client can play, in the registry's order."""
    install()
    return [name for name, kind in GAMES.items() if kind.front_end is not None]


__all__ = ["FRONT_ENDS", "FrontEnd", "front_end", "install", "playable_games"]
