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
    levels: dict = field(default_factory=dict)  # id -> CardLevel | GomokuLevel (the good ones)
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
    """A few words for what kind of level it is ("Card puzzle", "Gomoku, renju", ...)."""
    boss = "Boss fight: " if level.boss else ""
    if hasattr(level, "kind_text"):  # a level model that words its own kind (e.g. Connect Four)
        return f"{boss}{level.kind_text()}"
    if level.kind == "skirmish":
        return f"{boss}Skirmish, 3 against 3"
    if level.kind == "gomoku":
        if any(o.kind == "forced_win" for o in level.objectives):
            return f"{boss}Gomoku puzzle"
        return f"{boss}Gomoku, {level.rule} rule, {level.size}x{level.size}"
    one_turn = any(
        (o.kind == "win_within" and o.turns == 1) or (o.kind == "clear_board" and o.by_turn == 1)
        for o in level.objectives
    )
    if one_turn:
        return f"{boss}Card puzzle"
    lanes = ", two lanes" if level.rules.lanes == 2 else ""
    if isinstance(level.player.deck, m.DraftDeck):
        return f"{boss}Draft, then duel{lanes}"
    if level.opponent.control == "scripted":
        return f"{boss}Scripted duel{lanes}"
    return f"{boss}Duel{lanes}"


def opponent_text(level) -> str:
    opponent = level.opponent
    if level.kind != "cards":
        return f"{opponent.name} ({opponent.ai} AI)"
    if opponent.control == "ai":
        return f"{opponent.name} ({opponent.ai} AI)"
    return opponent.name


def objective_texts(level) -> list[tuple[str, bool]]:
    """(sentence, required) for each objective, as the HUD will word them."""
    from game.rules.levels.objectives import describe

    names = {}
    if level.kind == "cards":
        try:
            from game.rules.levels.build import CardSetup

            names = CardSetup(level, 0).label_names
        except Exception:  # noqa: BLE001 - only the wording of keep_alive depends on it
            names = {}
    if level.kind == "skirmish":
        from game.rules.levels.skirmish_session import hero_labels

        names = hero_labels(level)[1]
    return [(describe(objective, names), objective.required) for objective in level.objectives]
