"""第 13 章の頑健さ: どんな入力にも、正しい値か、何が悪いかを書いた失敗を返す。"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter13 import (
    components_needed,
    covariance_matrix,
    fit_pca,
    standardize,
    top_loadings,
)

FAST = settings(max_examples=40, deadline=None)

cells = st.one_of(
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.integers(-1000, 1000),
    st.just(math.nan),
    st.just(math.inf),
    st.just("1"),
    st.none(),
)
ragged = st.lists(st.lists(cells, min_size=0, max_size=4), min_size=0, max_size=6)
clean = st.integers(1, 4).flatmap(
    lambda width: st.lists(
        st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=width, max_size=width),
        min_size=1,
        max_size=8,
    )
)


@FAST
@given(ragged, st.integers(-1, 5))
def test_fit_pcaは悪い表や主成分の数を入口で断る(x: list[list[object]], n: int) -> None:
    names = ["x", "n_components", "一定", "2 行以上"]
    call_safely(lambda: fit_pca(x, n), names=names)  # type: ignore[arg-type]
    call_safely(lambda: covariance_matrix(x), names=names)  # type: ignore[arg-type]
    call_safely(lambda: standardize(x), names=names)  # type: ignore[arg-type]


@FAST
@given(clean, st.integers(1, 4))
def test_きれいな表からはNaNの無い主成分が返るか理由つきで断る(
    x: list[list[float]], n: int
) -> None:
    model = call_safely(lambda: fit_pca(x, n), names=["n_components", "一定", "2 行以上"])
    if model is not None:
        assert abs(sum(model.explained_variance_ratio) - 1) <= 1e-9 or n < len(x[0])
        assert len(model.transform(x)) == len(x)


@FAST
@given(st.lists(st.floats(0, 1), max_size=5), st.floats(allow_nan=True))
def test_components_neededは空の寄与率や有限でないしきい値を断る(
    ratios: list[float], threshold: float
) -> None:
    result = call_safely(
        lambda: components_needed(ratios, threshold), names=["ratios", "threshold"]
    )
    if result is not None:
        assert 1 <= result <= len(ratios)


@FAST
@given(st.lists(st.floats(-1, 1), max_size=4), st.integers(0, 4), st.integers(-1, 5))
def test_top_loadingsは数の合わない列名やkを断る(
    component: list[float], n_columns: int, k: int
) -> None:
    columns = [f"c{i}" for i in range(n_columns)]
    result = call_safely(lambda: top_loadings(component, columns, k), names=["列名", "k"])
    if result is not None:
        assert len(result) == k
