# --8<-- [start:header]
"""第 10 章: ランダムフォレスト。第 3 章の決定木を、行と列を引き直して何本も育てて多数決する。"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Self, TypeAlias, TypeVar

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    FeatureRow,
    Leaf,
    NotFittedError,
    Part,
    Split,
    Tree,
    build_tree,
    check_depth,
    feature_rows,
    gini_of_counts,
    grow_with_stack,
    majority,
    pick,
    predict_one,
)
from getting_started_ml.chapter10.models import check_rows, training_columns
from getting_started_ml.checks import require_count, require_no_nan, require_same_length
from getting_started_ml.java_random import JavaRandom, require_int, shuffle

L = TypeVar("L", bound=Hashable)
TreeBuilder: TypeAlias = Callable[
    [Sequence[Features], Sequence[str], Sequence[str], int | None], Tree[str]
]
"""木を育てる関数（第 3 章の build_tree と同じ引数と答え）。"""

# --8<-- [end:header]


# --8<-- [start:majority-vote]
def majority_vote(predictions_per_tree: Sequence[Sequence[L]]) -> list[L]:
    """行ごとに、木の順に票を数えて多数決する。同数なら先に現れたラベル。"""
    if not predictions_per_tree:
        raise ValueError("木の予測が 1 つもないので多数決できません")
    n_rows = len(predictions_per_tree[0])
    for number, predictions in enumerate(predictions_per_tree, 1):
        if len(predictions) != n_rows:
            raise ValueError(
                "木ごとの予測の件数が違います"
                f"（1 本目 {n_rows} 件、{number} 本目 {len(predictions)} 件）"
            )
    return [
        majority([predictions[row] for predictions in predictions_per_tree])
        for row in range(n_rows)
    ]


# --8<-- [end:majority-vote]


# --8<-- [start:bootstrap]
def bootstrap_sample(n: int, rnd: JavaRandom) -> list[int]:
    """0 から n-1 の位置を、戻しながら n 回引く（同じ位置が何度も出てよい）。"""
    require_count(n, "n", minimum=1)
    if not isinstance(rnd, JavaRandom):
        raise TypeError(f"rnd は JavaRandom です（{type(rnd).__name__}）")
    return [rnd.next_int(n) for _ in range(n)]


def chosen_columns(columns: Sequence[str], max_features: int, rnd: JavaRandom) -> tuple[str, ...]:
    """列名を並べ替えて先頭の max_features 個を選び、元の列の順に戻す。"""
    chosen = set(shuffle(columns, rnd)[:max_features])
    return tuple(column for column in columns if column in chosen)


# --8<-- [end:bootstrap]


# --8<-- [start:fitted-tree]
@dataclass(frozen=True)
class FittedTree:
    """森の 1 本の木。使った列、ブートストラップで引いた行の位置、育てた木。"""

    columns: tuple[str, ...]
    rows: tuple[int, ...]
    tree: Tree[str]

    def sample(self, x: Sequence[Features], t: Sequence[str]) -> tuple[list[Features], list[str]]:
        """この木を育てたデータ（引いた順の行を、使った列だけにしたもの）を作り直す。"""
        require_same_length(x, t, "特徴量", "正解")
        if self.rows and max(self.rows) >= len(x):
            raise ValueError(
                f"木が引いた行の位置 {max(self.rows)} が、渡された {len(x)} 行を超えています"
            )
        check_rows(x, self.columns)
        return bootstrap_data(x, t, self.columns, self.rows)


def bootstrap_data(
    x: Sequence[Features], t: Sequence[str], columns: tuple[str, ...], rows: Sequence[int]
) -> tuple[list[Features], list[str]]:
    """引いた順の行を、columns の列だけにして並べる。"""
    sample_x = [
        Features(columns, tuple(x[row].value(column) for column in columns)) for row in rows
    ]
    return sample_x, [t[row] for row in rows]


# --8<-- [end:fitted-tree]


# --8<-- [start:random-forest]
class RandomForest:
    """ランダムフォレスト。木ごとにブートストラップの行と max_features 個の列を引いて育てる。"""

    def __init__(
        self,
        n_estimators: int,
        max_features: int,
        max_depth: int | None,
        seed: int,
        *,
        grow: TreeBuilder = build_tree,
    ) -> None:
        self._n_estimators = require_count(n_estimators, "n_estimators", minimum=1)
        self._max_features = require_count(max_features, "max_features", minimum=1)
        self._max_depth = check_depth(max_depth)
        self._seed = require_int(seed, "seed")
        if not callable(grow):
            raise TypeError(f"grow は木を育てる関数です（{type(grow).__name__}）")
        self._grow = grow
        self._trees: tuple[FittedTree, ...] = ()

    @classmethod
    def of(
        cls, n_estimators: int, max_features: int, seed: int, *, grow: TreeBuilder = build_tree
    ) -> Self:
        """深さを制限しない木の森。"""
        return cls(n_estimators, max_features, None, seed, grow=grow)

    @classmethod
    def with_max_depth(
        cls,
        n_estimators: int,
        max_features: int,
        max_depth: int,
        seed: int,
        *,
        grow: TreeBuilder = build_tree,
    ) -> Self:
        """深さが max_depth までの木の森。負の深さなら ValueError。"""
        return cls(n_estimators, max_features, max_depth, seed, grow=grow)

    @property
    def trees(self) -> tuple[FittedTree, ...]:
        """育てた木（育てた順）。fit の前は空。"""
        return self._trees

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        """1 つの乱数から、木ごとに行を引き、列を引き、第 3 章の木を育てる。"""
        columns = training_columns(x, t)
        if self._max_features > len(columns):
            raise ValueError(
                f"max_features（{self._max_features}）が列の数（{len(columns)}）より多いです"
            )
        rnd = JavaRandom(self._seed)
        self._trees = tuple(self.grow_one(x, t, columns, rnd) for _ in range(self._n_estimators))
        return self

    def grow_one(
        self, x: Sequence[Features], t: Sequence[str], columns: Sequence[str], rnd: JavaRandom
    ) -> FittedTree:
        """行を引き、続けて同じ乱数で列を引いて、1 本の木を育てる。"""
        rows = tuple(bootstrap_sample(len(x), rnd))
        chosen = chosen_columns(columns, self._max_features, rnd)
        sample_x, sample_t = bootstrap_data(x, t, chosen, rows)
        return FittedTree(chosen, rows, self._grow(sample_x, sample_t, chosen, self._max_depth))

    def predict(self, x: Sequence[Features]) -> list[str]:
        """木ごとに予測し、行ごとに多数決する。"""
        if not self._trees:
            raise NotFittedError("predict の前に fit で学習してください")
        check_rows(x, tuple(dict.fromkeys(c for fitted in self._trees for c in fitted.columns)))
        return majority_vote(
            [[predict_one(fitted.tree, row) for row in x] for fitted in self._trees]
        )


# --8<-- [end:random-forest]


# --8<-- [start:cached-tree]
def build_tree_cached(
    x: Sequence[Features], t: Sequence[L], columns: Sequence[str], max_depth: int | None
) -> Tree[L]:
    """第 3 章の build_tree と同じ木を、境界の不純度を覚えて使い回しながら育てる。

    境界の不純度は、左右のラベルの件数（足す順に並べたもの）だけで決まる。森の木は同じ小さな
    データから何度も育てるので、同じ件数の組が何度も現れる。その値を 1 度だけ第 3 章の
    gini_of_counts で求めて覚え、足す順も同じにするので、しきい値と不純度は 1 ビットも動かない。
    """
    require_same_length(x, t, "特徴量", "正解")
    require_no_nan(t, "正解")
    if not x:
        raise ValueError("行が 1 つもないので決定木を作れません")
    names = tuple(columns)
    root: Part[L] = (feature_rows(x, names), list(t), check_depth(max_depth))
    return grow_with_stack(root, lambda part: divide_cached(part, names))


def divide_cached(
    part: Part[L], columns: tuple[str, ...]
) -> Leaf[L] | tuple[Split, Part[L], Part[L]]:
    """第 3 章の divide と同じ手順。最良の分割だけを split_cached で探す。"""
    rows, labels, depth = part
    split = None if depth == 0 else split_cached(rows, labels, columns)
    if split is None:
        return Leaf(majority(labels))
    position = columns.index(split.feature)
    goes_left = [row[position] <= split.threshold for row in rows]
    if all(goes_left) or not any(goes_left):
        return Leaf(majority(labels))
    remaining = None if depth is None else depth - 1
    left = (pick(rows, goes_left, True), pick(labels, goes_left, True), remaining)
    right = (pick(rows, goes_left, False), pick(labels, goes_left, False), remaining)
    return split, left, right


def split_cached(
    rows: Sequence[FeatureRow], labels: Sequence[Hashable], columns: tuple[str, ...]
) -> Split | None:
    """第 3 章の find_best_split と同じ分割（列を順に、厳密に小さいときだけ入れ替える）。

    1 行ずつ件数を持ち回る代わりに、並べた列でのラベルごとの位置を覚え、値が変わる境界でだけ
    左の件数を二分探索で数える。左の足す順は左で初めて現れた順、右の足す順は境界から先で
    初めて現れた順で、第 3 章の boundary_impurities と同じ。
    """
    n = len(labels)
    if gini_cached(tuple(Counter(labels).values()), n) == 0.0:
        return None
    best: Split | None = None
    for position, column in enumerate(columns):
        values = [row[position] for row in rows]
        order = sorted(range(n), key=values.__getitem__)
        xs = [values[i] for i in order]
        where: dict[Hashable, list[int]] = {}  # ラベルごとの、並べた位置（初めて現れた順）
        for place, row in enumerate(order):
            where.setdefault(labels[row], []).append(place)
        spots = list(where.values())
        for i in [i for i in range(1, n) if xs[i] != xs[i - 1]]:
            lefts = [bisect_left(spot, i) for spot in spots]
            ahead = sorted(
                (spot[count], len(spot) - count)
                for spot, count in zip(spots, lefts, strict=True)
                if count < len(spot)
            )
            left = tuple(count for count in lefts if count)
            impurity = boundary_impurity(left, tuple(count for _, count in ahead))
            if best is None or impurity < best.impurity:
                best = Split(column, (xs[i - 1] + xs[i]) / 2, impurity)
    return best


@lru_cache(maxsize=1 << 16)
def gini_cached(counts: tuple[int, ...], total: int) -> float:
    """第 3 章の gini_of_counts の値（同じ件数の組なら覚えた値を返す）。"""
    return gini_of_counts(counts, total)


@lru_cache(maxsize=1 << 16)
def boundary_impurity(left: tuple[int, ...], right: tuple[int, ...]) -> float:
    """境界の重み付きの不純度。第 3 章の boundary_impurities と同じ式と順で求める。"""
    i, rest = sum(left), sum(right)
    n = i + rest
    return (i * gini_cached(left, i) + rest * gini_cached(right, rest)) / n


Cut: TypeAlias = tuple[Tree[L], list[FeatureRow], list[L], int]
"""切り詰めの途中の部分: 元の木の節、そこに来た行、ラベル、残りの深さ。"""


class TreeMemory:
    """build_tree_cached と同じ木を育てる関数。深さを制限しない木を、育てたデータごとに覚えておく。

    同じデータ（同じ行・同じラベル・同じ列）で深さを制限した木を頼まれたら、育て直さずに、
    覚えた木を truncate_tree で切り詰める。同じ種の 2 つの森（深さの制限なしと深さ 2）は
    同じブートストラップの行と列を引くので、2 つ目の森の木はすべて切り詰めで作れる。
    """

    def __init__(self) -> None:
        self._unlimited: dict[tuple[object, ...], Tree[Any]] = {}

    def __call__(
        self, x: Sequence[Features], t: Sequence[L], columns: Sequence[str], max_depth: int | None
    ) -> Tree[L]:
        require_same_length(x, t, "特徴量", "正解")
        require_no_nan(t, "正解")
        if not x:
            raise ValueError("行が 1 つもないので決定木を作れません")
        names, depth, labels = tuple(columns), check_depth(max_depth), list(t)
        rows = feature_rows(x, names)  # 行を数の行に直すのは 1 回だけ
        key = (names, tuple(rows), tuple(labels))
        known = self._unlimited.get(key)
        if known is not None and depth is not None:
            return truncate_tree(known, depth, rows, labels, names)
        root: Part[L] = (rows, labels, depth)
        tree = grow_with_stack(root, lambda part: divide_cached(part, names))
        if depth is None:
            self._unlimited[key] = tree
        return tree


def truncate_tree(
    tree: Tree[L],
    depth: int,
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: tuple[str, ...],
) -> Tree[L]:
    """rows と labels で育てた木を depth で切り詰め、深さ depth で育てた木と同じ木にする。

    節の分割は深さの上限によらないので、残りの深さが 0 になった節を、そこに来た行の
    多数決の葉に置き換えればよい（第 3 章の divide が depth == 0 でする事）。再帰しない。
    """
    require_same_length(rows, labels, "行", "ラベル")
    require_count(depth, "切り詰める深さ depth")
    if not rows:
        raise ValueError("行が 1 つもないので木を切り詰められません")

    def divide(part: Cut[L]) -> Leaf[L] | tuple[Split, Cut[L], Cut[L]]:
        node, part_rows, part_labels, remaining = part
        if isinstance(node, Leaf):
            return node
        if remaining == 0:
            return Leaf(majority(part_labels))
        position = columns.index(node.split.feature)
        goes_left = [row[position] <= node.split.threshold for row in part_rows]
        left = (node.left, pick(part_rows, goes_left, True), pick(part_labels, goes_left, True))
        right = (
            node.right,
            pick(part_rows, goes_left, False),
            pick(part_labels, goes_left, False),
        )
        return node.split, (*left, remaining - 1), (*right, remaining - 1)

    return grow_with_stack((tree, list(rows), list(labels), depth), divide)


# --8<-- [end:cached-tree]
