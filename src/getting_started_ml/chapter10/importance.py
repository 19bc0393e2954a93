# --8<-- [start:header]
"""第 10 章: 特徴量の重要度（不純度の減少の合計）。1 本の木と、森全体。"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Leaf, Node, NotFittedError, Tree, gini, pick
from getting_started_ml.chapter10.forest import RandomForest, bootstrap_data
from getting_started_ml.chapter10.logistic import sequential_sum
from getting_started_ml.chapter10.models import check_rows
from getting_started_ml.checks import require_count, require_finite, require_same_length

L = TypeVar("L", bound=Hashable)

# --8<-- [end:header]


# --8<-- [start:tree-importances]
def tree_importances(tree: Tree[L], x: Sequence[Features], t: Sequence[L]) -> dict[str, float]:
    """木を育てたデータを根から流し、節ごとの不純度の減少を列ごとに足して、合計 1 にそろえる。"""
    require_rows(x, t)
    check_rows(x, x[0].columns)
    return decrease_shares(tree, x, t)


def decrease_shares(tree: Tree[L], x: Sequence[Features], t: Sequence[L]) -> dict[str, float]:
    """行を流し、列ごとの不純度の減少を合計 1 にそろえる（列は x[0] の順）。"""
    if not isinstance(tree, Leaf | Node):
        raise TypeError(f"tree は第 3 章の木（Leaf か Node）です（{type(tree).__name__}）")
    require_rows(x, t)
    decreases = dict.fromkeys(x[0].columns, 0.0)
    add_decreases(tree, x, t, decreases)
    return normalized(decreases)


def add_decreases(
    tree: Tree[L], x: Sequence[Features], t: Sequence[L], decreases: dict[str, float]
) -> None:
    """節に来た行の数 ×（節のジニ不純度 − 分けたあとの不純度）を、分けた列に足す。

    節を根から左優先の順（再帰で書いたときと同じ、足す順も同じ）に、自分のスタックでたどる。
    """
    waiting: list[tuple[Tree[L], Sequence[Features], Sequence[L]]] = [(tree, x, t)]
    while waiting:
        node, rows, labels = waiting.pop()
        if isinstance(node, Leaf) or not labels:
            continue
        split = node.split
        if split.feature not in decreases:
            raise ValueError(f"木が使う列 {split.feature} が、渡された行にありません")
        decreases[split.feature] += len(labels) * (gini(labels) - split.impurity)
        goes_left = [row.value(split.feature) <= split.threshold for row in rows]
        waiting.append((node.right, pick(rows, goes_left, False), pick(labels, goes_left, False)))
        waiting.append((node.left, pick(rows, goes_left, True), pick(labels, goes_left, True)))


def normalized(values: Mapping[str, float]) -> dict[str, float]:
    """合計で割って合計を 1 にする。合計が 0 ならそのまま。"""
    if not isinstance(values, Mapping):
        raise TypeError(f"values は列の名前と数の対応です（{type(values).__name__}）")
    for column, value in values.items():
        require_finite(value, f"列 {column} の値")
    total = sequential_sum(list(values.values()))
    if total == 0.0:
        return dict(values)
    return {column: value / total for column, value in values.items()}


# --8<-- [end:tree-importances]


# --8<-- [start:require-rows]
def require_rows(x: Sequence[Features], t: Sequence[object]) -> None:
    """行と正解の件数がそろい、1 行以上あり、1 行目が Features であることを確かめる。"""
    require_same_length(x, t, "特徴量", "正解")
    if not x:
        raise ValueError("行が 1 つもないので重要度を求められません")
    if not isinstance(x[0], Features):
        raise TypeError(f"1 行目が Features ではありません（{type(x[0]).__name__}）")


# --8<-- [end:require-rows]


# --8<-- [start:forest-importances]
def forest_importances(
    forest: RandomForest, x: Sequence[Features], t: Sequence[str]
) -> dict[str, float]:
    """木ごとに（その木のブートストラップで）重要度を求め、平均して、もう一度合計 1 にそろえる。"""
    require_fitted(forest)
    require_same_length(x, t, "特徴量", "正解")
    if not x:
        raise ValueError("行が 1 つもないので重要度を求められません")
    check_rows(x, x[0].columns)
    check_positions(forest, len(x))
    averages = dict.fromkeys(x[0].columns, 0.0)
    n_trees = len(forest.trees)
    for fitted in forest.trees:
        sample_x, sample_t = bootstrap_data(x, t, fitted.columns, fitted.rows)
        for column, value in decrease_shares(fitted.tree, sample_x, sample_t).items():
            averages[column] += value / n_trees
    return normalized(averages)


def check_positions(forest: RandomForest, n_rows: int) -> None:
    """どの木が引いた行の位置も、渡された行の数に収まっていることを確かめる。"""
    require_fitted(forest)
    require_count(n_rows, "n_rows（行の数）")
    largest = max(max(fitted.rows) for fitted in forest.trees)
    if largest >= n_rows:
        raise ValueError(f"木が引いた行の位置 {largest} が、渡された {n_rows} 行を超えています")


# --8<-- [end:forest-importances]


# --8<-- [start:require-fitted]
def require_fitted(forest: RandomForest) -> None:
    """forest は学習の済んだ RandomForest。"""
    if not isinstance(forest, RandomForest):
        raise TypeError(f"forest は RandomForest です（{type(forest).__name__}）")
    if not forest.trees:
        raise NotFittedError("重要度を求める前に fit で学習してください")


# --8<-- [end:require-fitted]
