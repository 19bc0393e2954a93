# --8<-- [start:header]
"""第 12 章: 軟しきい値とラッソ回帰（座標降下法）と、その入口の検査。"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from getting_started_ml.chapter12.lasso import (
    LassoConvergenceWarning,
    LassoModel,
    fit_lasso,
    soft_threshold,
)
from getting_started_ml.chapter12.regularization import fit_ridge
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]

# --8<-- [start:plane]
PLANE_X = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]
PLANE_T = [3 * a - b + 4 for a, b in PLANE_X]
# --8<-- [end:plane]


# --8<-- [start:sparse-data]
def sparse_data(n: int = 50) -> tuple[list[list[float]], list[float]]:
    """t = 3·x0 − 2·x1 + 0.1·ノイズ。x2 と x3 は t に関係しない列（JavaRandom(0) の正規乱数）。"""
    random = JavaRandom(0)
    x = [[random.next_gaussian() for _ in range(4)] for _ in range(n)]
    t = [3 * row[0] - 2 * row[1] + 0.1 * random.next_gaussian() for row in x]
    return x, t


# --8<-- [end:sparse-data]


# --8<-- [start:test-soft-threshold]
def test_軟しきい値はしきい値の内側を0にし外側をしきい値だけ縮める() -> None:
    assert soft_threshold(5.0, 2.0) == 3.0
    assert soft_threshold(-5.0, 2.0) == -3.0
    assert soft_threshold(1.5, 2.0) == 0.0
    assert soft_threshold(-2.0, 2.0) == 0.0
    assert soft_threshold(0.7, 0.0) == 0.7


# --8<-- [end:test-soft-threshold]


# --8<-- [start:test-lasso]
def test_ラッソは関係のない列の係数をちょうど0にする() -> None:
    x, t = sparse_data()
    model = fit_lasso(x, t, 0.5)

    assert model.coefficients[2:] == [0.0, 0.0]
    assert model.coefficients[0] > 0 > model.coefficients[1]
    assert model.converged


def test_ラッソはalphaが小さければ最小二乗に近い() -> None:
    x, t = sparse_data()
    ols = fit_ridge(x, t, 0.0)
    model = fit_lasso(x, t, 1e-9)

    assert model.coefficients == pytest.approx(ols.coefficients, abs=1e-7)
    assert model.intercept == pytest.approx(ols.intercept, abs=1e-7)


def test_ラッソはalphaが十分大きければ係数がすべて0で切片は平均() -> None:
    model = fit_lasso(PLANE_X, PLANE_T, 1e3)

    assert model.coefficients == [0.0, 0.0]
    assert model.intercept == pytest.approx(sum(PLANE_T) / 4, rel=1e-12)
    assert model.sweeps == 1


def test_ラッソは一定の列を飛ばして係数を0のままにする() -> None:
    x = [[1.0, 7.0], [2.0, 7.0], [3.0, 7.0], [4.0, 7.0]]
    model = fit_lasso(x, [2.0, 4.0, 6.0, 8.0], 0.01)

    assert model.coefficients[1] == 0.0
    assert model.predict([[5.0, 7.0]]) == pytest.approx([9.98], rel=1e-9)


def test_ラッソは周回の上限に届けば警告して収束していないと記録する() -> None:
    x, t = sparse_data()
    with pytest.warns(LassoConvergenceWarning, match="2 周で収束しませんでした"):
        model = fit_lasso(x, t, 0.5, max_sweeps=2)

    assert (model.sweeps, model.converged) == (2, False)


def test_ラッソは収束すれば警告しない() -> None:
    x, t = sparse_data()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = fit_lasso(x, t, 0.5, tolerance=1e-6)

    assert model.converged
    assert model.sweeps < fit_lasso(x, t, 0.5).sweeps


# --8<-- [end:test-lasso]


# --8<-- [start:test-inputs]
def test_ラッソもnumpyの2次元配列をそのまま受け取る() -> None:
    model = fit_lasso(np.array(PLANE_X), np.array(PLANE_T), 0.1)

    assert isinstance(model, LassoModel)
    assert all(type(w) is float for w in model.coefficients)


def test_ラッソも入口でalphaとNaNと形を確かめる() -> None:
    with pytest.raises(ValueError, match=r"alpha は 0 以上です（alpha=-1.0）"):
        fit_lasso(PLANE_X, PLANE_T, -1.0)
    with pytest.raises(ValueError, match="x の 1 行目に有限でない値 nan"):
        fit_lasso([[1.0], [math.nan]], [1.0, 2.0], 0.0)
    with pytest.raises(ValueError, match=r"0 行目 2 列、1 行目 1 列"):
        fit_lasso([[1.0, 2.0], [3.0]], [1.0, 2.0], 0.1)
    with pytest.raises(ValueError, match=r"x 2 行、t 3 件"):
        fit_lasso([[1.0], [2.0]], [1.0, 2.0, 3.0], 0.1)


def test_ラッソの止め方の検査() -> None:
    with pytest.raises(ValueError, match="tolerance は正の数"):
        fit_lasso(PLANE_X, PLANE_T, 0.1, tolerance=0.0)
    with pytest.raises(ValueError, match="max_sweeps は 1 以上"):
        fit_lasso(PLANE_X, PLANE_T, 0.1, max_sweeps=0)
    with pytest.raises(TypeError, match="max_sweeps は整数"):
        fit_lasso(PLANE_X, PLANE_T, 0.1, max_sweeps=2.5)  # type: ignore[arg-type]


def test_軟しきい値のしきい値が負なら失敗する() -> None:
    with pytest.raises(ValueError, match="threshold は 0 以上"):
        soft_threshold(1.0, -0.5)


def test_ラッソも値が大きすぎて有限で表せなければ失敗する() -> None:
    with pytest.raises(ValueError, match="値が大きすぎて"):
        fit_lasso([[1e200], [-1e200]], [1.0, 2.0], 0.1)


# --8<-- [end:test-inputs]
