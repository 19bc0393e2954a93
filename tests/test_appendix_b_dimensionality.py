# --8<-- [start:header]
"""付録 B: 次元の呪い（区画の数、内接球の体積の割合、距離の集中）のテスト。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import cdist
from scipy.special import gamma

from getting_started_ml.appendix_b.dimensionality import (
    ball_volume_ratio,
    cells_to_cover,
    distance_ratio,
    share_inside_ball,
    uniform_points,
)

# --8<-- [end:header]


# --8<-- [start:test-ball]
def test_各軸を10に区切ると区画は10のD乗() -> None:
    assert cells_to_cover(1) == 10
    assert cells_to_cover(3) == 1000
    assert cells_to_cover(2, per_axis=5) == 25


def test_内接球の体積の割合は資料の値() -> None:
    assert ball_volume_ratio(2) == pytest.approx(math.pi / 4, rel=1e-12)
    assert round(ball_volume_ratio(2), 2) == 0.79
    assert ball_volume_ratio(10) == pytest.approx(math.pi**5 / 120 / 2**10, rel=1e-12)
    assert round(ball_volume_ratio(10), 4) == 0.0025


@given(st.integers(3, 200))
def test_次元を2つ上げると割合はπ割る2Dを掛けたものになる(dimension: int) -> None:
    # 球の体積の漸化式 V(D) = V(D − 2) × 2π / D を、立方体の体積 2^D で割ったもの。
    assert ball_volume_ratio(dimension) == pytest.approx(
        ball_volume_ratio(dimension - 2) * math.pi / (2 * dimension), rel=1e-9
    )


@given(st.integers(1, 150))
def test_内接球の割合はscipyのガンマ関数で求めた値と同じ(dimension: int) -> None:
    expected = math.pi ** (dimension / 2) / gamma(dimension / 2 + 1) / 2**dimension
    assert ball_volume_ratio(dimension) == pytest.approx(expected, rel=1e-9)


# --8<-- [end:test-ball]


# --8<-- [start:test-sampling]
@pytest.mark.parametrize("dimension", [2, 3, 5])
def test_一様な点が球に入る割合は体積の割合に近い(dimension: int) -> None:
    n = 4000
    ratio = ball_volume_ratio(dimension)
    # 二項分布の標準誤差の 4 倍まで。種を変えても、まず外れない幅。
    tolerance = 4 * math.sqrt(ratio * (1 - ratio) / n)
    assert share_inside_ball(n, dimension, seed=0) == pytest.approx(ratio, abs=tolerance)


def test_一様な点はjava_util_Randomの列から作る() -> None:
    # new Random(0).nextDouble() の最初の 2 つ。
    assert uniform_points(1, 2, seed=0) == [[0.730967787376657, 0.24053641567148587]]


# --8<-- [end:test-sampling]


# --8<-- [start:test-distance]
def test_次元が増えると遠い点と近い点の距離の比は1に近づく() -> None:
    ratios = [distance_ratio(uniform_points(50, d, seed=0)) for d in (2, 10, 100, 500)]
    assert ratios == sorted(ratios, reverse=True)
    assert ratios[0] > 10
    assert ratios[-1] < 1.3


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(1, 6), st.integers(0, 1000))
def test_距離の比はscipyのcdistで求めた値と同じ(n_points: int, dimension: int, seed: int) -> None:
    points = uniform_points(n_points, dimension, seed)
    distances = cdist(points, points)
    np.fill_diagonal(distances, np.inf)
    nearest = distances.min(axis=1)
    np.fill_diagonal(distances, -np.inf)
    expected = float(np.mean(distances.max(axis=1) / nearest))
    assert distance_ratio(points) == pytest.approx(expected, rel=1e-12)


def test_同じ点が2つあれば距離の比は決まらない() -> None:
    with pytest.raises(ValueError, match="同じ点"):
        distance_ratio([[0.0, 1.0], [0.0, 1.0], [1.0, 1.0]])


# --8<-- [end:test-distance]
