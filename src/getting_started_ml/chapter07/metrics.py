# --8<-- [start:header]
"""第 7 章の評価指標: 平均絶対誤差（MAE）、二乗平均平方根誤差（RMSE）、決定係数 R²。"""

from __future__ import annotations

import math
from collections.abc import Sequence

from getting_started_ml.checks import require_finite, require_same_length
from getting_started_ml.numeric import kahan_mean, kahan_sum

# --8<-- [end:header]


# --8<-- [start:metrics]
def mean_absolute_error(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """平均絶対誤差（MAE）: 残差の絶対値の平均。"""
    return kahan_mean(abs(r) for r in residuals(actual, predicted))


def require_scores(actual: Sequence[float], predicted: Sequence[float]) -> None:
    """正解と予測が同じ件数で、空でなく、有限の数だけであることを確かめる。"""
    require_same_length(actual, predicted, "正解", "予測")
    if not actual:
        raise ValueError("正解と予測が空なので評価できません")
    for name, values in (("正解", actual), ("予測", predicted)):
        for position, value in enumerate(values):
            if type(value) is not float or not math.isfinite(value):  # 有限の float はすぐ次へ
                require_finite(value, f"{name}の {position} 番目")


def residuals(actual: Sequence[float], predicted: Sequence[float]) -> list[float]:
    """残差 t − y を 1 件ずつ並べる。"""
    require_scores(actual, predicted)
    return [float(t) - float(y) for t, y in zip(actual, predicted, strict=True)]


def root_mean_squared_error(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """二乗平均平方根誤差（RMSE）: 残差の 二乗の平均の平方根。"""
    return math.sqrt(kahan_mean(r * r for r in residuals(actual, predicted)))


def r2_score(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """決定係数 R²: 1 − 残差平方和 / 正解の平均からの偏差平方和。"""
    squared_residuals = kahan_sum(r * r for r in residuals(actual, predicted))
    mean = kahan_mean(actual)
    spread = kahan_sum((t - mean) * (t - mean) for t in actual)
    if not (math.isfinite(squared_residuals) and math.isfinite(spread)):
        raise ValueError(
            "正解か予測の値が大きすぎて、R² の平方和があふれました（浮動小数の範囲を超えます）"
        )
    if spread == 0.0:
        raise ValueError(
            f"正解がすべて同じ値（{actual[0]}）なので、R² は定義できません（分母の偏差平方和が 0）"
        )
    return 1.0 - squared_residuals / spread


# --8<-- [end:metrics]
