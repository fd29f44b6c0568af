"""game.tools.stats: the Wilson interval against hand-computed values, and percentiles."""

from __future__ import annotations

import pytest

from game.tools.stats import percentile, wilson_interval


# Hand-computed with z = 1.96, z^2 = 3.8416:
#   centre = (p + z^2/2n) / (1 + z^2/n),  half = z * sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
# 8/10:   centre = 0.99208 / 1.38416 = 0.716738, half = 1.96 * sqrt(0.025604) / 1.38416 = 0.226581
# 0/10:   centre = half = 0.19208 / 1.38416 = 0.138770
# 50/100: centre = 0.5, half = 1.96 * sqrt(0.00259604) / 1.038416 = 0.096170
# 95/100: centre = 0.969208 / 1.038416 = 0.933352, half = 1.96 * sqrt(0.00057104) / 1.038416 = 0.045104
# (cross-checked as the roots of (p_hat - p)^2 = z^2 p (1 - p) / n).
@pytest.mark.parametrize(
    "wins, n, low, high",
    [
        (8, 10, 0.490157, 0.943319),
        (0, 10, 0.0, 0.277540),
        (10, 10, 0.722460, 1.0),
        (50, 100, 0.403830, 0.596170),
        (95, 100, 0.888248, 0.978457),
    ],
)
def test_wilson_interval_matches_hand_computed_values(wins, n, low, high):
    got_low, got_high = wilson_interval(wins, n)
    assert got_low == pytest.approx(low, abs=2e-6)
    assert got_high == pytest.approx(high, abs=2e-6)


def test_wilson_interval_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(1, 1, z=1.0)  # z = 1: centre = 0.75, half = sqrt(0.25) / 2 = 0.25
    assert (low, high) == (pytest.approx(0.5), pytest.approx(1.0))
    for wins, n in ((3, 2), (-1, 5), (0, -1)):
        with pytest.raises(ValueError):
            wilson_interval(wins, n)


def test_wilson_interval_is_symmetric_and_narrows_with_n():
    low, high = wilson_interval(30, 100)
    mirror_low, mirror_high = wilson_interval(70, 100)
    assert low == pytest.approx(1 - mirror_high) and high == pytest.approx(1 - mirror_low)
    assert wilson_interval(300, 1000)[1] - wilson_interval(300, 1000)[0] < high - low


def test_percentile_nearest_rank():
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert percentile(values, 0.5) == 3.0
    assert percentile(values, 0.0) == 1.0
    assert percentile(values, 1.0) == 5.0
    assert percentile(list(range(1, 101)), 0.99) == 99
    with pytest.raises(ValueError):
        percentile([], 0.5)
    with pytest.raises(ValueError):
        percentile([1.0], 1.5)
