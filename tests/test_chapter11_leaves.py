# --8<-- [start:header]
"""第 11 章: 決定木の葉のスコア（葉に来た訓練データの正例の割合）。"""

from __future__ import annotations

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Leaf, Node, Split, Tree
from getting_started_ml.chapter11 import leaf_path, leaf_share_scores, leaf_shares

COLUMNS = ("x", "y")

# --8<-- [end:header]


# --8<-- [start:small-tree]
def row(x: float, y: float) -> Features:
    return Features(COLUMNS, (x, y))


def small_tree() -> Tree[str]:
    """x <= 1.5 なら左の葉、そうでなければ y <= 0.5 で 2 つの葉に分かれる木（ラベルは多数決）。"""
    return Node(
        Split("x", 1.5, 0.0),
        Leaf("0"),
        Node(Split("y", 0.5, 0.0), Leaf("1"), Leaf("1")),
    )


# --8<-- [end:small-tree]


# --8<-- [start:test-leaf-share]
def test_境界と等しい値は左へ進む() -> None:
    tree = small_tree()

    assert leaf_path(tree, row(1.5, 9.0)) == (True,)
    assert leaf_path(tree, row(2.0, 0.5)) == (False, True)
    assert leaf_path(tree, row(2.0, 0.6)) == (False, False)
    assert leaf_path(Leaf("1"), row(0.0, 0.0)) == ()


def test_葉ごとに訓練データの正例の割合を数える() -> None:
    x_train = [row(1.0, 0.0), row(1.0, 0.0), row(1.0, 0.0), row(2.0, 0.0), row(3.0, 1.0)]
    t_train = ["0", "0", "1", "1", "0"]

    assert leaf_shares(small_tree(), x_train, t_train, "1") == {
        (True,): 1 / 3,
        (False, True): 1.0,
        (False, False): 0.0,
    }


def test_テストの行には落ちた葉の割合が付く() -> None:
    x_train = [row(1.0, 0.0), row(1.0, 0.0), row(2.0, 0.0), row(3.0, 1.0)]
    t_train = ["0", "1", "1", "0"]
    x_test = [row(5.0, 0.0), row(0.0, 7.0), row(5.0, 5.0)]

    assert leaf_share_scores(small_tree(), x_train, t_train, x_test, "1") == [1.0, 0.5, 0.0]


def test_訓練データの来ない葉に落ちた行は失敗にする() -> None:
    with pytest.raises(ValueError, match=r"道順 \(False, False\)"):
        leaf_share_scores(small_tree(), [row(1.0, 0.0)], ["1"], [row(5.0, 5.0)], "1")


# --8<-- [end:test-leaf-share]
