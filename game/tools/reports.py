"""Charts you look at: a simulation's results become a few PNG charts and one index.html page that
ties them together, next to the text report (which stays the tools' output).

Each chart is data first (`Chart`: named series of numbers, computed here from the games) and a
picture second (`Chart.figure()`), so tests check the numbers and the series a chart draws, and
`write_page` only renders. matplotlib is an optional extra (`pip install -e ".[report]"`): it
adds about 170 MB with numpy (measured, empty venv, 16 s) to a game whose players never need it,
and the desktop build must not carry it; the tools check for it before playing any game.
"""

from __future__ import annotations

import enum
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.registry import GAMES
from game.tools.args import RunError
from game.tools.stats import percentile, wilson_interval

INSTALL_REPORT = 'pip install -e ".[report]"'


def require() -> None:
    """RunError with the install sentence when matplotlib is missing (before any game is played)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RunError(
            f"--report needs matplotlib, which is not installed; install it with {INSTALL_REPORT} "
            "(or pip install 'matplotlib>=3.8')"
        ) from None


class Kind(enum.Enum):
    INTERVALS = "points with 95% intervals"
    BARS = "bars (optionally with intervals)"
    HISTOGRAM = "histogram of raw values"
    MATRIX = "matrix of rates"


@dataclass
class Series:
    label: str
    x: list  # categories, positions or (HISTOGRAM) unused
    y: list  # values; for HISTOGRAM the raw values
    low: list | None = None  # interval bounds, same length as y
    high: list | None = None
    color: str | None = None


@dataclass
class Chart:
    name: str  # the PNG's file stem
    title: str
    kind: Kind
    series: list[Series]
    xlabel: str = ""
    ylabel: str = ""
    notes: list[str] = field(default_factory=list)  # shown under the chart on the page
    reference: float | None = None  # a line: 0.5 for win rates, 0 for overruns
    bins: int = 30

    def labels(self) -> list[str]:
        return [s.label for s in self.series]

    def get(self, label: str) -> Series:
        return next(s for s in self.series if s.label == label)

    def figure(self):
        """The matplotlib Figure (object API, no pyplot: no global state, no display)."""
        from matplotlib.figure import Figure

        wide = self.kind is Kind.INTERVALS and max((len(s.y) for s in self.series), default=0) > 30
        fig = Figure(figsize=(14 if wide else 8, 5 if wide else 4.5), layout="constrained")
        ax = fig.add_subplot()
        _DRAW[self.kind](self, ax)
        ax.set_title(self.title)
        ax.set_xlabel(self.xlabel)
        ax.set_ylabel(self.ylabel)
        if self.kind is not Kind.MATRIX and any(s.label for s in self.series):
            ax.legend(loc="best", fontsize="small")
        return fig


def _errors(s: Series) -> list[list[float]] | None:
    if s.low is None or s.high is None:
        return None
    return [[max(0.0, y - lo) for y, lo in zip(s.y, s.low)], [max(0.0, hi - y) for y, hi in zip(s.y, s.high)]]


def _draw_intervals(chart: Chart, ax) -> None:
    positions = {}
    for s in chart.series:
        for x in s.x:
            positions.setdefault(x, len(positions))
    for s in chart.series:
        ax.errorbar(
            [positions[x] for x in s.x],
            s.y,
            yerr=_errors(s),
            fmt="o",
            markersize=3,
            capsize=1.5,
            linewidth=0.8,
            label=s.label,
            color=s.color,
        )
    ticks = list(positions)
    ax.set_xticks(range(len(ticks)), [str(t) for t in ticks], rotation=90, fontsize=5 if len(ticks) > 30 else 8)
    ax.set_xlim(-1, len(ticks))
    if chart.reference is not None:
        ax.axhline(chart.reference, color="grey", linewidth=0.8, linestyle="--")


def _draw_bars(chart: Chart, ax) -> None:
    categories = []
    for s in chart.series:
        categories += [x for x in s.x if x not in categories]
    width = 0.8 / max(1, len(chart.series))
    for n, s in enumerate(chart.series):
        xs = [categories.index(x) - 0.4 + width * (n + 0.5) for x in s.x]
        ax.bar(xs, s.y, width, yerr=_errors(s), capsize=3, label=s.label, color=s.color)
    ax.set_xticks(
        range(len(categories)),
        [str(c) for c in categories],
        rotation=20 if max((len(str(c)) for c in categories), default=0) > 12 else 0,
        fontsize=8,
    )
    if chart.reference is not None:
        ax.axhline(chart.reference, color="grey", linewidth=0.8, linestyle="--")


def _draw_histogram(chart: Chart, ax) -> None:
    values = [v for s in chart.series for v in s.y]
    if not values:
        return
    low, high = min(values), max(values)
    integral = all(float(v).is_integer() for v in values)
    if integral and high - low <= 80:
        bins = [b - 0.5 for b in range(int(low), int(high) + 2)]
    else:
        step = (high - low) / chart.bins or 1.0
        bins = [low + step * i for i in range(chart.bins + 1)]
    for s in chart.series:
        ax.hist(
            s.y,
            bins=bins,
            histtype="step" if len(chart.series) > 1 else "bar",
            linewidth=1.5,
            label=s.label,
            color=s.color,
        )
    if chart.reference is not None:
        ax.axvline(chart.reference, color="red", linewidth=0.8, linestyle="--")


def _draw_matrix(chart: Chart, ax) -> None:
    rows = [s.label for s in chart.series]
    columns = chart.series[0].x if chart.series else []
    grid = [[float("nan") if v is None else v for v in s.y] for s in chart.series]
    image = ax.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdYlGn")
    ax.figure.colorbar(image, ax=ax, label="win rate of the row")
    ax.set_xticks(range(len(columns)), columns)
    ax.set_yticks(range(len(rows)), rows)
    for r, s in enumerate(chart.series):
        for c, v in enumerate(s.y):
            if v is not None:
                ax.text(c, r, f"{v:.2f}", ha="center", va="center", fontsize=9)


_DRAW = {
    Kind.INTERVALS: _draw_intervals,
    Kind.BARS: _draw_bars,
    Kind.HISTOGRAM: _draw_histogram,
    Kind.MATRIX: _draw_matrix,
}


# ---------------------------------------------------------------------------------- the page


@dataclass
class Page:
    index: Path
    charts: list[Chart]
    images: list[Path]


def write_page(directory: Path, title: str, text: str, charts: Sequence[Chart], tables: Sequence[str] = ()) -> Page:
    """Render every chart to DIR/<name>.png and write DIR/index.html around them."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    images = []
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
        (
            "<style>body{font-family:sans-serif;max-width:1400px;margin:2em auto;padding:0 1em}"
            "pre{background:#f4f4f4;padding:1em;overflow-x:auto;font-size:12px}img{max-width:100%}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
            ".outlier{color:#b00}</style></head><body>"
        ),
        f"<h1>{html.escape(title)}</h1>",
        "<ul>",
    ]
    parts += [f"<li><a href='#{c.name}'>{html.escape(c.title)}</a></li>" for c in charts]
    parts.append("<li><a href='#text'>The text report</a></li></ul>")
    for chart in charts:
        path = directory / f"{chart.name}.png"
        figure = chart.figure()
        figure.savefig(path, dpi=100)
        images.append(path)
        parts.append(
            f"<h2 id='{chart.name}'>{html.escape(chart.title)}</h2><img src='{path.name}' "
            f"alt='{html.escape(chart.title)}'>"
        )
        parts += [f"<p>{html.escape(note)}</p>" for note in chart.notes]
    parts += list(tables)
    parts.append(f"<h2 id='text'>The text report</h2><pre>{html.escape(text)}</pre></body></html>")
    index = directory / "index.html"
    index.write_text("\n".join(parts), encoding="utf-8")
    return Page(index, list(charts), images)


