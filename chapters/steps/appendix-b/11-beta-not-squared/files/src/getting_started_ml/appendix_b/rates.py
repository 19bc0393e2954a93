"""付録 B: 混同行列から求める残りの指標（Fβ、特異度、偽陽性率）。"""

from __future__ import annotations

from getting_started_ml.chapter11 import ConfusionMatrix, ratio


def f_beta(cm: ConfusionMatrix, beta: float) -> float:
    """Fβ: 再現率に β の重みを付けた調和平均（のつもり）。"""
    return ratio((1 + beta) * cm.tp, (1 + beta) * cm.tp + beta * cm.fn + cm.fp)
