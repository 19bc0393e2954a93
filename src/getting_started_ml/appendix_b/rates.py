# --8<-- [start:header]
"""付録 B: 混同行列から求める残りの指標（Fβ、特異度、偽陽性率）と、しきい値 1 つでの動作点。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter11 import (
    ConfusionMatrix,
    precision,
    ratio,
    recall,
    require_confusion_matrix,
)
from getting_started_ml.checks import (
    require_finite,
    require_flags,
    require_numbers,
    require_same_length,
)

# --8<-- [end:header]


# --8<-- [start:rates]
def f_beta(cm: ConfusionMatrix, beta: float) -> float:
    """Fβ = (1 + β²)PR / (β²P + R)。β > 1 で再現率を、β < 1 で適合率を重く見る。

    件数で書くと (1 + β²)tp / ((1 + β²)tp + β²fn + fp)。分母が 0 なら 0 とする。
    """
    require_confusion_matrix(cm)
    b = require_finite(beta, "beta")
    if b <= 0:
        raise ValueError(f"beta は正の数です（beta={beta}）")
    weight = 1 + b * b
    if math.isinf(weight):
        # β² が float を超える。分子と分母を β² で割ると 1/β² は 0 になり、再現率だけが残る。
        return recall(cm)
    return ratio(weight * cm.tp, weight * cm.tp + b * b * cm.fn + cm.fp)


def specificity(cm: ConfusionMatrix) -> float:
    """特異度: 本当の負例のうち、負例と予測できた割合 tn / (tn + fp)。"""
    require_confusion_matrix(cm)
    return ratio(cm.tn, cm.tn + cm.fp)


def false_positive_rate(cm: ConfusionMatrix) -> float:
    """偽陽性率: 本当の負例のうち、誤って正例と予測した割合 fp / (fp + tn) = 1 − 特異度。"""
    require_confusion_matrix(cm)
    return ratio(cm.fp, cm.fp + cm.tn)


# --8<-- [end:rates]


# --8<-- [start:operating-point]
@dataclass(frozen=True)
class OperatingPoint:
    """しきい値 1 つで決まる混同行列と、ROC 曲線・PR 曲線の上での位置。"""

    threshold: float
    matrix: ConfusionMatrix

    @property
    def roc(self) -> tuple[float, float]:
        """ROC 曲線の上の位置（偽陽性率, 再現率）。"""
        return false_positive_rate(self.matrix), recall(self.matrix)

    @property
    def pr(self) -> tuple[float, float]:
        """PR 曲線の上の位置（再現率, 適合率）。"""
        return recall(self.matrix), precision(self.matrix)


def operating_point(
    scores: Sequence[float], labels: Sequence[bool], threshold: float
) -> OperatingPoint:
    """スコアが threshold 以上の行を正例と予測したときの混同行列。"""
    values = require_numbers(scores, "scores")
    flags = require_flags(labels, "labels")
    require_same_length(values, flags, "スコア", "正解")
    cut = require_finite(threshold, "threshold")
    tp = sum(1 for v, f in zip(values, flags, strict=True) if v >= cut and f)
    fp = sum(1 for v, f in zip(values, flags, strict=True) if v >= cut and not f)
    positives = sum(flags)
    return OperatingPoint(cut, ConfusionMatrix(tp, fp, positives - tp, len(flags) - positives - fp))


# --8<-- [end:operating-point]
