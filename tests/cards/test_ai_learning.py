"""What hard learns from its own games: the evaluation's weights fitted on outcomes, the draft's
card values refitted per lane variant on self-play, and the lethal check in its simulations."""

from __future__ import annotations

import json
import random

import pytest

from ai.cards.card_features import STAT_FEATURES, fitted_weights
from ai.cards.draft_ai import DraftAI
from ai.cards.evaluation import DEFAULT_WEIGHTS, FITTED_WEIGHTS_FILE, TERMS, Evaluator, fitted_evaluator, linear_weights
from ai.cards.ismcts import greedy_reply
from game.rules.cards.battle import Battle
from game.rules.cards.draft import Draft
from game.tools import draft_selfplay, eval_fit
from game.tools.arena import DEFAULT_POOL, load_pool
from tests.cards.ai_positions import LETHAL_POSITIONS
from tests.cards.builders import creature_card


def _random_positions(games: int, seed: int):
    """Positions of random games (one and two lanes) with the official list."""
    pool = load_pool(DEFAULT_POOL)
    for game in range(games):
        rng = random.Random(seed * 1000 + game)
        draft = Draft(pool, rng)
        for offer in draft.offers:
            for seat in (0, 1):
                draft.choose(seat, rng.randrange(len(offer)))
        battle = Battle.from_decks(draft.decks(rng), 1 + game % 2, seed=game)
        while battle.winner is None:
            battle.do(rng.choice(battle.legal_actions()))
            yield battle


@pytest.mark.parametrize("evaluator", [Evaluator(DEFAULT_WEIGHTS), fitted_evaluator()], ids=["hand", "fitted"])
def test_the_evaluation_is_its_weights_dotted_with_its_terms(evaluator):
    weights = linear_weights(evaluator.weights)
    checked = 0
    for battle in _random_positions(12, seed=5):
        for seat in (0, 1):
            terms = evaluator.terms(battle, seat)
            if terms is None:
                assert battle.winner is not None or abs(evaluator(battle, seat)) >= 500_000
                continue
            checked += 1
            assert sum(w * x for w, x in zip(weights, terms)) == pytest.approx(evaluator(battle, seat), abs=1e-9)
    assert checked > 1000


def test_terms_of_a_small_board():
    """One 2/3 Guard for seat 0 against nothing; seat 0's turn is ending."""
    from tests.cards.builders import fresh_battle, put

    battle = fresh_battle(1)
    put(battle, 0, creature_card(2, 3, "G"), 1)
    terms = dict(zip(TERMS, Evaluator().terms(battle, 0)))
    assert (terms["attack"], terms["defense"], terms["guard"]) == (2, 3, 3)
    assert terms["synergy"] == pytest.approx(6**0.5)
    assert terms["health"] == 0 and terms["threat"] == 0 and terms["exposure"] == 0


