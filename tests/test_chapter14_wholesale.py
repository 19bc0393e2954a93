# --8<-- [start:header]
"""第 14 章: Wholesale.csv のクラスタリング（形、他の版と同じ全桁の値、種ごとの SSE、表示）。"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import numpy as np
import pytest
from conftest import Completed

from getting_started_ml.arrays import FloatRows
from getting_started_ml.chapter13 import standardize
from getting_started_ml.chapter14 import (
    CLUSTER_COUNTS,
    Spending,
    choose_initial_centers,
    fit_kmeans,
    fit_with_restarts,
    load_spending,
)

RunModule = Callable[..., Completed]
# --8<-- [end:header]

# --8<-- [start:fixtures]
pytestmark = pytest.mark.data("Wholesale.csv")

# 他の版と突き合わせた全桁の値
OWN_SSE = [
    *(2639.9999999999977, 1954.1835647259281, 1614.5183504384188, 1334.3614348200995),
    *(1085.267604136829, 947.2010450986847, 888.2240149257846, 775.2368651765327),
    *(690.8051073295652, 618.170855005905),
]
WINNING_SEEDS = [0, 1, 8, 2, 8, 1, 3, 6, 8, 1]
CENTERS_K5 = [
    [1.5133, -0.2084, -0.2715, 0.8565, -0.4267, 0.2702],
    [-0.5138, 0.6456, 0.8983, -0.3406, 0.9067, 0.0475],
    [-0.2447, -0.3838, -0.4369, -0.1698, -0.3975, -0.1997],
    [0.3138, 3.9219, 4.2756, -0.0036, 4.6182, 0.5034],
    [3.168, 3.5133, 1.1103, 5.5172, -0.0383, 6.4366],
]
# 1 通りの初期中心（n_init = 1）での SSE: {k: (種 0, 種 1, 種 5)}
PROBE = {
    2: (2267.09, 1954.18, 1956.12),
    4: (1345.47, 1533.99, 1345.47),
    6: (993.26, 947.20, 1015.81),
    7: (934.29, 952.13, 908.79),
    9: (719.53, 758.35, 793.95),
    10: (754.63, 618.17, 877.40),
}


@pytest.fixture(scope="module")
def spending() -> Spending:
    return load_spending()


@pytest.fixture(scope="module")
def points(spending: Spending) -> FloatRows:
    return standardize(spending.rows)


# --8<-- [end:fixtures]


# --8<-- [start:test-real-data]
def test_Wholesaleは440行6列の支出額(spending: Spending) -> None:
    assert spending.columns == [
        *("Fresh", "Milk", "Grocery", "Frozen", "Detergents_Paper", "Delicassen")
    ]
    assert len(spending.rows) == 440
    assert {len(row) for row in spending.rows} == {6}


def test_SSEはクラスタの数とともに減り全桁で他の版と同じ(points: FloatRows) -> None:
    results = [fit_with_restarts(points, k) for k in CLUSTER_COUNTS]
    sse = [candidate.result.sse for candidate in results]
    assert sse[0] == pytest.approx(2640, abs=1e-6)  # 母標準偏差で割ったので 440 × 6
    assert all(later < earlier for earlier, later in pairwise(sse))
    assert sse == pytest.approx(OWN_SSE, rel=1e-12)
    assert [candidate.seed for candidate in results] == WINNING_SEEDS
    assert all(candidate.result.converged for candidate in results)
    assert max(candidate.result.iterations for candidate in results) < 100


def test_クラスタの数5の中心は他の版と小数4桁まで同じ(points: FloatRows) -> None:
    centers = fit_with_restarts(points, 5).result.centers
    assert np.array(centers) == pytest.approx(np.array(CENTERS_K5), abs=5e-5)


@pytest.mark.parametrize("k", sorted(PROBE))
def test_1通りの初期中心でのSSEは種しだいで大きく変わる(points: FloatRows, k: int) -> None:
    sse = [fit_kmeans(points, choose_initial_centers(points, k, seed)).sse for seed in (0, 1, 5)]
    assert [round(value, 2) for value in sse] == pytest.approx(PROBE[k], abs=1e-9)


def test_1通りの初期中心ではkを増やしてもSSEが増えることがある(points: FloatRows) -> None:
    nine, ten = (fit_kmeans(points, choose_initial_centers(points, k, 0)).sse for k in (9, 10))
    assert (round(nine, 2), round(ten, 2)) == (719.53, 754.63)
    assert ten > nine  # 局所解なので、k = 10 のほうが k = 9 より悪い


# --8<-- [end:test-real-data]


# --8<-- [start:test-output]
def test_表示は黄金ファイルと1バイトも違わない(
    run_module: RunModule, golden: Callable[[str], str]
) -> None:
    result = run_module("getting_started_ml.chapter14")
    assert result.returncode == 0, result.stderr
    assert result.stdout == golden("chapter14")
    assert "34709" in result.stdout  # 34708.5 を四捨五入（偶数丸めなら 34708）


# --8<-- [end:test-output]
