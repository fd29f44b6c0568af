"""The campaign's data as the client shows it: the campaign file and every level file read one by
one (a broken level is listed with its problems instead of taking the whole map down), in the
player's language (game/client/data_text.py; `follow_language` after a switch), the player's
Progress, and short descriptions of levels for the map."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game import i18n
from game.client.data_text import campaign_in_language, level_in_language
from game.i18n import _
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
    # The files as written (English): `campaign` and `levels` are these in `language`.
    english: tuple = (None, {})
    language: str = i18n.ENGLISH

    def english_level(self, level_id: str):
        """A level as its file writes it (the one to change or hash; `levels` are for showing)."""
        return self.english[1].get(level_id, self.levels[level_id])

    def follow_language(self) -> bool:
        """Put the texts in the language in use now, if it changed; True when it did."""
        if self.language == i18n.language():
            return False
        campaign, levels = self.english
        self.campaign = campaign_in_language(campaign, self.folder)
        self.levels = {level_id: level_in_language(level, self.folder) for level_id, level in levels.items()}
        self.language = i18n.language()
        return True

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
    data.english = (campaign, dict(data.levels))
    data.language = i18n.ENGLISH
    data.follow_language()
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
    from game.client.rules_words import translate

    kind = translate(front_end(level.kind).describe_level(level))  # a level model's own words are the rules' English
    # TRANSLATORS: a boss level's kind on the campaign map: "Boss fight: Card duel, two lanes".
    return _("Boss fight: {kind}").format(kind=kind) if level.boss else kind


def opponent_text(level) -> str:
    from game.client.value_names import AI_LEVEL_NAMES, value_name

    opponent = level.opponent
    if getattr(opponent, "control", "ai") == "ai":  # a scripted opponent has no AI level to name
        level_name = value_name(AI_LEVEL_NAMES, opponent.ai, opponent.ai)
        # TRANSLATORS: a level's opponent on the campaign map and its AI's level: "Hana (Easy AI)".
        return _("{name} ({level} AI)").format(name=opponent.name, level=level_name)
    return opponent.name


def objective_texts(level) -> list[tuple[str, bool]]:
    """(sentence, required) for each objective, as the HUD will word them."""
    from game.client.front_ends import front_end
    from game.client.rules_words import translate
    from game.rules.levels.objectives import describe

    names = front_end(level.kind).level_names(level)
    return [(translate(describe(objective, names)), objective.required) for objective in level.objectives]
