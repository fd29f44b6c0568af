"""Levels: the campaign's card, gomoku and skirmish levels as validated data, and the rules layer that plays
them (no pygame, no AI).

- `load_level(path_or_id)`: the validated level model (raises LevelError listing every problem);
- `LevelSession.create(level, seed)`: one attempt at a level, driven by the client or the tools
  (see game.rules.levels.session for the whole API);
- `load_campaign()`: the campaign's chapters and unlock rules (game.rules.levels.model.Campaign).
"""

from game.rules.levels.loader import LevelError, Problem, find_level, load_campaign, load_campaign_levels, load_level
from game.rules.levels.model import Campaign, CardLevel, GomokuLevel, Line, SkirmishLevel
from game.rules.levels.objectives import ObjectiveStatus, ObjectiveTracker
from game.rules.levels.session import (
    CardSession,
    GomokuSession,
    LevelOver,
    LevelResult,
    LevelSession,
    ResumeError,
    level_digest,
)
from game.rules.levels.skirmish_session import SkirmishSession

__all__ = [
    "Campaign",
    "CardLevel",
    "CardSession",
    "GomokuLevel",
    "GomokuSession",
    "LevelError",
    "LevelOver",
    "LevelResult",
    "LevelSession",
    "Line",
    "ObjectiveStatus",
    "ObjectiveTracker",
    "Problem",
    "ResumeError",
    "SkirmishLevel",
    "SkirmishSession",
    "find_level",
    "level_digest",
    "load_campaign",
    "load_campaign_levels",
    "load_level",
]
