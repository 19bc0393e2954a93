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


def fit_ridge(x: Sequence[Sequence[float]], t: Sequence[float], alpha: float) -> RegularizedModel:
    """平均を引いてから (XcᵀXc) w = Xcᵀ tc を解く。alpha はまだ使わない。"""
    width = len(x[0])
    x_means = [kahan_mean(row[j] for row in x) for j in range(width)]
    t_mean = kahan_mean(t)
    design = Matrix.of(
        [value - mean for value, mean in zip(row, x_means, strict=True)] for row in x
    )
    design_t = design.transpose()
    moment = design_t @ Matrix.column_vector(*(value - t_mean for value in t))
    coefficients = (design_t @ design).solve(moment).column(0)
    intercept = t_mean
    for mean, weight in zip(x_means, coefficients, strict=True):
        intercept -= mean * weight
    return RegularizedModel(coefficients, intercept)
