"""第 11 章: 混同行列と、そこから求める評価指標。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


# --8<-- [start:fake]
@dataclass(frozen=True)
class ConfusionMatrix:
    """2 値分類の当たり外れを 4 つに数えたもの。"""

    tp: int
    fp: int
    fn: int
    tn: int


def confusion_matrix(
    actual: Sequence[Hashable], predicted: Sequence[Hashable], positive: Hashable
) -> ConfusionMatrix:
    """positive と等しいラベルを正例として数える（仮実装）。"""
    return ConfusionMatrix(tp=2, fp=1, fn=1, tn=1)


# --8<-- [end:fake]
