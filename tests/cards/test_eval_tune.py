"""The self-play tuning of hard's evaluation (game/tools/eval_tune.py): SPSA's step with exact
numbers, the resumable state, and a real game between two weight sets."""

from __future__ import annotations

import json
import math
import random

import pytest

from ai.cards.evaluation import DEFAULT_WEIGHTS
from ai.cards.registry import make_agent
from game.tools import eval_tune
from game.tools.arena import DEFAULT_POOL


class FixedWins:
    """Stands in for the worker pool: the first `wins` games of every batch are won by side a."""

    def __init__(self, wins: int):
        self.wins = wins
        self.batches: list[list[tuple]] = []

    def map(self, function, tasks):
        self.batches.append(list(tasks))
        return [1 if index < self.wins else 0 for index in range(len(tasks))]


def _settings(**changes) -> dict:
    settings = dict(
        pairs=2, budget_ms=5.0, c=0.2, a=0.3, max_log=1.5, check_every=1, check_games=4, seed=7, iterations_planned=4
    )
    settings.update(changes)
    return settings


def test_an_iteration_steps_each_weight_by_the_score_over_its_perturbation(tmp_path):
    tuning = eval_tune.Tuning(tmp_path / "state.json", _settings())
    workers = FixedWins(3)  # the plus side wins 3 of 4: score (2 * 3 - 4) / 4 = 0.5
    assert eval_tune.step(tuning, workers) == 0.5
    rng = random.Random("spsa:7:0")
    delta = [rng.choice((-1.0, 1.0)) for _ in eval_tune.NAMES]
    c0 = 0.2  # c / (0 + 1) ** gamma
    a0 = 0.3 / 11**0.602  # a / (0 + 1 + 10) ** alpha
    expected = [a0 * 0.5 / (2 * c0 * d) for d in delta]
    assert tuning.data["theta"] == pytest.approx(expected)
    assert tuning.data["iteration"] == 1 and tuning.data["summed"] == 0  # the first quarter is not averaged
    # Two pairs: one draft each, seats swapped, one lane then two; plus against minus.
    (batch,) = workers.batches
    assert [(task[2], task[3], task[4]) for task in batch] == [
        ("spsa:7:0:0", 1, True),
        ("spsa:7:0:0", 1, False),
        ("spsa:7:0:1", 2, True),
        ("spsa:7:0:1", 2, False),
    ]
    plus, minus = batch[0][0], batch[0][1]
    for name, d in zip(eval_tune.NAMES, delta):
        hand = getattr(DEFAULT_WEIGHTS, name)
        assert plus[name] == pytest.approx(hand * math.exp(c0 * d))
        assert minus[name] == pytest.approx(hand * math.exp(-c0 * d))


def test_weights_stay_within_their_limit(tmp_path):
    tuning = eval_tune.Tuning(tmp_path / "state.json", _settings(a=100.0, max_log=0.5))
    eval_tune.step(tuning, FixedWins(4))
    assert sorted(set(map(abs, tuning.data["theta"]))) == [0.5]


def test_the_state_is_saved_and_a_run_goes_on_from_it(tmp_path):
    path = tmp_path / "state.json"
    tuning = eval_tune.Tuning(path, _settings())
    for _ in range(2):
        eval_tune.step(tuning, FixedWins(4))
    line = eval_tune.check(tuning, FixedWins(3))
    tuning.save()
    assert line == "iteration 2: averaged weights vs hand 0.750 (95% Wilson 0.301-0.954, n=4)"
    again = eval_tune.Tuning(path, _settings(seed=99))  # the stored settings win over new ones
    assert again.data == json.loads(path.read_text())
    assert again.settings["seed"] == 7 and again.data["iteration"] == 2
    assert again.data["checks"] == [{"iteration": 2, "wins": 3, "games": 4}]
    # Iteration 2 is past the first quarter of 4: it is the one iterate averaged.
    assert again.data["summed"] == 1 and again.average() == again.data["theta"]


def test_a_state_of_other_weights_is_refused(tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"names": ["attack"]}))
    with pytest.raises(SystemExit, match="tuned other weights"):
        eval_tune.Tuning(path, _settings())


def test_a_pair_game_reports_whether_the_first_weights_won(monkeypatch):
    from game.tools import arena

    hand = eval_tune.weights_at([0.0] * len(eval_tune.NAMES))
    doubled = {name: 2 * value for name, value in hand.items()}
    seen = []

    def fake_game(agents, pool, rng, lanes, budget_ms):
        seen.append([agent.agent.evaluator.weights.attack for agent in agents])
        return 0, 30, []  # the seat moving first wins

    monkeypatch.setattr(arena, "play_game", fake_game)
    assert eval_tune.play_pair_game((doubled, hand, "pair:0", 1, True, 2.0)) == 1
    assert eval_tune.play_pair_game((doubled, hand, "pair:0", 1, False, 2.0)) == 0
    assert seen == [[3.2, 1.6], [1.6, 3.2]]


def test_a_real_pair_game_ends():
    eval_tune._init(str(DEFAULT_POOL))
    hand = eval_tune.weights_at([0.0] * len(eval_tune.NAMES))
    assert eval_tune.play_pair_game((hand, hand, "pair:0", 1, True, 2.0)) in (0, 1)


def test_hard_plays_the_tuned_weights_by_name():
    agent = make_agent("hard:eval=tuned", seed=1)
    stored = json.loads(eval_tune.TUNED_WEIGHTS_FILE.read_text())["weights"]
    assert {name: getattr(agent.evaluator.weights, name) for name in stored} == stored
