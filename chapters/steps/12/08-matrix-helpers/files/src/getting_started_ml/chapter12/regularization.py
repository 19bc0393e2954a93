"""第 12 章: リッジ回帰（書き始め）。"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter07 import Matrix
from getting_started_ml.numeric import kahan_mean


@dataclass(frozen=True)
class RegularizedModel:
    """学習した線形のモデル。係数は列の順に並び、切片は別に持つ。"""

    coefficients: list[float]
    intercept: float

    def coefficient_abs_sum(self) -> float:
        """係数の絶対値の合計 Σ|w_j|。切片は含めない。"""
        total = 0.0
        for weight in self.coefficients:
            total += abs(weight)
        return total


# --8<-- [start:matrix-helpers]
def identity(n: int) -> Matrix:
    """n×n の単位行列。"""
    return Matrix.of([1.0 if i == j else 0.0 for j in range(n)] for i in range(n))


def matrix_add(a: Matrix, b: Matrix) -> Matrix:
    """同じ形の行列の和。"""
    return Matrix.of(
        [p + q for p, q in zip(row_a, row_b, strict=True)]
        for row_a, row_b in zip(a.entries, b.entries, strict=True)
    )


def matrix_scale(a: Matrix, factor: float) -> Matrix:
    """行列のすべての値に factor を掛ける。"""
    return Matrix.of([factor * value for value in row] for row in a.entries)


# --8<-- [end:matrix-helpers]


# --8<-- [start:ridge]
def fit_ridge(x: Sequence[Sequence[float]], t: Sequence[float], alpha: float) -> RegularizedModel:
    """平均を引いてから (XcᵀXc + alpha·I) w = Xcᵀ tc を解く。"""
    width = len(x[0])
    x_means = [kahan_mean(row[j] for row in x) for j in range(width)]
    t_mean = kahan_mean(t)
    design = Matrix.of(
        [value - mean for value, mean in zip(row, x_means, strict=True)] for row in x
    )
    design_t = design.transpose()
    moment = design_t @ Matrix.column_vector(*(value - t_mean for value in t))
    penalized = matrix_add(design_t @ design, matrix_scale(identity(width), alpha))
    coefficients = penalized.solve(moment).column(0)
    intercept = t_mean
    for mean, weight in zip(x_means, coefficients, strict=True):
        intercept -= mean * weight
    return RegularizedModel(coefficients, intercept)


# --8<-- [end:ridge]
