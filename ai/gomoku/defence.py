"""The root's threat checks that narrow what alpha-beta searches: the defence against the
opponent's forced wins (``Defence``) and the optional check of each new best root move
(``Verifier``, off for every level; see ``Level.verify_threats``)."""

from __future__ import annotations

from ai.gomoku.patterns import B4_UNIT, F3_UNIT
from ai.gomoku.settings import Level
from ai.gomoku.threats import SearchContext, ThreatSearch, TimeUp

# Candidate defences checked at most, when the opponent has a forced win.
MAX_DEFENCES = 40
# Levels with ``verify_threats``: the share of the budget one check of a new best root move
# may use, and the share (from the start of the move) by which all checks must be over.
VERIFY_SHARE = 0.5
VERIFY_TOTAL_SHARE = 0.95


class Defence:
    """The opponent's forced wins and the moves that stop them, found step by step so that a
    search stopped by the clock still tells what it learnt.

    ``run()`` first asks whether the opponent, were it to move now, has a forced win we look
    for; if so it lists the candidate defences (the points of its winning line, the points
    where it would make a three or a four, our own fours and, against a VCT, our own threes:
    counter-threats it must answer) and checks them one by one. Raises TimeUp if the clock or
    the node cap runs out on the way; ``root_moves()`` then still answers from the progress.
    """

    def __init__(self, context: SearchContext, threats: ThreatSearch, settings: Level, legal: list[int]) -> None:
        self.context, self.threats, self.settings, self.legal = context, threats, settings, legal
        self.threatened = False  # the opponent's forced win was found
        self.candidates: list[int] = []
        self.checked = 0
        self.safe: list[int] = []

    def _opponent_wins(self) -> list[int] | None:
        """With the opponent to move: its VCF, or (if we defend against them) its VCT."""
        settings, threats = self.settings, self.threats
        line = threats.vcf(settings.vcf_fours)
        if line is None and settings.defend_vct:
            line = threats.vct(settings.defend_vct_threats, settings.vcf_fours, settings.vct_width)
        return line

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
        consider(sorted((p for p in board.threat_points[me] if mine[p] >= B4_UNIT), key=mine.__getitem__,
                        reverse=True))
        if self.settings.defend_vct:
            consider(sorted((p for p in board.threat_points[me] if mine[p] >= F3_UNIT), key=mine.__getitem__,
                            reverse=True))
        del ordered[MAX_DEFENCES:]
        self.threatened = True
        for p in ordered:
            board.play(p)
            try:
                refuted = self._opponent_wins() is None
            finally:
                board.undo()
            if refuted:
                self.safe.append(p)
            self.checked += 1
        return True

    def root_moves(self, finished: bool) -> list[int] | None:
        """The moves alpha-beta should choose among, or None for all of them: None when no
        forced win of the opponent was found (or none of the candidates stops it); after a
        finished check the safe moves; after an interrupted one (``keep_partial_defence``)
        the moves proven safe so far, else the candidates not yet checked."""
        if not self.threatened:
            return None
        if finished:
            return self.safe or None
        if not self.settings.keep_partial_defence:
            return None
        return self.safe or self.candidates[self.checked:] or None


class Verifier:
    """The check alpha-beta asks about each new best root move: after it, has the opponent a
    VCT of ``verify_threats`` threats whose first ones may be anywhere (longer and wider than
    the defence phase's)? Each check may use ``VERIFY_SHARE`` of the budget and all checks
    together ``VERIFY_TOTAL_SHARE``; a check that runs out counts as "no win found". The
    threat search's memory of refuted and won positions is shared by the checks."""

    def __init__(self, context: SearchContext, threats: ThreatSearch, settings: Level, start: float,
                 budget: float) -> None:
        self.context, self.threats, self.settings = context, threats, settings
        self.until = start + budget * VERIFY_TOTAL_SHARE
        self.each = budget * VERIFY_SHARE
        self.refuted: list[int] = []

    def __call__(self, p: int) -> bool:
        context, settings = self.context, self.settings
        now = context.clock()
        end = min(now + self.each, self.until, context.deadline)
        if end <= now:
            return True
        board = context.board
        root_length = len(board.moves)
        saved = context.deadline
        context.deadline = end
        board.play(p)
        try:
            line = self.threats.vcf(settings.vcf_fours) or self.threats.vct(
                settings.verify_threats, settings.vcf_fours, settings.vct_width, settings.verify_free)
        except TimeUp:
            line = None
        finally:
            context.deadline = saved
            while len(board.moves) > root_length:
                board.undo()
        if line is not None:
            self.refuted.append(p)
        return line is None