def turn_histogram(turns: Sequence[int], unit: str = "turns") -> Chart:
    return Chart(
        "turns",
        f"Game length ({unit})",
        Kind.HISTOGRAM,
        [Series("games", [], list(turns))],
        xlabel=unit,
        ylabel="games",
        notes=[
            (
                f"mean {sum(turns) / len(turns):.1f}, p50 {percentile(turns, 0.5)}, "
                f"p90 {percentile(turns, 0.9)}, n={len(turns)}"
            )
        ]
        if turns
        else [],
    )


def _rate_series(label: str, categories: list, wins: list[int], totals: list[int], color: str | None = None) -> Series:
    intervals = [wilson_interval(w, n) for w, n in zip(wins, totals)]
    return Series(
        label,
        categories,
        [w / n if n else 0.0 for w, n in zip(wins, totals)],
        [i[0] for i in intervals],
        [i[1] for i in intervals],
        color,
    )


# ---------------------------------------------------------------------------------- cards balance


def balance_charts(report, results) -> list[Chart]:
    """Per-card win rates (sorted, intervals, outliers in red), the first player's edge, the mana
    curves of winning and losing decks, game lengths."""
    cards = [c for c in report.cards if c.drafted]
    outlier_ids = {c.card_id for c, _ in report.outliers}
    label = {c.card_id: f"{c.card_id} {c.name}" for c in cards}
    everyone = Series(
        "cards",
        [label[c.card_id] for c in cards],
        [c.win_rate for c in cards],
        [c.interval[0] for c in cards],
        [c.interval[1] for c in cards],
        "tab:blue",
    )
    flagged = [c for c in cards if c.card_id in outlier_ids]
    series = [everyone]
    if flagged:
        series.append(
            Series(
                "outliers",
                [label[c.card_id] for c in flagged],
                [c.win_rate for c in flagged],
                [c.interval[0] for c in flagged],
                [c.interval[1] for c in flagged],
                "tab:red",
            )
        )
    notes = [
        f"{c.name} (id {c.card_id}): {c.win_rate:.3f}, {c.interval[0]:.3f}-{c.interval[1]:.3f}, n={c.drafted}: {why}"
        for c, why in report.outliers
    ] or ["No outliers."]
    card_chart = Chart(
        "card_win_rates",
        "Win rate when drafted, per card (95% Wilson intervals)",
        Kind.INTERVALS,
        series,
        ylabel="win rate of decks holding the card",
        notes=notes,
        reference=0.5,
    )

    n = report.games
    first = Chart(
        "first_player",
        "First-player advantage",
        Kind.BARS,
        [
            _rate_series(
                "win rate", ["first player", "second player"], [report.first_wins, n - report.first_wins], [n, n]
            )
        ],
        ylabel="win rate",
        reference=0.5,
        notes=[f"first player {report.first_wins}/{n}"],
    )

    charts = [card_chart, first]
    curves = [(game.curves[seat], game.winner == seat) for game in results for seat in (0, 1) if game.curves[seat]]
    if curves:
        costs = [str(c) for c in range(len(curves[0][0]))]
        costs[-1] += "+"

        def mean_curve(won: bool) -> list[float]:
            decks = [curve for curve, w in curves if w == won]
            return [sum(d[i] for d in decks) / max(1, len(decks)) for i in range(len(costs))]

        charts.append(
            Chart(
                "mana_curves",
                "Mana curves of drafted decks (mean cards per cost)",
                Kind.BARS,
                [
                    Series("winning decks", costs, mean_curve(True), color="tab:green"),
                    Series("losing decks", costs, mean_curve(False), color="tab:gray"),
                ],
                xlabel="mana cost",
                ylabel="cards in a 30-card deck",
            )
        )
    charts.append(turn_histogram([game.turns for game in results]))
    return charts


