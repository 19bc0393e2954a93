# --8<-- [start:header]
"""第 12 章: ラッソ回帰（軟しきい値による座標降下法）。

入口の検査と平均を引く centre は、リッジ回帰と同じものを regularization から使う。
alpha の尺度は scikit-learn の Lasso に合わせる（残差平方和を 2n で割る）。
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter12.regularization import (
    FloatRows,
    FloatValues,
    RegularizedModel,
    centre,
    real_value,
    require_alpha,
    training_data,
)
from getting_started_ml.checks import require_count

# --8<-- [end:header]


# --8<-- [start:soft-threshold]
def soft_threshold(value: float, threshold: float) -> float:
    """軟しきい値: |value| が threshold 以下なら 0、そうでなければ threshold だけ 0 に近づける。"""
    v = real_value(value, "value")
    a = require_alpha(threshold, "threshold")
    if v > a:
        return v - a
    if v < -a:
        return v + a
    return 0.0


# --8<-- [end:soft-threshold]


# --8<-- [start:lasso]
LASSO_TOLERANCE = 1e-10
LASSO_MAX_SWEEPS = 10_000


@dataclass(frozen=True)
class LassoModel(RegularizedModel):
    """座標降下法で学習したラッソ回帰。何周で止まったか（sweeps）と収束したか（converged）も持つ。"""

    sweeps: int
    converged: bool

    def __post_init__(self) -> None:
        super().__post_init__()
        require_count(self.sweeps, "sweeps", minimum=1)
        if not isinstance(self.converged, bool):
            raise TypeError(f"converged は真偽値です（{type(self.converged).__name__}）")


class LassoConvergenceWarning(UserWarning):
    """座標降下法が、決めた周回の上限までに収束しなかった。"""


def fit_lasso(
    x: FloatRows,
    t: FloatValues,
    alpha: float,
    *,
    tolerance: float = LASSO_TOLERANCE,
    max_sweeps: int = LASSO_MAX_SWEEPS,
) -> LassoModel:
    """ラッソ回帰: (1/(2n))·‖tc − Xc w‖² + alpha·‖w‖₁ を座標降下法で小さくする。

    1 周で動いた係数の最大の幅が tolerance を下回ったら止まる。max_sweeps 周で止まらなければ
    LassoConvergenceWarning を出し、その時点の係数を converged=False で返す。
    """
    rows, targets = training_data(x, t)
    penalty = len(rows) * require_alpha(alpha)
    require_stopping_rule(tolerance, max_sweeps)
    data = centre(rows, targets)
    columns = [[row[j] for row in data.x] for j in range(len(rows[0]))]
    weights, sweeps, converged = coordinate_descent(columns, data.t, penalty, tolerance, max_sweeps)
    if not all(math.isfinite(weight) for weight in weights):
        raise ValueError("x か t の値が大きすぎて、係数が有限の数で求まりません")
    if not converged:
        warnings.warn(
            f"ラッソ回帰が {max_sweeps} 周で収束しませんでした（tolerance={tolerance}）。"
            "max_sweeps を増やすか、x を標準化してください",
            LassoConvergenceWarning,
            stacklevel=2,
        )
    return LassoModel(weights, data.intercept(weights), sweeps, converged)


def require_stopping_rule(tolerance: float, max_sweeps: int) -> None:
    """止める決まり: tolerance は正の数、max_sweeps は 1 以上の整数。"""
    if real_value(tolerance, "tolerance") <= 0:
        raise ValueError(f"tolerance は正の数です（tolerance={tolerance}）")
    require_count(max_sweeps, "max_sweeps", minimum=1)


def coordinate_descent(
    columns: list[list[float]],
    targets: list[float],
    penalty: float,
    tolerance: float,
    max_sweeps: int,
) -> tuple[list[float], int, bool]:
    """(1/2)·RSS + penalty·‖w‖₁ を、列を 0 から順に 1 つずつ最適にして小さくする。"""
    norms = [squared_norm(column, "x") for column in columns]
    weights = [0.0] * len(columns)
    residual = list(targets)
    for sweep in range(1, max_sweeps + 1):
        largest_step = 0.0
        for j, column in enumerate(columns):
            if norms[j] == 0.0:
                continue  # 一定の列は予測に効かないので、係数は 0 のまま
            old = weights[j]
            correlation = dot(column, residual) + norms[j] * old  # 列 j の寄与を足し戻した残差
            new = soft_threshold(correlation, penalty) / norms[j]
            if new != old:
                for i, value in enumerate(column):
                    residual[i] -= value * (new - old)
                weights[j] = new
            largest_step = max(largest_step, abs(new - old))
        if largest_step < tolerance:
            return weights, sweep, True
    return weights, max_sweeps, False


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    """内積。左から順に足す。NaN になったら（NaN があるか inf − inf）失敗する。"""
    total = 0.0
    for p, q in zip(a, b, strict=True):
        total += p * q
    if math.isnan(total):
        raise ValueError(
            "a と b の内積が NaN になりました（NaN があるか、値が大きすぎて inf − inf か"
            " inf × 0 になりました）"
        )
    return total


def squared_norm(column: Sequence[float], name: str) -> float:
    """列の 2 乗ノルム ‖x_j‖²。有限で表せなければ失敗する。"""
    norm = dot(column, column)
    if not math.isfinite(norm):
        raise ValueError(f"{name} の値が大きすぎて、列の 2 乗の和が有限の数で表せません")
    return norm


# --8<-- [end:lasso]
