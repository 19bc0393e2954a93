# --8<-- [start:header]
"""第 12 章: リッジ回帰・行列の小道具・入口の検査。"""

from __future__ import annotations

import math

import numpy as np
import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter07 import Matrix, fit_linear_regression
from getting_started_ml.chapter12.regularization import (
    RegularizedModel,
    fit_ridge,
    identity,
    matrix_add,
    matrix_scale,
)

# --8<-- [end:header]

# --8<-- [start:plane]
PLANE_X = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]
PLANE_T = [3 * a - b + 4 for a, b in PLANE_X]
# --8<-- [end:plane]


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


# --8<-- [start:test-inputs]
def test_numpyの2次元配列もそのまま渡せる() -> None:
    x, t = np.array(PLANE_X), np.array(PLANE_T)
    model = fit_ridge(x, t, 0.0)

    assert all(type(w) is float for w in model.coefficients)
    assert model.predict(x) == pytest.approx(PLANE_T, rel=1e-9)


def test_alphaが負なら失敗する() -> None:
    with pytest.raises(ValueError, match=r"alpha は 0 以上です（alpha=-1.0）"):
        fit_ridge(PLANE_X, PLANE_T, -1.0)


def test_NaNの入った入力は失敗する() -> None:
    with pytest.raises(ValueError, match="x の 1 行目に有限でない値 nan"):
        fit_ridge([[1.0], [math.nan]], [1.0, 2.0], 0.0)
    with pytest.raises(ValueError, match="t に有限でない値 nan"):
        fit_ridge([[1.0], [2.0]], [1.0, math.nan], 0.0)
    with pytest.raises(ValueError, match="alpha に有限でない値 nan"):
        fit_ridge([[1.0], [2.0]], [1.0, 2.0], math.nan)


def test_形の崩れた入力は失敗する() -> None:
    with pytest.raises(ValueError, match=r"0 行目 2 列、1 行目 1 列"):
        fit_ridge([[1.0, 2.0], [3.0]], [1.0, 2.0], 0.1)
    with pytest.raises(ValueError, match=r"x 2 行、t 3 件"):
        fit_ridge([[1.0], [2.0]], [1.0, 2.0, 3.0], 0.1)
    with pytest.raises(ValueError, match="x に行が 1 つもありません"):
        fit_ridge([], [], 0.1)
    with pytest.raises(TypeError, match="x は数の行の並び"):
        fit_ridge(3.0, [1.0], 0.1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="x の 0 行目が数の並びではありません"):
        fit_ridge([1.0, 2.0], [1.0, 2.0], 0.1)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="'a' は実数ではありません"):
        fit_ridge([["a"]], [1.0], 0.1)  # type: ignore[list-item]


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


def test_値が大きすぎて有限で表せなければ失敗する() -> None:
    with pytest.raises(ValueError, match="値が大きすぎて"):
        fit_ridge([[1e200], [-1e200]], [1.0, 2.0], 0.0)


def test_モデルは渡したリストの写しを持つ() -> None:
    weights = [1.0, 2.0]
    model = RegularizedModel(weights, 0.0)
    weights[0] = 99.0

    assert model.coefficients == [1.0, 2.0]


# --8<-- [end:test-inputs]
