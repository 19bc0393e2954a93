# --8<-- [start:header]
"""第 11 章: 混同行列と、そこから求める評価指標。

評価指標はどれも「正解と予測を受け取って 1 つの数を返す関数」として扱う。
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from getting_started_ml.checks import require_finite, require_no_nan, require_same_length
from getting_started_ml.numeric import kahan_mean

# --8<-- [end:header]


# --8<-- [start:confusion-matrix]
@dataclass(frozen=True)
class ConfusionMatrix:
    """2 値分類の当たり外れを 4 つに数えたもの。"""

    tp: int  # 正例を正例と予測した（真陽性）
    fp: int  # 負例を正例と予測した（偽陽性）
    fn: int  # 正例を負例と予測した（偽陰性）
    tn: int  # 負例を負例と予測した（真陰性）

    def __post_init__(self) -> None:
        for name in ("tp", "fp", "fn", "tn"):
            count = getattr(self, name)
            if isinstance(count, bool) or not isinstance(count, int):
                raise TypeError(f"混同行列の {name} は件数（整数）です（{type(count).__name__}）")
            if count < 0:
                raise ValueError(f"混同行列の {name} は 0 以上の件数です（{name}={count}）")


def confusion_matrix(
    actual: Sequence[Hashable], predicted: Sequence[Hashable], positive: Hashable
) -> ConfusionMatrix:
    """positive と等しいラベルを正例、それ以外をすべて負例として数える。"""
    require_labels(actual, predicted)
    require_no_nan([positive], "正例のラベル（positive）")
    tp = fp = fn = tn = 0
    for truth, guess in zip(actual, predicted, strict=True):
        if guess == positive:
            if truth == positive:
                tp += 1
            else:
                fp += 1
        elif truth == positive:
            fn += 1
        else:
            tn += 1
    return ConfusionMatrix(tp, fp, fn, tn)


# --8<-- [end:confusion-matrix]


# --8<-- [start:header-2]
Metric: TypeAlias = Callable[[Sequence[Any], Sequence[Any]], float]
"""評価関数の型。正解と予測を（この順に）受け取り、1 つの数を返す。"""
# --8<-- [end:header-2]


# --8<-- [start:checks]
def require_same_nonempty_length(actual: Sequence[Any], predicted: Sequence[Any]) -> None:
    """正解と予測の件数が同じで、1 件以上あることを確かめる。"""
    require_same_length(actual, predicted, "正解", "予測")
    if not actual:
        raise ValueError("正解と予測が 1 件もないので評価できません")


def require_labels(actual: Sequence[Any], predicted: Sequence[Any]) -> None:
    """ラベルの正解と予測が同じ件数で 1 件以上あり、NaN を含まないことを確かめる。"""
    require_same_nonempty_length(actual, predicted)
    require_no_nan(actual, "正解")
    require_no_nan(predicted, "予測")


# --8<-- [end:checks]


# --8<-- [start:more-checks]
def require_confusion_matrix(cm: object) -> None:
    """cm が ConfusionMatrix でなければ、型を書いた TypeError を投げる。"""
    if not isinstance(cm, ConfusionMatrix):
        raise TypeError(f"cm は ConfusionMatrix です（{type(cm).__name__} が渡されました）")


def finite_values(values: Sequence[object], name: str) -> list[float]:
    """並びを float のリストにする。どれかが有限の数でなければ、位置と name を書いて失敗する。"""
    return [
        require_finite(value, f"{name}の {position} 番目") for position, value in enumerate(values)
    ]


# --8<-- [end:more-checks]


# --8<-- [start:scores]
def precision(cm: ConfusionMatrix) -> float:
    """適合率。正例と予測したうち、本当に正例だった割合。"""
    require_confusion_matrix(cm)
    return ratio(cm.tp, cm.tp + cm.fp)


def recall(cm: ConfusionMatrix) -> float:
    """再現率。本当の正例のうち、正例と予測できた割合。"""
    require_confusion_matrix(cm)
    return ratio(cm.tp, cm.tp + cm.fn)


def f1_score(cm: ConfusionMatrix) -> float:
    """F 値。適合率と再現率の調和平均。"""
    require_confusion_matrix(cm)
    p = precision(cm)
    r = recall(cm)
    return ratio(2 * p * r, p + r)


def ratio(numerator: float, denominator: float) -> float:
    """割り算。分母が 0 なら 0.0 を返し、NaN にも例外にもしない。"""
    require_finite(numerator, "分子（numerator）")
    require_finite(denominator, "分母（denominator）")
    return 0.0 if denominator == 0 else numerator / denominator


# --8<-- [end:scores]


# --8<-- [start:accuracy-and-mse]
def accuracy(actual: Sequence[Hashable], predicted: Sequence[Hashable]) -> float:
    """正解率。正解と予測が一致した割合。"""
    require_labels(actual, predicted)
    hits = sum(1 for truth, guess in zip(actual, predicted, strict=True) if truth == guess)
    return hits / len(actual)


def mean_squared_error(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """平均二乗誤差（MSE）。誤差の 2 乗の平均。"""
    require_same_nonempty_length(actual, predicted)
    truths = finite_values(actual, "正解")
    guesses = finite_values(predicted, "予測")
    residuals = [guess - truth for truth, guess in zip(truths, guesses, strict=True)]
    return kahan_mean(residual * residual for residual in residuals)  # あふれたら無限大


# --8<-- [end:accuracy-and-mse]


# --8<-- [start:classification-metric]
def classification_metric(score: Callable[[ConfusionMatrix], float], positive: Hashable) -> Metric:
    """混同行列から求める指標を、正例を決めて、正解と予測から採点する評価関数に変える。"""

    def metric(actual: Sequence[Any], predicted: Sequence[Any]) -> float:
        return score(confusion_matrix(actual, predicted, positive))

    return metric


# --8<-- [end:classification-metric]
