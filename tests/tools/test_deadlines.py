"""The margin a protocol bot keeps back from each turn's limit: 30 % on an idle machine, growing
with the lateness it sees under load (up to leaving a quarter of the limit to plan), shrinking
back as the window forgets; and the LOCM bot counting from the arrival of a turn's first line."""

from __future__ import annotations

import io

import pytest

from game.tools.deadlines import WINDOW, AdaptiveMargin, quantile
from game.tools.locm_bot import LineReader


def test_an_idle_machine_keeps_the_base_share():
    margin = AdaptiveMargin()
    assert margin.margin_ms(100.0) == pytest.approx(30.0)
    assert margin.deadline(10.0, 100.0) == pytest.approx(10.070)
    for _ in range(20):  # answers a millisecond early: nothing late seen
        margin.observe(arrived=0.0, taken=0.0002, deadline=0.070, answered=0.069)
    assert margin.margin_ms(100.0) == pytest.approx(30.0)


def test_lateness_seen_grows_the_margin_to_twice_its_high_quantile():
    margin = AdaptiveMargin()
    # 19 turns taken 1 ms after they arrived and answered on time, one 24 ms late
    for _ in range(19):
        margin.observe(arrived=0.0, taken=0.001, deadline=0.070, answered=0.070)
    margin.observe(arrived=0.0, taken=0.004, deadline=0.070, answered=0.091)  # 4 ms wait + 21 ms over
    assert sorted(margin.delays_ms)[-1] == pytest.approx(25.0)
    # nearest rank of 0.95 over 20 values is the 19th (index round(0.95 * 19) = 18): 1 ms
    assert margin.margin_ms(100.0) == pytest.approx(30.0)
    margin.observe(arrived=0.0, taken=0.004, deadline=0.070, answered=0.091)
    margin.observe(arrived=0.0, taken=0.004, deadline=0.070, answered=0.091)
    # now 3 of 22: index round(0.95 * 21) = 20 is a 25 ms delay, kept twice over
    assert margin.margin_ms(100.0) == pytest.approx(50.0)
    assert margin.margin_ms(200.0) == pytest.approx(60.0)  # the base share is larger there


def test_the_planner_keeps_at_least_a_quarter_of_the_limit():
    margin = AdaptiveMargin()
    for _ in range(10):
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.170)  # 100 ms late
    assert margin.margin_ms(100.0) == pytest.approx(75.0)


def test_the_margin_shrinks_back_when_the_window_forgets_the_load():
    margin = AdaptiveMargin()
    for _ in range(10):
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.090)
    assert margin.margin_ms(100.0) == pytest.approx(40.0)
    for _ in range(WINDOW):
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.060)
    assert margin.margin_ms(100.0) == pytest.approx(30.0)


def test_a_fixed_margin_never_moves():
    margin = AdaptiveMargin(adaptive=False)
    for _ in range(10):
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.170)
    assert margin.margin_ms(100.0) == pytest.approx(30.0)


def test_quantile_is_the_nearest_rank():
    assert quantile([], 0.95) == 0.0
    assert quantile([5.0, 1.0, 3.0], 0.5) == 3.0
    assert quantile(range(1, 101), 0.95) == 95


def test_the_reader_stamps_each_line_when_it_arrives():
    readings = iter([1.5, 2.5, 9.0])
    reader = LineReader(io.BytesIO(b"first\nsecond\n"), clock=lambda: next(readings))
    assert reader.get(timeout=5) == "first" and reader.arrived == 1.5
    assert reader.get(timeout=5) == "second" and reader.arrived == 2.5


def test_a_busy_machine_moves_the_margin_towards_its_cap_in_proportion():
    margin = AdaptiveMargin()  # idle: 30 ms of 100; cap: 75 ms (a quarter left to plan)
    for _ in range(5):  # the bot had the processor for half of each 70 ms turn
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.070, cpu=0.035)
    assert margin.margin_ms(100.0) == pytest.approx(30.0 + 0.5 * (75.0 - 30.0))
    for _ in range(6):  # the load is gone: the median follows within a few turns
        margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.070, cpu=0.070)
    assert margin.margin_ms(100.0) == pytest.approx(30.0)


def test_a_quick_answer_says_nothing_about_the_load():
    margin = AdaptiveMargin()
    margin.observe(arrived=0.0, taken=0.0, deadline=0.070, answered=0.005, cpu=0.0)  # a draft pick
    assert list(margin.busy) == [] and margin.margin_ms(100.0) == pytest.approx(30.0)


def test_start_up_work_says_how_busy_the_machine_is_before_the_first_turn():
    margin = AdaptiveMargin(base_share=0.1, base_ms=50.0)  # the Gomocup brain's: 80 ms of 300 when idle
    margin.note_busy(cpu=0.2, wall=0.4)  # building its tables got half the processor
    assert margin.margin_ms(300.0) == pytest.approx(80.0 + 0.5 * (225.0 - 80.0))
