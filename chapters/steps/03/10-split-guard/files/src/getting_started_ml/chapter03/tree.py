"""第 3 章の決定木: ジニ不純度から始めて、少しずつ決定木を組み立てる。"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Features
from getting_started_ml.numeric import kahan_sum


def gini(labels: Sequence[Hashable]) -> float:
    """ジニ不純度 1 − Σ(割合)²。割合の 二乗は、ラベルが初めて現れた順に Kahan の和で足す。"""
    if not labels:
        return 0.0
    return gini_of_counts(Counter(labels).values(), len(labels))


def gini_of_counts(counts: Iterable[int], total: int) -> float:
    """ラベルごとの件数（足す順に並べたもの）と総数から、ジニ不純度を求める。"""
    shares = (count / total for count in counts)
    return 1.0 - kahan_sum(share * share for share in shares)


@dataclass(frozen=True)
class Split:
    """分割の条件。feature の値が threshold 以下なら左、より大きければ右へ進む。"""

    feature: str
    threshold: float
    impurity: float


# --8<-- [start:naive]
def best_split(
    x: Sequence[Features], t: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """境界ごとに左右のラベルを切り出してジニ不純度を求め、いちばん小さい分割を選ぶ。"""
    if gini(t) == 0.0:
        return None
    best: Split | None = None
    for column in columns:
        order = sorted(range(len(x)), key=lambda i: x[i].value(column))
        values = [x[i].value(column) for i in order]
        labels = [t[i] for i in order]
        for i in range(1, len(x)):
            if values[i] == values[i - 1]:
                continue
            left, right = labels[:i], labels[i:]
            impurity = (len(left) * gini(left) + len(right) * gini(right)) / len(x)
            if best is None or impurity < best.impurity:
                best = Split(column, (values[i - 1] + values[i]) / 2, impurity)
    return best


# --8<-- [end:naive]
