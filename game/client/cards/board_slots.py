"""Which slot of the mat each creature stands in, kept from frame to frame so the board never
re-flows under the player's hand: a summon stands where it was dropped (the nearest free slot that
keeps the rules' board order), a death leaves a gap, and the gaps close only when a turn changes
hands (or a summon finds no free slot to the right of its lane's last creature).

The rules know only each lane's order (adjacency effects read it), so the slots always keep that
order from left to right; the client alone chooses the gaps.
"""

from __future__ import annotations

from game.rules.cards.battle import Battle


def slots_per_lane(lanes: int) -> int:
    return 6 if lanes == 1 else 3


class BoardSlots:
    """uid -> slot index within its lane; `place` tells where the next summon of a uid was dropped."""

    def __init__(self):
        self.slot: dict[int, int] = {}
        self.wanted: dict[int, int] = {}  # uid -> the slot it was dropped on, until it appears
        self.settled_for: int | None = None  # the player whose turn the gaps were closed for

    def want(self, uid: int, slot: int) -> None:
        """The creature `uid` is being summoned by a drop on `slot` (it may not be on the board yet)."""
        self.wanted[uid] = slot

    def slots_of(self, view: Battle, seat: int, lane: int) -> list[tuple[int, int]]:
        """(uid, slot) of the seat's creatures in `lane`, in board order, every new one given a slot."""
        per_lane = slots_per_lane(view.lanes)
        if self.settled_for != view.current:  # a new turn: the gaps close, both boards centred
            self.settled_for = view.current
            self._settle(view)
        members = [creature.uid for creature in view.sides[seat].board if creature.lane == lane]
        placed: list[tuple[int, int]] = []
        for index, uid in enumerate(members):
            # Room for the ones before it (board order) and after it: low <= high while the lane
            # holds no more creatures than slots, so clamping moves a creature only as far as needed.
            low = placed[-1][1] + 1 if placed else 0
            high = per_lane - (len(members) - index)
            slot = self.slot.get(uid)
            if slot is None:
                slot = self.wanted.pop(uid, None)
            if slot is None:  # an AI's summon, a token: where a centred row would put it
                slot = (per_lane - len(members)) // 2 + index
            slot = max(low, min(slot, high))
            self.slot[uid] = slot
            placed.append((uid, slot))
        return placed

    def _settle(self, view: Battle) -> None:
        """Every lane packed and centred, in board order."""
        per_lane = slots_per_lane(view.lanes)
        self.slot.clear()
        for side in view.sides:
            for lane in range(view.lanes):
                members = [creature.uid for creature in side.board if creature.lane == lane]
                start = (per_lane - len(members)) // 2
                for index, uid in enumerate(members):
                    self.slot[uid] = start + index
