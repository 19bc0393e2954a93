"""第 11 章: ROC 曲線と AUC。

しきい値を高いほうから下げながら、偽陽性率と真陽性率がどう増えるかをたどる。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import groupby, pairwise

from getting_started_ml.numeric import kahan_sum, require_same_length


# --8<-- [start:roc-curve]
@dataclass(frozen=True)
class RocPoint:
    """ROC 曲線の 1 点。スコアが threshold 以上の行を正例と予測したときの割合。"""

    threshold: float
    false_positive_rate: float
    true_positive_rate: float


def roc_curve(
    scores: Sequence[float], labels: Sequence[Hashable], positive: Hashable = True
) -> list[RocPoint]:
    """ROC 曲線の点を、原点（しきい値は無限大）から順に返す。

    labels は既定では真偽値（True が正例）。"1" のようなラベルなら positive="1" と渡す。
    同じスコアの行は 1 つの点にまとめる。
    """
    require_same_length(scores, labels, "スコア", "ラベル")
    if any(math.isnan(score) for score in scores):
        raise ValueError("スコアに NaN があると順に並べられません")
    positives = sum(1 for label in labels if label == positive)
    negatives = len(labels) - positives
    if positives == 0 or negatives == 0:
        raise ValueError(
            "正例と負例が両方ないと ROC 曲線は描けません"
            f"（正例 {positives} 件、負例 {negatives} 件）"
        )
    ranked = sorted(zip(scores, labels, strict=True), key=lambda pair: pair[0], reverse=True)
    curve = [RocPoint(math.inf, 0.0, 0.0)]
    tp = fp = 0
    for threshold, group in groupby(ranked, key=lambda pair: pair[0]):
        for _, label in group:
            if label == positive:
                tp += 1
            else:
                fp += 1
        curve.append(RocPoint(threshold, fp / negatives, tp / positives))
    return curve


# --8<-- [end:roc-curve]


# --8<-- [start:auc]
def auc(curve: Sequence[RocPoint]) -> float:
    """ROC 曲線の下の面積を、隣り合う 2 点の台形を足して求める。"""
    if len(curve) < 2:
        raise ValueError(f"面積を求めるには 2 点以上が必要です（{len(curve)} 点）")
    return kahan_sum(
        (right.false_positive_rate - left.false_positive_rate)
        * (left.true_positive_rate + right.true_positive_rate)
        / 2
        for left, right in pairwise(curve)
    )


# --8<-- [end:auc]
