"""差分テスト: 第 7 章の線形回帰と第 12 章のリッジ・ラッソ回帰を numpy・scikit-learn と比べる。

生成する入力: 列ごとに尺度の違う（1e-100〜1e100 の 10 のべき乗）正規乱数の列、一定の列、
ほかの列の定数倍の列（共線）、列が行より多い表（リッジ回帰のみ）。ランダムな部分は
test_chapter12_sklearn のでたらめなデータの差分テストに任せ、ここでは難しい場合を集める。

約束の違いと許容誤差:
- 線形回帰は正規方程式、numpy の lstsq は特異値分解で解く。係数に列の尺度を掛けて
  そろえたうえで、相対 1e-6 で比べる（正規方程式は条件数の二乗の分だけ桁を失う。7.11 節）。
  自作は一定の列や共線の列を特異として断り、lstsq は最小ノルムの解を返すので、その場合は
  lstsq のランクが列の数より小さいことを確かめる。
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

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter07 import SingularMatrixError, fit_linear_regression
from getting_started_ml.chapter12 import lasso_fit, ridge_fit


@st.composite
def designs(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """尺度の違う列の表 x、正解 t、列の尺度、列の種類（normal / constant / collinear）。"""
    n = draw(st.integers(8, 40))
    width = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    x = rng.normal(size=(n, width)) + 2.0
    kinds = []
    for j in range(width):
        kind = draw(st.sampled_from(["normal", "normal", "constant", "collinear"]))
        kind = "normal" if kind == "collinear" and j == 0 else kind
        if kind == "constant":
            x[:, j] = 0.1
        elif kind == "collinear":
            x[:, j] = 3.0 * x[:, 0]
        kinds.append(kind)
    scales = np.array([10.0 ** draw(st.integers(-100, 100)) for _ in range(width)])
    t = x @ rng.normal(size=width) + 1.0 + 0.1 * rng.normal(size=n)
    return x * scales, t, scales, kinds


@settings(max_examples=40, deadline=None)
@given(designs())
def test_線形回帰は尺度の違う列でもlstsqと同じで一次従属なら断る(
    data: tuple[np.ndarray, np.ndarray, np.ndarray, list[str]],
) -> None:
    x, t, scales, kinds = data
    rows = [Features(tuple(f"c{j}" for j in range(x.shape[1])), tuple(row)) for row in x.tolist()]
    design = np.hstack([np.ones((len(x), 1)), x / scales])  # 尺度をそろえた計画行列
    weights, _, rank, _ = np.linalg.lstsq(design, t)
    if any(kind != "normal" for kind in kinds):
        assert rank < design.shape[1]  # 一定の列は切片と、共線の列は 1 列目と一次従属
        with pytest.raises(SingularMatrixError):
            fit_linear_regression(rows, t.tolist())
        return
    model = fit_linear_regression(rows, t.tolist())
    ours = [
        model.intercept,
        *(w * s for w, s in zip(model.coefficients.values(), scales, strict=True)),
    ]
    assert ours == pytest.approx(weights.tolist(), rel=1e-6, abs=1e-9)


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
    ours = ridge_fit(x, t, alpha)
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
    ours = lasso_fit(x, t, alpha, tolerance=1e-12)
    for j, column in enumerate(keep):
        if kinds[column] == "constant":
            assert ours.coefficients[j] == 0.0 == theirs.coef_[j]
    assert ours.coefficients == pytest.approx(theirs.coef_.tolist(), abs=1e-6)
    assert ours.intercept == pytest.approx(float(theirs.intercept_), abs=1e-6)