def test_the_fitted_weights_are_data_and_every_term_has_one():
    data = json.loads(FITTED_WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(data["weights"]) == set(TERMS)
    assert "eval_fit" in data["fitted_by"]
    assert linear_weights(fitted_evaluator().weights) == [data["weights"][name] for name in TERMS]


def test_eval_fit_records_each_turn_end_with_who_won():
    eval_fit._init(str(DEFAULT_POOL), {"seed": 3, "budget_ms": 5.0, "source": "hand"})
    samples = eval_fit.positions(0)
    assert len(samples) >= 8
    assert all(len(terms) == len(TERMS) for terms, _ in samples)
    # Turns alternate, so the labels of consecutive turn ends mostly alternate too, and both
    # players' turns are there: some won, some lost.
    assert {won for _, won in samples} == {0, 1}


def test_self_play_draft_weights_replace_the_stat_weights_for_their_lane_variant_only(monkeypatch, tmp_path):
    import ai.cards.card_features as card_features

    stored = json.loads(card_features.WEIGHTS_FILE.read_text(encoding="utf-8"))
    stored["selfplay"] = {"2_lanes": {"weights": {"attack": 9.0}}}
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    monkeypatch.setattr(card_features, "WEIGHTS_FILE", path)
    card_features.fitted_weights.cache_clear()
    try:
        assert fitted_weights(2, "selfplay")["attack"] == 9.0
        assert fitted_weights(1, "selfplay")["attack"] == stored["stats"]["weights"]["attack"]
        assert fitted_weights(2, "stats")["attack"] == stored["stats"]["weights"]["attack"]
        draft = DraftAI(source="selfplay")
        big = creature_card(5, 1, cost=3)
        draft.new_game(1)
        one_lane = draft.value(big)
        draft.new_game(2)
        assert draft.value(big) > one_lane  # the 2-lane value counts attack at 9.0 per point
    finally:
        card_features.fitted_weights.cache_clear()


def test_the_exploring_drafter_explores_only_as_often_as_asked():
    pool = load_pool(DEFAULT_POOL)
    draft = Draft(pool, random.Random(4))
    greedy = draft_selfplay.ExploringDrafter(1, explore=0.0, source="stats")
    greedy.new_game(0, 2)
    reference = DraftAI(source="stats")
    reference.new_game(2)
    assert all(
        greedy.draft_pick(offer, [], pick) == reference.pick(offer, [], pick) for pick, offer in enumerate(draft.offers)
    )
    explorer = draft_selfplay.ExploringDrafter(1, explore=1.0, source="stats")
    explorer.new_game(0, 2)
    picks = [explorer.draft_pick(offer, [], pick) for pick, offer in enumerate(draft.offers)]
    assert len(set(picks)) == 3  # uniformly random among the three cards


def test_the_centred_fit_stays_at_the_prior_without_evidence():
    prior = [0.1 * (k % 3) for k in range(len(STAT_FEATURES))]
    rng = random.Random(1)
    samples = [([rng.uniform(-2, 2) for _ in STAT_FEATURES], rng.randrange(2)) for _ in range(200)]
    weights, _, _ = draft_selfplay.fit_centred(samples, prior, l2=1e9)
    assert weights == pytest.approx(prior, abs=1e-6)


@pytest.mark.parametrize("name", sorted(LETHAL_POSITIONS))
def test_the_simulated_replies_take_a_lethal_that_several_steps_need(name):
    """With an evaluation that sees nothing (every move scores the same) greedy play makes no
    move; the lethal search in the reply still finds the win."""
    flat = lambda battle, seat: 0.0  # noqa: E731
    battle = LETHAL_POSITIONS[name]()
    blind = battle.clone()
    greedy_reply(blind, 0, flat, deadline=float("inf"))
    assert blind.winner is None
    greedy_reply(battle, 0, flat, deadline=float("inf"), lethal_nodes=2000)
    assert battle.winner == 0


def test_hard_takes_its_variants_as_options_after_its_name():
    from ai.cards.evaluation import DEFAULT_EVALUATOR, tuned_evaluator
    from ai.cards.registry import make_agent

    default = make_agent("hard")
    assert (default.evaluator, default.draft.source, default.lethal_nodes) == (tuned_evaluator(), "selfplay", 2000)
    assert make_agent("hard:eval=hand").evaluator == DEFAULT_EVALUATOR
    assert make_agent("medium").draft.source == "stats"
    variant = make_agent("hard:eval=fitted,draft=stats,lethal=0", seed=3)
    assert (variant.evaluator, variant.draft.source, variant.lethal_nodes) == (fitted_evaluator(), "stats", 0)
    tuned = make_agent("hard:candidates=6,share=0.25,c=0.3,time=0.45")
    assert (tuned.candidates, tuned.plan_share, tuned.exploration, tuned.budget_fraction) == (6, 0.25, 0.3, 0.45)
    assert default.budget_fraction == 0.9
    for bad in (
        "hard:depth=3",
        "hard:candidates=0",
        "hard:share=1.5",
        "hard:c=x",
        "hard:time=0",
        "hard:eval=magic",
        "hard:lethal=many",
        "hard:draft=magic",
        "medium:eval=fitted",
        "hard:eval",
    ):
        with pytest.raises(ValueError):
            make_agent(bad)
    with pytest.raises(KeyError):
        make_agent("wizard:eval=fitted")


def test_a_further_self_play_iteration_starts_from_the_stored_self_play_values(capsys):
    assert (
        draft_selfplay.main(
            [
                "fit",
                "--games",
                "4",
                "--jobs",
                "1",
                "--budget-ms",
                "5",
                "--lanes",
                "1",
                "--from",
                "selfplay",
                "--seed",
                "3",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "4 hard-vs-hard games at 5 ms per turn, 1 lane" in out and "(selfplay)" in out
    stored = fitted_weights(1, "selfplay")
    lethal_line = next(line for line in out.splitlines() if line.strip().startswith("lethal "))
    assert lethal_line.split()[1] == f"{stored['lethal']:+.4f}"  # the fit starts from the stored value