def balance_page(report, results, directory: Path, text: str) -> Page:
    rows = "".join(
        f"<tr class='outlier'><td>{c.card_id}</td><td style='text-align:left'>{html.escape(c.name)}</td>"
        f"<td>{c.win_rate:.3f}</td><td>{c.interval[0]:.3f}-{c.interval[1]:.3f}</td><td>{c.drafted}</td>"
        f"<td style='text-align:left'>{html.escape(why)}</td></tr>"
        for c, why in report.outliers
    )
    table = (
        (
            "<h2>Outliers</h2><table><tr><th>id</th><th>card</th><th>win</th><th>95% interval</th><th>decks</th>"
            f"<th>why</th></tr>{rows}</table>"
        )
        if rows
        else "<h2>Outliers</h2><p>None.</p>"
    )
    settings = report.settings
    return write_page(
        directory,
        f"cards balance: {report.games} games, {settings.ai}, {settings.lanes} lane(s), "
        f"{settings.draft} draft, seed {settings.seed}",
        text,
        balance_charts(report, results),
        [table],
    )


# ---------------------------------------------------------------------------------- arena


def arena_charts(results, p1: str, p2: str, budget_ms: float) -> list[Chart]:
    """p1's win rate moving first and second, game lengths, time per decision, overrun per turn."""
    first = [s for s in results if s.index % 2 == 0]  # p1 moves first in even games
    second = [s for s in results if s.index % 2 == 1]
    seat = Chart(
        "first_player",
        f"{p1}'s win rate by seat (first-player advantage)",
        Kind.BARS,
        [
            _rate_series(
                p1,
                ["moving first", "moving second", "all games"],
                [sum(s.p1_won for s in first), sum(s.p1_won for s in second), sum(s.p1_won for s in results)],
                [len(first), len(second), len(results)],
            )
        ],
        ylabel=f"{p1} win rate",
        reference=0.5,
    )
    decisions = Chart(
        "decision_times",
        "Time per decision",
        Kind.HISTOGRAM,
        [
            Series(p1, [], [t for s in results for t in s.p1_decision_ms], color="tab:blue"),
            Series(p2, [], [t for s in results for t in s.p2_decision_ms], color="tab:orange"),
        ],
        xlabel="ms per decide() call",
        ylabel="decisions",
    )
    overrun_series, notes = [], []
    for name, turns, color in (
        (p1, [t for s in results for t in s.p1_turn_ms], "tab:blue"),
        (p2, [t for s in results for t in s.p2_turn_ms], "tab:orange"),
    ):
        overrun = [t - budget_ms for t in turns]
        overrun_series.append(Series(name, [], overrun, color=color))
        if overrun:
            over = sum(o > 0 for o in overrun)
            notes.append(
                f"{name}: {over} of {len(overrun)} turns over the {budget_ms:g} ms budget, "
                f"p99 {percentile(overrun, 0.99):+.1f} ms, worst {max(overrun):+.1f} ms"
            )
    overruns = Chart(
        "overruns",
        f"Budget overrun per turn (turn time minus {budget_ms:g} ms)",
        Kind.HISTOGRAM,
        overrun_series,
        xlabel="ms over the budget (negative: headroom)",
        ylabel="turns",
        notes=notes,
        reference=0.0,
    )
    return [seat, turn_histogram([s.turns for s in results]), decisions, overruns]


