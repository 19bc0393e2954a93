# --8<-- [start:imports]
"""第 3 章の決定木: ジニ不純度、最良の分割、木を育てる手順、深さの制限、木の表示、分類器。"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Self, TypeAlias, TypeVar

from getting_started_ml.chapter02 import Features, require_items
from getting_started_ml.checks import require_finite, require_no_nan, require_same_length
from getting_started_ml.java_random import require_int
from getting_started_ml.numeric import format_fixed, kahan_sum

L = TypeVar("L", bound=Hashable)
T = TypeVar("T")
P = TypeVar("P")

FeatureRow: TypeAlias = tuple[float, ...]

# --8<-- [end:imports]


# --8<-- [start:gini]
def gini(labels: Sequence[Hashable]) -> float:
    """ジニ不純度 1 − Σ(割合)²。割合の 二乗は、ラベルが初めて現れた順に Kahan の和で足す。"""
    if not labels:
        return 0.0
    return gini_of_counts(Counter(labels).values(), len(labels))


def gini_of_counts(counts: Iterable[int], total: int) -> float:
    """ラベルごとの件数（足す順に並べたもの）と総数から、ジニ不純度を求める。"""
    items = list(counts)
    if any(count < 0 for count in items) or sum(items) != total or total <= 0:
        raise ValueError(
            f"counts（件数）は 0 以上で、合計が total（総数）{total} と同じです: {items}"
        )
    shares = (count / total for count in items)
    return 1.0 - kahan_sum(share * share for share in shares)


# --8<-- [end:gini]


# --8<-- [start:split]
@dataclass(frozen=True)
class Split:
    """分割の条件。feature の値が threshold 以下なら左、より大きければ右へ進む。"""

    feature: str
    threshold: float
    impurity: float


# --8<-- [end:split]


# --8<-- [start:best-split]
def best_split(
    x: Sequence[Features], t: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """不純度がいちばん下がる分割。ラベルが 1 種類か、どの列も値が 1 種類なら None。"""
    require_same_length(x, t, "特徴量", "正解")
    return find_best_split(feature_rows(x, columns), t, columns)


def find_best_split(
    rows: Sequence[FeatureRow], labels: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """列を順に調べ、不純度が厳密に小さいときだけ入れ替える（同点なら先の列が勝つ）。"""
    require_same_length(rows, labels, "行", "ラベル")
    if gini(labels) == 0.0:
        return None
    best: Split | None = None
    for position, column in enumerate(columns):
        candidate = best_threshold(column, [row[position] for row in rows], labels)
        if candidate is not None and (best is None or candidate.impurity < best.impurity):
            best = candidate
    return best


# --8<-- [end:best-split]


# --8<-- [start:sweep]
def best_threshold(
    feature: str, values: Sequence[float], labels: Sequence[Hashable]
) -> Split | None:
    """1 つの列で最良の境界を探す。値の小さい順に並べ、境界は小さいほうから調べる。"""
    require_same_length(values, labels, "値", "ラベル")
    require_finite_values(values, feature)
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
    require_same_length(xs, ys, "値", "ラベル")
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


# --8<-- [end:sweep]


# --8<-- [start:feature-rows]
def feature_rows(x: Sequence[Features], columns: Sequence[str]) -> list[FeatureRow]:
    """使う列の値だけを、列の順に取り出す。行でないもの、無い列、有限でない値はここで止める。"""
    require_items(x, Features, "特徴量")
    rows = [tuple(row.value(column) for column in columns) for row in x]
    for row in rows:
        for column, value in zip(columns, row, strict=True):
            if not math.isfinite(value):
                raise ValueError(f"列 {column} に有限でない値 {value} があります")
    return rows


# --8<-- [end:feature-rows]


# --8<-- [start:sweep-2]
def next_positions_of_same_label(labels: Sequence[Hashable]) -> list[int]:
    """各位置について、同じラベルが次に現れる位置（無ければ件数）。"""
    following = [len(labels)] * len(labels)
    seen: dict[Hashable, int] = {}
    for position in reversed(range(len(labels))):
        following[position] = seen.get(labels[position], len(labels))
        seen[labels[position]] = position
    return following


# --8<-- [end:sweep-2]


# --8<-- [start:majority]
def majority(labels: Sequence[L]) -> L:
    """いちばん多いラベル。同数なら先に現れたほう。"""
    if not labels:
        raise ValueError("ラベルが 1 つもないので、多数決で決められません")
    require_no_nan(labels, "ラベル")
    counts = Counter(labels)
    return max(counts, key=counts.__getitem__)


# --8<-- [end:majority]


# --8<-- [start:tree]
@dataclass(frozen=True)
class Leaf(Generic[L]):
    """葉。ここに来た行はすべて label と予測する。"""

    label: L


@dataclass(frozen=True)
class Node(Generic[L]):
    """節。split の条件を満たす行は left へ、満たさない行は right へ進む。"""

    split: Split
    left: Tree[L]
    right: Tree[L]

    # --8<-- [end:tree]
    # --8<-- [start:node-methods]
    # dataclass が作る ==・hash・repr は部分木ごとに自分を呼び直すので、深い木では
    # RecursionError になる。同じ結果を、自分のスタックでたどる関数で作る。
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        return list(tree_parts(self)) == list(tree_parts(other))

    def __hash__(self) -> int:
        return hash(tuple(tree_parts(self)))

    def __repr__(self) -> str:
        return tree_repr(self)

    # --8<-- [end:node-methods]


# --8<-- [start:tree-alias]
Tree: TypeAlias = Leaf[L] | Node[L]


def require_tree(tree: object) -> None:
    """tree が木（Leaf か Node）でなければ TypeError。"""
    if not isinstance(tree, Leaf | Node):
        raise TypeError(f"tree（木）は Leaf か Node です（{type(tree).__name__}）")


# --8<-- [end:tree-alias]


# --8<-- [start:build-tree]
def build_tree(
    x: Sequence[Features], t: Sequence[L], columns: Sequence[str], max_depth: int | None
) -> Tree[L]:
    """決定木を育てる。max_depth が None なら、ラベルがそろうか分けられなくなるまで分ける。"""
    require_same_length(x, t, "特徴量", "正解")
    require_no_nan(t, "正解")
    if not x:
        raise ValueError("行が 1 つもないので決定木を作れません")
    return grow(feature_rows(x, columns), list(t), tuple(columns), check_depth(max_depth))


# --8<-- [end:build-tree]


# --8<-- [start:grow-stack-2]
def grow(
    rows: Sequence[FeatureRow], labels: Sequence[L], columns: tuple[str, ...], depth: int | None
) -> Tree[L]:
    """深さが残っていて分けられるなら節を、そうでなければ多数決の葉を作る（再帰しない）。"""
    root: Part[L] = (list(rows), list(labels), depth)
    return grow_with_stack(root, lambda part: divide(part, columns))


# --8<-- [end:grow-stack-2]


# --8<-- [start:grow-stack-4]
def pick(items: Sequence[T], goes_left: Sequence[bool], side: bool) -> list[T]:
    """元の順を保ったまま、片側に進む要素だけを選ぶ。"""
    return [item for item, left in zip(items, goes_left, strict=True) if left is side]


# --8<-- [end:grow-stack-4]


# --8<-- [start:predict-one]
def predict_one(tree: Tree[L], row: Features) -> L:
    """根から葉までたどる。値が境界と等しければ左へ進む。"""
    require_tree(tree)
    if not isinstance(row, Features):
        raise TypeError(f"row（行）は Features です（{type(row).__name__}）")
    while isinstance(tree, Node):
        goes_left = row.value(tree.split.feature) <= tree.split.threshold
        tree = tree.left if goes_left else tree.right
    return tree.label


# --8<-- [end:predict-one]


# --8<-- [start:depth-of]
def depth_of(tree: Tree[L]) -> int:
    """木の深さ。葉だけなら 0。たどる節を自分のスタックに積むので、深い木でも再帰しない。"""
    deepest = 0
    waiting: list[tuple[Tree[L], int]] = [(tree, 0)]
    while waiting:
        node, depth = waiting.pop()
        if isinstance(node, Node):
            waiting += [(node.left, depth + 1), (node.right, depth + 1)]
        else:
            deepest = max(deepest, depth)
    return deepest


# --8<-- [end:depth-of]


# --8<-- [start:decision-tree]
class NotFittedError(RuntimeError):
    """fit の前に predict を呼んだ。"""


class DecisionTree(Generic[L]):
    """決定木の分類器。深さの上限を決めて作り、fit で学習し、predict で予測する。"""

    def __init__(self, max_depth: int | None) -> None:
        self._max_depth = check_depth(max_depth)
        self._tree: Tree[L] | None = None

    @classmethod
    def unlimited(cls) -> Self:
        """深さを制限しない決定木。"""
        return cls(None)

    @classmethod
    def with_max_depth(cls, max_depth: int) -> Self:
        """深さが max_depth までの決定木。負の数なら ValueError。"""
        return cls(max_depth)

    @property
    def max_depth(self) -> int | None:
        """深さの上限（None なら制限なし）。"""
        return self._max_depth

    @property
    def tree(self) -> Tree[L] | None:
        """学習した木。fit の前は None。"""
        return self._tree

    def fit(self, x: Sequence[Features], t: Sequence[L]) -> Self:
        """x[0] の列をその順に使って木を育てる。"""
        if not x:
            raise ValueError("行が 1 つもないので決定木を学習できません")
        self._tree = build_tree(x, t, x[0].columns, self._max_depth)
        return self

    def predict(self, x: Sequence[Features]) -> list[L]:
        """行ごとにラベルを予測する。"""
        if self._tree is None:
            raise NotFittedError("predict の前に fit で学習してください")
        tree = self._tree
        return [predict_one(tree, row) for row in x]


# --8<-- [end:decision-tree]


# --8<-- [start:check-depth]
def check_depth(max_depth: int | None) -> int | None:
    """深さの上限は 0 以上の整数か None（制限なし）。"""
    if max_depth is not None:
        require_int(max_depth, "max_depth（深さの上限）")
    if max_depth is not None and max_depth < 0:
        raise ValueError(f"深さの上限は 0 以上です（max_depth={max_depth}）")
    return max_depth


# --8<-- [end:check-depth]


# --8<-- [start:finite-values]
def require_finite_values(values: Sequence[float], column: str) -> None:
    """列の値がすべて有限の数であることを確かめる（NaN は並べられず、無限大は境界を作れない）。"""
    for position, value in enumerate(values):
        if type(value) is not float or not math.isfinite(value):  # 有限の float はすぐ次へ
            require_finite(value, f"列 {column} の {position} 番目の値")


# --8<-- [end:finite-values]


# --8<-- [start:format-tree]
def format_tree(tree: Tree[L]) -> str:
    """木を 1 行 1 条件の文字列にする。子は 2 文字ずつ字下げする。末尾に改行は付けない。"""
    return "\n".join(tree_lines(tree, ""))


def tree_lines(tree: Tree[L], indent: str) -> Iterator[str]:
    """木の各行を、上から順に 1 行ずつ生み出す。

    これから書くもの（文字列の行か、字下げつきの部分木）を逆順にスタックへ積み、
    上から取り出す。部分木ごとにジェネレーターを入れ子にしないので、深い木でも再帰しない。
    """
    require_tree(tree)
    if not isinstance(indent, str):
        raise TypeError(f"indent（字下げ）は文字列です（{type(indent).__name__}）")
    waiting: list[str | tuple[Tree[L], str]] = [(tree, indent)]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            yield item
            continue
        node, space = item
        if isinstance(node, Leaf):
            yield f"{space}{node.label}"
            continue
        feature, threshold = node.split.feature, format_fixed(node.split.threshold, 4)
        yield f"{space}{feature} <= {threshold}"
        child = space + "  "
        waiting += [(node.right, child), f"{space}{feature} > {threshold}", (node.left, child)]


# --8<-- [end:format-tree]


# --8<-- [start:grow-stack]
Part: TypeAlias = tuple[list[FeatureRow], list[L], int | None]
"""まだ育てていない部分: その節に来た行、ラベル、残りの深さ。"""
# --8<-- [end:grow-stack]


# --8<-- [start:grow-stack-3]
def divide(part: Part[L], columns: tuple[str, ...]) -> Leaf[L] | tuple[Split, Part[L], Part[L]]:
    """1 つの部分を、多数決の葉にするか、分割と左右の部分に分ける。"""
    rows, labels, depth = part
    split = None if depth == 0 else find_best_split(rows, labels, columns)
    if split is None:
        return Leaf(majority(labels))
    position = columns.index(split.feature)
    goes_left = [row[position] <= split.threshold for row in rows]
    if all(goes_left) or not any(goes_left):
        return Leaf(majority(labels))  # 隣り合う浮動小数の中点が片方に丸まったときの用心
    remaining = None if depth is None else depth - 1
    left = (pick(rows, goes_left, True), pick(labels, goes_left, True), remaining)
    right = (pick(rows, goes_left, False), pick(labels, goes_left, False), remaining)
    return split, left, right


def grow_with_stack(root: P, divide: Callable[[P], Leaf[L] | tuple[Split, P, P]]) -> Tree[L]:
    """divide で部分を葉か（分割, 左, 右）に分けながら、自分のスタックで木を組み立てる。

    waiting には、まだ分けていない部分と、子ができたら節にまとめる分割を積む。左の部分を
    最後に積むので、左の部分木を仕上げてから右へ進む。仕上がった木は finished に積み、
    分割を取り出したら、上の 2 つ（右、左の順）を子にした節に置き換える。
    """
    waiting: list[P | Split] = [root]
    finished: list[Tree[L]] = []
    while waiting:
        item = waiting.pop()
        if isinstance(item, Split):
            right = finished.pop()
            left = finished.pop()
            finished.append(Node(item, left, right))
            continue
        outcome = divide(item)
        if isinstance(outcome, Leaf):
            finished.append(outcome)
        else:
            split, left_part, right_part = outcome
            waiting.extend((split, right_part, left_part))
    (tree,) = finished
    return tree


# --8<-- [end:grow-stack-3]


# --8<-- [start:tree-parts]
def tree_parts(tree: Tree[L]) -> Iterator[Split | Leaf[L]]:
    """節の分割と葉を、根から左の部分木を先にたどる順に 1 つずつ生み出す（再帰しない）。

    どの節にも子が 2 つあるので、この並びから木の形は 1 通りに決まる。並びが等しい木は等しい。
    """
    require_tree(tree)
    waiting: list[Tree[L]] = [tree]
    while waiting:
        node = waiting.pop()
        if isinstance(node, Node):
            yield node.split
            waiting += [node.right, node.left]
        else:
            yield node


def tree_repr(tree: Tree[L]) -> str:
    """dataclass の repr と同じ文字列（Node(split=…, left=…, right=…)）を、再帰せずに作る。"""
    require_tree(tree)
    parts: list[str] = []
    waiting: list[Tree[L] | str] = [tree]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Node):
            parts.append(f"{type(item).__qualname__}(split={item.split!r}, left=")
            waiting += [")", item.right, ", right=", item.left]
        else:
            parts.append(repr(item))
    return "".join(parts)


# --8<-- [end:tree-parts]
