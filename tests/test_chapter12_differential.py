"""差分テスト: 第 12 章のリッジ・ラッソ回帰を scikit-learn と比べる。

生成する入力（tests/support/chapter07.py の designs）: 列ごとに尺度の違う正規乱数の列、一定の列、
ほかの列の定数倍の列（共線）、列が行より多い表（リッジ回帰のみ）。ランダムな部分は
test_chapter12_sklearn のでたらめなデータの差分テストに任せ、ここでは難しい場合を集める。

約束の違いと許容誤差:
- リッジ回帰（alpha > 0）は列が行より多くても解が 1 つに決まる。Ridge と相対 1e-8 で比べる。
- ラッソ回帰は、一定の列の係数が 0 になること（scikit-learn も同じ）を確かめ、ほかの係数は
  止め方の違い（係数の動きと双対ギャップ）を見込んで絶対 1e-6 で比べる。
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Lasso, Ridge
from support.chapter07 import designs

from getting_started_ml.chapter12 import fit_lasso, fit_ridge


@settings(max_examples=30, deadline=None)
@given(designs(), st.integers(0, 3), st.floats(0.1, 10.0))
def test_リッジ回帰は列が行より多くても一定の列があってもRidgeと同じ(
    data: tuple[np.ndarray, np.ndarray, np.ndarray, list[str]], extra: int, alpha: float
) -> None:
    x, t, scales, _ = data
    x = x / scales  # リッジ回帰の罰則は列の尺度に効くので、尺度はそろえて比べる
    if extra:  # 行より多い列を足す
        rng = np.random.default_rng(extra)
        x = np.hstack([x, rng.normal(size=(len(x), len(x) + extra))])
    ours = fit_ridge(x, t, alpha)
    theirs = Ridge(alpha=alpha).fit(x, t)
    assert ours.coefficients == pytest.approx(theirs.coef_.tolist(), rel=1e-8, abs=1e-10)
    assert ours.intercept == pytest.approx(float(theirs.intercept_), rel=1e-8, abs=1e-10)


@settings(max_examples=25, deadline=None)
@given(designs(), st.floats(0.01, 0.5))
def test_ラッソ回帰は一定の列の係数を0にしてLassoと同じ(
    data: tuple[np.ndarray, np.ndarray, np.ndarray, list[str]], alpha: float
) -> None:
    x, t, scales, kinds = data
    keep = [j for j, kind in enumerate(kinds) if kind != "collinear"]  # 共線なら解が 1 つでない
    x = (x / scales)[:, keep]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = Lasso(alpha=alpha, tol=1e-12, max_iter=1_000_000).fit(x, t)
    ours = fit_lasso(x, t, alpha, tolerance=1e-12)
    for j, column in enumerate(keep):
        if kinds[column] == "constant":
            assert ours.coefficients[j] == 0.0 == theirs.coef_[j]
    assert ours.coefficients == pytest.approx(theirs.coef_.tolist(), abs=1e-6)
    assert ours.intercept == pytest.approx(float(theirs.intercept_), abs=1e-6)
