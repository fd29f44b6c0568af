"""Quick match setup: which game, against whom, and the variant."""

from __future__ import annotations

import random

import pygame

from game.client import theme
from game.client.ai_worker import card_agent_names, gomoku_levels, skirmish_agent_names
from game.client.match import MatchSetup, start_match
from game.client.skirmish.match import skirmish_roster
from game.client.scene import Scene
from game.client.widgets import Button, OptionRow, backdrop, draw_text, hover_buttons, press_buttons
from game.rules.gomoku import MAX_SIZE, MIN_SIZE, Rule

RULE_NAMES = {int(Rule.FREESTYLE): "Freestyle", int(Rule.STANDARD): "Standard (exactly five)", int(Rule.RENJU): "Renju"}


class QuickMatchScene(Scene):
    name = "quick_match"

    def __init__(self, app):
        super().__init__(app)
        self.card_agents = card_agent_names()
        self.gomoku_levels = gomoku_levels()
        row = lambda label, choices, fmt=str, index=0: OptionRow(label, choices, index, fmt)
        default_agent = self.card_agents.index("easy") if "easy" in self.card_agents else 0
        self.game = row(
            "Game",
            ["cards", "gomoku", "skirmish", "connect4"],
            lambda v: {
                "cards": "Card duel",
                "gomoku": "Gomoku",
                "skirmish": "Skirmish (team arena)",
                "connect4": "Connect Four",
            }[v],
        )
        from game.client.connect4.match import connect4_levels

        self.connect4_levels = connect4_levels()
        self.connect4_difficulty = row(
            "Difficulty", self.connect4_levels, str.capitalize, self.connect4_levels.index("medium")
        )
        self.disc = row("You play", [0, 1], lambda v: "Red (first)" if v == 0 else "Yellow (second)")
        self.opponent = row(
            "Opponent", ["ai", "hotseat"], lambda v: {"ai": "Computer", "hotseat": "Hot-seat (2 players)"}[v]
        )
        self.card_difficulty = row("Difficulty", self.card_agents, str.capitalize, default_agent)
        default_level = self.gomoku_levels.index("medium") if "medium" in self.gomoku_levels else 0
        self.gomoku_difficulty = row("Difficulty", self.gomoku_levels or ["-"], str.capitalize, default_level)
        self.card_seat = row("You play", [0, 1], lambda v: "First" if v == 0 else "Second")
        self.stone = row("You play", [0, 1], lambda v: "Black (first)" if v == 0 else "White (second)")
        self.lanes = row("Lanes", [1, 2], lambda v: "One lane" if v == 1 else "Two lanes")
        self.draft = row(
            "Deck", ["draft", "auto"], lambda v: "Draft it yourself" if v == "draft" else "AI drafts for me"
        )
        self.rule = row("Rule", list(RULE_NAMES), RULE_NAMES.get)
        self.size = row("Board size", list(range(MIN_SIZE, MAX_SIZE + 1)), lambda v: f"{v} x {v}")
        self.skirmish_agents = skirmish_agent_names()
        default_skirmish = self.skirmish_agents.index("medium") if "medium" in self.skirmish_agents else 0
        self.skirmish_difficulty = row("Difficulty", self.skirmish_agents or ["-"], str.capitalize, default_skirmish)
        roster = skirmish_roster()
        classes = [""] + sorted(roster.classes)
        names = lambda v: roster.classes[v].name if v else "Random"
        self.heroes = [row(f"Hero {i + 1}", classes, names) for i in range(3)]
        self.arena = row("Arena", [""] + sorted(roster.arenas), lambda v: roster.arenas[v].name if v else "Random")
        vs_ai = lambda: self.opponent.value == "ai"
        for option in (self.card_difficulty, self.card_seat, self.stone, self.connect4_difficulty, self.disc):
            option.enabled = vs_ai
        self.gomoku_difficulty.enabled = lambda: vs_ai() and bool(self.gomoku_levels)
        self.skirmish_difficulty.enabled = lambda: vs_ai() and bool(self.skirmish_agents)
        self.focus = 0
        self.start = Button(pygame.Rect(theme.WIDTH // 2 + 10, 630, 260, 62), "Start", self.start_match, primary=True)
        self.back = Button(pygame.Rect(theme.WIDTH // 2 - 270, 630, 260, 62), "Back", self.app.pop)
        self._layout()

    def rows(self) -> list[OptionRow]:
        if self.game.value == "cards":
            return [self.game, self.opponent, self.card_difficulty, self.card_seat, self.lanes, self.draft]
        if self.game.value == "skirmish":
            return [self.game, self.opponent, self.skirmish_difficulty, self.arena, *self.heroes]
        if self.game.value == "connect4":
            return [self.game, self.opponent, self.connect4_difficulty, self.disc]
        return [self.game, self.opponent, self.gomoku_difficulty, self.stone, self.rule, self.size]

    def _layout(self) -> None:
        rows = self.rows()
        gap, height = (72, 60) if len(rows) <= 6 else (64, 54)
        for index, option in enumerate(rows):
            option.rect = pygame.Rect(theme.WIDTH // 2 - 380, 140 + index * gap, 760, height)
            option.focused = index == self.focus

    def setup(self) -> MatchSetup:
        if self.game.value == "skirmish":
            return MatchSetup(
                game="skirmish",
                opponent=self.opponent.value if self.skirmish_agents else "hotseat",
                difficulty=self.skirmish_difficulty.value,
                heroes=tuple(h.value for h in self.heroes),
                arena=self.arena.value,
                seed=random.randrange(1 << 30),
            )
        if self.game.value == "connect4":
            return MatchSetup(
                game="connect4",
                opponent=self.opponent.value,
                difficulty=self.connect4_difficulty.value,
                human_seat=self.disc.value,
                seed=random.randrange(1 << 30),
            )
        cards = self.game.value == "cards"
        if not cards and not self.gomoku_levels:
            opponent = "hotseat"
        else:
            opponent = self.opponent.value
        return MatchSetup(
            game=self.game.value,
            opponent=opponent,
            difficulty=self.card_difficulty.value if cards else self.gomoku_difficulty.value,
            lanes=self.lanes.value,
            draft=self.draft.value,
            human_seat=self.card_seat.value if cards else self.stone.value,
            rule=self.rule.value,
            size=self.size.value,
            seed=random.randrange(1 << 30),
        )

    def start_match(self) -> None:
        start_match(self.app, self.setup(), replace_top=True)

    def handle(self, intent) -> None:
        rows = self.rows()
        if intent.kind == "action":
            if intent.name == "back":
                self.app.pop()
            elif intent.name in ("up", "down"):
                self.focus = (self.focus + (1 if intent.name == "down" else -1)) % len(rows)
            elif intent.name in ("left", "right"):
                rows[self.focus].step(1 if intent.name == "right" else -1)
                self.app.play_sound("click")
            elif intent.name == "confirm":
                self.start_match()
                return
            self._layout()
        elif intent.kind == "move":
            hover_buttons((self.start, self.back), intent.pos)
        elif intent.kind == "press" and intent.button == 1:
            if press_buttons((self.start, self.back), intent.pos, lambda: self.app.play_sound("click")):
                return
            for index, option in enumerate(rows):
                if option.rect.collidepoint(intent.pos):
                    self.focus = index
                    option.click(intent.pos)
                    self.app.play_sound("click")
            self.focus = min(self.focus, len(self.rows()) - 1)
            self._layout()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_text(
            surface, "Quick match", (theme.WIDTH // 2, 80), 52, theme.ACCENT, bold=True, anchor="center", shadow=True
        )
        for option in self.rows():
            option.draw(surface)
        self.start.draw(surface)
        self.back.draw(surface)
        draw_text(
            surface,
            "Up/Down: choose a line  ·  Left/Right: change it  ·  Enter: start  ·  Esc: back",
            (theme.WIDTH // 2, 706),
            16,
            theme.TEXT_DIM,
            anchor="center",
        )
