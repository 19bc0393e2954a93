# --8<-- [start:header]
"""付録 B: 領域の重なり（IoU と Dice）。集合どうしでも、軸に平行な長方形どうしでも測れる。"""

from __future__ import annotations

import math
from collections.abc import Hashable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TypeAlias

from getting_started_ml.checks import require_finite

# --8<-- [end:header]


# --8<-- [start:box]
@dataclass(frozen=True)
class Box:
    """左下 (x1, y1) と右上 (x2, y2) で表す、軸に平行な長方形。"""

    x1: float
    y1: float
    x2: float
    y2: float

    def __post_init__(self) -> None:
        for name in ("x1", "y1", "x2", "y2"):
            require_finite(getattr(self, name), name)
        if self.x2 < self.x1 or self.y2 < self.y1:
            raise ValueError(f"Box は x1 ≤ x2 かつ y1 ≤ y2 です（{self}）")

    @property
    def area(self) -> float:
        """面積。"""
        return (self.x2 - self.x1) * (self.y2 - self.y1)

    def intersection(self, other: Box) -> float:
        """other と重なる部分の面積（重ならなければ 0）。"""
        width = min(self.x2, other.x2) - max(self.x1, other.x1)
        height = min(self.y2, other.y2) - max(self.y1, other.y1)
        return max(width, 0.0) * max(height, 0.0)


# --8<-- [end:box]

# --8<-- [start:region]
Region: TypeAlias = Box | AbstractSet[Hashable]
"""重なりを測れるもの: 長方形か、画素などの要素の集合。"""
# --8<-- [end:region]


# --8<-- [start:iou]
def overlap_sizes(truth: Region, prediction: Region) -> tuple[float, float, float]:
    """(重なり, 正解の大きさ, 予測の大きさ)。2 つは同じ種類（長方形どうし、集合どうし）。

    長方形どうしなら、辺の長さを軸ごとに同じ 2 のべき乗で割ってから面積を求める。比（IoU・Dice・
    Simpson）は変わらず、1e-170 や 1e160 の長方形でも面積が 0 や無限大にならない。
    """
    if isinstance(truth, Box) and isinstance(prediction, Box):
        x_truth, x_prediction, x_common = _lengths(truth.x1, truth.x2, prediction.x1, prediction.x2)
        y_truth, y_prediction, y_common = _lengths(truth.y1, truth.y2, prediction.y1, prediction.y2)
        return x_common * y_common, x_truth * y_truth, x_prediction * y_prediction
    if isinstance(truth, AbstractSet) and isinstance(prediction, AbstractSet):
        return float(len(truth & prediction)), float(len(truth)), float(len(prediction))
    raise TypeError(
        "truth と prediction は、どちらも Box か、どちらも集合です"
        f"（{type(truth).__name__} と {type(prediction).__name__}）"
    )


def _lengths(a1: float, a2: float, b1: float, b2: float) -> tuple[float, float, float]:
    """2 つの区間の長さと重なりの長さを、最長のものが 1 未満になる 2 のべき乗で割る。

    端を半分にしてから引くので、float の最大値に近い端でもあふれない（2 で割るのは誤差を生まない）。
    """
    half = (a2 / 2 - a1 / 2, b2 / 2 - b1 / 2, max(min(a2, b2) / 2 - max(a1, b1) / 2, 0.0))
    longest = max(half)
    if longest == 0.0:
        return 0.0, 0.0, 0.0
    shift = -math.frexp(longest)[1]
    return math.ldexp(half[0], shift), math.ldexp(half[1], shift), math.ldexp(half[2], shift)


def iou(truth: Region, prediction: Region) -> float:
    """Jaccard 係数: 重なり ÷ 合併。どちらも空なら 1（完全に一致している）とする。"""
    common, size_truth, size_prediction = overlap_sizes(truth, prediction)
    union = size_truth + size_prediction - common
    return 1.0 if union == 0 else common / union


def dice(truth: Region, prediction: Region) -> float:
    """Dice 係数: 2 × 重なり ÷ (正解の大きさ + 予測の大きさ)。画素の集合なら F 値と同じ。"""
    common, size_truth, size_prediction = overlap_sizes(truth, prediction)
    total = size_truth + size_prediction
    return 1.0 if total == 0 else 2 * common / total


# --8<-- [end:iou]


# --8<-- [start:simpson]
def simpson(truth: Region, prediction: Region) -> float:
    """Simpson 係数（重なり係数）: 重なり ÷ 小さいほうの大きさ。一方が他方に含まれれば 1。

    どちらも空なら 1、一方だけが空なら 0 とする（空の領域とは重なりを測れない）。
    """
    common, size_truth, size_prediction = overlap_sizes(truth, prediction)
    smaller = min(size_truth, size_prediction)
    if smaller == 0:
        return 1.0 if size_truth == size_prediction else 0.0
    return common / smaller


# --8<-- [end:simpson]
