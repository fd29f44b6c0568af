"""The root's threat check that narrows what alpha-beta searches: the defence against the
opponent's forced wins (``Defence``)."""

from __future__ import annotations

from ai.gomoku.patterns import B4_UNIT, F3_UNIT
from ai.gomoku.settings import Level
from ai.gomoku.threats import SearchContext, ThreatSearch

# Candidate defences checked at most, when the opponent has a forced win.
MAX_DEFENCES = 40


class Defence:
    """The opponent's forced wins and the moves that stop them, found step by step so that a
    search stopped by the clock still tells what it learnt.

    ``run()`` first asks whether the opponent, were it to move now, has a forced win we look
    for; if so it lists the candidate defences (the points of its winning line, the points
    where it would make a three or a four, our own fours and, against a VCT, our own threes:
    counter-threats it must answer) and checks them one by one. Raises TimeUp if the clock or
    the node cap runs out on the way; ``root_moves()`` then still answers from the progress.
    ``recheck()`` (levels with ``recheck_threats``) then looks at the safe moves again for a
    longer forced win: a move that only delays the loss is dropped.
    """

    def __init__(self, context: SearchContext, threats: ThreatSearch, settings: Level, legal: list[int]) -> None:
        self.context, self.threats, self.settings, self.legal = context, threats, settings, legal
        self.threatened = False  # the opponent's forced win was found
        self.candidates: list[int] = []
        self.checked = 0
        self.safe: list[int] = []
        self.rechecked = 0
        self.refuted: set[int] = set()  # safe moves after which a longer opponent VCT was found

    def _opponent_wins(self) -> list[int] | None:
        """With the opponent to move: its VCF, or (if we defend against them) its VCT."""
        settings, threats = self.settings, self.threats
        line = threats.vcf(settings.vcf_fours)
        if line is None and settings.defend_vct:
            line = threats.vct(settings.defend_vct_threats, settings.vcf_fours, settings.vct_width)
        return line

    def _after(self, p: int, search):
        """``search()`` with p played (the opponent to move), the board restored after."""
        board = self.context.board
        board.play(p)
        try:
            return search()
        finally:
            board.undo()

    def run(self) -> bool:
        """True when done (the clock may stop it first: see the class doc)."""
        board = self.context.board
        me = board.to_move
        mine, theirs = board.packs[me], board.packs[3 - me]
        board.pass_turn()
        try:
            line = self._opponent_wins()
        finally:
            board.pass_turn()
        if line is None:
            return True
        legal_set = set(self.legal)
        ordered = self.candidates
        seen: set[int] = set()

        def consider(points) -> None:
            for p in points:
                if p in legal_set and p not in seen:
                    seen.add(p)
                    ordered.append(p)

        consider(line)
        consider(sorted(board.threat_points[3 - me], key=theirs.__getitem__, reverse=True))
        consider(sorted((p for p in board.threat_points[me] if mine[p] >= B4_UNIT), key=mine.__getitem__, reverse=True))
        if self.settings.defend_vct:
            consider(
                sorted((p for p in board.threat_points[me] if mine[p] >= F3_UNIT), key=mine.__getitem__, reverse=True)
            )
        del ordered[MAX_DEFENCES:]
        self.threatened = True
        for p in ordered:
            if self._after(p, self._opponent_wins) is None:
                self.safe.append(p)
            self.checked += 1
        return True

    def recheck(self) -> bool:
        """Look again at the safe moves for the opponent's longer forced wins (a VCT of
        ``recheck_threats`` threats, the first ``recheck_free`` anywhere), one by one; a move
        after which one is found is dropped from ``root_moves``, but never the last one. True
        when done; the clock may stop it first (TimeUp), and what it found so far still counts."""
        settings, threats = self.settings, self.threats

        def longer_win():
            return threats.vct(settings.recheck_threats, settings.vcf_fours, settings.vct_width, settings.recheck_free)

        if not self.rechecked:
            # The moves alpha-beta ranks first (the root's move order) are the likeliest picks.
            order = {p: rank for rank, p in enumerate(self.legal)}
            self.safe.sort(key=order.__getitem__)
        for p in self.safe[self.rechecked :]:
            if self._after(p, longer_win) is not None and len(self.refuted) + 1 < len(self.safe):
                self.refuted.add(p)
            self.rechecked += 1
        return True

    def root_moves(self, finished: bool) -> list[int] | None:
        """The moves alpha-beta should choose among, or None for all of them: None when no
        forced win of the opponent was found (or none of the candidates stops it); after a
        finished check the safe moves; after an interrupted one (``keep_partial_defence``)
        the moves proven safe so far, else the candidates not yet checked."""
        if not self.threatened:
            return None
        if finished:
            return [p for p in self.safe if p not in self.refuted] or None
        if not self.settings.keep_partial_defence:
            return None
        return self.safe or self.candidates[self.checked :] or None
