"""Deadlines that hold on a busy machine: the time a bot keeps back from each turn's limit.

A protocol bot (`bot locm`, `gomocup brain`) answers within a limit counted by the referee from
the moment it sent the turn. The bot counts from the moment the turn's first line arrived (its
reader thread stamps every line), plans until its own deadline, and answers. What it cannot see
is the time between the referee's clock and its own: the pipe, and the moments the operating
system gives the processor to someone else. On an idle machine that is well under a
millisecond; with two CPU-bound processes on two cores it is tens of milliseconds now and then.

So the margin adapts to what the bot can see of the machine, turn by turn:

- how busy the machine is: the share of each turn's wall time the bot did not get the processor
  for (1 - its CPU time / the wall time, while it was planning flat out). On an idle machine that
  is about 0; with two CPU-bound processes competing on two cores, about half. The busier the
  machine, the likelier a long wait for the processor just before the answer goes out, so the
  margin grows from its idle share towards its cap in proportion (the median of the recent turns);
- the lateness itself: how far past its own deadline an answer went out (a planner's last step, a
  garbage collection, the bot descheduled) plus how long the turn's first line waited before the
  bot took it; the margin covers twice the high quantile of these.

The margin is the largest of the idle share, the busy share and the lateness, never so large that
the planner is left less than a minimum share of the limit. It follows the load within a few
turns and calms as the window (the last `WINDOW` turns) forgets. Planning with less time costs
the card AI nothing measurable (hard with twice its opponent's time scores 0.52).

Pure arithmetic over the numbers it is given (the bot passes its clock's readings), so tests
feed it exact delays.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

WINDOW = 64  # the recent turns whose delays set the margin
QUANTILE = 0.95  # of those delays: the margin covers nearly all of them...
SAFETY = 2.0  # ...twice over, since the delay the bot cannot see grows with the one it can
MIN_MEASURED_S = 0.02  # a turn shorter than this is not used to judge how busy the machine is


def quantile(values, q: float) -> float:
    """The q-quantile of `values` (nearest rank; 0.0 for none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


@dataclass
class AdaptiveMargin:
    """How much of a turn's limit a bot keeps back, from the delays it has seen.

    `base_share` and `base_ms`: the margin on an idle machine, a share of the limit (0.3: plan for
    70 %) plus a fixed time (the Gomocup brain keeps 10 % and 50 ms);
    `min_plan_share`: the least share of the limit left to plan in, whatever the delays;
    `adaptive`: False keeps the base share always (the bots' `--margin fixed`, for comparison)."""

    base_share: float = 0.3
    base_ms: float = 0.0
    min_plan_share: float = 0.25
    adaptive: bool = True
    delays_ms: deque = field(default_factory=lambda: deque(maxlen=WINDOW))
    busy: deque = field(default_factory=lambda: deque(maxlen=WINDOW))  # per turn: 1 - CPU time / wall time

    def margin_ms(self, limit_ms: float) -> float:
        base = self.base_share * limit_ms + self.base_ms
        cap = (1.0 - self.min_plan_share) * limit_ms
        if self.adaptive:
            busy = quantile(self.busy, 0.5)
            base = max(base, base + busy * (cap - base), SAFETY * quantile(self.delays_ms, QUANTILE))
        return min(base, cap)

    def deadline(self, arrived: float, limit_ms: float) -> float:
        """The clock reading by which the bot should answer a turn whose first line arrived at
        `arrived` (seconds, the bot's clock) with `limit_ms` to answer in."""
        return arrived + (limit_ms - self.margin_ms(limit_ms)) / 1000.0

    def observe(self, arrived: float, taken: float, deadline: float, answered: float, cpu: float | None = None) -> None:
        """Note one turn: its first line `arrived`, was `taken` by the bot, the bot planned to
        answer by `deadline` and `answered` (all in seconds, the bot's clock); `cpu`: the
        processor time the bot used from taking the turn to answering (None: not measured). The
        delay is the wait before the bot took the turn plus how far past its deadline the answer
        went out; the busy share is the part of that time the bot spent waiting for the processor."""
        waited = max(0.0, taken - arrived)
        over = max(0.0, answered - deadline)
        self.delays_ms.append((waited + over) * 1000.0)
        if cpu is not None:
            self.note_busy(cpu, answered - taken)

    def note_busy(self, cpu: float, wall: float) -> None:
        """Note a stretch of flat-out work: `cpu` seconds of processor time in `wall` seconds (a
        turn's planning, a bot's start-up). Too short a stretch (a draft pick) says little."""
        if wall >= MIN_MEASURED_S:
            self.busy.append(min(1.0, max(0.0, 1.0 - cpu / wall)))
