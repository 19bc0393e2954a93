"""第 12 章: リッジ回帰・ラッソ回帰・軟しきい値・行列の小道具・入口の検査。"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter07 import Matrix, fit_linear_regression
from getting_started_ml.chapter12.regularization import (
    LassoConvergenceWarning,
    LassoModel,
    RegularizedModel,
    fit_lasso,
    fit_ridge,
    identity,
    matrix_add,
    matrix_scale,
    soft_threshold,
)
from getting_started_ml.java_random import JavaRandom

PLANE_X = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]
PLANE_T = [3 * a - b + 4 for a, b in PLANE_X]


def sparse_data(n: int = 50) -> tuple[list[list[float]], list[float]]:
    """t = 3·x0 − 2·x1 + 0.1·ノイズ。x2 と x3 は t に関係しない列（JavaRandom(0) の正規乱数）。"""
    random = JavaRandom(0)
    x = [[random.next_gaussian() for _ in range(4)] for _ in range(n)]
    t = [3 * row[0] - 2 * row[1] + 0.1 * random.next_gaussian() for row in x]
    return x, t


# --8<-- [start:test-ridge]
def test_alpha_0なら直線の傾きと切片を取り戻す() -> None:
    model = fit_ridge([[1.0], [2.0], [3.0]], [3.0, 5.0, 7.0], 0.0)

    assert model.coefficients == pytest.approx([2.0], rel=1e-12)
    assert model.intercept == pytest.approx(1.0, rel=1e-12)


def test_alpha_0なら2つの特徴量の係数と切片を取り戻す() -> None:
    model = fit_ridge(PLANE_X, PLANE_T, 0.0)

    assert model.coefficients == pytest.approx([3.0, -1.0], rel=1e-9)
    assert model.intercept == pytest.approx(4.0, rel=1e-9)


def test_alphaを大きくすると係数は小さくなる() -> None:
    loose = fit_ridge(PLANE_X, PLANE_T, 0.1)
    shrunk = fit_ridge(PLANE_X, PLANE_T, 100.0)

    assert shrunk.coefficient_abs_sum() < loose.coefficient_abs_sum()


def test_切片には罰則をかけない() -> None:
    # どの行も同じ x なら、どれだけ強い罰則でも係数は 0、切片は t の平均になる。
    model = fit_ridge([[5.0], [5.0], [5.0]], [1.0, 2.0, 6.0], 1e6)

    assert model.coefficients == [0.0]
    assert model.intercept == 3.0


def test_alpha_0なら第7章の線形回帰と同じ() -> None:
    names = ("a", "b")
    ols = fit_linear_regression([Features(names, tuple(row)) for row in PLANE_X], PLANE_T)
    model = fit_ridge(PLANE_X, PLANE_T, 0.0)

    assert model.coefficients == pytest.approx(list(ols.coefficients.values()), rel=1e-9)
    assert model.intercept == pytest.approx(ols.intercept, rel=1e-9)


def test_予測は切片と係数から() -> None:
    model = RegularizedModel([2.0, -1.0], 0.5)

    assert model.predict([[1.0, 1.0], [3.0, 0.0]]) == [1.5, 6.5]
    assert model.coefficient_abs_sum() == 3.0


# --8<-- [end:test-ridge]


# --8<-- [start:test-matrix-helpers]
def test_行列の和と定数倍と単位行列() -> None:
    a = Matrix.of([[1, 2], [3, 4]])

    assert matrix_add(a, identity(2)) == Matrix.of([[2, 2], [3, 5]])
    assert matrix_scale(a, 0.5) == Matrix.of([[0.5, 1], [1.5, 2]])
    assert identity(3) @ Matrix.column_vector(7, 8, 9) == Matrix.column_vector(7, 8, 9)


def test_形の違う行列は足せない() -> None:
    with pytest.raises(ValueError, match=r"\(2, 2\) と \(1, 2\)"):
        matrix_add(Matrix.of([[1, 2], [3, 4]]), Matrix.of([[1, 2]]))
    with pytest.raises(ValueError, match="n=0"):
        identity(0)


# --8<-- [end:test-matrix-helpers]


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
def test_numpyの2次元配列もそのまま渡せる() -> None:
    x, t = np.array(PLANE_X), np.array(PLANE_T)
    model = fit_ridge(x, t, 0.0)

    assert all(type(w) is float for w in model.coefficients)
    assert model.predict(x) == pytest.approx(PLANE_T, rel=1e-9)
    assert isinstance(fit_lasso(x, t, 0.1), LassoModel)


@pytest.mark.parametrize("fit", [fit_ridge, fit_lasso])
def test_alphaが負なら失敗する(fit: object) -> None:
    assert callable(fit)
    with pytest.raises(ValueError, match=r"alpha は 0 以上です（alpha=-1.0）"):
        fit(PLANE_X, PLANE_T, -1.0)


@pytest.mark.parametrize("fit", [fit_ridge, fit_lasso])
def test_NaNの入った入力は失敗する(fit: object) -> None:
    assert callable(fit)
    with pytest.raises(ValueError, match="x の 1 行目に有限でない値 nan"):
        fit([[1.0], [math.nan]], [1.0, 2.0], 0.0)
    with pytest.raises(ValueError, match="t に有限でない値 nan"):
        fit([[1.0], [2.0]], [1.0, math.nan], 0.0)
    with pytest.raises(ValueError, match="alpha に有限でない値 nan"):
        fit([[1.0], [2.0]], [1.0, 2.0], math.nan)


@pytest.mark.parametrize("fit", [fit_ridge, fit_lasso])
def test_形の崩れた入力は失敗する(fit: object) -> None:
    assert callable(fit)
    with pytest.raises(ValueError, match=r"0 行目 2 列、1 行目 1 列"):
        fit([[1.0, 2.0], [3.0]], [1.0, 2.0], 0.1)
    with pytest.raises(ValueError, match=r"x 2 行、t 3 件"):
        fit([[1.0], [2.0]], [1.0, 2.0, 3.0], 0.1)
    with pytest.raises(ValueError, match="x に行が 1 つもありません"):
        fit([], [], 0.1)
    with pytest.raises(TypeError, match="x は数の行の並び"):
        fit(3.0, [1.0], 0.1)
    with pytest.raises(TypeError, match="x の 0 行目が数の並びではありません"):
        fit([1.0, 2.0], [1.0, 2.0], 0.1)
    with pytest.raises(TypeError, match="'a' は実数ではありません"):
        fit([["a"]], [1.0], 0.1)


def test_alpha_0で一定の列があるリッジ回帰は列を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"x の 1 列目でピボットが消えました.*alpha を正の数"):
        fit_ridge([[1.0, 7.0], [2.0, 7.0], [3.0, 7.0]], [1.0, 2.0, 3.0], 0.0)
    # alpha が正なら一定の列の係数は 0 に決まる
    assert (
        fit_ridge([[1.0, 7.0], [2.0, 7.0], [3.0, 7.0]], [1.0, 2.0, 3.0], 1.0).coefficients[1] == 0.0
    )


def test_予測する行の列の数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match="x の列の数 1 が、学習した係数の数 2 と違います"):
        RegularizedModel([1.0, 2.0], 0.0).predict([[1.0]])


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


def test_値が大きすぎて有限で表せなければ失敗する() -> None:
    with pytest.raises(ValueError, match="値が大きすぎて"):
        fit_ridge([[1e200], [-1e200]], [1.0, 2.0], 0.0)
    with pytest.raises(ValueError, match="値が大きすぎて"):
        fit_lasso([[1e200], [-1e200]], [1.0, 2.0], 0.1)


def test_モデルは渡したリストの写しを持つ() -> None:
    weights = [1.0, 2.0]
    model = RegularizedModel(weights, 0.0)
    weights[0] = 99.0

    assert model.coefficients == [1.0, 2.0]


# --8<-- [end:test-inputs]
