"""Level modifiers (a boss's rule twist, game/rules/levels/modifiers.py): each twist's rule with
hand-counted numbers, played by the same session the client, the AIs and `levels simulate` use;
what validation says about a broken twist; the words a player reads."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from ai.gomoku import choose_move
from ai.gomoku.engine import analyse
from ai.gomoku.board import Board
from ai.gomoku.threats import find_vcf
from game.rules.cards.actions import END_TURN
from game.rules.cards.battle import IllegalAction
from game.rules.gomoku import BLACK, WHITE, GomokuState, Rule
from game.rules.gomoku.rules import WALL, scan_winner
from game.rules.levels import LevelSession
from game.rules.levels.checks import check_level
from game.rules.levels.loader import load_level, read_campaign
from game.rules.levels.modifiers import pattern_points, twist_words
from game.rules.skirmish.actions import END
from tests.levels.helpers import GOLEM, KNIGHT, card_level, gomoku_level, started
from tests.levels.test_skirmish_levels import skirmish


def _problems(level) -> list[str]:
    return [f"{p.path}: {p.message}" for p in check_level(level, "t.json")]


# ---------------------------------------------------------------------------------- cards


def test_double_draw_for_one_side_draws_two_cards_at_each_of_its_turns():
    level = card_level(
        player={"deck": {"cards": [GOLEM] * 12}},
        opponent={"deck": {"cards": [GOLEM] * 12}},
        twist={"double_draw": "opponent"},
    )
    session = started(level)
    player, opponent = session.battle.sides
    assert (len(player.hand), player.drawn) == (4 + 1, 1)  # the player: opening 4, then 1 a turn
    session.apply(END_TURN)
    assert (len(opponent.hand), opponent.drawn) == (5 + 2, 2)  # the opponent: opening 5, then 2
    session.apply(END_TURN)
    assert len(player.hand) == 5 + 1 and player.deck_pos == 6


def test_mana_surge_adds_mana_at_the_start_of_each_of_the_sides_turns():
    level = card_level(twist={"mana_surge": {"side": "player", "amount": 2}})
    session = started(level)
    player, opponent = session.battle.sides
    assert (player.max_mana, player.mana) == (1, 1 + 2)
    session.apply(END_TURN)
    assert opponent.mana == 1 + 1  # its first turn: 1 and the second player's bonus, no surge
    session.apply(END_TURN)
    assert (player.max_mana, player.mana) == (2, 2 + 2)


def test_a_set_mana_still_gets_the_surge():
    session = started(card_level(player={"mana": 5}, twist={"mana_surge": {"side": "both", "amount": 1}}))
    assert session.battle.sides[0].mana == 5 + 1


def test_the_cursed_lane_hurts_its_sides_creatures_there_as_that_side_ends_its_turn():
    level = card_level(
        rules={"lanes": 2},
        player={"board": [{"card": GOLEM, "lane": 1}, {"card": GOLEM, "lane": 0}, {"card": KNIGHT, "lane": 1}]},
        opponent={"board": [{"card": GOLEM, "lane": 1}]},
        twist={"cursed_lane": {"lane": 1, "damage": 2}},
    )
    session = started(level)
    player, opponent = session.battle.sides

    def defenses(side):
        return [(c.card.base_id, c.lane, c.defense) for c in side.board]

    session.apply(END_TURN)  # the player's lane-1 golem 3 -> 1; the knight's Ward takes the hit
    assert defenses(player) == [(GOLEM, 1, 1), (GOLEM, 0, 3), (KNIGHT, 1, 3)]
    assert defenses(opponent) == [(GOLEM, 1, 3)]  # not hurt until its own turn ends
    session.apply(END_TURN)
    assert defenses(opponent) == [(GOLEM, 1, 1)]
    session.apply(END_TURN)  # 1 - 2: the golem dies; the knight, Ward gone, 3 -> 1
    assert defenses(player) == [(GOLEM, 0, 3), (KNIGHT, 1, 1)]


def test_the_curse_can_hurt_one_side_only():
    level = card_level(
        player={"board": [{"card": GOLEM}]},
        opponent={"board": [{"card": GOLEM}]},
        twist={"cursed_lane": {"lane": 0, "damage": 1, "side": "opponent"}},
    )
    session = started(level)
    session.apply(END_TURN)
    session.apply(END_TURN)
    assert [side.board[0].defense for side in session.battle.sides] == [3, 2]


def test_the_twist_travels_with_clones_and_the_ais_observations():
    session = started(card_level(twist={"double_draw": "both"}))
    twist = session.battle.twist
    assert twist is not None and twist.extra_draws == (1, 1)
    observation = session.observation(0)
    assert observation.battle.twist is twist
    assert observation.determinize(random.Random(1)).twist is twist
    assert session.battle.clone().twist is twist


def test_a_level_without_a_twist_plays_plain_rules_and_keeps_its_dump():
    level = card_level()
    assert level.twist is None and '"twist"' not in level.model_dump_json()
    assert started(level).battle.twist is None


def test_card_twist_problems_are_named():
    assert _problems(card_level(twist={"cursed_lane": {"lane": 1}})) == [
        "$.twist.cursed_lane.lane: lane 1 is not on a board of 1 lane: use lane 0, or set rules.lanes to 2"
    ]
    with pytest.raises(ValidationError, match="a twist needs at least one of double_draw, mana_surge, cursed_lane"):
        card_level(twist={})
    with pytest.raises(ValidationError, match="double_draw"):
        card_level(twist={"double_draw": "everyone"})


# ---------------------------------------------------------------------------------- gomoku


def test_named_patterns_are_the_points_around_the_middle():
    assert pattern_points("centre", 15) == [(7, 7)]
    assert pattern_points("cross", 15) == [(7, 6), (6, 7), (7, 7), (8, 7), (7, 8)]
    assert pattern_points("ring", 15) == [(5, 5), (7, 5), (9, 5), (5, 7), (9, 7), (5, 9), (7, 9), (9, 9)]
    assert pattern_points("star_points", 15) == [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)]


def test_a_blocked_point_is_illegal_for_the_player():
    session = started(gomoku_level(twist={"pattern": "cross", "blocked": ["0,0"]}))
    legal = session.legal_actions()
    assert len(legal) == 15 * 15 - 6
    assert (7, 7) not in legal and (0, 0) not in legal and (1, 0) in legal
    with pytest.raises(IllegalAction, match="7,7 is blocked"):
        session.apply((7, 7))
    assert session.state.blocked == [(0, 0), (7, 6), (6, 7), (7, 7), (8, 7), (7, 8)]


def test_no_row_runs_through_a_blocked_point():
    # Five sealed points in a row are no five of anyone's; black's four against a sealed point
    # has one five point left, where it would have had two.
    sealed = [(x, 0) for x in range(5)] + [(7, 7)]
    state = GomokuState.from_stones(
        [(3, 7), (4, 7), (5, 7), (6, 7)], [(0, 14), (2, 14), (4, 14), (6, 14)], 15, Rule.FREESTYLE, sealed
    )
    assert scan_winner(state.board, 15, Rule.FREESTYLE) is None
    board = Board.from_state(state)
    assert [board.point(p) for p in board.five_points(BLACK)] == [(2, 7)]
    assert board.board[7 * 15 + 7] == WALL and board.five_points(WHITE) == []


def test_the_ai_boards_patterns_see_the_walls_as_a_rescan_does():
    state = GomokuState.from_stones([(6, 6), (8, 8)], [(6, 8), (9, 6)], 15, Rule.RENJU, pattern_points("ring", 15))
    board = Board.from_state(state)
    keys, codes, score, _ = board.rescan()
    assert board.incremental()[:3] == (keys, codes, score)
    assert board.packs_consistent()


def test_a_wall_can_undo_a_renju_foul():
    # Black's 7,7 makes two threes (a row and a column): a double three, forbidden. With the
    # row walled at 4,7 and 8,7 its three can never be a straight four, so 7,7 is allowed.
    black = [(5, 7), (6, 7), (7, 5), (7, 6)]
    white = [(0, 14), (2, 14), (4, 14), (6, 14)]
    plain = GomokuState.from_stones(black, white, 15, Rule.RENJU)
    walled = GomokuState.from_stones(black, white, 15, Rule.RENJU, [(4, 7), (8, 7)])
    assert plain.foul_at(7, 7) == "double-three" and not plain.is_legal(7, 7)
    assert walled.foul_at(7, 7) is None and walled.is_legal(7, 7)


def test_the_ai_never_plays_a_blocked_point():
    sealed = set(pattern_points("ring", 15)) | set(pattern_points("cross", 15))
    rng = random.Random(7)
    chosen = 0
    for game in range(6):
        state = GomokuState.from_stones([], [], 15, Rule.RENJU if game % 2 else Rule.FREESTYLE, sorted(sealed))
        level = ("novice", "easy", "medium", "hard")[game % 4]
        for _ in range(10):
            if state.is_over:
                break
            if rng.random() < 0.5:  # half the stones random, so the AI meets many positions
                move = rng.choice(state.legal_actions())
            else:
                move, info = analyse(state, 15, level, game)
                assert info["reason"] != "fallback"  # the engine chose it, not the last-word legality guard
                chosen += 1
            assert move not in sealed
            state.play(*move)
    assert chosen >= 20


def test_the_opening_move_leaves_a_sealed_centre():
    state = GomokuState.from_stones([], [], 15, Rule.FREESTYLE, pattern_points("cross", 15))
    # the open points two steps from the middle, the first of them by column then row
    assert choose_move(state, 20, "hard", 1) == (5, 7)


def test_gomoku_twist_problems_are_named():
    level = gomoku_level(
        opening={"black": ["7,7"], "white": []}, twist={"pattern": "centre", "blocked": ["15,2", "3,3", "3,3"]}
    )
    assert _problems(level) == [
        "$.twist.blocked[0]: 15,2 is off the 15x15 board",
        "$.twist.blocked[2]: 3,3 is blocked already (it is listed twice): remove it",
        "$.opening.black[0]: a stone stands on 7,7, a blocked point (of the centre pattern): move the stone or the block",
    ]
    with pytest.raises(ValidationError, match="a gomoku twist needs blocked points or a pattern"):
        gomoku_level(twist={"blocked": []})


def test_the_forced_win_prover_reads_the_walls():
    # Black's four on row 7 wins at 2,7 or 7,7; with 7,7 sealed only 2,7 is left, with both none.
    black, white = [(3, 7), (4, 7), (5, 7), (6, 7)], [(0, 14), (2, 14), (4, 14), (6, 14)]
    one_sealed = GomokuState.from_stones(black, white, 15, Rule.FREESTYLE, [(7, 7)])
    both_sealed = GomokuState.from_stones(black, white, 15, Rule.FREESTYLE, [(7, 7), (2, 7)])
    assert find_vcf(one_sealed, 1) == [(2, 7)]
    assert find_vcf(both_sealed, 1) is None


# ---------------------------------------------------------------------------------- skirmish


def test_the_storm_comes_from_the_twists_round_and_grows_each_round():
    level = skirmish(twist={"storm_from_round": 2, "storm_damage": 3})
    session = LevelSession.create(level, 1)
    session.start()
    state = session.state
    assert (state.arena.storm_round, state.arena.storm_damage) == (2, 3)
    full = {hero.uid: hero.cls.health for hero in state.heroes}
    while state.round < 3:
        session.apply(END)
    first = state.heroes[state.order[0] - 1]  # has begun its round-3 turn: 3 in round 2, 6 now
    lost = {hero.uid: full[hero.uid] - hero.health for hero in state.heroes}
    assert lost == {uid: 3 + 6 if uid == first.uid else 3 for uid in full}


def test_the_twist_storm_replaces_the_arenas():
    plain = LevelSession.create(skirmish(), 1)
    assert (plain.state.arena.storm_round, plain.state.arena.storm_damage) == (16, 3)  # ruins' own


def test_a_storm_after_the_round_limit_is_a_problem():
    assert _problems(skirmish(twist={"storm_from_round": 31})) == [
        "$.twist.storm_from_round: round 31 never comes: the arena's fight ends after round 30"
    ]
    with pytest.raises(ValidationError):
        skirmish(twist={"storm_damage": 2})


# ---------------------------------------------------------------------------------- words and bosses


def test_each_twist_in_a_players_words():
    assert twist_words(card_level(twist={"double_draw": "both", "mana_surge": {"side": "opponent"}})) == [
        "Both sides draw two cards a turn.",
        "Your opponent gains 1 extra mana each turn.",
    ]
    assert twist_words(card_level(rules={"lanes": 2}, twist={"cursed_lane": {"lane": 1, "damage": 2}})) == [
        "The right lane is cursed: a creature there takes 2 damage each time its side's turn ends."
    ]
    assert twist_words(gomoku_level(twist={"pattern": "ring"})) == [
        "8 points are sealed (marked on the board): no stone may be played there, and no row can pass through them."
    ]
    assert twist_words(skirmish(twist={"storm_from_round": 6, "storm_damage": 1})) == [
        "A storm rises from round 6: every hero takes 1 damage at the start of its turn, 1 more each round after."
    ]
    assert twist_words(card_level()) == []


@pytest.mark.parametrize(
    "level_id, kind",
    [
        ("c3_the_duelmind", "mana_surge"),
        ("v1_silent_archive", "cursed_lane"),
        ("s4_brennas_champions", "storm_from_round"),
        ("v3_founders_board", "pattern"),
    ],
)
def test_the_bosses_twist_the_rules_and_say_so(level_id, kind):
    level = load_level(level_id)
    assert getattr(level.twist, kind) is not None and twist_words(level)
    assert _problems(level) == []


# Words a boss's story or summary uses to tell the player about each kind of twist.
TWIST_WORDS = {
    "double_draw": "two cards",
    "mana_surge": "mana",
    "cursed_lane": "curse",
    "pattern": "sealed",
    "blocked": "sealed",
    "storm_from_round": "storm",
}


def test_every_chapters_boss_has_its_own_twist_and_its_story_says_it():
    campaign, problems = read_campaign()
    assert campaign is not None, problems
    bosses = {chapter.id: load_level(chapter.levels[-1]) for chapter in campaign.chapters}
    kinds = {
        chapter: sorted(key for key, value in boss.twist if value not in (None, [])) if boss.twist else []
        for chapter, boss in bosses.items()
    }
    assert kinds == {
        "apprentice": ["double_draw"],
        "stone_garden": ["blocked"],
        "proving_yard": ["storm_damage", "storm_from_round"],
        "tournament": ["blocked"],
        "foundry": ["blocked"],
        "vault": ["pattern"],
        "engine_halls": ["double_draw"],
        "final": ["mana_surge"],
    }
    for chapter, boss in bosses.items():
        told = " ".join([boss.summary, *(line.text for line in boss.story.before)]).lower()
        words = {TWIST_WORDS[kind] for kind in kinds[chapter] if kind in TWIST_WORDS}
        assert all(word in told for word in words), (boss.id, words)
        assert twist_words(boss) and _problems(boss) == []
