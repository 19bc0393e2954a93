"""付録 B: 順位をつけるモデルの指標。"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PrPoint:
    """しきい値 threshold 以上を正例と予測したときの再現率と適合率。"""

    threshold: float
    recall: float
    precision: float


def pr_curve(scores: Sequence[float], labels: Sequence[bool]) -> list[PrPoint]:
    """スコアの高い順に 1 行ずつ正例と予測する行を増やし、点を並べる。"""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    total = sum(labels)
    points = []
    hits = 0
    for rank, index in enumerate(order):
        hits += labels[index]
        points.append(PrPoint(scores[index], hits / total, hits / (rank + 1)))
    return points


def average_precision_11pt(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """再現率 0, 0.1, …, 1.0 のそれぞれに最初に届いた点の適合率を平均する。"""
    points = pr_curve(scores, labels)
    total = 0.0
    for step in range(11):
        level = step / 10
        total += next(p.precision for p in points if p.recall >= level - 1e-12)
    return total / 11


def detection_labels(hits: Sequence[bool]) -> tuple[list[float], list[bool]]:
    """順位どおりに並んだ当たり外れに、順位が上ほど高いスコアを付ける。"""
    return [float(len(hits) - rank) for rank in range(len(hits))], list(hits)
