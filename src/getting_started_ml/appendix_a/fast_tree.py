# --8<-- [start:header]
"""付録 A: 第 8 章の重み付き決定木の分割探索を numpy で速くしたもの。

第 8 章の grow_weighted と同じ木を、ビットまで同じ不純度としきい値で育てる。
同じ深さの節はまとめて 1 回で調べ、再帰せずに深さごとに育てる（1 000 段の木でも育つ）。
値が 3 つ以上の列は根で 1 回だけ並べ替え、子には並びを保ったまま行を振り分ける。
値が 2 つ以下の列（ダミー変数など）は並べず、節とラベルごとの件数と最初の行から同じ値を求める。
境界ごとのラベルの件数は累積和で、重みの合計は第 8 章の repeated_sums の表を引いて求め、
Kahan の和は境界をまとめた配列の上で、第 8 章と同じ順に 1 項ずつ足す。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

import numpy as np
import numpy.typing as npt

from getting_started_ml.chapter03 import FeatureRow, Leaf, Node, Split, Tree, check_depth
from getting_started_ml.chapter08 import repeated_sums
from getting_started_ml.checks import require_count, require_same_length

L = TypeVar("L", bound=Hashable)
T = TypeVar("T", bound=np.generic)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]
Codes = npt.NDArray[np.int32]  # ラベルの番号や件数（列 × 行の大きさの配列を小さく保つ）
Rows: TypeAlias = Sequence[FeatureRow] | Floats  # 数の行か、行 × 列の配列
# --8<-- [end:header]


# --8<-- [start:kahan]
def kahan_columns(values: Floats, present: Bools) -> Floats:
    """行ごとに、最後の軸の値を左から Kahan の和で足す。present が偽の項は足さない。

    numeric.kahan_sum と同じ 4 つの演算を、行をまとめた配列の上で 1 項ずつ行う。
    無い項を 0.0 として足すと補正の値が変わりうるので、足さずに飛ばす。
    """
    _require_arrays(values=values, present=present)
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
    _require_arrays(sums=sums, present=present)
    total = kahan_columns(sums, present)
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = sums / total[..., np.newaxis]
    squares = kahan_columns(shares * shares, present)
    result: Floats = total * (1.0 - squares)
    return result


# --8<-- [end:kahan]


# --8<-- [start:checks]
def _require_arrays(**arrays: object) -> None:
    """numpy の配列を受け取る部品の入口。配列でなければ、引数の名前を書いた TypeError にする。"""
    for name, value in arrays.items():
        if not isinstance(value, np.ndarray):
            raise TypeError(f"{name} は numpy の配列です（{type(value).__name__}）")


def _require_type(value: object, kind: type | tuple[type, ...], name: str) -> None:
    """部品の入口。型が違えば、引数の名前と期待する型を書いた TypeError にする。"""
    if not isinstance(value, kind):
        names = [kind.__name__] if isinstance(kind, type) else [k.__name__ for k in kind]
        raise TypeError(f"{name} は {' か '.join(names)} です（{type(value).__name__}）")


# --8<-- [end:checks]


# --8<-- [start:search]
@dataclass(frozen=True)
class Encoded:
    """numpy で扱う形にした訓練データ。ラベルは初めて現れた順の番号 0, 1, … にする。"""

    values: Floats  # 列 × 行（列ごとの値が連続して並ぶ）
    codes: Codes  # 行ごとのラベルの番号
    tables: tuple[Floats, ...]  # 番号ごとの repeated_sums の表（0 個から全件まで）
    sorted_columns: Ints  # 値が 3 つ以上あり、並べて調べる列の番号
    sorted_values: Floats  # その列の値（列 × 行）
    two_valued: TwoValued  # 値が 2 つ以下の列


@dataclass(frozen=True)
class TwoValued:
    """値が 2 つ以下の列（0 か 1 のダミー変数など）。

    安定に並べた節の行は「小さい値の行が元の順に、続いて大きい値の行が元の順に」と決まり、
    境界は節ごとに高々 1 つ。だから並べなくても、節とラベルごとの件数と最初の行から、
    並べたときと同じ件数と順が求まる。
    """

    columns: Ints  # 元の列の番号
    low: Floats  # 列ごとの小さい値
    high: Floats  # 列ごとの大きい値（値が 1 つなら low と同じ）
    is_high: Bools  # 列 × 行: 大きい値の行か

    @classmethod
    def of(cls, values: Floats) -> TwoValued:
        """列 × 行の配列から、値が 2 つ以下の列を選ぶ（値が 1 つの列も入れる。境界は無い）。"""
        _require_arrays(values=values)
        low, high = values.min(axis=1), values.max(axis=1)
        is_high = values == high[:, np.newaxis]
        two = (is_high | (values == low[:, np.newaxis])).all(axis=1)
        return cls(np.flatnonzero(two), low[two], high[two], is_high[two])


@dataclass(frozen=True)
class Level:
    """同じ深さの節をまとめたもの。分割を探す節（searched）の行を、値が 3 つ以上の列ごとに並べる。

    どの列でも、searched[i] の節の行は区間 starts[i]:starts[i+1] を占め、区間の中では値の小さい順
    （同じ値なら元の行の順）に並ぶ。根で 1 回並べ替えれば、あとは並びを保って振り分けるだけでよい。
    純粋な節や深さの残っていない節は葉になるだけなので、並べない。
    """

    order: Ints  # 列 × 位置: そこに並ぶ元の行の番号
    starts: Ints  # 区間の始まりと、最後の終わり
    searched: Ints  # 区間ごとの節の番号
    node_of_row: Ints  # 元の行ごとの節の番号（この深さの節に無い行は -1）
    sums: NodeSums  # 節ごとのラベルの件数と重み

    @property
    def n_nodes(self) -> int:
        return int(self.sums.counts.shape[0])

    def segment_of_position(self) -> Ints:
        """位置ごとの区間の番号（どの列でも同じ）。"""
        return np.repeat(np.arange(self.searched.size), np.diff(self.starts))


@dataclass(frozen=True)
class Buffers:
    """深さが変わっても使い回す、列 × 行の大きさの作業用の配列。

    列 × 行の大きさの配列を深さごとに確保し直すと、OS がそのたびにメモリのページを
    用意し直し（ページフォールト）、その時間が計算そのものに近くなる。1 次元で確保しておき、
    いまの幅の分だけを列 × 幅に見立てて使う。
    """

    n_columns: int
    values: Floats  # 並べた値
    codes: Codes  # 並べたラベルの番号
    running: Codes  # 累積和（1 つ長い）
    orders: tuple[Ints, Ints]  # いまの深さと次の深さの並び（交互に使う）

    @property
    def picked(self) -> Ints:
        """片側に行く行の置き場。分割を探し終えたあとは並べた値が要らないので、その配列を使う。"""
        result: Ints = self.values.view(np.intp)
        return result

    @classmethod
    def around(cls, order: Ints) -> Buffers:
        """根の並び order（列 × 行）をそのまま 1 つ目の並びにして、残りを確保する。"""
        size = order.size
        return cls(
            order.shape[0],
            np.empty(size),
            np.empty(size, dtype=np.int32),
            np.empty(size + 1, dtype=np.int32),
            (order.reshape(-1), np.empty(size, dtype=np.intp)),
        )

    def matrix(self, buffer: npt.NDArray[T], width: int) -> npt.NDArray[T]:
        """buffer の先頭を、列 × width の配列として見る（コピーしない）。"""
        return buffer[: self.n_columns * width].reshape(self.n_columns, width)


@dataclass(frozen=True)
class Boundaries:
    """値が変わる境界（探す節の中だけ）。走査の順（列の順、位置の順）に並ぶ。"""

    node: Ints  # 境界のある節
    column: Ints  # 境界のある列（Level.order の行の番号）
    flat: Ints  # 境界の右側の最初の位置（列 × 位置を 1 次元にした番号）
    lower: Ints  # その列での節の区間の始まり（同じく 1 次元の番号）
    upper: Ints  # 節の区間の終わり


@dataclass(frozen=True)
class Candidates:
    """分割の候補の境界と、左右の重みを足すのに要る件数と順。走査の順に並ぶ。"""

    node: Ints  # 境界のある節
    feature: Ints  # 境界のある列（元の列の番号）
    threshold: Floats  # 境界の左右の値の中点
    left_counts: Ints  # 境界 × ラベルの番号: 左側の件数
    left_order: Ints  # 節全体（左側も同じ）でラベルが初めて現れた順
    right_order: Ints  # 右側でラベルが初めて現れた順


@dataclass(frozen=True)
class BestSplits:
    """節ごとの最良の分割。分割の無い節は found が偽。"""

    found: Bools
    feature: Ints
    threshold: Floats
    impurity: Floats


def find_boundaries(xs: Floats, level: Level) -> Boundaries:
    """並べた節の、列ごとに値が変わる位置を、列の順・位置の順に求める。"""
    _require_arrays(xs=xs)
    _require_type(level, Level, "level")
    width = xs.shape[1]
    segment = level.segment_of_position()
    inside = segment[1:] == segment[:-1]
    column, before = np.nonzero((xs[:, 1:] != xs[:, :-1]) & inside)
    at = segment[before + 1]
    base = column * width
    return Boundaries(
        level.searched[at],
        column,
        base + before + 1,
        base + level.starts[at],
        base + level.starts[at + 1],
    )


def best_splits(encoded: Encoded, level: Level, buffers: Buffers) -> BestSplits:
    """並べた節ごとに最良の分割を探す。

    第 8 章の weighted_best_split と同じく、列の順、境界の小さい順に見て、
    不純度が厳密に小さいときだけ入れ替える。つまり走査の順で最初の最小値が勝つ。
    値が 3 つ以上の列は並びから、値が 2 つ以下の列は件数から候補を作り、それぞれの勝者を比べる。
    """
    _require_type(encoded, Encoded, "encoded")
    _require_type(level, Level, "level")
    _require_type(buffers, Buffers, "buffers")
    found = np.zeros(level.n_nodes, dtype=np.bool_)
    size = level.n_nodes
    best = BestSplits(found, np.zeros(size, np.intp), np.zeros(size), np.zeros(size))
    if level.searched.size == 0:
        return best
    for candidates in (
        sorted_candidates(encoded, level, buffers),
        two_valued_candidates(encoded, level),
    ):
        impurities = candidate_impurities(candidates, level.sums.counts, encoded.tables)
        chosen = first_minimum(candidates.node, impurities, level.n_nodes)
        nodes, impurity = candidates.node[chosen], impurities[chosen]
        # 第 8 章の走査の順で先に見るほうが勝つ: 不純度が小さいか、同じなら列の番号が小さいほう
        earlier = (impurity < best.impurity[nodes]) | (
            (impurity == best.impurity[nodes]) & (candidates.feature[chosen] < best.feature[nodes])
        )
        wins = ~found[nodes] | earlier
        nodes, chosen = nodes[wins], chosen[wins]
        found[nodes] = True
        best.feature[nodes] = candidates.feature[chosen]
        best.threshold[nodes] = candidates.threshold[chosen]
        best.impurity[nodes] = impurities[chosen]
    return best


def candidate_impurities(candidates: Candidates, counts: Ints, tables: Sequence[Floats]) -> Floats:
    """候補の境界ごとの (W_L·wgini(左) + W_R·wgini(右)) / W。第 8 章と同じ足し算の順で。"""
    sides = side_sums(candidates, counts, tables)
    left_part = weighted_part(sides.left, sides.left_present)
    right_part = weighted_part(sides.right, sides.right_present)
    result: Floats = (left_part + right_part) / sides.node_weight
    return result


def sorted_candidates(encoded: Encoded, level: Level, buffers: Buffers) -> Candidates:
    """値が 3 つ以上の列の候補。並びに沿って値とラベルを引き、境界ごとの件数と順を求める。"""
    _require_type(encoded, Encoded, "encoded")
    _require_type(level, Level, "level")
    _require_type(buffers, Buffers, "buffers")
    width = level.order.shape[1]
    xs = buffers.matrix(buffers.values, width)
    for column, rows in enumerate(level.order):  # 列ごとに引くほうが、1 次元の番号を作るより速い
        encoded.sorted_values[column].take(rows, out=xs[column])
    boundaries = find_boundaries(xs, level)
    ys = buffers.matrix(buffers.codes, width)
    np.take(encoded.codes, level.order, out=ys)
    n_labels = len(encoded.tables)
    if n_labels == 2:
        running = buffers.running[: ys.size + 1]
        counts = two_label_counts(ys.ravel(), boundaries, running)
    else:
        counts = label_counts(ys.ravel(), boundaries, n_labels)
    values = xs.ravel()
    return Candidates(
        boundaries.node,
        encoded.sorted_columns[boundaries.column],
        (values[boundaries.flat - 1] + values[boundaries.flat]) / 2,
        *counts,
    )


def two_valued_candidates(encoded: Encoded, level: Level) -> Candidates:
    """値が 2 つ以下の列の候補（節ごとに高々 1 つ）を、並べずに求める。

    探す節の行を、節とラベルの組ごとに元の順のまま集め、列ごとに、大きい値の行の件数と、
    大きい値・小さい値それぞれの最初の行を求める。並べた節の中では小さい値の行が先に並ぶので、
    節全体で初めて現れた順は、小さい値の最初の行、無ければ大きい値の最初の行の順になる。
    """
    _require_type(encoded, Encoded, "encoded")
    _require_type(level, Level, "level")
    two = encoded.two_valued
    n_rows, n_labels, n_searched = encoded.codes.size, len(encoded.tables), level.searched.size
    slot = np.full(level.n_nodes + 1, -1, dtype=np.intp)  # 最後の -1 は、どの節にも無い行の分
    slot[level.searched] = np.arange(n_searched)
    rows = np.flatnonzero(slot[level.node_of_row] >= 0)
    group = slot[level.node_of_row[rows]] * n_labels + encoded.codes[rows]
    if n_searched * n_labels <= np.iinfo(np.int16).max:
        group = group.astype(np.int16)  # 16 ビットの整数の安定な並べ替えは、速い基数ソートになる
    by_group = np.argsort(group, kind="stable")
    rows, group = rows[by_group], group[by_group]
    bounds = np.searchsorted(group, np.arange(n_searched * n_labels + 1))  # 組ごとの区間
    high = two.is_high[:, rows]  # 列 × 集めた行
    high_counts, first_high, first_low = count_and_first(high, bounds, rows, n_rows)
    cube = (two.columns.size, n_searched, n_labels)  # 列 × 探す節 × ラベル
    high_counts, first_high, first_low = (
        a.reshape(cube) for a in (high_counts, first_high, first_low)
    )
    low_counts = level.sums.counts[level.searched] - high_counts
    column, at = np.nonzero((high_counts.sum(axis=2) > 0) & (low_counts.sum(axis=2) > 0))
    in_node = np.where(first_low < n_rows, first_low, n_rows + first_high)[column, at]
    return Candidates(
        level.searched[at],
        two.columns[column],
        ((two.low + two.high) / 2)[column],
        low_counts[column, at],
        np.argsort(in_node, axis=1, kind="stable"),
        np.argsort(first_high[column, at], axis=1, kind="stable"),
    )


def count_and_first(
    flags: Bools, bounds: Ints, rows: Ints, missing: int
) -> tuple[Ints, Ints, Ints]:
    """列 × 位置の flags の、列ごと・区間 bounds[g]:bounds[g+1] ごとの真の件数、最初の真と偽の行。

    真の位置を 1 次元の番号にして二分探索する（label_counts と同じ考え）。最初の偽は、区間の頭から
    続く真の数 t を数えて、区間の t 番目。真が続く間は「位置 − 真の中での番号」が変わらないので、
    t もその値の二分探索で数えられる。無ければ行は missing。
    """
    _require_arrays(flags=flags, bounds=bounds, rows=rows)
    width = flags.shape[1]
    at = np.flatnonzero(flags)  # 真の位置（列 × 位置を 1 次元にした番号）の小さい順
    base = np.arange(flags.shape[0])[:, np.newaxis] * width
    lower, upper = base + bounds[:-1], base + bounds[1:]
    first = np.searchsorted(at, lower)
    counts: Ints = np.searchsorted(at, upper) - first
    true_rows = np.full(counts.shape, missing, dtype=np.intp)
    found = counts > 0
    true_rows[found] = rows[at[first[found]] % width]
    leading = np.zeros(counts.shape, dtype=np.intp)  # 区間の頭から続く真の数
    heads = found.copy()
    heads[found] = at[first[found]] == lower[found]
    shifted = at - np.arange(at.size)
    run = np.searchsorted(shifted, shifted[first[heads]], side="right")
    leading[heads] = run - first[heads]
    false_at = lower + leading
    false_rows = np.full(counts.shape, missing, dtype=np.intp)
    inside = false_at < upper
    false_rows[inside] = rows[false_at[inside] % width]
    return counts, true_rows, false_rows


def first_minimum(node: Ints, impurities: Floats, n_nodes: int) -> Ints:
    """節ごとに、走査の順で最初に現れる最小の不純度の境界の番号（境界のある節だけ、節の順）。"""
    _require_arrays(node=node, impurities=impurities)
    lowest = np.full(n_nodes, np.inf)
    np.minimum.at(lowest, node, impurities)
    candidates = np.flatnonzero(impurities == lowest[node])
    first = np.full(n_nodes, node.size)
    np.minimum.at(first, node[candidates], candidates)
    result: Ints = first[first < node.size]
    return result


@dataclass(frozen=True)
class SideSums:
    """境界ごとの左右のラベルの重みの合計（第 8 章が足す順に並べたもの）と、節全体の重み。"""

    left: Floats
    left_present: Bools
    right: Floats
    right_present: Bools
    node_weight: Floats


def side_sums(candidates: Candidates, counts: Ints, tables: Sequence[Floats]) -> SideSums:
    """候補の境界ごとの左右の重みの合計を求める。counts は節ごとのラベルの件数。

    左と節全体は、その列の並びで節の中にラベルが初めて現れた順。右は、右側で初めて現れた順。
    """
    _require_type(candidates, Candidates, "candidates")
    _require_arrays(counts=counts)
    node_counts = counts[candidates.node]
    right_counts = node_counts - candidates.left_counts
    left, left_present = weights_in_order(tables, candidates.left_counts, candidates.left_order)
    right, right_present = weights_in_order(tables, right_counts, candidates.right_order)
    node, node_present = weights_in_order(tables, node_counts, candidates.left_order)
    return SideSums(left, left_present, right, right_present, kahan_columns(node, node_present))


def weights_in_order(tables: Sequence[Floats], counts: Ints, order: Ints) -> tuple[Floats, Bools]:
    """ラベルごとの件数を order の順に並べ、repeated_sums の表で重みの合計に直す。件数 0 は偽。

    ラベルごとの表を 1 つにつなぎ、ラベルの表の始まりに件数を足した番号で 1 回で引く。
    """
    _require_arrays(counts=counts, order=order)
    table = np.concatenate(tables)
    start = np.cumsum([0, *(len(part) for part in tables[:-1])])
    ordered = in_order(counts, order)
    return table[start[order] + ordered], ordered > 0


def label_counts(ys: Codes, boundaries: Boundaries, n_labels: int) -> tuple[Ints, Ints, Ints]:
    """境界ごとの左側のラベルの件数と、左（節全体）と右でラベルが初めて現れた順。

    ラベルごとに、そのラベルのある位置を二分探索して、件数と最初の位置を求める。
    """
    _require_arrays(ys=ys)
    _require_type(boundaries, Boundaries, "boundaries")
    shape = (boundaries.flat.size, n_labels)
    left_counts = np.empty(shape, dtype=np.intp)
    first_seen = np.empty(shape, dtype=np.intp)
    right_first = np.empty(shape, dtype=np.intp)
    for label in range(n_labels):
        at = np.append(np.flatnonzero(ys == label), ys.size)  # 番兵: どの区間よりも後ろ
        start = np.searchsorted(at, boundaries.lower)
        split = np.searchsorted(at, boundaries.flat)
        left_counts[:, label] = split - start
        first_seen[:, label] = np.where(at[start] < boundaries.upper, at[start], ys.size)
        right_first[:, label] = np.where(at[split] < boundaries.upper, at[split], ys.size)
    left_order = np.argsort(first_seen, axis=1, kind="stable")
    right_order = np.argsort(right_first, axis=1, kind="stable")
    return left_counts, left_order, right_order


def two_label_counts(ys: Codes, boundaries: Boundaries, ones: Codes) -> tuple[Ints, Ints, Ints]:
    """label_counts の、ラベルが 2 種類（番号 0 と 1）のときの近道。

    番号 1 の件数は累積和の差で求まる。初めて現れた順は、節の区間の最初の行のラベル、
    右側なら境界の右の最初の行のラベルが先になる。
    """
    _require_arrays(ys=ys, ones=ones)
    _require_type(boundaries, Boundaries, "boundaries")
    ones[0] = 0
    np.cumsum(ys, out=ones[1:])  # ones[i] は位置 i より前の番号 1 の件数
    left_ones = ones[boundaries.flat] - ones[boundaries.lower]
    left_counts = np.stack([boundaries.flat - boundaries.lower - left_ones, left_ones], axis=1)
    left_first = ys[boundaries.lower]
    right_first = ys[boundaries.flat]
    return (
        left_counts,
        np.stack([left_first, 1 - left_first], axis=1),
        np.stack([right_first, 1 - right_first], axis=1),
    )


def pick_weights(tables: Sequence[Floats], counts: Ints) -> Floats:
    """件数を、ラベルごとの repeated_sums の表で重みの合計に直す。"""
    return np.stack([tables[k][counts[..., k]] for k in range(len(tables))], axis=-1)


def in_order(values: npt.NDArray[T], order: Ints) -> npt.NDArray[T]:
    """行ごとに、order の順に並べ替える（np.take_along_axis と同じ。行の番号と組にして引く）。"""
    _require_arrays(values=values, order=order)
    result: npt.NDArray[T] = values[np.arange(values.shape[0])[:, np.newaxis], order]
    return result


# --8<-- [end:search]


# --8<-- [start:grow]
def encode(
    values: Floats, labels: Sequence[L], weights: Mapping[L, float]
) -> tuple[Encoded, list[L]]:
    """行 × 列の配列を列 × 行に、ラベルを初めて現れた順の番号にし、値が 2 つ以下の列を分ける。"""
    _require_arrays(values=values)
    known = list(dict.fromkeys(labels))
    number = {label: k for k, label in enumerate(known)}
    codes = np.array([number[label] for label in labels], dtype=np.int32)
    counts = np.bincount(codes, minlength=len(known))
    tables = tuple(
        np.array(repeated_sums(weights[label], int(counts[k]))) for k, label in enumerate(known)
    )
    by_column = values.T.copy()
    two_valued = TwoValued.of(by_column)
    sorted_columns = np.setdiff1d(np.arange(by_column.shape[0]), two_valued.columns)
    encoded = Encoded(
        by_column, codes, tables, sorted_columns, by_column[sorted_columns], two_valued
    )
    return encoded, known


def grow_weighted_numpy(
    rows: Rows,
    labels: Sequence[L],
    columns: tuple[str, ...],
    weights: Mapping[L, float],
    depth: int | None,
) -> Tree[L]:
    """第 8 章の grow_weighted と同じ木を、深さごとに節をまとめて育てる。

    再帰せず、1 つの深さのすべての節の分割を numpy の 1 回の流れで探す。
    列ごとの並べ替えは根で 1 回だけ。安定な並べ替えなので、同じ値は元の行の順に並ぶ。
    """
    values = check_training_data(rows, labels, columns, weights)
    limit = check_depth(depth)
    encoded, known = encode(values, labels, weights)
    root, buffers = root_level(encoded, may_split=limit != 0)
    level: Level | None = root
    parts = TreeParts(columns, known)
    while level is not None:
        level = grow_level(encoded, level, parts, buffers, limit=limit)
    return parts.assemble()


def root_level(encoded: Encoded, *, may_split: bool) -> tuple[Level, Buffers]:
    """根だけの深さ。分割を探すなら、値が 3 つ以上の列ごとに安定に並べ替える（ここで 1 回だけ）。"""
    _require_type(encoded, Encoded, "encoded")
    n_columns, n_rows = encoded.sorted_values.shape
    node_of_row = np.zeros(n_rows, dtype=np.intp)
    sums = NodeSums.of(encoded, node_of_row, 1)
    searched = np.flatnonzero(sums.impure() & may_split)
    if searched.size:
        order = np.argsort(encoded.sorted_values, axis=1, kind="stable")
    else:
        order = np.empty((n_columns, 0), dtype=np.intp)
    level = Level(order, np.array([0, order.shape[1]]), searched, node_of_row, sums)
    return level, Buffers.around(order)


def grow_level(
    encoded: Encoded, level: Level, parts: TreeParts[L], buffers: Buffers, *, limit: int | None
) -> Level | None:
    """1 つの深さの節をすべて、葉か分割にする。分割した節の子の深さを返す（無ければ None）。

    節ごとの手順は第 8 章の grow_weighted と同じ: 深さが残っていて純粋でなければ最良の分割を探し、
    見つからないか、行がすべて片側に寄るなら、重み付きの多数決の葉にする。
    """
    _require_type(encoded, Encoded, "encoded")
    _require_type(level, Level, "level")
    _require_type(parts, TreeParts, "parts")
    _require_type(buffers, Buffers, "buffers")
    best = best_splits(encoded, level, buffers)
    rows = np.flatnonzero(level.node_of_row >= 0)
    node = level.node_of_row[rows]
    goes_left = encoded.values[best.feature[node], rows] <= best.threshold[node]
    left_sizes = np.bincount(node[goes_left], minlength=level.n_nodes)
    sizes = level.sums.counts.sum(axis=1)
    divided = best.found & (left_sizes > 0) & (left_sizes < sizes)
    parts.add_level(divided, best, level.sums.majority())
    if not divided.any():
        return None
    child_base = 2 * (np.cumsum(divided) - 1)  # 分けた節の左の子の番号
    kept = divided[node]
    node_of_row = np.full(level.node_of_row.size, -1, dtype=np.intp)
    node_of_row[rows[kept]] = child_base[node[kept]] + (~goes_left[kept])
    sums = NodeSums.of(encoded, node_of_row, 2 * int(divided.sum()))
    may_split = limit is None or parts.depth < limit
    searchable = sums.impure() & may_split
    lefts = child_base[level.searched[divided[level.searched]]]  # 並びの区間の順
    # 左の子をすべて並べたあとに右の子を並べる（片側に行く行を列ごとに取り出した順）
    searched = np.concatenate([lefts[searchable[lefts]], (lefts + 1)[searchable[lefts + 1]]])
    target = buffers.orders[parts.depth % 2]  # いまの深さの並びは、もう片方の配列にある
    return divide(
        level, buffers, target, Level(level.order, level.starts, searched, node_of_row, sums)
    )


def divide(level: Level, buffers: Buffers, target: Ints, children: Level) -> Level:
    """分けた節の行を、分割を探す子の区間に振り分けて、次の深さを作る。

    children は並びの無い次の深さ（節の番号、件数、探す子）。子の番号は、左が偶数、右が奇数。
    探す子は、左の子をすべて並べたあとに右の子が並ぶので、左に行く行を列ごとに取り出すと、
    そのまま左の子の区間をつないだものになる（右も同じ）。探さない子の行は落とす。
    """
    _require_type(level, Level, "level")
    _require_type(buffers, Buffers, "buffers")
    _require_arrays(target=target)
    _require_type(children, Level, "children")
    searched = children.searched
    sizes = children.sums.counts.sum(axis=1)[searched]
    starts = np.concatenate([[0], np.cumsum(sizes)])
    order = buffers.matrix(target, int(starts[-1]))
    if order.size:
        side = np.full(children.node_of_row.size, 2, dtype=np.int8)  # 0 は左、1 は右、2 は落とす
        laid_out = np.zeros(children.n_nodes, dtype=np.bool_)
        laid_out[searched] = True
        rows = np.flatnonzero(children.node_of_row >= 0)
        child = children.node_of_row[rows]
        rows, child = rows[laid_out[child]], child[laid_out[child]]
        side[rows] = child % 2
        sides = side.take(level.order).ravel()
        n_left = int(sizes[searched % 2 == 0].sum())
        for which, part in ((0, slice(0, n_left)), (1, slice(n_left, order.shape[1]))):
            picked = buffers.matrix(buffers.picked, part.stop - part.start)
            np.compress(sides == which, level.order.ravel(), out=picked.ravel())
            order[:, part] = picked
    return Level(order, starts, searched, children.node_of_row, children.sums)


def check_training_data(
    rows: Rows,
    labels: Sequence[L],
    columns: Sequence[str],
    weights: Mapping[L, float],
) -> Floats:
    """件数、列の数、有限の値、ラベルごとの正の重みを確かめ、行 × 列の配列を返す。

    numpy の奥で分かりにくく失敗させず、入口で何が悪いかを書いて止める。
    """
    require_same_length(rows, labels, "特徴量", "正解")
    if len(rows) == 0:
        raise ValueError("行が 1 つもないので決定木を学習できません")
    values = check_rows(rows, columns)
    for label in dict.fromkeys(labels):
        weight = weights.get(label)
        if not isinstance(weight, float | int) or not (math.isfinite(weight) and weight > 0):
            raise ValueError(f"ラベル {label!r} の重みは有限の正の数です（重み {weight!r}）")
    return values


def check_rows(rows: Rows, columns: Sequence[str]) -> Floats:
    """どの行も列の数だけ有限の値を持つことを確かめ、行 × 列の配列にする。

    行 × 列の配列ならそのまま使う（何度も使う行は、to_matrix で 1 回だけ配列にしておける）。
    """
    if isinstance(rows, np.ndarray):
        if rows.ndim != 2 or rows.shape[1] != len(columns):
            raise ValueError(f"配列の形 {rows.shape} が、行 × 列の数 {len(columns)} ではありません")
        values: Floats = rows.astype(np.float64, copy=False)
    else:
        for number, row in enumerate(rows, 1):
            if len(row) != len(columns):
                raise ValueError(
                    f"{number} 行目の値の数 {len(row)} が列の数 {len(columns)} と違います"
                )
        values = np.array(rows, dtype=np.float64).reshape(len(rows), len(columns))
    finite = np.isfinite(values).all(axis=1)
    if not finite.all():
        number = int(np.argmin(finite)) + 1
        raise ValueError(f"{number} 行目に有限でない値があります（列 {', '.join(columns)}）")
    return values


@dataclass(frozen=True)
class NodeSums:
    """節ごとのラベルの件数と重みの合計。重みは節（元の行の順）で初めて現れた順に並べる。"""

    counts: Ints  # 節 × ラベルの番号
    ordered: Floats  # 節 × 初めて現れた順
    present: Bools
    labels: Ints  # ordered の各項のラベルの番号

    @classmethod
    def of(cls, encoded: Encoded, node_of_row: Ints, n_nodes: int) -> NodeSums:
        """第 8 章の label_weight_sums と同じ値と順。重みは repeated_sums の表から引く。"""
        n_labels = len(encoded.tables)
        rows = np.flatnonzero(node_of_row >= 0)
        key = node_of_row[rows] * n_labels + encoded.codes[rows]
        size = n_nodes * n_labels
        counts = np.bincount(key, minlength=size).reshape(-1, n_labels)
        first = np.full(size, rows.size, dtype=np.intp)
        np.minimum.at(first, key, np.arange(rows.size))
        order = np.argsort(first.reshape(-1, n_labels), axis=1, kind="stable")
        return cls(
            counts,
            in_order(pick_weights(encoded.tables, counts), order),
            in_order(counts > 0, order),
            order,
        )

    def impure(self) -> Bools:
        """重み付きのジニ不純度が 0 でない節。第 8 章の gini_of_weights と同じ足し算で確かめる。"""
        total = kahan_columns(self.ordered, self.present)
        with np.errstate(invalid="ignore", divide="ignore"):
            shares = self.ordered / total[:, np.newaxis]
        gini: Floats = 1.0 - kahan_columns(shares * shares, self.present)
        result: Bools = gini != 0.0
        return result

    def majority(self) -> Ints:
        """重みの合計がいちばん大きいラベルの番号。同じなら節で先に現れたほう。"""
        candidates = np.where(self.present, self.ordered, -np.inf)
        best = np.argmax(candidates, axis=1)
        result: Ints = self.labels[np.arange(best.size), best]
        return result


class TreeParts(Generic[L]):
    """深さごとに決まった葉と節を番号で覚え、最後に深いほうから組み立てる（再帰しない）。"""

    def __init__(self, columns: tuple[str, ...], known: list[L]) -> None:
        self.columns = columns
        self.known = known
        self.depth = 0
        self.level_ids = [0]  # いまの深さの節の、木の中での番号
        self.leaves: dict[int, L] = {}
        self.nodes: dict[int, tuple[Split, int, int]] = {}
        self.size = 1

    def add_level(self, divided: Bools, best: BestSplits, majority: Ints) -> None:
        """いまの深さの節を葉か分割として覚え、子に番号を振る。"""
        children: list[int] = []
        for i, identifier in enumerate(self.level_ids):
            if not divided[i]:
                self.leaves[identifier] = self.known[int(majority[i])]
                continue
            feature = self.columns[int(best.feature[i])]
            split = Split(feature, float(best.threshold[i]), float(best.impurity[i]))
            children += self.reserve(identifier, split)
        self.level_ids = children
        self.depth += 1

    def reserve(self, identifier: int, split: Split) -> tuple[int, int]:
        """節 identifier を split で分けると覚え、左右の子の番号を返す。"""
        children = (self.size, self.size + 1)
        self.nodes[identifier] = (split, *children)
        self.size += 2
        return children

    def assemble(self) -> Tree[L]:
        """子は親より大きな番号なので、大きい番号から組み立てれば子が先にできている。"""
        built: dict[int, Tree[L]] = {}
        for identifier in range(self.size - 1, -1, -1):
            if identifier in self.leaves:
                built[identifier] = Leaf(self.leaves[identifier])
            else:
                split, left, right = self.nodes[identifier]
                built[identifier] = Node(split, built.pop(left), built.pop(right))
        return built[0]


# --8<-- [end:grow]


# --8<-- [start:predict]
def predict_rows(tree: Tree[L], rows: Rows, columns: Sequence[str]) -> list[L]:
    """第 3 章の predict_one と同じ道筋（境界と等しければ左）を、行をまとめて numpy でたどる。"""
    _require_type(tree, (Leaf, Node), "tree")
    values = check_rows(rows, columns)
    positions = {column: position for position, column in enumerate(columns)}
    absent = sorted(set(features_of(tree)) - set(positions))
    if absent:
        raise ValueError(f"木が使う列 {', '.join(absent)} が columns にありません")
    leaves: list[L] = []
    leaf_of_row = np.zeros(len(rows), dtype=np.intp)  # 行ごとの、着いた葉の番号
    pending: list[tuple[Tree[L], Ints]] = [(tree, np.arange(len(rows)))]
    while pending:  # 深い木でも再帰しない
        node, members = pending.pop()
        if isinstance(node, Leaf):
            leaf_of_row[members] = len(leaves)
            leaves.append(node.label)
            continue
        goes_left = values[members, positions[node.split.feature]] <= node.split.threshold
        pending += [(node.left, members[goes_left]), (node.right, members[~goes_left])]
    return [leaves[leaf] for leaf in leaf_of_row.tolist()]


def to_matrix(rows: Rows, columns: Sequence[str]) -> Floats:
    """数の行を確かめて行 × 列の配列にする。同じ行で何度も育てたり予測したりするときに使う。"""
    return check_rows(rows, columns)


# --8<-- [end:predict]


# --8<-- [start:features]
def features_of(tree: Tree[L]) -> list[str]:
    """木の節が使う列の名前（重なりあり）。深い木でも再帰しない。"""
    names = []
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Node):
            names.append(node.split.feature)
            pending += [node.right, node.left]
    return names


# --8<-- [end:features]


# --8<-- [start:truncate]
def truncate(
    tree: Tree[L],
    depth: int,
    rows: Rows,
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
    require_count(depth, "切り詰める深さ depth")
    values = check_rows(rows, columns)
    positions = {column: position for position, column in enumerate(columns)}
    parts = TreeParts[L]((), [])
    cut_of_row = np.full(len(rows), -1, dtype=np.intp)  # 行ごとの、来た切り口の番号
    cuts: list[int] = []
    pending: list[tuple[int, Tree[L], Ints, int]] = [(0, tree, np.arange(len(rows)), depth)]
    while pending:  # 深い木でも再帰しない
        identifier, node, members, remaining = pending.pop()
        if isinstance(node, Leaf):
            parts.leaves[identifier] = node.label
        elif remaining == 0:
            cut_of_row[members] = len(cuts)
            cuts.append(identifier)
        else:
            goes_left = values[members, positions[node.split.feature]] <= node.split.threshold
            left, right = parts.reserve(identifier, node.split)
            pending += [
                (left, node.left, members[goes_left], remaining - 1),
                (right, node.right, members[~goes_left], remaining - 1),
            ]
    if cuts:  # 切り口ごとの重み付きの多数決（第 8 章の weighted_majority と同じ値と同点の倒し方）
        encoded, known = encode(values[:, :0], labels, weights)  # 値は使わないので 0 列
        majority = NodeSums.of(encoded, cut_of_row, len(cuts)).majority()
        for identifier, code in zip(cuts, majority.tolist(), strict=True):
            parts.leaves[identifier] = known[code]
    return parts.assemble()


# --8<-- [end:truncate]
