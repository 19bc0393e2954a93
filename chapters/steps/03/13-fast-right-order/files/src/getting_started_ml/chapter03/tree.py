"""第 3 章の決定木: ジニ不純度から始めて、少しずつ決定木を組み立てる。"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from getting_started_ml.chapter02 import Features
from getting_started_ml.numeric import kahan_sum

FeatureRow: TypeAlias = tuple[float, ...]


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


def best_split(
    x: Sequence[Features], t: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """不純度がいちばん下がる分割。ラベルが 1 種類か、どの列も値が 1 種類なら None。"""
    return find_best_split(feature_rows(x, columns), t, columns)


def find_best_split(
    rows: Sequence[FeatureRow], labels: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """列を順に調べ、不純度が厳密に小さいときだけ入れ替える（同点なら先の列が勝つ）。"""
    if gini(labels) == 0.0:
        return None
    best: Split | None = None
    for position, column in enumerate(columns):
        candidate = best_threshold(column, [row[position] for row in rows], labels)
        if candidate is not None and (best is None or candidate.impurity < best.impurity):
            best = candidate
    return best


# --8<-- [start:sweep]
def best_threshold(
    feature: str, values: Sequence[float], labels: Sequence[Hashable]
) -> Split | None:
    """1 つの列で最良の境界を探す。値の小さい順に並べ、境界は小さいほうから調べる。"""
    order = sorted(range(len(values)), key=values.__getitem__)
    xs = [values[i] for i in order]
    ys = [labels[i] for i in order]
    best: Split | None = None
    for i, impurity in boundary_impurities(xs, ys):
        if best is None or impurity < best.impurity:
            best = Split(feature, (xs[i - 1] + xs[i]) / 2, impurity)
    return best


def boundary_impurities(xs: Sequence[float], ys: Sequence[Hashable]) -> Iterator[tuple[int, float]]:
    """値が変わる境界 i ごとに、左 ys[:i] と右 ys[i:] の重み付きの不純度を順に生み出す。

    1 行ずつ右から左へ移しながら件数を持ち回る。右側の足す順（右側で初めて現れた順）は、
    各ラベルが右側で最初に現れる位置を覚えておき、それで並べて決める。
    """
    n = len(ys)
    following = next_positions_of_same_label(ys)
    left: dict[Hashable, int] = {}
    right = Counter(ys)
    first_in_right = {label: ys.index(label) for label in right}
    for i in range(1, n):
        moved = ys[i - 1]
        left[moved] = left.get(moved, 0) + 1
        right[moved] -= 1
        if right[moved] == 0:
            del right[moved], first_in_right[moved]
        else:
            first_in_right[moved] = following[i - 1]
        if xs[i] != xs[i - 1]:
            right_counts = (right[label] for label in sorted(right, key=first_in_right.__getitem__))
            left_part = i * gini_of_counts(left.values(), i)
            right_part = (n - i) * gini_of_counts(right_counts, n - i)
            yield i, (left_part + right_part) / n


def next_positions_of_same_label(labels: Sequence[Hashable]) -> list[int]:
    """各位置について、同じラベルが次に現れる位置（無ければ件数）。"""
    following = [len(labels)] * len(labels)
    seen: dict[Hashable, int] = {}
    for position in reversed(range(len(labels))):
        following[position] = seen.get(labels[position], len(labels))
        seen[labels[position]] = position
    return following


# --8<-- [end:sweep]
def feature_rows(x: Sequence[Features], columns: Sequence[str]) -> list[FeatureRow]:
    """使う列の値だけを、列の順に取り出す。"""
    return [tuple(row.value(column) for column in columns) for row in x]
