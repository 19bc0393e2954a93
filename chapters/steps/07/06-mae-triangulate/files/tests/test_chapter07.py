"""第 7 章のテスト（途中の版）。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.chapter07 import (
    Matrix,
    mean_absolute_error,
    r2_score,
    root_mean_squared_error,
)


def test_2行2列の積() -> None:
    product = Matrix.of([[1, 2], [3, 4]]) @ Matrix.of([[5, 6], [7, 8]])
    assert product == Matrix.of([[19, 22], [43, 50]])


def test_連立方程式を解く() -> None:
    # 2x + y = 3, x + 3y = 5 の解は x = 0.8, y = 1.4
    solution = Matrix.of([[2, 1], [1, 3]]).solve(Matrix.column_vector(3, 5))
    assert solution.column(0) == pytest.approx([0.8, 1.4], abs=1e-12)


def test_対角が0でも行を入れ替えて解く() -> None:
    solution = Matrix.of([[0, 1], [1, 0]]).solve(Matrix.column_vector(2, 3))
    assert solution.column(0) == pytest.approx([3.0, 2.0], abs=1e-9)


def test_評価指標を手で計算した値と比べる() -> None:
    actual, predicted = [3.0, 5.0, 7.0], [2.0, 5.0, 9.0]
    # 残差は 1, 0, -2。絶対値の和 3、二乗の和 5、平均 5 からの偏差平方和 8
    assert mean_absolute_error(actual, predicted) == pytest.approx(1.0, rel=1e-15)
    assert root_mean_squared_error(actual, predicted) == pytest.approx(math.sqrt(5 / 3), rel=1e-15)
    assert r2_score(actual, predicted) == pytest.approx(1 - 5 / 8, rel=1e-15)


def test_MAEは残差の絶対値の平均() -> None:
    # 残差は 2, -3, 0 なので、符号を無視して (2 + 3 + 0) / 3
    assert mean_absolute_error([3.0, 5.0, 7.0], [1.0, 8.0, 7.0]) == pytest.approx(5 / 3)
