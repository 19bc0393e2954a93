"""第 10 章の森を速く育てる道（build_tree_cached・TreeMemory・truncate_tree）のテスト。

章のコマンドは、2 つの森の木を第 3 章の build_tree ではなく TreeMemory で育てる。表示する数が
1 ビットも動かないのは、どの木も build_tree の木と（しきい値と不純度の float まで）同じだから。
それを、章のデータの 200 本すべてと、作ったデータ（同じ値の多い列、3 種類のラベル）で確かめる。
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.chapter10 import iris_forest, iris_split

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Node, Tree, build_tree, feature_rows
from getting_started_ml.chapter10 import (
    ChapterModels,
    RandomForest,
    TreeMemory,
    build_tree_cached,
    truncate_tree,
)
from getting_started_ml.chapter10.experiment import MAX_FEATURES, N_ESTIMATORS, SEED, SHALLOW_DEPTH

COLUMNS = ("p", "q", "r")
LABELS = ("a", "b", "c")


def depth_of(tree: Tree[str]) -> int:
    """木の深さ（葉だけなら 0）。"""
    return 1 + max(depth_of(tree.left), depth_of(tree.right)) if isinstance(tree, Node) else 0


@pytest.mark.data("iris.csv")
def test_章の2つの森の200本はどれも第3章のbuild_treeの木と同じ() -> None:
    split = iris_split()
    models = ChapterModels.create()
    forest = models.forest.fit(split.x_train, split.t_train)
    shallow = models.shallow_forest.fit(split.x_train, split.t_train)
    expected_shallow = RandomForest.with_max_depth(
        N_ESTIMATORS, MAX_FEATURES, SHALLOW_DEPTH, SEED
    ).fit(split.x_train, split.t_train)

    assert forest.trees == iris_forest().trees
    assert shallow.trees == expected_shallow.trees
    assert len(forest.trees) + len(shallow.trees) == 200
    assert max(depth_of(fitted.tree) for fitted in forest.trees) > SHALLOW_DEPTH  # 切り詰めが効く


rows_strategy = st.lists(
    st.tuples(
        st.integers(0, 5), st.integers(0, 3), st.floats(-2, 2, width=16), st.sampled_from(LABELS)
    ),
    min_size=1,
    max_size=40,
)


ONE_ROW = [(0, 0, 0.0, "a")]
SIGNED_ZEROS = [(0, 0, 0.0, "a"), (0, 0, -0.0, "b"), (1, 0, -0.0, "a")]
"""0.0 と -0.0 は同じ値（しきい値の中点は -0.0 にも 0.0 にもなる）。"""
TIED_LABELS = [(1, 2, 0.5, "b")] * 5 + [(1, 2, 0.5, "c")] * 5
"""どの列も一定で、ラベルが同数: 分けずに多数決の同数を決める。"""
FLOAT16_ENDS = [
    (0, 0, 5.960464477539063e-08, "a"),
    (0, 0, 0.0, "b"),
    (0, 1, -2.0, "c"),
    (5, 3, 2.0, "a"),
]
"""16 ビットの float の最小の非正規化数と範囲の両端。"""
MANY_TIES = [(i % 6, i % 4, (i % 9 - 4) / 2, LABELS[i % 3]) for i in range(40)]
"""最も多い 40 行。同じ値と同点の分割が多く、深い木になる。"""


def as_data(data: list[tuple[int, int, float, str]]) -> tuple[list[Features], list[str]]:
    """作った組を、3 列の行とラベルにする（整数の列は同じ値が多い）。"""
    x = [Features(COLUMNS, (float(p), float(q) / 3, r)) for p, q, r, _ in data]
    return x, [label for *_, label in data]


# 乱数の例は 20。範囲の端と、同じ値と同点の多い入力は @example で毎回試す。
@settings(max_examples=20, deadline=None)
@given(rows_strategy, st.one_of(st.none(), st.integers(0, 4)))
@example(ONE_ROW, None)
@example(SIGNED_ZEROS, None)
@example(TIED_LABELS, 0)
@example(FLOAT16_ENDS, 1)
@example(MANY_TIES, None)
@example(MANY_TIES, 4)
def test_覚えて使い回す木は第3章のbuild_treeの木と同じ(
    data: list[tuple[int, int, float, str]], depth: int | None
) -> None:
    x, t = as_data(data)

    assert build_tree_cached(x, t, COLUMNS, depth) == build_tree(x, t, COLUMNS, depth)
    assert build_tree_cached(x, t, COLUMNS[1:], depth) == build_tree(x, t, COLUMNS[1:], depth)


@settings(max_examples=20, deadline=None)
@given(rows_strategy, st.integers(0, 4))
@example(ONE_ROW, 0)
@example(SIGNED_ZEROS, 1)
@example(TIED_LABELS, 2)
@example(FLOAT16_ENDS, 1)
@example(MANY_TIES, 0)
@example(MANY_TIES, 2)
@example(MANY_TIES, 4)
def test_深さの制限のない木を切り詰めると深さを制限して育てた木と同じ(
    data: list[tuple[int, int, float, str]], depth: int
) -> None:
    x, t = as_data(data)
    rows = feature_rows(x, COLUMNS)
    memory = TreeMemory()

    unlimited = memory(x, t, COLUMNS, None)

    assert truncate_tree(unlimited, depth, rows, t, COLUMNS) == build_tree(x, t, COLUMNS, depth)
    assert memory(x, t, COLUMNS, depth) == build_tree(x, t, COLUMNS, depth)
    assert memory(x, t, COLUMNS[:2], depth) == build_tree(x, t, COLUMNS[:2], depth)


def test_切り詰めの入口の検査() -> None:
    x, t = as_data([(0, 0, 0.0, "a"), (1, 1, 1.0, "b")])
    rows = feature_rows(x, COLUMNS)
    tree = build_tree(x, t, COLUMNS, None)

    with pytest.raises(ValueError, match="depth"):
        truncate_tree(tree, -1, rows, t, COLUMNS)
    with pytest.raises(ValueError, match="件数が違います"):
        truncate_tree(tree, 1, rows, t[:1], COLUMNS)
    with pytest.raises(ValueError, match="行が 1 つも"):
        truncate_tree(tree, 1, [], [], COLUMNS)
    with pytest.raises(ValueError, match="行が 1 つも"):
        TreeMemory()([], [], COLUMNS, None)
    with pytest.raises(TypeError, match="grow"):
        RandomForest.of(2, 1, 0, grow="build_tree")  # type: ignore[arg-type]
