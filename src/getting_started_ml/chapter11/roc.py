# --8<-- [start:header]
"""第 11 章: ROC 曲線と AUC。

しきい値を高いほうから下げながら、偽陽性率と真陽性率がどう増えるかをたどる。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import groupby, pairwise

from getting_started_ml.checks import as_float, require_same_length
from getting_started_ml.numeric import kahan_sum

# --8<-- [end:header]


# --8<-- [start:roc-curve]
@dataclass(frozen=True)
class RocPoint:
    """ROC 曲線の 1 点。スコアが threshold 以上の行を正例と予測したときの割合。"""

    threshold: float
    false_positive_rate: float
    true_positive_rate: float

    def __post_init__(self) -> None:
        for name in ("false_positive_rate", "true_positive_rate"):
            rate = as_float(getattr(self, name), name)
            if not 0.0 <= rate <= 1.0:
                raise ValueError(f"{name} は 0 以上 1 以下の割合です（{name}={rate}）")
        if math.isnan(as_float(self.threshold, "threshold")):
            raise ValueError("threshold（閾値）が NaN です")


def roc_curve(
    scores: Sequence[float], labels: Sequence[Hashable], positive: Hashable = True
) -> list[RocPoint]:
    """ROC 曲線の点を、原点（しきい値は無限大）から順に返す。

    labels は既定では真偽値（True が正例）。"1" のようなラベルなら positive="1" と渡す。
    同じスコアの行は 1 つの点にまとめる。
    """
    require_same_length(scores, labels, "スコア", "ラベル")
    require_finite_scores(scores)
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
    require_increasing(curve)
    return kahan_sum(
        (right.false_positive_rate - left.false_positive_rate)
        * (left.true_positive_rate + right.true_positive_rate)
        / 2
        for left, right in pairwise(curve)
    )


# --8<-- [end:auc]


# --8<-- [start:checks]
def require_finite_scores(scores: Sequence[float]) -> None:
    """スコアは有限の数に限る。NaN は並べられず、無限大は原点の閾値（無限大）と重なる。"""
    for position, score in enumerate(scores):
        value = score if type(score) is float else as_float(score, f"スコアの {position} 番目")
        if math.isnan(value):
            raise ValueError(f"スコアの {position} 番目が NaN で、順に並べられません")
        if math.isinf(value):
            raise ValueError(
                f"スコアの {position} 番目が {value} です。原点の閾値に無限大を使うので、"
                "スコアは有限の数にしてください"
            )


def require_increasing(curve: Sequence[RocPoint]) -> None:
    """曲線の点が RocPoint で、偽陽性率・真陽性率ともに減らない順に並んでいることを確かめる。"""
    for position, point in enumerate(curve):
        if not isinstance(point, RocPoint):
            raise TypeError(
                f"曲線の {position} 番目が RocPoint ではありません（{type(point).__name__}）"
            )
    for position, (left, right) in enumerate(pairwise(curve)):
        for name, before, after in [
            ("偽陽性率", left.false_positive_rate, right.false_positive_rate),
            ("真陽性率", left.true_positive_rate, right.true_positive_rate),
        ]:
            if after < before:
                raise ValueError(
                    f"曲線の {position + 1} 番目の点で{name}が減っています（{before} → {after}）。"
                    "ROC 曲線の点は、roc_curve が返すとおり閾値の高い順に並べてください"
                )


# --8<-- [end:checks]
