"""The scenes, one per module, and the table that names them.

Scenes never import each other: they ask the app for one by name (`app.push("result", ...)`),
and the app builds it from this table, importing its module only then. To add a scene, write
its module and add one line here.
"""

from __future__ import annotations

import importlib

# name -> (module, class)
SCENES: dict[str, tuple[str, str]] = {
    "title": ("game.client.scenes.title", "TitleScene"),
    "quick_match": ("game.client.scenes.quick_match", "QuickMatchScene"),
    "settings": ("game.client.scenes.settings", "SettingsScene"),
    "controls": ("game.client.scenes.controls", "ControlsScene"),
    "pause": ("game.client.scenes.pause", "PauseScene"),
    "draft": ("game.client.cards.draft_scene", "DraftScene"),
    "duel": ("game.client.cards.duel_scene", "DuelScene"),
    "gomoku": ("game.client.gomoku.scene", "GomokuScene"),
    "connect4": ("game.client.connect4.scene", "Connect4Scene"),
    "skirmish": ("game.client.skirmish.scene", "SkirmishScene"),
    "pass_device": ("game.client.scenes.pass_device", "PassDeviceScene"),
    "result": ("game.client.scenes.result", "ResultScene"),
    "error": ("game.client.scenes.error", "ErrorScene"),
    "crash": ("game.client.scenes.crash", "CrashScene"),
    "campaign_map": ("game.client.scenes.campaign_map", "CampaignMapScene"),
    "dialogue": ("game.client.scenes.dialogue", "DialogueScene"),
    "level_result": ("game.client.scenes.level_result", "LevelResultScene"),
    "level_error": ("game.client.scenes.level_error", "LevelErrorScene"),
    "profile": ("game.client.scenes.profile", "ProfileScene"),
    "workshop": ("game.client.scenes.workshop", "WorkshopScene"),
    "workshop_editor": ("game.client.scenes.workshop_editor", "WorkshopEditorScene"),
    "workshop_prompt": ("game.client.scenes.workshop_prompt", "WorkshopPromptScene"),
    "workshop_help": ("game.client.scenes.workshop_help", "WorkshopHelpScene"),
    "workshop_simulate": ("game.client.scenes.workshop_simulate", "WorkshopSimulateScene"),
    "workshop_campaign": ("game.client.scenes.workshop_campaign", "WorkshopCampaignScene"),
    "deck_editor": ("game.client.scenes.deck_editor", "DeckEditorScene"),
    "deck_choice": ("game.client.cards.deck_choice", "DeckChoiceScene"),
    "workshop_files": ("game.client.scenes.workshop_files", "WorkshopFilesScene"),
    "workshop_raw": ("game.client.scenes.workshop_raw", "WorkshopRawScene"),
    "replay_viewer": ("game.client.replays.viewer", "ReplayViewerScene"),
    "replays": ("game.client.replays.library", "ReplaysScene"),
}


def scene_class(name: str):
    """The class of the scene called `name` (KeyError names the known ones)."""
    try:
        module, cls = SCENES[name]
    except KeyError:
        raise KeyError(f"no scene {name!r}; known: {', '.join(sorted(SCENES))}") from None
    return getattr(importlib.import_module(module), cls)
