"""第 12 章: リッジ回帰とラッソ回帰のテスト（書き始め）。"""

from __future__ import annotations

# --8<-- [start:imports]
import pytest

from getting_started_ml.chapter07 import Matrix
from getting_started_ml.chapter12.regularization import fit_ridge

# --8<-- [end:imports]

PLANE_X = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]]
PLANE_T = [3 * a - b + 4 for a, b in PLANE_X]


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


# --8<-- [start:new-test]
def test_行列の和と定数倍と単位行列() -> None:
    from getting_started_ml.chapter12.regularization import identity, matrix_add, matrix_scale  # noqa: PLC0415

    a = Matrix.of([[1, 2], [3, 4]])

    assert matrix_add(a, identity(2)) == Matrix.of([[2, 2], [3, 5]])
    assert matrix_scale(a, 0.5) == Matrix.of([[0.5, 1], [1.5, 2]])
    assert identity(3) @ Matrix.column_vector(7, 8, 9) == Matrix.column_vector(7, 8, 9)


# --8<-- [end:new-test]
