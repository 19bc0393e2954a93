# --8<-- [start:header]
"""付録 B: 順位をつけるモデルの指標（PR 曲線と平均適合率 AP、クラスの平均 mAP）。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.checks import (
    require_flags,
    require_numbers,
    require_same_length,
    require_sequence,
)

# --8<-- [end:header]


# --8<-- [start:pr-curve]
@dataclass(frozen=True)
class PrPoint:
    """しきい値 threshold 以上を正例と予測したときの再現率と適合率。"""

    threshold: float
    recall: float
    precision: float


def pr_curve(
    scores: Sequence[float], labels: Sequence[bool], n_positive: int | None = None
) -> list[PrPoint]:
    """スコアの高い順に正例と予測する行を増やし、スコアが変わるごとの点を並べる。

    同じスコアの行は 1 つの点にまとめる（第 11 章の ROC 曲線と同じ）。n_positive を渡すと、
    再現率の分母をその数にする（物体検出で、どの予測とも対応しなかった正解がある場合）。
    """
    values = require_numbers(scores, "scores")
    flags = require_flags(labels, "labels")
    require_same_length(values, flags, "スコア", "正解")
    total = _positive_count(flags, n_positive)
    order = sorted(range(len(values)), key=lambda i: -values[i])
    points = []
    hits = 0
    for rank, index in enumerate(order):
        predicted = rank + 1
        hits += flags[index]
        is_last_of_score = rank + 1 == len(order) or values[order[rank + 1]] != values[index]
        if is_last_of_score:
            points.append(PrPoint(values[index], hits / total, hits / predicted))
    return points


# --8<-- [end:pr-curve]


# --8<-- [start:average-precision]
def average_precision_11pt(
    scores: Sequence[float], labels: Sequence[bool], n_positive: int | None = None
) -> float:
    """11 点補間の AP: 再現率 0, 0.1, …, 1.0 で、それ以上の再現率での最大の適合率を平均する。"""
    points = pr_curve(scores, labels, n_positive)
    total = 0.0
    for step in range(11):
        level = step / 10
        reached = [p.precision for p in points if p.recall >= level - 1e-12]
        total += max(reached, default=0.0)
    return total / 11


# --8<-- [end:average-precision]


# --8<-- [start:detection-labels]
def detection_labels(hits: Sequence[bool]) -> tuple[list[float], list[bool]]:
    """順位どおりに並んだ当たり外れに、順位が上ほど高いスコアを付ける（資料の表を写すため）。"""
    flags = require_flags(require_sequence(hits, "hits"), "hits")
    return [float(len(flags) - rank) for rank in range(len(flags))], flags


# --8<-- [end:detection-labels]


# --8<-- [start:pr-curve-2]
def _positive_count(flags: Sequence[bool], n_positive: int | None) -> int:
    """再現率の分母。正例が 1 つも無ければ AP は決まらないので失敗する。"""
    found = sum(flags)
    if n_positive is None:
        n_positive = found
    elif isinstance(n_positive, bool) or not isinstance(n_positive, int):
        raise TypeError(f"n_positive は整数です（{type(n_positive).__name__}）")
    if n_positive < max(found, 1):
        raise ValueError(
            f"n_positive は正例の数（{found}）以上で 1 以上です（n_positive={n_positive}）"
        )
    return n_positive


# --8<-- [end:pr-curve-2]


# --8<-- [start:average-precision-2]
def average_precision(
    scores: Sequence[float], labels: Sequence[bool], n_positive: int | None = None
) -> float:
    """補間しない AP: 再現率が増えた幅 × その点の適合率、の和（scikit-learn と同じ定義）。"""
    previous_recall = 0.0
    total = 0.0
    for point in pr_curve(scores, labels, n_positive):
        total += (point.recall - previous_recall) * point.precision
        previous_recall = point.recall
    return total


def interpolated_precisions(points: Sequence[PrPoint]) -> list[float]:
    """各点の適合率を、それより再現率の大きい点の適合率の最大値で置き換える。"""
    for position, point in enumerate(require_sequence(points, "points")):
        if not isinstance(point, PrPoint):
            raise TypeError(f"points の {position} 番目が PrPoint ではありません")
    best = 0.0
    result = []
    for point in reversed(points):
        best = max(best, point.precision)
        result.append(best)
    return result[::-1]


def average_precision_all_points(
    scores: Sequence[float], labels: Sequence[bool], n_positive: int | None = None
) -> float:
    """全点補間の AP: 補間した適合率の階段の下の面積（PASCAL VOC 2010 以降の定義）。"""
    points = pr_curve(scores, labels, n_positive)
    previous_recall = 0.0
    total = 0.0
    for point, precision in zip(points, interpolated_precisions(points), strict=True):
        total += (point.recall - previous_recall) * precision
        previous_recall = point.recall
    return total


def average_precision_101pt(
    scores: Sequence[float], labels: Sequence[bool], n_positive: int | None = None
) -> float:
    """101 点補間の AP（COCO の定義）: 再現率 0, 0.01, …, 1.0 の 101 か所で、11 点補間と同じく読む。

    COCO は、これを IoU のしきい値ごとに求めて平均する（matching.coco_average_precision）。
    """
    points = pr_curve(scores, labels, n_positive)
    total = 0.0
    for step in range(101):
        level = step / 100
        reached = [p.precision for p in points if p.recall >= level - 1e-12]
        total += max(reached, default=0.0)
    return total / 101


def mean_average_precision(precisions: Sequence[float]) -> float:
    """クラスごとの AP の平均（mAP）。"""
    values = [float(v) for v in require_numbers(precisions, "precisions")]
    if not values:
        raise ValueError("precisions が空なので平均できません")
    if any(not 0.0 <= value <= 1.0 for value in values):
        raise ValueError(f"precisions の要素は 0 以上 1 以下です（{values}）")
    return math.fsum(values) / len(values)


# --8<-- [end:average-precision-2]