def arena_page(results, p1: str, p2: str, budget_ms: float, directory: Path, text: str) -> Page:
    return write_page(
        directory, f"arena: {p1} vs {p2}, {len(results)} games", text, arena_charts(results, p1, p2, budget_ms)
    )


# ---------------------------------------------------------------------------------- levels simulate


def levels_charts(data: dict, outcomes) -> list[Chart]:
    """Objective hit rates (and the level won) with intervals, turns or moves, time per game, stars."""
    n = data["games"]
    objectives = data["objectives"]
    hits = _rate_series(
        "objectives",
        [f"{'' if o['required'] else '(bonus) '}{o['text']}" for o in objectives],
        [o["met"] for o in objectives],
        [n] * len(objectives),
        "tab:blue",
    )
    won = _rate_series("level won", ["level won"], [data["wins"]], [n], "tab:green")
    kind = GAMES.get(data["kind"])
    unit = kind.turn_unit if kind is not None else "rounds"  # what the level's turns count
    stars = [sum(o.stars == k for o in outcomes) for k in range(4)]
    return [
        Chart(
            "objectives",
            "Objective hit rates (95% Wilson intervals)",
            Kind.BARS,
            [won, hits],
            ylabel="rate",
            notes=[f"{o['text']}: {o['met']}/{n}" for o in objectives],
        ),
        turn_histogram([o.turns for o in outcomes], unit),
        Chart(
            "seconds",
            "Time per game",
            Kind.HISTOGRAM,
            [Series("games", [], [o.seconds for o in outcomes])],
            xlabel="seconds",
            ylabel="games",
        ),
        Chart("stars", "Stars", Kind.BARS, [Series("games", ["0", "1", "2", "3"], stars)], ylabel="games"),
    ]


