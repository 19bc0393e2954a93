"""第 3 章の決定木: ジニ不純度から始めて、少しずつ決定木を組み立てる。"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

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
