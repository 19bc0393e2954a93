"""差分テスト: 第 14 章の k-means を、同じ初期中心から 1 回だけ回す KMeans と突き合わせる。

生成する入力: 4〜60 点・1〜4 次元の正規乱数のまわりに散らした点（10 のべき乗の尺度 1e-100〜1e100、
重複した点を含む）と、点から選んだ k 個（2〜5）の初期中心。

約束の違いと許容誤差:
- KMeans(init=初期中心, n_init=1, tol=0, algorithm="lloyd") は、自作と同じく中心が動かなく
  なるまで回す。scikit-learn は 256 点ずつの塊で足すので、中心は相対 1e-12 で比べる。
- 距離がちょうど同じ点の割り当て（同点）は、足す順の違いで変わりうる。正規乱数の点では
  同点はまず起きないので、ラベルはそのまま比べる。
- 空になったクラスタは、自作は前の中心のまま、scikit-learn は遠い点へ移す。比べるのは
  scikit-learn のどのクラスタも空にならなかった場合だけにする。
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.cluster import KMeans
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from getting_started_ml.chapter14 import fit_kmeans


@st.composite
def problems(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    """点と、点から選んだ初期中心（重ならない k 個）。"""
    n = draw(st.integers(4, 60))
    width = draw(st.integers(1, 4))
    k = draw(st.integers(2, min(5, n)))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    points = rng.normal(size=(n, width)) + rng.integers(0, 4, size=(n, 1)) * 3.0
    if draw(st.booleans()):
        points[-1] = points[0]  # 重複した点
    points *= 10.0 ** draw(st.integers(-100, 100))
    chosen = rng.choice(n, size=k, replace=False)
    init = points[chosen]
    assume(len({tuple(row) for row in init}) == k)
    return points, init


@settings(max_examples=40, deadline=None)
@given(problems())
def test_同じ初期中心ならKMeansと同じラベルと中心になる(
    problem: tuple[np.ndarray, np.ndarray],
) -> None:
    points, init = problem
    with threadpool_limits(1), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 空のクラスタや重複した点の警告（下で除く）
        library = KMeans(
            n_clusters=len(init), init=init, n_init=1, tol=0.0, max_iter=300, algorithm="lloyd"
        ).fit(points)
    assume(len(set(library.labels_.tolist())) == len(init))
    ours = fit_kmeans(points, init, max_iterations=300)

    assert ours.labels == library.labels_.tolist()
    assert np.array(ours.centers) == pytest.approx(library.cluster_centers_, rel=1e-12)
    assert ours.sse == pytest.approx(library.inertia_, rel=1e-9)
