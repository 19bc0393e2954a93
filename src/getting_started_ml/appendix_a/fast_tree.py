"""付録 A: 第 8 章の重み付き決定木の分割探索を numpy で速くしたもの。

第 8 章の grow_weighted と同じ木を、ビットまで同じ不純度としきい値で育てる。
列ごとの並べ替えは根で 1 回だけ行い、子には並びを保ったまま行を振り分ける。
境界ごとのラベルの件数は累積和で、重みの合計は第 8 章の repeated_sums の表を引いて求め、
Kahan の和は境界をまとめた配列の上で、第 8 章と同じ順に 1 項ずつ足す。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from getting_started_ml.chapter03 import Leaf, Node, Split, Tree
from getting_started_ml.chapter08 import (
    FeatureRow,
    gini_of_weights,
    repeated_sums,
    weighted_majority,
)
from getting_started_ml.numeric import require_same_length

L = TypeVar("L", bound=Hashable)
T = TypeVar("T", bound=np.generic)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
SmallInts = npt.NDArray[np.int32]
Labels = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]


# --8<-- [start:kahan]
def kahan_columns(values: Floats, present: Bools) -> Floats:
    """行ごとに、最後の軸の値を左から Kahan の和で足す。present が偽の項は足さない。

    numeric.kahan_sum と同じ 4 つの演算を、行をまとめた配列の上で 1 項ずつ行う。
    無い項を 0.0 として足すと補正の値が変わりうるので、足さずに飛ばす。
    """
    total = np.zeros(values.shape[:-1])
    compensation = np.zeros(values.shape[:-1])
    for k in range(values.shape[-1]):
        corrected = values[..., k] - compensation
        next_total = total + corrected
        next_compensation = (next_total - total) - corrected
        keep = present[..., k]
        total = np.where(keep, next_total, total)
        compensation = np.where(keep, next_compensation, compensation)
    result: Floats = total - compensation
    return result


def weighted_part(sums: Floats, present: Bools) -> Floats:
    """W · wgini。第 8 章の kahan_sum(sums) * gini_of_weights(sums) を境界ごとに。"""
    total = kahan_columns(sums, present)
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = sums / total[..., np.newaxis]
    squares = kahan_columns(shares * shares, present)
    result: Floats = total * (1.0 - squares)
    return result


# --8<-- [end:kahan]


# --8<-- [start:search]
@dataclass(frozen=True)
class Encoded:
    """numpy で扱う形にした訓練データ。ラベルは初めて現れた順の番号 0, 1, … にする。"""

    values: Floats  # 列 × 行（列ごとの値が連続して並ぶ）
    codes: Ints  # 行ごとのラベルの番号
    tables: tuple[Floats, ...]  # 番号ごとの repeated_sums の表（0 個から全件まで）


@dataclass(frozen=True)
class SortedNode:
    """節の行を、列ごとに値の小さい順（同じ値なら元の行の順）に並べたもの。どれも列 × 節の行。"""

    features: Ints  # 各行（配列の 1 段目）が何番目の列か。値が 1 種類になった列は除く
    order: SmallInts  # 元の行の番号
    xs: Floats  # その行の値
    ys: Labels  # その行のラベルの番号

    def divide(self, goes_left: Bools) -> tuple[SortedNode, SortedNode]:
        """goes_left（元の行の番号で引く真偽）で左右に分ける。どちらも並びを保つ。"""
        mask = goes_left[self.order]
        return self.keep(mask), self.keep(~mask)

    def keep(self, mask: Bools) -> SortedNode:
        """mask（order と同じ形）が真の行だけを残す。

        値が 1 種類しかない列は、この節より下で境界を持たないので落とす（ダミー変数に多い）。
        """
        n_columns = self.order.shape[0]
        xs = self.xs[mask].reshape(n_columns, -1)
        varying = xs[:, 0] != xs[:, -1]
        return SortedNode(
            self.features[varying],
            self.order[mask].reshape(n_columns, -1)[varying],
            xs[varying],
            self.ys[mask].reshape(n_columns, -1)[varying],
        )


def best_split_sorted(node: SortedNode, columns: Sequence[str], encoded: Encoded) -> Split | None:
    """並べた節から最良の分割を探す。

    第 8 章の weighted_best_split と同じく、列の順、境界の小さい順に見て、
    不純度が厳密に小さいときだけ入れ替える。つまり走査の順で最初の最小値が勝つ。
    """
    xs = node.xs
    column, before = np.nonzero(xs[:, 1:] != xs[:, :-1])
    if column.size == 0:
        return None
    boundary = before + 1
    sides = side_sums(node.ys, column, boundary, encoded.tables)
    left_part = weighted_part(sides.left, sides.left_present)
    right_part = weighted_part(sides.right, sides.right_present)
    impurities = (left_part + right_part) / sides.node_weight[column]
    best = int(np.argmin(impurities))
    j, i = int(column[best]), int(boundary[best])
    threshold = (float(xs[j, i - 1]) + float(xs[j, i])) / 2
    return Split(columns[int(node.features[j])], threshold, float(impurities[best]))


@dataclass(frozen=True)
class SideSums:
    """境界ごとの左右のラベルの重みの合計（第 8 章が足す順に並べたもの）と、節全体の重み。"""

    left: Floats
    left_present: Bools
    right: Floats
    right_present: Bools
    node_weight: Floats  # 列ごと


def side_sums(ys: Labels, column: Ints, boundary: Ints, tables: Sequence[Floats]) -> SideSums:
    """境界 boundary（列 column の並びで、左が boundary 個）ごとの重みの合計を求める。

    左は、その列の並びでラベルが初めて現れた順（節全体の重みも同じ順に足す）。
    右は、右側で初めて現れた順。ラベルごとに、右側で最初に現れる位置で並べて決める。
    """
    n_columns, n = ys.shape
    n_labels = len(tables)
    left_counts = np.empty((boundary.size, n_labels), dtype=np.intp)
    right_first = np.full((boundary.size, n_labels), n, dtype=np.intp)
    first_seen = np.full((n_columns, n_labels), n, dtype=np.intp)
    totals = np.zeros(n_labels, dtype=np.intp)
    offsets = column * n
    for label in range(n_labels):
        at = np.nonzero(ys == label)[1].reshape(n_columns, -1)  # 列ごとの、そのラベルの位置
        totals[label] = at.shape[1]
        if totals[label] == 0:
            left_counts[:, label] = 0
            continue
        flat = (at + (np.arange(n_columns) * n)[:, np.newaxis]).ravel()
        left_counts[:, label] = np.searchsorted(flat, offsets + boundary) - column * totals[label]
        first_seen[:, label] = at[:, 0]
        remains = left_counts[:, label] < totals[label]
        right_first[remains, label] = at[column[remains], left_counts[remains, label]]
    right_counts = totals - left_counts
    node_counts = np.broadcast_to(totals, (n_columns, n_labels))
    left_order = np.argsort(first_seen, axis=1, kind="stable")
    right_order = np.argsort(right_first, axis=1, kind="stable")
    left_of_boundary = left_order[column]
    return SideSums(
        in_order(pick_weights(tables, left_counts), left_of_boundary),
        in_order(left_counts > 0, left_of_boundary),
        in_order(pick_weights(tables, right_counts), right_order),
        in_order(right_counts > 0, right_order),
        kahan_columns(
            in_order(pick_weights(tables, node_counts), left_order),
            in_order(node_counts > 0, left_order),
        ),
    )


def pick_weights(tables: Sequence[Floats], counts: Ints) -> Floats:
    """件数を、ラベルごとの repeated_sums の表で重みの合計に直す。"""
    return np.stack([tables[k][counts[..., k]] for k in range(len(tables))], axis=-1)


def in_order(values: npt.NDArray[T], order: Ints) -> npt.NDArray[T]:
    """行ごとに、order の順に並べ替える（np.take_along_axis と同じ。1 次元に直して引く）。"""
    n_rows, width = values.shape
    flat = order + (np.arange(n_rows) * width)[:, np.newaxis]
    result: npt.NDArray[T] = values.ravel()[flat]
    return result


# --8<-- [end:search]


# --8<-- [start:grow]
def encode(
    values: Floats, labels: Sequence[L], weights: Mapping[L, float]
) -> tuple[Encoded, list[L]]:
    """行 × 列の配列を列 × 行に、ラベルを初めて現れた順の番号にする。"""
    known = list(dict.fromkeys(labels))
    number = {label: k for k, label in enumerate(known)}
    codes = np.array([number[label] for label in labels], dtype=np.intp)
    counts = np.bincount(codes, minlength=len(known))
    tables = tuple(
        np.array(repeated_sums(weights[label], int(counts[k]))) for k, label in enumerate(known)
    )
    return Encoded(values.T.copy(), codes, tables), known


def grow_weighted_numpy(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: tuple[str, ...],
    weights: Mapping[L, float],
    depth: int | None,
) -> Tree[L]:
    """第 8 章の grow_weighted と同じ木を育てる。分割探索だけを numpy で行う。

    列ごとの並べ替えは根で 1 回だけ。安定な並べ替えなので、同じ値は元の行の順に並ぶ。
    """
    values = check_training_data(rows, labels, columns, weights)
    encoded, known = encode(values, labels, weights)
    order = np.argsort(encoded.values, axis=1, kind="stable").astype(np.int32)
    ys = encoded.codes.astype(np.int32)[order]  # 8 ビットでは 128 種類目から番号が回る
    features = np.arange(len(columns))
    node = SortedNode(features, order, np.take_along_axis(encoded.values, order, 1), ys)
    return grow_sorted(encoded, known, columns, np.arange(len(labels)), node=node, depth=depth)


def check_training_data(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: Sequence[str],
    weights: Mapping[L, float],
) -> Floats:
    """件数、列の数、有限の値、ラベルごとの正の重みを確かめ、行 × 列の配列を返す。

    numpy の奥で分かりにくく失敗させず、入口で何が悪いかを書いて止める。
    """
    require_same_length(rows, labels, "特徴量", "正解")
    if not rows:
        raise ValueError("行が 1 つもないので決定木を学習できません")
    values = check_rows(rows, columns)
    for label in dict.fromkeys(labels):
        weight = weights.get(label)
        if not isinstance(weight, float | int) or not (math.isfinite(weight) and weight > 0):
            raise ValueError(f"ラベル {label!r} の重みは有限の正の数です（重み {weight!r}）")
    return values


def check_rows(rows: Sequence[FeatureRow], columns: Sequence[str]) -> Floats:
    """どの行も列の数だけ有限の値を持つことを確かめ、行 × 列の配列にする。"""
    for number, row in enumerate(rows, 1):
        if len(row) != len(columns):
            raise ValueError(f"{number} 行目の値の数 {len(row)} が列の数 {len(columns)} と違います")
    values = np.array(rows, dtype=np.float64).reshape(len(rows), len(columns))
    finite = np.isfinite(values).all(axis=1)
    if not finite.all():
        number = int(np.argmin(finite)) + 1
        raise ValueError(f"{number} 行目に有限でない値があります（列 {', '.join(columns)}）")
    return values


def grow_sorted(
    encoded: Encoded,
    known: list[L],
    columns: tuple[str, ...],
    members: Ints,
    *,
    node: SortedNode | None,
    depth: int | None,
) -> Tree[L]:
    """members（節の行、元の順）と、その並べた形 node から、第 8 章と同じ手順で木を育てる。

    深さが残っていない節は分けないので、並べた形を作らずに None を渡す。
    """
    codes = encoded.codes[members]
    split = None
    if node is not None and depth != 0 and not is_pure(encoded, codes, len(known)):
        split = best_split_sorted(node, columns, encoded)
    if split is None:
        return Leaf(known[majority_code(encoded, codes, len(known))])
    position = columns.index(split.feature)
    goes_left = encoded.values[position, members] <= split.threshold
    if goes_left.all() or not goes_left.any():
        return Leaf(known[majority_code(encoded, codes, len(known))])
    chosen = np.zeros(encoded.codes.size, dtype=np.bool_)
    chosen[members[goes_left]] = True
    remaining = None if depth is None else depth - 1
    assert node is not None  # 分割が見つかったのは、並べた形があったときだけ
    left, right = (None, None) if remaining == 0 else node.divide(chosen)
    return Node(
        split,
        grow_sorted(encoded, known, columns, members[goes_left], node=left, depth=remaining),
        grow_sorted(encoded, known, columns, members[~goes_left], node=right, depth=remaining),
    )


def label_sums(encoded: Encoded, codes: Ints, n_labels: int) -> list[tuple[int, float]]:
    """節のラベルの番号と重みの合計を、節で初めて現れた順に並べる。

    第 8 章の label_weight_sums と同じ順。重みは repeated_sums の表から引く
    （行の順に Kahan の和を取るのとビットまで同じ値になる）。
    """
    counts = np.bincount(codes, minlength=n_labels)
    present = [k for k in range(n_labels) if counts[k] > 0]
    first = {k: int(np.argmax(codes == k)) for k in present}
    return [
        (k, float(encoded.tables[k][counts[k]])) for k in sorted(present, key=first.__getitem__)
    ]


def is_pure(encoded: Encoded, codes: Ints, n_labels: int) -> bool:
    """重み付きのジニ不純度が 0 か。第 8 章と同じ足し算で確かめる。"""
    sums = [value for _, value in label_sums(encoded, codes, n_labels)]
    return gini_of_weights(sums) == 0.0


def majority_code(encoded: Encoded, codes: Ints, n_labels: int) -> int:
    """重みの合計がいちばん大きいラベルの番号。同じなら節で先に現れたほう。"""
    sums = label_sums(encoded, codes, n_labels)
    best_code, best_sum = sums[0]
    for code, value in sums[1:]:
        if value > best_sum:
            best_code, best_sum = code, value
    return best_code


# --8<-- [end:grow]


# --8<-- [start:predict]
def predict_rows(tree: Tree[L], rows: Sequence[FeatureRow], columns: Sequence[str]) -> list[L]:
    """第 3 章の predict_one と同じ道筋（境界と等しければ左）を、行をまとめて numpy でたどる。"""
    values = check_rows(rows, columns)
    positions = {column: position for position, column in enumerate(columns)}
    absent = sorted(set(features_of(tree)) - set(positions))
    if absent:
        raise ValueError(f"木が使う列 {', '.join(absent)} が columns にありません")
    reached: list[Leaf[L] | None] = [None] * len(rows)
    pending: list[tuple[Tree[L], Ints]] = [(tree, np.arange(len(rows)))]
    while pending:
        node, members = pending.pop()
        if isinstance(node, Leaf):
            for member in members.tolist():
                reached[member] = node
            continue
        goes_left = values[members, positions[node.split.feature]] <= node.split.threshold
        pending += [(node.left, members[goes_left]), (node.right, members[~goes_left])]
    return [leaf.label for leaf in reached if leaf is not None]


# --8<-- [start:truncate]
def truncate(
    tree: Tree[L],
    depth: int,
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    *,
    columns: Sequence[str],
    weights: Mapping[L, float],
) -> Tree[L]:
    """深く育てた木を depth で切り詰め、深さ depth で育てた木と同じ木にする。

    節の分割は深さの上限によらないので、上限の深さにある節を、そこに来た訓練データの行の
    重み付きの多数決の葉に置き換えればよい（第 8 章の grow_weighted が depth == 0 でする事）。
    """
    require_same_length(rows, labels, "特徴量", "正解")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"切り詰める深さ depth は 0 以上の int です（{depth!r}）")
    values = check_rows(rows, columns)
    positions = {column: position for position, column in enumerate(columns)}

    def cut(node: Tree[L], members: Ints, remaining: int) -> Tree[L]:
        if isinstance(node, Leaf):
            return node
        if remaining == 0:
            reached = [labels[i] for i in members.tolist()]
            return Leaf(weighted_majority(reached, [weights[label] for label in reached]))
        goes_left = values[members, positions[node.split.feature]] <= node.split.threshold
        return Node(
            node.split,
            cut(node.left, members[goes_left], remaining - 1),
            cut(node.right, members[~goes_left], remaining - 1),
        )

    return cut(tree, np.arange(len(rows)), depth)


# --8<-- [end:truncate]


def features_of(tree: Tree[L]) -> list[str]:
    """木の節が使う列の名前（重なりあり）。"""
    if isinstance(tree, Leaf):
        return []
    return [tree.split.feature, *features_of(tree.left), *features_of(tree.right)]


# --8<-- [end:predict]
