"""benchmarks/bench.py's ratio interval: a bootstrap over the slices two meters ran in turn."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench  # noqa: E402


def meter_with(slices: list[tuple[int, float]]) -> bench.Meter:
    meter = bench.Meter(lambda k: 1, 0)
    meter.slices = list(slices)
    meter.games = sum(games for games, _ in slices)
    meter.cpu = sum(cpu for _, cpu in slices)
    return meter


def test_the_interval_holds_the_ratio_and_is_as_wide_as_the_slices_spread():
    steady = meter_with([(100, 1.0)] * 10)
    half = meter_with([(50, 1.0)] * 10)
    low, high = bench.ratio_interval(half, steady)
    assert low == high == 0.5  # every slice says 0.5: no spread

    noisy = meter_with([(40, 1.0), (60, 1.0)] * 5)
    low, high = bench.ratio_interval(noisy, steady)
    assert 0.4 <= low < 0.5 < high <= 0.6  # between the slices' own ratios, around the pooled 0.5


def test_slices_pair_by_position_so_a_drift_both_sides_share_cancels():
    # The machine ran at half speed in the second half of the run: both sides lost the same share.
    top = meter_with([(80, 1.0)] * 5 + [(40, 1.0)] * 5)
    bottom = meter_with([(100, 1.0)] * 5 + [(50, 1.0)] * 5)
    assert bench.ratio_interval(top, bottom) == pytest.approx((0.8, 0.8))


def test_run_for_records_each_slice():
    meter = bench.Meter(lambda k: 3, 0)
    meter.run_for(0.01)
    meter.run_for(0.01)
    assert len(meter.slices) == 2
    assert sum(games for games, _ in meter.slices) == meter.games
    assert abs(sum(cpu for _, cpu in meter.slices) - meter.cpu) < 1e-12
