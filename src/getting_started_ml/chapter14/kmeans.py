# --8<-- [start:header]
"""第 14 章の k-means: 最も近い中心への割り当て、中心の更新、SSE、初期中心、やり直し、要約。

点を最も近い中心に割り当て、中心をクラスタの平均に動かすことを、中心が動かなくなるまで
繰り返す（Lloyd の方法）。初期中心は Java 版と同じ乱数で選び、10 通りから SSE の最小を残す。
受け取った表は入口で arrays.as_rows・as_array に通し、中では numpy の配列で計算する。
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from getting_started_ml.arrays import FloatArray, FloatRows, RowsLike, as_array, as_rows
from getting_started_ml.checks import require_candidates, require_count, require_same_length
from getting_started_ml.java_random import shuffled_positions
from getting_started_ml.numeric import kahan_mean

# --8<-- [end:header]


# --8<-- [start:assign]
def assign_clusters(points: RowsLike, centers: RowsLike) -> list[int]:
    """各点を最も近い中心の番号に割り当てる。同じ距離なら番号の小さい中心。"""
    rows, middles = checked_pair(points, centers, "centers")
    labels: list[int] = nearest_centers(rows, middles).tolist()
    return labels


def squared_distance(a: Sequence[float], b: Sequence[float]) -> float:
    """2 点の距離の 2 乗。次元の順に素直に足す。"""
    require_same_length(a, b, "点 a", "点 b")
    total = 0.0
    for x, y in zip(a, b, strict=True):
        total += (x - y) * (x - y)
    if math.isnan(total):
        raise ValueError("点 a・点 b に NaN（か同じ符号の無限大どうし）があり、距離が決まりません")
    return total


# --8<-- [end:assign]


# --8<-- [start:update]
def update_centers(points: RowsLike, labels: Sequence[int], previous: RowsLike) -> FloatRows:
    """各クラスタの点を行の順に素直に足し、件数で割る。点の無いクラスタは前の中心のまま。"""
    rows, centers = checked_pair(points, previous, "previous")
    check_labels(labels, len(rows), len(centers))
    moved: FloatRows = moved_centers(rows, np.array(labels, dtype=np.intp), centers).tolist()
    return moved


# --8<-- [end:update]


# --8<-- [start:assign-2]
def distance_table(points: FloatArray, centers: FloatArray) -> FloatArray:
    """すべての点とすべての中心の距離の 2 乗（行が点、列が中心）。

    squared_distance と同じく次元の順に足す。点と中心の組ごとのループを numpy に任せるだけ。
    """
    distances = np.zeros((points.shape[0], centers.shape[0]))
    for dimension in range(points.shape[1]):
        difference = points[:, dimension, None] - centers[None, :, dimension]
        distances += difference * difference
    return distances


def nearest_centers(points: FloatArray, centers: FloatArray) -> np.ndarray:
    """各点に最も近い中心の番号。argmin は最小が複数あれば最初の位置を返す。"""
    labels: np.ndarray = np.argmin(distance_table(points, centers), axis=1)
    return labels


def checked_pair(points: RowsLike, centers: RowsLike, name: str) -> tuple[FloatArray, FloatArray]:
    """点と中心を確かめて配列にする。列の数が違えば両方を書いて失敗する。"""
    rows, middles = as_array(points, "points"), as_array(centers, name)
    if rows.shape[1] != middles.shape[1]:
        raise ValueError(
            f"points と {name} の列の数が違います（points {rows.shape[1]} 列、"
            f"{name} {middles.shape[1]} 列）"
        )
    return rows, middles


# --8<-- [end:assign-2]


# --8<-- [start:update-2]
def moved_centers(points: FloatArray, labels: np.ndarray, previous: FloatArray) -> FloatArray:
    """各クラスタの点を行の順に足し、件数で割る。点の無いクラスタは前の中心のまま。

    np.add.at は sums[labels[i]] += points[i] を i の順に 1 行ずつ行う（ふつうの += の
    ように、同じ番号への足し算を 1 回にまとめたりしない）。
    """
    sums = np.zeros_like(previous)
    np.add.at(sums, labels, points)
    counts = np.bincount(labels, minlength=previous.shape[0])
    moved = previous.copy()
    filled = counts > 0
    moved[filled] = sums[filled] / counts[filled, None]
    return moved


def check_labels(labels: Sequence[int], n_points: int, n_clusters: int) -> None:
    """ラベルが点と同じ数だけあり、どれも 0 以上 n_clusters 未満の整数であることを確かめる。"""
    require_same_length(range(n_points), labels, "points", "labels")
    for label in labels:
        if isinstance(label, bool) or not isinstance(label, int | np.integer):
            raise TypeError(f"labels はクラスタの番号（整数）です（{label!r}）")
        if not 0 <= label < n_clusters:
            raise ValueError(f"labels に 0 以上 {n_clusters} 未満でない番号があります（{label}）")


# --8<-- [end:update-2]


# --8<-- [start:sse]
def sum_of_squared_errors(points: RowsLike, labels: Sequence[int], centers: RowsLike) -> float:
    """各点と、その点のクラスタの中心との距離の 2 乗を、行の順に素直に足す。"""
    rows, middles = checked_pair(points, centers, "centers")
    check_labels(labels, len(rows), len(middles))
    total = 0.0
    for point, label in zip(rows.tolist(), labels, strict=True):
        total += squared_distance(point, middles[label].tolist())
    return total


# --8<-- [end:sse]


# --8<-- [start:iteration-limit]
DEFAULT_MAX_ITERATIONS = 300
# --8<-- [end:iteration-limit]


# --8<-- [start:fit]
@dataclass(frozen=True)
class KMeansResult:
    """k-means の結果。iterations は中心を更新した回数、converged は中心が動かなくなったか。"""

    labels: list[int]
    centers: FloatRows
    sse: float
    iterations: int
    converged: bool


def fit_kmeans(
    points: RowsLike,
    init: RowsLike,
    max_iterations: int = DEFAULT_MAX_ITERATIONS,
) -> KMeansResult:
    """init から始めて、割り当てと更新を中心が 1 ビットも動かなくなるまで繰り返す。

    止める条件は「更新した中心が前の中心と要素ごとに == で等しい」（許容誤差 0）。
    max_iterations 回で止まらなければ警告を出し、その時点の結果を返す。
    """
    rows, centers = checked_pair(points, init, "init")
    require_cluster_count(len(centers), len(rows))
    require_count(max_iterations, "max_iterations", minimum=1)
    return lloyd(rows, centers, max_iterations)


def lloyd(points: FloatArray, init: FloatArray, max_iterations: int) -> KMeansResult:
    """確かめ済みの配列で、割り当てと更新を繰り返す（fit_kmeans の本体）。"""
    centers, converged, iterations = init, False, 0
    while iterations < max_iterations:
        iterations += 1
        moved = moved_centers(points, nearest_centers(points, centers), centers)
        if np.array_equal(moved, centers):
            converged = True
            break
        centers = moved
    if not converged:
        warnings.warn(
            f"k-means が {max_iterations} 回の更新で収束しませんでした（中心がまだ動いています）",
            stacklevel=3,
        )
    labels = nearest_centers(points, centers)
    own = distance_table(points, centers)[np.arange(len(points)), labels]
    sse = 0.0
    for distance in own.tolist():  # squared_distance と同じ値を、行の順に素直に足す
        sse += distance
    return KMeansResult(labels.tolist(), centers.tolist(), sse, iterations, converged)


def require_cluster_count(k: int, n_points: int) -> None:
    """クラスタの数 k が 1 以上、点の数以下の整数でなければ失敗する。"""
    require_count(k, "クラスタの数 k")
    if not 1 <= k <= n_points:
        raise ValueError(f"クラスタの数 k は 1 以上、点の数 {n_points} 以下です（k={k}）")


# --8<-- [end:fit]


# --8<-- [start:restart-defaults]
DEFAULT_N_INIT = 10
SEED = 0
# --8<-- [end:restart-defaults]


# --8<-- [start:restarts]
def choose_initial_centers(points: RowsLike, k: int, seed: int) -> FloatRows:
    """Java 版と同じ並べ替えの先頭 k 個の位置にある点を、その順に写して初期中心にする。"""
    rows = as_rows(points, "points")
    require_cluster_count(k, len(rows))
    return [list(rows[position]) for position in shuffled_positions(len(rows), seed)[:k]]


@dataclass(frozen=True)
class Candidate:
    """1 つの種から始めた k-means の結果。"""

    seed: int
    result: KMeansResult


def best_result(candidates: Sequence[Candidate]) -> Candidate:
    """SSE が最小の候補。同じなら先の候補（小さい種）。"""
    candidates = require_candidates(candidates, Candidate, "candidates")
    for position, candidate in enumerate(candidates):
        if math.isnan(candidate.result.sse):  # NaN は比べると常に偽なので、並び順で答えが変わる
            raise ValueError(f"candidates の {position} 番目の SSE が NaN です")
    best = candidates[0]
    for candidate in candidates[1:]:
        if candidate.result.sse < best.result.sse:
            best = candidate
    return best


def fit_with_restarts(
    points: RowsLike, k: int, seed: int = SEED, n_init: int = DEFAULT_N_INIT
) -> Candidate:
    """種 seed, seed+1, …, seed+n_init−1 の初期中心から始め、SSE が最小の結果を残す。"""
    array = as_array(points, "points")
    require_cluster_count(k, len(array))
    require_count(n_init, "n_init", minimum=1)
    candidates = []
    for s in range(seed, seed + n_init):
        init = array[list(first_positions(len(array), s)[:k])]  # choose_initial_centers と同じ点
        candidates.append(Candidate(s, lloyd(array, init, DEFAULT_MAX_ITERATIONS)))
    return best_result(candidates)


@cache
def first_positions(n: int, seed: int) -> tuple[int, ...]:
    """shuffled_positions の結果を覚えておく（クラスタの数を変えても同じ種なら同じ並び）。"""
    return tuple(shuffled_positions(n, seed))


def sse_by_cluster_count(
    points: RowsLike,
    counts: Sequence[int],
    seed: int = SEED,
    n_init: int = DEFAULT_N_INIT,
) -> dict[int, float]:
    """クラスタの数ごとに、n_init 通りの初期中心から得た最小の SSE。"""
    rows = as_rows(points, "points")
    return {k: fit_with_restarts(rows, k, seed, n_init).result.sse for k in counts}


# --8<-- [end:restarts]


# --8<-- [start:summary]
@dataclass(frozen=True)
class ClusterSummary:
    """クラスタの番号、件数、列ごとの平均（元の単位）。"""

    cluster: int
    count: int
    means: list[float]


def summarize_clusters(original_rows: RowsLike, labels: Sequence[int]) -> list[ClusterSummary]:
    """クラスタごとの件数と列の平均（Kahan）。件数の多い順、同じなら番号の小さい順。"""
    rows = as_rows(original_rows, "original_rows")
    require_same_length(rows, labels, "original_rows", "labels")
    members: dict[int, list[list[float]]] = {}
    for row, label in zip(rows, labels, strict=True):
        members.setdefault(label, []).append(row)
    summaries = [
        ClusterSummary(
            label, len(group), [kahan_mean(row[j] for row in group) for j in range(len(rows[0]))]
        )
        for label, group in members.items()
    ]
    return sorted(summaries, key=lambda summary: (-summary.count, summary.cluster))


# --8<-- [end:summary]
