# --8<-- [start:header]
"""第 10 章のテスト: 1 本の木と森の、不純度の減少による特徴量の重要度。"""

from __future__ import annotations

import pytest
from support.chapter10 import SETOSA, VERSICOLOR, VIRGINICA, columns_of

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Leaf, Node, NotFittedError, Split, Tree, build_tree
from getting_started_ml.chapter10 import RandomForest, forest_importances, tree_importances

S, VE, VI = SETOSA, VERSICOLOR, VIRGINICA

# --8<-- [end:header]


# --8<-- [start:test-tree-importances]
def test_葉だけの木の重要度はどの列も0() -> None:
    x = columns_of(花弁長さ=[0.1, 0.2], 花弁幅=[0.3, 0.4])

    assert tree_importances(Leaf(S), x, [S, S]) == {"花弁長さ": 0.0, "花弁幅": 0.0}


def test_節ごとの不純度の減少を列ごとに足して合計1にそろえる() -> None:
    x = columns_of(
        花弁長さ=[0.1, 0.2, 0.3, 0.8, 0.7, 0.9],
        花弁幅=[0.1, 0.1, 0.1, 0.2, 0.9, 0.9],
    )
    t = [S, S, S, VE, VI, VI]
    tree = build_tree(x, t, ["花弁長さ", "花弁幅"], None)

    assert tree_importances(tree, x, t) == pytest.approx(
        {"花弁長さ": 7 / 11, "花弁幅": 4 / 11}, abs=1e-12
    )


# --8<-- [end:test-tree-importances]


def test_根と子の減少は件数で重み付けされる() -> None:
    # 根: 6 行のジニ 22/36 から 2/9 へ → 6 × 14/36 = 7/3。右の子: 3 行の 4/9 から 0 へ → 4/3
    x = columns_of(
        花弁長さ=[0.1, 0.2, 0.3, 0.8, 0.7, 0.9],
        花弁幅=[0.1, 0.1, 0.1, 0.2, 0.9, 0.9],
    )
    tree = build_tree(x, [S, S, S, VE, VI, VI], ["花弁長さ", "花弁幅"], None)

    assert isinstance(tree, Node)
    assert tree.split.feature == "花弁長さ"  # 花弁幅 0.15 と同点。先の列が勝つ
    assert isinstance(tree.right, Node)
    assert tree.right.split.feature == "花弁幅"


def test_行が来ない節は何も足さない() -> None:
    tree = Node(Split("a", 0.5, 0.0), Leaf("x"), Node(Split("b", 0.5, 0.0), Leaf("y"), Leaf("z")))
    x = columns_of(a=[0.1, 0.2], b=[0.0, 0.0])

    assert tree_importances(tree, x, ["x", "x"]) == {"a": 0.0, "b": 0.0}


# --8<-- [start:test-forest-importances]
def test_1本の森の重要度はその木のブートストラップでの重要度() -> None:
    x = columns_of(
        花弁長さ=[0.1, 0.2, 0.3, 0.8, 0.7, 0.9, 0.4, 0.6],
        花弁幅=[0.1, 0.1, 0.1, 0.2, 0.9, 0.9, 0.3, 0.5],
    )
    t = [S, S, S, VE, VI, VI, S, VE]

    forest = RandomForest.of(1, 2, 0).fit(x, t)

    (fitted,) = forest.trees
    sample_x, sample_t = fitted.sample(x, t)
    assert forest_importances(forest, x, t) == pytest.approx(
        tree_importances(fitted.tree, sample_x, sample_t), abs=1e-15
    )


def test_森の重要度は木ごとに合計1にしてから平均する() -> None:
    x = columns_of(
        a=[0.1, 0.2, 0.3, 0.8, 0.7, 0.9, 0.4, 0.6],
        b=[0.1, 0.1, 0.1, 0.2, 0.9, 0.9, 0.3, 0.5],
        c=[0.5, 0.4, 0.3, 0.2, 0.1, 0.0, 0.6, 0.7],
    )
    t = [S, S, S, VE, VI, VI, S, VE]
    forest = RandomForest.of(6, 1, 3).fit(x, t)

    per_tree = [tree_importances(f.tree, *f.sample(x, t)) for f in forest.trees]
    averages = {column: sum(imp.get(column, 0.0) for imp in per_tree) / 6 for column in "abc"}
    total = sum(averages.values())

    result = forest_importances(forest, x, t)
    assert list(result) == ["a", "b", "c"]
    assert result == pytest.approx({c: v / total for c, v in averages.items()}, abs=1e-12)
    assert sum(result.values()) == pytest.approx(1.0, abs=1e-12)


# --8<-- [end:test-forest-importances]


def test_重要度の入口の検査() -> None:
    x = columns_of(a=[0.1, 0.2])
    with pytest.raises(ValueError, match="特徴量 2 件、正解 1 件"):
        tree_importances(Leaf("x"), x, ["x"])
    with pytest.raises(ValueError, match="行が 1 つもない"):
        tree_importances(Leaf("x"), [], [])
    with pytest.raises(ValueError, match="列 b"):
        tree_importances(Node(Split("b", 0.5, 0.0), Leaf("x"), Leaf("y")), x, ["x", "y"])
    with pytest.raises(NotFittedError, match="fit"):
        forest_importances(RandomForest.of(2, 1, 0), x, ["x", "y"])


def test_再帰の上限より深い木の重要度も求める() -> None:
    # 1 列の値 0, 1, …, 1,199 にラベル a と b を交互に付けた表: 木は 1 行ずつ切り分けて深さ 1,199
    x = [Features(("x",), (float(i),)) for i in range(1_200)]
    t = ["ab"[i % 2] for i in range(1_200)]
    tree: Tree[str] = Leaf(t[-1])
    for i in reversed(range(len(x) - 1)):
        tree = Node(Split("x", i + 0.5, 0.5), Leaf(t[i]), tree)

    assert tree_importances(tree, x, t) == {"x": 1.0}
