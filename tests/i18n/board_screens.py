"""The board games' screens as a player sees them mid-game, built at once in the language in
effect (no AI is asked and nothing is waited for): gomoku freestyle with the AI's thoughts (Tab)
open, gomoku renju with a refused foul, Connect Four with a full column refused, the skirmish with
a hero chosen, an ability aimed (its preview), statuses and the log, the replays list and the
replay viewer, and the results' review bar. The layout test (test_boards_in_each_language.py)
and the screenshots of the `boards` area share them."""

from __future__ import annotations

from types import SimpleNamespace

from game.client.match import MatchSetup
from game.rules.events import Event, EventKind
from game.rules.game_api import Explanation
from game.rules.replays import Replay, ReplayLibrary
from tests.client.test_replay_viewer import gomoku_replay


def gomoku_thoughts() -> Explanation:
    """A gomoku move's thoughts as the engine words them in the language in use (ai/agents.py's
    GomokuAgent, through game/rules/gomoku/thoughts.py)."""
    from game.rules.gomoku import thoughts

    return Explanation(thoughts.headline("block", "h9"), [], thoughts.facts(["g10", "j7"], 4, 1800, 18))


def gomoku_freestyle(app):
    from game.client.gomoku.match import GomokuMatch

    match = GomokuMatch(MatchSetup(game="gomoku", opponent="ai", difficulty="medium", human_seat=0, size=15))
    for point in [(7, 7), (8, 8), (7, 8), (6, 6), (7, 6)]:
        match.apply(point)
    scene = app.make("gomoku", match=match)
    scene.explanation = gomoku_thoughts()
    scene.overlay = True
    return scene


def gomoku_renju_foul(app):
    """Black to move in renju where (7, 7) is a double three, just refused (the note by the board
    and the status line say why)."""
    from game.client.gomoku.match import GomokuMatch
    from game.rules.gomoku import Rule

    match = GomokuMatch(MatchSetup(game="gomoku", opponent="hotseat", rule=int(Rule.RENJU), size=15))
    for point in [(5, 7), (0, 0), (6, 7), (0, 14), (7, 5), (14, 0), (7, 6), (14, 14)]:
        match.apply(point)
    scene = app.make("gomoku", match=match)
    scene.human_play_move((7, 7))
    assert scene.shown_refusal() is not None
    return scene


def connect4_full_column(app):
    from game.client.connect4.match import Connect4Match

    match = Connect4Match(MatchSetup(game="connect4", opponent="hotseat"))
    for column in (3, 3, 3, 3, 3, 3, 2, 4):
        match.apply(column)
    scene = app.make("connect4", match=match)
    scene.human_play_move(3)
    assert scene.shown_refusal() is not None
    return scene


def skirmish_aiming(app):
    """A mage to act with Frost Lance chosen and aimed at a knight beside it (the preview's
    numbers and statuses), a poisoned mage (a status badge), and the log's lines."""
    from game.client.skirmish.log_lines import cast_lines
    from game.client.skirmish.match import SkirmishMatch, skirmish_roster
    from game.rules.skirmish.hero import Status
    from game.rules.skirmish.model import StatusKind
    from game.rules.skirmish.state import SkirmishState

    state = SkirmishState(skirmish_roster(), "corridors", [["mage"] * 3, ["knight"] * 3], 1)
    state.names = ("Orla", "Kael", "Tarin", "Hana", "Bram", "Wren")
    state.heroes[3].cell = (1, 0)  # beside the mage (uid 1, at a1)
    state.heroes[0].statuses[StatusKind.POISON] = Status(3, 4)
    match = SkirmishMatch(MatchSetup(game="skirmish", opponent="ai", difficulty="easy", seed=1), state=state)
    scene = app.make("skirmish", match=match)
    app.reset(scene)  # on top: the player's turn is shown as such
    hit = Event(EventKind.CAST, player=1, card=4, name="shield_bash", point=(0, 0))
    events = [
        hit,
        Event(EventKind.DAMAGE, player=0, card=1, value=5, target=4),
        Event(EventKind.STATUS, player=0, card=1, value=1, name="stun", target=4),
    ]
    scene.add_log(cast_lines(state, events)[id(hit)])
    for _frame in range(50):  # the opening's round banner plays out; then the ability buttons
        scene.update(1000.0)
        if not scene.anims.busy:
            break
    scene.update(0.0)
    scene.select(3)  # Frost Lance
    scene.hover_cell = (1, 0)
    scene.mouse = None
    assert scene.cast_preview().lines
    return scene


def _replay(**fields) -> Replay:
    """The replay viewer test's game, with a thought worded as the AI words it and a recording date."""
    thoughts = {1: {"headline": "Blocks a five in a row: a6", "options": [], "facts": ["Thought for 20 ms"]}}
    return gomoku_replay(**{"thoughts": thoughts, "recorded": "2026-11-27T10:58:00+00:00", **fields})


def replays_list(app, folder):
    library = ReplayLibrary(folder)
    library.add(_replay())
    library.add(_replay(game="connect4", setup={}, actions=[3, 3, 4, 4, 5, 5, 6], mode="hotseat", thoughts={}))
    return app.make("replays", library=library)


def replay_viewer(app):
    scene = app.make("replay_viewer", replay=_replay())
    scene.go(2)  # the AI's move: its thoughts are shown
    return scene


def review_bar(app):
    from game.client.review_bar import ReviewBar

    bar = ReviewBar()
    bar.open()
    return SimpleNamespace(draw=bar.draw)


def screens(app, folder):
    """(name, what draws it) for each screen, made in the current language."""
    yield "gomoku", gomoku_freestyle(app)
    yield "renju foul", gomoku_renju_foul(app)
    yield "connect four", connect4_full_column(app)
    yield "skirmish", skirmish_aiming(app)
    yield "replays", replays_list(app, folder)
    yield "replay viewer", replay_viewer(app)
    yield "review bar", review_bar(app)
