"""The card AIs by name, for the commands (`bot locm --ai`, `arena`) and the client.

To add an AI, add one line to AGENTS: its name and a callable taking a seed (int or None) that
returns a fresh `CardAgent` (and, for the options in OPTIONS, keyword arguments). Imports are done inside the callables so that naming an AI only
loads that AI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ai.cards.agent import CardAgent

if TYPE_CHECKING:
    from ai.cards.evaluation import Evaluator


def _random(seed: int | None) -> CardAgent:
    from ai.cards.random_agent import RandomAgent

    return RandomAgent(seed)


def _easy(seed: int | None) -> CardAgent:
    from ai.cards.rule_bot import RuleAgent

    return RuleAgent(seed)


def _number(option: str, text: str, kind: type, low: float, high: float):
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ValueError(
            f"{option} must be a{'n integer' if kind is int else ' number'} from {low:g} to {high:g}, not {text!r}"
        )
    return value


def _hard(
    seed: int | None,
    evaluation: "str | Evaluator" = "tuned",
    draft: str = "selfplay",
    lethal: str = "2000",
    candidates: str = "10",
    share: str = "0.35",
    c: str = "0.15",
    time: str = "0.9",
) -> CardAgent:
    from ai.cards.draft_ai import DraftAI
    from ai.cards.evaluation import DEFAULT_EVALUATOR, Evaluator, fitted_evaluator, tuned_evaluator
    from ai.cards.ismcts import ISMCTSAgent

    evaluators: dict[str, Callable[[], Evaluator]] = {
        "hand": lambda: DEFAULT_EVALUATOR,
        "fitted": fitted_evaluator,
        "tuned": tuned_evaluator,
    }
    if isinstance(evaluation, Evaluator):  # the tuning tool's candidate weights
        evaluator = evaluation
    elif evaluation in evaluators:
        evaluator = evaluators[evaluation]()
    else:
        raise ValueError(f"eval must be one of {', '.join(evaluators)}, not {evaluation!r}")
    return ISMCTSAgent(
        seed,
        draft=DraftAI(source=draft),
        evaluator=evaluator,
        lethal_nodes=_number("lethal", lethal, int, 0, 10**6),
        candidates=_number("candidates", candidates, int, 1, 100),
        plan_share=_number("share", share, float, 0.05, 0.95),
        exploration=_number("c", c, float, 0.0, 10.0),
        budget_fraction=_number("time", time, float, 0.05, 1.0),
    )


AGENTS: dict[str, Callable[..., CardAgent]] = {
    "random": _random,
    "easy": _easy,
    "medium": lambda seed: __import__("ai.cards.planner", fromlist=["PlannerAgent"]).PlannerAgent(seed),
    "hard": _hard,
}

# The options an AI takes after its name ("hard:eval=fitted,draft=selfplay"), to measure variants
# with the same commands (arena, bot locm) without registering each one.
OPTIONS: dict[str, dict[str, str]] = {
    "hard": {
        "eval": "evaluation: tuned (the default), hand (the hand-set weights), fitted (ai/cards/evaluation_weights.json: fitted to outcomes) "
        "(tuned: ai/cards/evaluation_tuned.json, tuned by self-play on win rate by game/tools/eval_tune.py)",
        "draft": "draft values: selfplay (the default: draft_weights.json's refit on hard's games) or stats",
        "lethal": "nodes of the lethal search in simulated replies (default 2000; 0: none)",
        "candidates": "whole-turn plans tried at the root (default 10)",
        "share": "share of the budget for finding them (default 0.35)",
        "c": "UCB1 exploration constant (default 0.15)",
        "time": "share of each decision's budget it thinks for (default 0.9), to measure what time buys",
    },
}
_KEYWORDS = {"eval": "evaluation"}


def agent_names() -> list[str]:
    """The registered names, in registration order (weakest first by convention)."""
    return list(AGENTS)


def make_agent(name: str, seed: int | None = None) -> CardAgent:
    """A fresh agent of the named AI, with options if the name carries them ("hard:lethal=0");
    KeyError naming the known AIs if there is none, ValueError for a bad option."""
    base, _, options = name.partition(":")
    try:
        factory = AGENTS[base]
    except KeyError:
        raise KeyError(f"unknown card AI {base!r}; known: {', '.join(agent_names())}") from None
    settings = {}
    for option in filter(None, options.split(",")):
        key, equals, value = option.partition("=")
        if not equals or key not in OPTIONS.get(base, {}):
            known = ", ".join(f"{k}=..." for k in OPTIONS.get(base, {})) or "none"
            raise ValueError(f"card AI {base!r}: unknown option {option!r}; options: {known}")
        settings[_KEYWORDS.get(key, key)] = value
    return factory(seed, **settings)
