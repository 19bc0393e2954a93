# --8<-- [start:header]
"""第 8 章のクラスの重みを付けた決定木: 重み付きのジニ不純度と多数決、釣り合いの重み、分割の探索。

第 3 章の木の部品（Split、Leaf、grow_with_stack など）はそのまま使い、重みを扱う部分だけを書く。
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from enum import Enum
from typing import Generic, Self, TypeAlias, TypeVar

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    FeatureRow,
    Leaf,
    NotFittedError,
    Part,
    Split,
    Tree,
    check_depth,
    feature_rows,
    grow_with_stack,
    next_positions_of_same_label,
    pick,
    predict_one,
)
from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_no_nan,
    require_same_length,
)
from getting_started_ml.numeric import kahan_sum

L = TypeVar("L", bound=Hashable)
# --8<-- [end:header]


# --8<-- [start:weights]
class ClassWeight(Enum):
    """クラスの重みの付け方。NONE はすべて 1、BALANCED はクラスごとの重みの合計をそろえる。"""

    NONE = "NONE"
    BALANCED = "BALANCED"


def check_weights(weights: Sequence[float]) -> None:
    """重みは有限で 0 以上、合計は正。"""
    for weight in weights:
        if not (math.isfinite(weight) and weight >= 0):
            raise ValueError(f"重みは有限の 0 以上の数です（重み {weight}）")
    if weights and not any(weight > 0 for weight in weights):
        raise ValueError("重みがすべて 0 です")


def label_weight_sums(labels: Sequence[L], weights: Sequence[float]) -> dict[L, float]:
    """ラベルごとの重みの合計（Kahan の和）。ラベルは初めて現れた順に並ぶ。"""
    require_same_length(labels, weights, "ラベル", "重み")
    check_weights(weights)
    grouped: dict[L, list[float]] = {}
    for label, weight in zip(labels, weights, strict=True):
        grouped.setdefault(label, []).append(weight)
    return {label: kahan_sum(values) for label, values in grouped.items()}


def gini_of_weights(sums: Sequence[float]) -> float:
    """ラベルごとの重みの合計（足す順に並べたもの）から、重み付きのジニ不純度を求める。"""
    total = kahan_sum(sums)
    if not (math.isfinite(total) and total > 0):  # NaN や 0 で割ると、黙って NaN になる
        raise ValueError(f"重みの合計は有限の正の数です（合計 {total}）")
    return 1.0 - kahan_sum((part / total) * (part / total) for part in sums)


def weighted_gini(labels: Sequence[Hashable], weights: Sequence[float]) -> float:
    """重み付きのジニ不純度 1 − Σ(ラベルの重みの合計 / 重みの総和)²。空なら 0。"""
    sums = label_weight_sums(labels, weights)
    return gini_of_weights(list(sums.values())) if sums else 0.0


def weighted_majority(labels: Sequence[L], weights: Sequence[float]) -> L:
    """重みの合計がいちばん大きいラベル。同じなら先に現れたほう。"""
    sums = label_weight_sums(labels, weights)
    if not sums:
        raise ValueError("ラベルが 1 つもないので、多数決で決められません")
    return max(sums, key=sums.__getitem__)


def class_weights(labels: Sequence[L], class_weight: ClassWeight) -> dict[L, float]:
    """ラベルごとの重み。BALANCED は n / (クラスの数 · そのクラスの件数)。"""
    if not isinstance(class_weight, ClassWeight):
        raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
    counts = Counter(labels)
    if class_weight is ClassWeight.NONE:
        return dict.fromkeys(counts, 1.0)
    return {label: len(labels) / (len(counts) * count) for label, count in counts.items()}


def balanced_weights(labels: Sequence[L]) -> list[float]:
    """行ごとの BALANCED の重み。クラスごとの重みの合計がどれも n / クラスの数になる。"""
    weights = class_weights(labels, ClassWeight.BALANCED)
    return [weights[label] for label in labels]


# --8<-- [end:weights]


# --8<-- [start:weighted-sweep]
def repeated_sums(weight: float, count: int) -> list[float]:
    """同じ重みを 0 個、1 個、…、count 個まで Kahan の和で足した値。

    重みがラベルだけで決まるとき、どの部分でもラベルの重みの合計はこの表から引ける。
    行の順に Kahan の和を取るのと、ビットまで同じ値になる。
    """
    if require_finite(weight, "weight") < 0:
        raise ValueError(f"重み weight は 0 以上です（weight={weight}）")
    if require_count(count, "count") >= sys.maxsize:  # count + 1 個の値はリストに入らない
        raise ValueError(f"count が大きすぎて表を作れません（count={count}）")
    sums = [0.0]
    total = 0.0
    compensation = 0.0
    for _ in range(count):
        corrected = weight - compensation
        next_total = total + corrected
        compensation = (next_total - total) - corrected
        total = next_total
        sums.append(total - compensation)
    return sums


def weighted_boundary_impurities(
    xs: Sequence[float], ys: Sequence[L], weights: Mapping[L, float]
) -> Iterator[tuple[int, float]]:
    """値が変わる境界 i ごとに、(W_L·wgini(左) + W_R·wgini(右)) / W を順に生み出す。

    第 3 章の boundary_impurities と同じく 1 行ずつ右から左へ移し、件数を持ち回る。
    件数を重みの合計に直すところだけが違う。
    """
    n = len(ys)
    counts = Counter(ys)
    table = {label: repeated_sums(weights[label], count) for label, count in counts.items()}
    node_weight = kahan_sum(table[label][count] for label, count in counts.items())
    following = next_positions_of_same_label(ys)
    left: dict[L, int] = {}
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
            left_sums = [table[label][count] for label, count in left.items()]
            right_order = sorted(right, key=first_in_right.__getitem__)
            right_sums = [table[label][right[label]] for label in right_order]
            left_part = kahan_sum(left_sums) * gini_of_weights(left_sums)
            right_part = kahan_sum(right_sums) * gini_of_weights(right_sums)
            yield i, (left_part + right_part) / node_weight


def weighted_best_split(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: Sequence[str],
    weights: Mapping[L, float],
) -> Split | None:
    """第 3 章の find_best_split の重み付き版。列の順に調べ、厳密に小さいときだけ入れ替える。"""
    if weighted_gini(labels, [weights[label] for label in labels]) == 0.0:
        return None
    best: Split | None = None
    for position, column in enumerate(columns):
        values = [row[position] for row in rows]
        order = sorted(range(len(values)), key=values.__getitem__)
        xs = [values[i] for i in order]
        ys = [labels[i] for i in order]
        for i, impurity in weighted_boundary_impurities(xs, ys, weights):
            if best is None or impurity < best.impurity:
                best = Split(column, (xs[i - 1] + xs[i]) / 2, impurity)
    return best


# --8<-- [end:weighted-sweep]


# --8<-- [start:weighted-tree]
def grow_weighted(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: tuple[str, ...],
    weights: Mapping[L, float],
    depth: int | None,
) -> Tree[L]:
    """第 3 章の grow と同じ手順で、不純度と多数決だけを重み付きにして木を育てる。

    第 3 章の grow_with_stack で、再帰せずに育てる（深さ 1,000 を超える木でも止まらない）。
    depth は深さの上限で、第 3 章の check_depth と同じく 0 以上の int か None（制限なし）。
    """
    root: Part[L] = (list(rows), list(labels), check_depth(depth))
    return grow_with_stack(root, lambda part: divide_weighted(part, columns, weights))


def divide_weighted(
    part: Part[L], columns: tuple[str, ...], weights: Mapping[L, float]
) -> Leaf[L] | tuple[Split, Part[L], Part[L]]:
    """第 3 章の divide の重み付き版。多数決の葉にするか、分割と左右の部分に分ける。"""
    rows, labels, depth = part
    row_weights = [weights[label] for label in labels]
    split = None if depth == 0 else weighted_best_split(rows, labels, columns, weights)
    if split is None:
        return Leaf(weighted_majority(labels, row_weights))
    position = columns.index(split.feature)
    goes_left = [row[position] <= split.threshold for row in rows]
    if all(goes_left) or not any(goes_left):
        return Leaf(weighted_majority(labels, row_weights))
    remaining = None if depth is None else depth - 1
    left = (pick(rows, goes_left, True), pick(labels, goes_left, True), remaining)
    right = (pick(rows, goes_left, False), pick(labels, goes_left, False), remaining)
    return split, left, right


Grower: TypeAlias = Callable[
    [Sequence[FeatureRow], Sequence[L], tuple[str, ...], Mapping[L, float], int | None], Tree[L]
]
"""木を育てる関数の型。grow_weighted と同じ引数を取り、同じ木を返すもの（付録 A で差し替える）。"""


class WeightedTreeClassifier(Generic[L]):
    """クラスの重みを付けた決定木。重みの無い（NONE の）木は第 3 章の木と同じになる。"""

    UNLIMITED = None

    def __init__(
        self,
        max_depth: int | None,
        class_weight: ClassWeight = ClassWeight.NONE,
        grow: Grower[L] = grow_weighted,
    ) -> None:
        if not isinstance(class_weight, ClassWeight):
            raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
        if not callable(grow):
            raise TypeError(f"grow は木を育てる関数です（{grow!r}）")
        self._max_depth = check_depth(max_depth)
        self._class_weight = class_weight
        self._grow = grow
        self._tree: Tree[L] | None = None
        self._weights: dict[L, float] = {}

    @property
    def max_depth(self) -> int | None:
        """深さの上限（None なら制限なし）。"""
        return self._max_depth

    @property
    def class_weight(self) -> ClassWeight:
        """クラスの重みの付け方。"""
        return self._class_weight

    @property
    def tree(self) -> Tree[L] | None:
        """学習した木。fit の前は None。"""
        return self._tree

    @property
    def weights(self) -> dict[L, float]:
        """訓練データのラベルから決めた、ラベルごとの重み。"""
        return dict(self._weights)

    def fit(self, x: Sequence[Features], t: Sequence[L]) -> Self:
        """x[0] の列をその順に使い、訓練データのラベルで重みを決めて木を育てる。"""
        require_same_length(x, t, "特徴量", "正解")
        require_no_nan(t, "正解")
        if not x:
            raise ValueError("行が 1 つもないので決定木を学習できません")
        columns = x[0].columns
        self._weights = class_weights(t, self._class_weight)
        rows = feature_rows(x, columns)
        self._tree = self._grow(rows, list(t), columns, self._weights, self._max_depth)
        return self

    def predict(self, x: Sequence[Features]) -> list[L]:
        """行ごとにラベルを予測する。"""
        if self._tree is None:
            raise NotFittedError("predict の前に fit で学習してください")
        tree = self._tree
        return [predict_one(tree, row) for row in x]


# --8<-- [end:weighted-tree]
