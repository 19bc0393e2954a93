# --8<-- [start:header]
"""第 14 章の学習用テスト: 自作の k-means を scikit-learn の KMeans と突き合わせる。"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.cluster import KMeans
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from getting_started_ml.arrays import FloatRows
from getting_started_ml.chapter13 import standardize
from getting_started_ml.chapter14 import (
    choose_initial_centers,
    fit_kmeans,
    fit_with_restarts,
    load_spending,
)
from getting_started_ml.chapter14.idiomatic import (
    kmeans_plus_plus_sse,
    spending_frame,
)
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:helpers]
def three_blobs() -> FloatRows:
    """3 つの中心のまわりに、JavaRandom の正規乱数で 20 点ずつ散らした 2 次元の点。"""
    random = JavaRandom(0)
    middles = [(0.0, 0.0), (5.0, 5.0), (0.0, 6.0)]
    return [
        [x + random.next_gaussian(), y + random.next_gaussian()]
        for x, y in middles
        for _ in range(20)
    ]


def library_fit(points: FloatRows, init: FloatRows) -> KMeans:
    """自作と同じ初期中心から、1 回だけ、中心が動かなくなるまで（tol=0.0）。"""
    with threadpool_limits(1):
        return KMeans(
            n_clusters=len(init), init=np.array(init), n_init=1, tol=0.0, max_iter=300
        ).fit(np.array(points))


# --8<-- [end:helpers]


# --8<-- [start:test-learning]
def test_同じ初期中心ならKMeansと同じラベルと中心になる() -> None:
    points = three_blobs()
    init = choose_initial_centers(points, 3, 0)
    ours = fit_kmeans(points, init)
    library = library_fit(points, init)
    assert ours.labels == library.labels_.tolist()
    # scikit-learn は 256 行ずつの塊で足すので、最後の 1 ビットが違うことがある
    assert np.array(ours.centers) == pytest.approx(library.cluster_centers_, rel=1e-15, abs=1e-15)
    assert ours.sse == pytest.approx(library.inertia_, rel=1e-12)


def test_標準化はStandardScalerと同じ() -> None:
    x = [[10, 5], [20, 5], [30, 8]]
    assert np.array(standardize(x)) == pytest.approx(
        StandardScaler().fit_transform(np.array(x, dtype=float)), abs=1e-12
    )


@pytest.mark.data("Wholesale.csv")
@pytest.mark.parametrize(("k", "seed"), [(5, 8), (5, 1), (3, 0), (10, 1)])
def test_Wholesaleでも同じ初期中心ならKMeansと同じ(k: int, seed: int) -> None:
    points = standardize(load_spending().rows)
    init = choose_initial_centers(points, k, seed)
    ours = fit_kmeans(points, init)
    library = library_fit(points, init)
    assert ours.labels == library.labels_.tolist()
    assert np.array(ours.centers) == pytest.approx(library.cluster_centers_, abs=1e-15)
    assert ours.sse == pytest.approx(library.inertia_, rel=1e-12)


@pytest.mark.data("Wholesale.csv")
def test_StandardScalerとの差は丸めの数回分() -> None:
    ours = np.array(standardize(load_spending().rows))
    theirs = StandardScaler().fit_transform(spending_frame())
    assert ours == pytest.approx(theirs, abs=1e-14)


@pytest.mark.data("Wholesale.csv")
def test_k_means_plus_plusのSSEは自作の10通りの最小以下() -> None:
    points = standardize(load_spending().rows)
    z = np.array(points)
    for k in (2, 5, 10):
        ours = fit_with_restarts(points, k).result.sse
        assert kmeans_plus_plus_sse(z, k) <= ours
    assert kmeans_plus_plus_sse(z, 5) == pytest.approx(1058.77, abs=1e-2)


# --8<-- [end:test-learning]
