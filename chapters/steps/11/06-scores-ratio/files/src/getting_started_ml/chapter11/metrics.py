"""第 11 章: 混同行列と、そこから求める評価指標。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from getting_started_ml.checks import require_same_length


@dataclass(frozen=True)
class ConfusionMatrix:
    """2 値分類の当たり外れを 4 つに数えたもの。"""

    tp: int  # 正例を正例と予測した（真陽性）
    fp: int  # 負例を正例と予測した（偽陽性）
    fn: int  # 正例を負例と予測した（偽陰性）
    tn: int  # 負例を負例と予測した（真陰性）


def confusion_matrix(
    actual: Sequence[Hashable], predicted: Sequence[Hashable], positive: Hashable
) -> ConfusionMatrix:
    """positive と等しいラベルを正例、それ以外をすべて負例として数える。"""
    require_same_length(actual, predicted, "正解", "予測")
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


def ratio(numerator: float, denominator: float) -> float:
    """割り算。分母が 0 なら 0.0 を返し、NaN にも例外にもしない。"""
    return 0.0 if denominator == 0 else numerator / denominator


def precision(cm: ConfusionMatrix) -> float:
    """適合率。正例と予測したうち、本当に正例だった割合。"""
    return ratio(cm.tp, cm.tp + cm.fp)


def recall(cm: ConfusionMatrix) -> float:
    """再現率。本当の正例のうち、正例と予測できた割合。"""
    return ratio(cm.tp, cm.tp + cm.fn)


def f1_score(cm: ConfusionMatrix) -> float:
    """F 値。適合率と再現率の調和平均。"""
    p = precision(cm)
    r = recall(cm)
    return ratio(2 * p * r, p + r)
