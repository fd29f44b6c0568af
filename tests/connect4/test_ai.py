"""The Connect Four agents and the generic alpha-beta. No wall-clock assertions: the levels are
capped by nodes, and the time limit is tested with a fake clock."""

from __future__ import annotations

import re

import pytest

from ai.connect4 import LEVELS, Connect4Agent, evaluation
from ai.generic import MATE, AlphaBeta, search
from game.rules.connect4 import Connect4State
from game.rules.game_api import Decision, Explanation, IllegalAction

BIG_BUDGET = 60_000.0  # the node caps decide, never the clock

# X (player 0) to move with b1 c1 d1: a1 or e1 wins
X_WINS = [1, 1, 2, 2, 3, 6]
# O (player 1) to move; X has b1 c1 d1 and O holds e1, so O must block a1
O_MUST_BLOCK = [1, 4, 2, 6, 3]
# X to move; O has three stacked in column g: g4 must be blocked
X_MUST_BLOCK = [0, 6, 1, 6, 4, 6]


class FakeClock:
    """Each reading is `step` seconds after the last."""

    def __init__(self, step: float = 0.001):
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("level", LEVELS)
def test_agents_take_an_immediate_win(level):
    state = Connect4State.from_moves(X_WINS)
    takes = 0
    for seed in range(20):
        decision = Connect4Agent(level, seed).act(state.observation(0), BIG_BUDGET)
        assert isinstance(decision, Decision) and state.is_legal(decision.action)
        takes += decision.action in (0, 4)
    # easy plays on a hunch now and then; the others always win
    assert takes >= (14 if level == "easy" else 20)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("moves, block", [(O_MUST_BLOCK, 0), (X_MUST_BLOCK, 6)])
def test_agents_block_an_immediate_loss(level, moves, block):
    state = Connect4State.from_moves(moves)
    blocks = sum(
        Connect4Agent(level, seed).act(state.observation(state.current_player), BIG_BUDGET).action == block
        for seed in range(20)
    )
    assert blocks >= (14 if level == "easy" else 20)


@pytest.mark.parametrize("level", LEVELS)
def test_agents_play_legal_moves_to_the_end_even_at_one_millisecond(level):
    state = Connect4State()
    agents = [Connect4Agent(level, 1), Connect4Agent(level, 2)]
    while not state.is_terminal:
        seat = state.current_player
        decision = agents[seat].act(state.observation(seat), 1.0)
        assert state.is_legal(decision.action)
        state.apply(decision.action)


def test_a_level_is_deterministic_for_a_seed():
    state = Connect4State.from_moves([3, 3, 2])
    first = [Connect4Agent("medium", 5).act(state.clone(), BIG_BUDGET).action for _ in range(3)]
    again = [Connect4Agent("medium", 5).act(state.clone(), BIG_BUDGET).action for _ in range(3)]
    assert first == again


def test_a_move_depends_only_on_the_seed_and_the_position():
    """One agent kept for a whole game plays what a fresh one plays in each position (the client
    asks again after an undo, maybe of another worker); easy draws the most random numbers."""
    state = Connect4State()
    kept = Connect4Agent("easy", 7)
    while not state.is_terminal:
        action = kept.act(state.clone(), BIG_BUDGET).action
        assert Connect4Agent("easy", 7).act(state.clone(), BIG_BUDGET).action == action, state.moves
        state.apply(action)


def test_the_agent_leaves_the_observation_unchanged():
    state = Connect4State.from_moves([3, 3, 2, 4])
    seen = state.observation(0)
    Connect4Agent("hard", 0).act(seen, BIG_BUDGET)
    assert seen.moves == state.moves and seen.key() == state.key()


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="easy, medium, hard"):
        Connect4Agent("impossible")


RAW = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|column \d|\bcol\b|\bply\b|\bnegamax\b|\bbitboard", re.IGNORECASE)


@pytest.mark.parametrize(
    "moves, words",
    [(X_WINS, "Wins: four in a row on column"), (X_MUST_BLOCK, "block their three in a row"), ([], "column")],
)
def test_explanations_are_words(moves, words):
    state = Connect4State.from_moves(moves)
    explanation = Connect4Agent("hard", 0).act(state.observation(state.current_player), BIG_BUDGET).explanation
    assert isinstance(explanation, Explanation)
    assert words in explanation.headline
    assert 1 <= len(explanation.options) <= 4
    assert all(text.startswith("Drop in column ") and 0.0 <= score <= 1.0 for text, score in explanation.options)
    assert any(fact.startswith("Looked ") and "ahead" in fact for fact in explanation.facts)
    texts = [explanation.headline, *(text for text, _ in explanation.options), *explanation.facts]
    assert not any(RAW.search(text) for text in texts), texts
    assert Explanation.from_json(explanation.to_json()) == explanation


