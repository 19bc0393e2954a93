# --8<-- [start:header]
"""第 14 章: 割り当て、中心の更新、SSE、k-means、初期中心、やり直し、クラスタの要約。"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import Completed

from getting_started_ml.chapter13 import standardize
from getting_started_ml.chapter14 import (
    Candidate,
    ClusterSummary,
    assign_clusters,
    best_result,
    choose_initial_centers,
    fit_kmeans,
    fit_with_restarts,
    sse_by_cluster_count,
    sum_of_squared_errors,
    summarize_clusters,
    update_centers,
)

# --8<-- [end:header]

# --8<-- [start:fixtures]
TWO_GROUPS = [[0.0, 0.0], [0.0, 1.0], [10.0, 10.0], [10.0, 11.0]]
THREE_PAIRS = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
# --8<-- [end:fixtures]


# --8<-- [start:test-assign]
def test_各点を最も近い中心に割り当てる() -> None:
    assert assign_clusters([[0], [1], [9], [10]], [[0], [10]]) == [0, 0, 1, 1]


def test_2次元でも最も近い中心を選ぶ() -> None:
    assert assign_clusters([[0, 0], [5, 4], [1, 0]], [[5, 5], [0, 0]]) == [1, 0, 1]


def test_同じ距離なら番号の小さい中心を選ぶ() -> None:
    assert assign_clusters([[5]], [[0], [10]]) == [0]


# --8<-- [end:test-assign]


# --8<-- [start:test-update]
def test_中心をクラスタの点の平均に動かす() -> None:
    points = [[0, 0], [2, 0], [10, 10], [10, 12]]
    assert update_centers(points, [0, 0, 1, 1], [[0, 0], [0, 0]]) == [[1, 0], [10, 11]]


def test_点の無いクラスタは前の中心のまま() -> None:
    assert update_centers([[0, 0], [2, 4]], [0, 0], [[0, 0], [99, 99]]) == [[1, 2], [99, 99]]


# --8<-- [end:test-update]


# --8<-- [start:test-sse]
def test_SSEは各点と自分の中心との距離の2乗の和() -> None:
    points = [[0, 0], [2, 0], [10, 10], [10, 12]]
    assert sum_of_squared_errors(points, [0, 0, 1, 1], [[1, 0], [10, 11]]) == 4.0
    assert sum_of_squared_errors([[0], [4]], [0, 0], [[1]]) == 10.0


# --8<-- [end:test-sse]


# --8<-- [start:test-fit]
def test_中心が動かなくなるまで繰り返す() -> None:
    result = fit_kmeans(TWO_GROUPS, [[0, 0], [0, 1]])
    assert result.labels == [0, 0, 1, 1]
    assert result.centers == [[0, 0.5], [10, 10.5]]
    assert result.sse == 1.0
    assert (result.iterations, result.converged) == (3, True)


def test_上限の回数で止まれば警告する() -> None:
    with pytest.warns(UserWarning, match="1 回の更新で収束しませんでした"):
        result = fit_kmeans(TWO_GROUPS, [[0, 0], [0, 1]], max_iterations=1)
    assert np.array(result.centers) == pytest.approx(np.array([[0, 0], [20 / 3, 22 / 3]]))
    assert result.labels == [0, 0, 1, 1]
    assert (result.iterations, result.converged) == (1, False)


# --8<-- [end:test-fit]


# --8<-- [start:test-restarts]
def test_初期中心は種で決まるデータの点() -> None:
    points = [[float(i), float(2 * i)] for i in range(10)]
    chosen = choose_initial_centers(points, 3, 42)
    assert len({tuple(center) for center in chosen}) == 3
    assert all(center in points for center in chosen)
    assert choose_initial_centers(points, 3, 42) == chosen
    assert choose_initial_centers(points, 3, 0) != choose_initial_centers(points, 3, 1)


def test_クラスタの数ごとのSSE() -> None:
    assert sse_by_cluster_count(TWO_GROUPS, [1, 2], 0) == {1: 201.0, 2: 1.0}


def test_初期中心しだいで局所解に落ちる() -> None:
    assert fit_kmeans(THREE_PAIRS, [[0], [1], [10]]).sse == 101.0


def test_SSEの小さいほうを残し同じなら先の候補() -> None:
    stuck = Candidate(0, fit_kmeans(THREE_PAIRS, [[0], [1], [10]]))
    good = Candidate(1, fit_kmeans(THREE_PAIRS, [[0], [10], [20]]))
    assert best_result([stuck, good]) == good
    assert good.result.sse == 1.5
    assert good.result.centers == [[0.5], [10.5], [20.5]]
    twin = Candidate(2, good.result)
    assert best_result([good, twin]).seed == 1


@pytest.mark.parametrize("position", [0, 1])
def test_SSEがNaNの候補があれば選ばずに失敗する(position: int) -> None:
    good = Candidate(1, fit_kmeans(THREE_PAIRS, [[0], [10], [20]]))
    broken = Candidate(0, dataclasses.replace(good.result, sse=math.nan))
    candidates = [good, good]
    candidates[position] = broken
    with pytest.raises(ValueError, match=rf"candidates の {position} 番目の SSE が NaN"):
        best_result(candidates)


def test_10通りやり直せば局所解から抜け出す() -> None:
    assert sse_by_cluster_count(THREE_PAIRS, [3], 0, 10) == {3: 1.5}
    assert fit_with_restarts(THREE_PAIRS, 3).result.sse == 1.5


# --8<-- [end:test-restarts]


# --8<-- [start:test-summary]
def test_クラスタごとの件数と元の単位の平均を件数の多い順に() -> None:
    assert summarize_clusters([[100, 20], [300, 40], [1000, 900]], [1, 1, 0]) == [
        ClusterSummary(1, 2, [200.0, 30.0]),
        ClusterSummary(0, 1, [1000.0, 900.0]),
    ]


def test_件数が同じならクラスタの番号の小さい順() -> None:
    summaries = summarize_clusters([[1], [2]], [1, 0])
    assert [summary.cluster for summary in summaries] == [0, 1]


def test_標準化は平均0で母標準偏差1() -> None:
    z = standardize([[10, 5], [20, 5], [30, 8]])
    for j in range(2):
        column = [row[j] for row in z]
        assert sum(column) / 3 == pytest.approx(0, abs=1e-12)
        assert math.sqrt(sum(v * v for v in column) / 3) == pytest.approx(1, abs=1e-12)


# --8<-- [end:test-summary]


# --8<-- [start:test-errors]
def test_クラスタの数は1以上で点の数以下() -> None:
    with pytest.raises(ValueError, match=r"k は 1 以上、点の数 4 以下です（k=5）"):
        fit_with_restarts(TWO_GROUPS, 5)
    with pytest.raises(ValueError, match=r"k は 1 以上、点の数 4 以下です（k=0）"):
        choose_initial_centers(TWO_GROUPS, 0, 0)


def test_中心と点の列の数が違えば断る() -> None:
    with pytest.raises(ValueError, match="points 2 列、init 1 列"):
        fit_kmeans(TWO_GROUPS, [[0], [1]])


def test_NaNや長さの違う行は入口で断る() -> None:
    with pytest.raises(ValueError, match="有限でない数"):
        fit_kmeans([[0, math.nan], [1, 1]], [[0, 0]])
    with pytest.raises(ValueError, match="2 行目の長さが 1"):
        assign_clusters([[0, 0], [1]], [[0, 0]])


def test_ラベルがクラスタの番号の外なら断る() -> None:
    with pytest.raises(ValueError, match="0 以上 2 未満でない番号"):
        update_centers([[0], [1]], [0, 2], [[0], [1]])


# --8<-- [end:test-errors]


# --8<-- [start:test-command]
def test_データが無ければ1行の説明で終わる(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    result = run_module("getting_started_ml.chapter14", env={"ML_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert "Wholesale.csv" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:test-command]