def levels_page(data: dict, outcomes, directory: Path, text: str, replays: Sequence = ()) -> Page:
    """The page of a `levels simulate` run; `replays`: (outcome, file) of the games kept as
    replays, listed with links and the command that opens each."""
    tables = []
    if replays:
        rows = "".join(
            f"<tr><td>{outcome.index}</td><td>{'won' if outcome.won else 'lost'}</td><td>{outcome.turns}</td>"
            f"<td style='text-align:left'><a href='{html.escape(_relative(path, directory))}'>"
            f"{html.escape(Path(path).name)}</a></td>"
            f"<td style='text-align:left'><code>duelmind replay {html.escape(str(path))}</code></td></tr>"
            for outcome, path in replays
        )
        tables.append(
            "<h2 id='replays'>Games kept as replays</h2><table><tr><th>game</th><th>result</th>"
            f"<th>turns</th><th>file</th><th>watch it</th></tr>{rows}</table>"
        )
    return write_page(
        directory,
        f"levels simulate: {data['level']}, {data['player']} vs {data['opponent']}, {data['games']} games",
        text,
        levels_charts(data, outcomes),
        tables,
    )


def _relative(path, directory: Path) -> str:
    try:
        return Path(path).resolve().relative_to(Path(directory).resolve()).as_posix()
    except ValueError:
        return Path(path).resolve().as_uri()


# ---------------------------------------------------------------------------------- ladders


def ladder_matrix(names: Sequence[str], scores: dict[tuple[str, str], tuple[float, int]]) -> Chart:
    """Row's score against column (wins + half the draws, over games) for each pairing played."""
    series = []
    for row in names:
        values = []
        for column in names:
            if (row, column) in scores:
                points, games = scores[(row, column)]
                values.append(points / games if games else None)
            elif (column, row) in scores:
                points, games = scores[(column, row)]
                values.append(1 - points / games if games else None)
            else:
                values.append(None)
        series.append(Series(row, list(names), values))
    return Chart("win_rate_matrix", "Win-rate matrix (row against column)", Kind.MATRIX, series)


def ladder_charts(results: Sequence[dict], pairs: Sequence[tuple[str, str]], budget_ms: float) -> list[Chart]:
    """bench gomoku's ladder: the win-rate matrix (draws count half) and reply times per level."""
    names: list[str] = []
    for weak, strong in pairs:
        names += [name for name in (weak, strong) if name not in names]
    scores: dict[tuple[str, str], tuple[float, int]] = {}
    for weak, strong in pairs:
        played = [r for r in results if {r["black"], r["white"]} == {weak, strong}]
        points = sum(1.0 if r["winner"] == strong else 0.5 if r["winner"] is None else 0.0 for r in played)
        scores[(strong, weak)] = (points, len(played))
    times: dict[str, list[float]] = {}
    for result in results:
        for level, ms in result["times"]:
            times.setdefault(level, []).append(ms)
    notes = [
        (
            f"{level}: {sum(ms > budget_ms for ms in values)} of {len(values)} replies over the {budget_ms:g} "
            f"ms budget, p99 {percentile(values, 0.99):.1f} ms, max {max(values):.1f} ms"
        )
        for level, values in times.items()
    ]
    replies = Chart(
        "reply_times",
        f"Reply time per move (budget {budget_ms:g} ms)",
        Kind.HISTOGRAM,
        [Series(level, [], times[level]) for level in names if level in times],
        xlabel="ms per move",
        ylabel="moves",
        notes=notes,
        reference=budget_ms,
    )
    matrix = ladder_matrix(names, scores)
    matrix.notes = [f"{strong} vs {weak}: {points:g}/{n}" for (strong, weak), (points, n) in scores.items()]
    return [matrix, replies]


def ladder_page(results: Sequence[dict], pairs: Sequence[tuple[str, str]], budget_ms: float, directory: Path) -> Page:
    charts = ladder_charts(results, pairs, budget_ms)
    return write_page(
        directory,
        f"gomoku ladder: {len(results)} games, {budget_ms:g} ms per move",
        "\n".join(charts[0].notes + charts[1].notes),
        charts,
    )
