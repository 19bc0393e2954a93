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
