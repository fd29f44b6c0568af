"""The gomoku AI's difficulty levels as data: what each level searches and how long.

The levels below master are capped by depth and node counts, so they play the same moves
whatever the machine load; master is bound by the clock. ``ai.gomoku.engine`` turns a level into
a move.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str
    use_novice: bool = False
    max_depth: int = 64
    width: int = 20  # alpha-beta moves per interior node (forced answers are never cut)
    node_limit: int = 0  # alpha-beta nodes per move (0: until the clock runs out)
    vcf_fours: int = 0  # 0: no own VCF search at the root
    vct_threats: int = 0  # 0: no own VCT search at the root
    vct_width: int = 8  # attacker threats tried per VCT node (own and opponent's)
    defend_vcf: bool = False  # search only moves that leave the opponent no VCF
    defend_vct: bool = False  # ... and no VCT of ``defend_vct_threats`` threats
    defend_vct_threats: int = 0
    # Whether a defence the clock interrupted still narrows the root (see defence.Defence).
    keep_partial_defence: bool = False
    # 0: no recheck; else, when the opponent has a forced win and several moves stop it, each
    # of those moves is checked again for an opponent VCT this long (see defence.Defence.recheck)
    recheck_threats: int = 0
    recheck_free: int = 2  # ... whose first threats may be anywhere
    threat_nodes: int = 0  # node cap of each threat-search phase (0: only its time slice)
    leaf_vcf: int = 0  # alpha-beta: VCF probe of this many fours at the horizon
    defence_extension: int = 0  # alpha-beta: extra plies along lines of answered open threes
    # Clock-bound levels: a new alpha-beta iteration starts only before this share of the time
    # left to the search has passed (later it would rarely finish), or before the larger
    # ``unstable_start_share`` while the last iteration changed the best move or lowered its score.
    iteration_start_share: float = 0.5
    unstable_start_share: float = 0.5
    noise: int = 0  # pick at random among root moves scoring within this of the best
    time_share: float = 1.0  # fraction of the budget the level may think for


LEVEL_SETTINGS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("novice", use_novice=True, noise=1),
        Level("easy", max_depth=2, width=10, node_limit=4_000, noise=8),
        Level(
            "medium",
            max_depth=3,
            width=10,
            node_limit=3_000,
            vcf_fours=8,
            defend_vcf=True,
            threat_nodes=2_000,
            defence_extension=2,
        ),
        Level(
            "hard",
            max_depth=4,
            width=10,
            node_limit=5_000,
            vcf_fours=16,
            defend_vcf=True,
            threat_nodes=3_000,
            defence_extension=3,
        ),
        Level(
            "master",
            max_depth=64,
            width=12,
            vcf_fours=24,
            vct_threats=3,
            defend_vcf=True,
            defend_vct=True,
            defend_vct_threats=3,
            keep_partial_defence=True,
            defence_extension=2,
            recheck_threats=4,
            recheck_free=2,
            iteration_start_share=0.7,
            unstable_start_share=0.9,
        ),
    )
}
LEVELS: tuple[str, ...] = tuple(LEVEL_SETTINGS)