def test_the_winning_option_has_a_full_bar():
    state = Connect4State.from_moves(X_WINS)
    explanation = Connect4Agent("hard", 0).act(state.observation(0), BIG_BUDGET).explanation
    assert explanation.options[0][1] == 1.0 and "wins at once" in explanation.options[0][0]


def test_hard_sees_a_double_threat_coming():
    # X: c1 d1, O: c2 d2. X to move: b1 or e1 makes three with both ends open, a forced win
    state = Connect4State.from_moves([2, 2, 3, 3])
    result = AlphaBeta(evaluation.evaluate, evaluation.order, max_depth=5).search(state)
    assert result.action in (1, 4) and result.score > MATE
    assert result.principal_variation[0] == result.action and len(result.principal_variation) >= 3


# --- the generic search on a tiny game -----------------------------------------------------


class Nim:
    """Take 1, 2 or 3 from a heap; who takes the last one wins. A minimal GameState: no undo,
    no key (so: a clone per node, no transposition table)."""

    def __init__(self, heap: int, player: int = 0):
        self.heap, self._player, self.last = heap, player, None

    @property
    def current_player(self) -> int:
        return self._player

    @property
    def is_terminal(self) -> bool:
        return self.heap == 0

    @property
    def winner(self):
        return None if self.heap else self.last

    def legal_actions(self):
        return [] if self.heap == 0 else [take for take in (1, 2, 3) if take <= self.heap]

    def is_legal(self, action) -> bool:
        return action in self.legal_actions()

    def apply(self, action):
        if not self.is_legal(action):
            raise IllegalAction(f"cannot take {action}")
        self.heap -= action
        self.last, self._player = self._player, 1 - self._player
        return []

    def clone(self):
        other = Nim(self.heap, self._player)
        other.last = self.last
        return other

    def observation(self, player):
        return self.clone()


class NimWithUndo(Nim):
    """The same game with undo and key (a walked state and a transposition table)."""

    def __init__(self, heap: int, player: int = 0):
        super().__init__(heap, player)
        self.history: list = []

    def apply(self, action):
        self.history.append((action, self.last))
        return super().apply(action)

    def undo(self):
        action, last = self.history.pop()
        self.heap += action
        self._player, self.last = 1 - self._player, last
        return action

    def key(self):
        return (self.heap, self._player)

    def clone(self):
        other = NimWithUndo(self.heap, self._player)
        other.last, other.history = self.last, list(self.history)
        return other


def flat(state, player) -> float:
    return 0.0


@pytest.mark.parametrize("game", [Nim, NimWithUndo])
@pytest.mark.parametrize("heap", [5, 6, 7, 9, 10, 11])
def test_generic_search_solves_nim(game, heap):
    state = game(heap)
    result = search(state, flat, max_depth=12)
    assert result.action == heap % 4  # leave a multiple of four
    assert result.score > MATE and result.stopped == "solved"
    assert result.plies_to_end() is not None
    assert state.heap == heap  # the caller's state is untouched
    assert {move.action for move in result.root_moves} == {1, 2, 3}


def test_generic_search_knows_a_lost_heap():
    result = search(NimWithUndo(8), flat, max_depth=12)
    assert result.score < -MATE and result.action in (1, 2, 3)


def test_generic_search_stops_on_the_node_cap_with_a_legal_action():
    result = search(Connect4State(), evaluation.evaluate, order=evaluation.order, node_limit=300)
    assert result.stopped == "nodes" and result.nodes <= 302 and result.action in range(7)
    again = search(Connect4State(), evaluation.evaluate, order=evaluation.order, node_limit=300)
    assert (again.action, again.score, again.depth) == (result.action, result.score, result.depth)


def test_generic_search_stops_on_a_fake_clock():
    clock = FakeClock(0.001)  # every reading one millisecond later
    result = AlphaBeta(evaluation.evaluate, evaluation.order, clock=clock).search(Connect4State(), budget_ms=100.0)
    assert result.stopped == "time" and result.depth >= 1 and result.action in range(7)
    tiny = AlphaBeta(evaluation.evaluate, evaluation.order, clock=FakeClock(1.0)).search(Connect4State(), 1.0)
    assert tiny.action in range(7)


def test_generic_search_on_a_finished_game_has_no_action():
    state = Connect4State.from_moves([0, 1, 0, 1, 0, 1, 0])
    assert search(state, evaluation.evaluate).action is None


def test_generic_search_imports_nothing_game_specific():
    import ast
    import inspect

    import ai.generic.alphabeta as module

    tree = ast.parse(inspect.getsource(module))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(name.startswith(("game", "ai.")) for name in imported if name != "__future__"), imported
