# --8<-- [start:header]
"""付録 B: 物体検出の当たり外れを決める（IoU で検出と正解の箱を対応づける）と、COCO 式の mAP。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.appendix_b.overlap import Box, iou
from getting_started_ml.appendix_b.ranking import average_precision_101pt
from getting_started_ml.checks import require_finite, require_sequence

COCO_THRESHOLDS = tuple(round(0.5 + 0.05 * k, 2) for k in range(10))
"""COCO の IoU のしきい値 0.50, 0.55, …, 0.95。"""

# --8<-- [end:header]


# --8<-- [start:matching]
@dataclass(frozen=True)
class Detection:
    """モデルが返した 1 つの箱と、その信頼度。"""

    score: float
    box: Box

    def __post_init__(self) -> None:
        require_finite(self.score, "score")
        if not isinstance(self.box, Box):
            raise TypeError(f"box は Box です（{type(self.box).__name__}）")


@dataclass(frozen=True)
class Matching:
    """信頼度の高い順に並べた検出の当たり外れと、正解の箱の数（再現率の分母）。"""

    scores: list[float]
    hits: list[bool]
    n_truths: int


def match_detections(
    detections: Sequence[Detection], truths: Sequence[Box], threshold: float = 0.5
) -> Matching:
    """信頼度の高い順に、まだ対応づいていない正解のうち IoU が最大のものと比べる。

    その IoU が threshold 以上なら当たり（その正解は使用済みになる）、そうでなければ外れ。
    1 つの正解に当たるのは 1 つの検出だけで、同じ物体への 2 つ目の検出は外れになる。
    """
    found = checked_detections(detections)
    boxes = checked_truths(truths)
    cut = require_finite(threshold, "threshold")
    if not 0.0 < cut <= 1.0:
        raise ValueError(f"threshold は 0 より大きく 1 以下です（threshold={threshold}）")
    ordered = sorted(found, key=lambda d: -d.score)  # 同じ信頼度は渡された順のまま
    unmatched = set(range(len(boxes)))
    hits = []
    for detection in ordered:
        best = max(unmatched, key=lambda i: (iou(boxes[i], detection.box), -i), default=None)
        hit = best is not None and iou(boxes[best], detection.box) >= cut
        if hit and best is not None:
            unmatched.remove(best)
        hits.append(hit)
    return Matching([d.score for d in ordered], hits, len(boxes))


def checked_detections(detections: object) -> list[Detection]:
    """Detection の列であることを確かめる。"""
    found = list(require_sequence(detections, "detections"))
    for item in found:
        if not isinstance(item, Detection):
            raise TypeError(f"detections の要素は Detection です（{type(item).__name__}）")
    return found


def checked_truths(truths: object) -> list[Box]:
    """1 つ以上の Box の列であることを確かめる。"""
    boxes = list(require_sequence(truths, "truths"))
    if not boxes:
        raise ValueError("truths（正解の箱）が 1 つもないので、再現率が決まりません")
    for item in boxes:
        if not isinstance(item, Box):
            raise TypeError(f"truths の要素は Box です（{type(item).__name__}）")
    return boxes


# --8<-- [end:matching]


# --8<-- [start:coco]
def detection_average_precision(
    detections: Sequence[Detection], truths: Sequence[Box], threshold: float = 0.5
) -> float:
    """IoU のしきい値 threshold で当たり外れを決め、101 点補間の AP を求める。"""
    matching = match_detections(detections, truths, threshold)
    if not matching.hits:
        return 0.0
    return average_precision_101pt(matching.scores, matching.hits, matching.n_truths)


def coco_average_precision(detections: Sequence[Detection], truths: Sequence[Box]) -> float:
    """AP@[.50:.95]: IoU のしきい値 0.50〜0.95 の 10 段階で求めた AP の平均（COCO の主な指標）。"""
    values = [detection_average_precision(detections, truths, t) for t in COCO_THRESHOLDS]
    return math.fsum(values) / len(values)


# --8<-- [end:coco]
