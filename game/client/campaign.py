"""The campaign's data as the client shows it: the campaign file and every level file read one by
one (a broken level is listed with its problems instead of taking the whole map down), the
player's Progress, and short descriptions of levels for the map."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.rules.levels import model as m
from game.rules.levels.loader import Problem, campaign_dir, find_level, read_campaign, read_level
from game.rules.safe_json import safe_resolve


@dataclass
class CampaignData:
    campaign: m.Campaign | None
    levels: dict = field(default_factory=dict)  # id -> the level (any game's model; the good ones)
    broken: dict[str, list[Problem]] = field(default_factory=dict)  # id -> its problems
    problems: list[Problem] = field(default_factory=list)  # of the campaign file itself
    folder: Path = field(default_factory=campaign_dir)

    def level_path(self, level_id: str) -> Path:
        return self.folder / f"{level_id}.json"

    def chapter_of(self, level_id: str):
        return self.campaign.chapter_of(level_id) if self.campaign else None

    def bonus_ids(self) -> list[str]:
        """Levels outside every chapter (unlocked by rewards), in file order."""
        chaptered = set(self.campaign.level_ids()) if self.campaign else set()
        return [level_id for level_id in sorted(set(self.levels) | set(self.broken)) if level_id not in chaptered]

    def unlocked_by(self, level_id: str) -> str | None:
        """The level whose win unlocks `level_id` (a bonus level), if any."""
        return next((other for other, level in self.levels.items() if level_id in level.rewards.unlocks), None)


def load_campaign_data(folder: Path | None = None) -> CampaignData:
    folder = Path(folder) if folder is not None else campaign_dir()
    campaign, problems = read_campaign(folder / "campaign.json")
    data = CampaignData(campaign, problems=problems, folder=folder)
    if campaign is None:
        return data
    extra = sorted(p.stem for p in folder.glob("*.json") if p.name != "campaign.json")
    for level_id in dict.fromkeys(campaign.level_ids() + extra):
        path = folder / f"{level_id}.json"
        if not path.exists():
            data.broken[level_id] = [Problem(str(path), "$", "file not found")]
            continue
        level, found = read_level(path)
        if found or level is None:
            data.broken[level_id] = found
        else:
            data.levels[level_id] = level
    return data


def open_progress(app, data: CampaignData):
    """The player's Progress for `data` (kept on the app; a store given earlier is kept)."""
    from game.rules.saves.progress import Progress

    store = app.progress.store if app.progress is not None else None
    app.progress = Progress(store, data.campaign, data.levels)
    return app.progress


def is_campaign_file(path: str | Path) -> bool:
    """Whether a level file is one of the shipped campaign's (its results count as progress)."""
    path = find_level(path)
    try:
        return safe_resolve(path).parent == safe_resolve(campaign_dir()) and path.name != "campaign.json"
    except OSError:
        return False


def level_kind(level) -> str:
    """A few words for what kind of level it is ("Card puzzle", "Gomoku, renju", ...): the game's
    front end words it (game/client/front_ends.py)."""
    from game.client.front_ends import front_end

    boss = "Boss fight: " if level.boss else ""
    return f"{boss}{front_end(level.kind).describe_level(level)}"


def opponent_text(level) -> str:
    opponent = level.opponent
    if getattr(opponent, "control", "ai") == "ai":  # a scripted opponent has no AI level to name
        return f"{opponent.name} ({opponent.ai} AI)"
    return opponent.name


def objective_texts(level) -> list[tuple[str, bool]]:
    """(sentence, required) for each objective, as the HUD will word them."""
    from game.client.front_ends import front_end
    from game.rules.levels.objectives import describe

    names = front_end(level.kind).level_names(level)
    return [(describe(objective, names), objective.required) for objective in level.objectives]
