"""第 14 章の頑健さ: どんな入力にも、正しい値か、何が悪いかを書いた失敗を返す。"""

from __future__ import annotations

import math
import warnings

from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter14 import (
    assign_clusters,
    choose_initial_centers,
    fit_kmeans,
    fit_with_restarts,
    sum_of_squared_errors,
    summarize_clusters,
    update_centers,
)

FAST = settings(max_examples=30, deadline=None)

cells = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False),
    st.integers(-100, 100),
    st.just(math.nan),
    st.just(-math.inf),
    st.just("x"),
)
tables = st.lists(st.lists(cells, min_size=0, max_size=3), min_size=0, max_size=6)
clean = st.integers(1, 3).flatmap(
    lambda width: st.lists(
        st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=width, max_size=width),
        min_size=1,
        max_size=12,
    )
)
NAMES = ["points", "centers", "init", "previous", "labels", "k", "original_rows", "n_init"]


@FAST
@given(tables, tables, st.integers(-1, 7))
def test_悪い表や中心やkは入口で断る(x: list[list[object]], c: list[list[object]], k: int) -> None:
    call_safely(lambda: assign_clusters(x, c), names=NAMES)  # type: ignore[arg-type]
    call_safely(lambda: choose_initial_centers(x, k, 0), names=NAMES)  # type: ignore[arg-type]
    call_safely(lambda: fit_with_restarts(x, k, 0, 2), names=NAMES)  # type: ignore[arg-type]
    call_safely(lambda: summarize_clusters(x, [0] * len(x)), names=NAMES)  # type: ignore[arg-type]


@FAST
@given(clean, st.integers(-1, 13), st.integers(0, 3))
def test_きれいな点からはNaNの無い結果が返る(x: list[list[float]], k: int, seed: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 上限に届いたときの警告は、ここでは調べない
        found = call_safely(lambda: fit_with_restarts(x, k, seed, 2), names=["k"])
    if found is not None:
        result = found.result
        assert len(result.labels) == len(x)
        assert all(0 <= label < k for label in result.labels)
        assert result.sse >= 0


@FAST
@given(clean, st.lists(st.integers(-1, 3), max_size=12), st.integers(1, 3))
def test_ラベルの数や範囲が合わなければ断る(
    x: list[list[float]], labels: list[int], k: int
) -> None:
    previous = [list(x[0]) for _ in range(k)]
    call_safely(lambda: update_centers(x, labels, previous), names=NAMES)
    call_safely(lambda: fit_kmeans(x, previous, max_iterations=0), names=["max_iterations", "k"])
    result = call_safely(lambda: sum_of_squared_errors(x, labels, previous), names=NAMES)
    if result is not None:
        assert result >= 0
