"""第 3 章のテスト: Python の再帰の上限より深い木も、育て、測り、表示し、予測できる。"""

from __future__ import annotations

# --8<-- [start:imports]
import sys
from collections.abc import Iterator

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    DecisionTree,
    Leaf,
    Node,
    Tree,
    depth_of,
    format_tree,
)

HEADROOM = 50
"""テストの中で再帰してよい段数。木の深さはこれより何倍も深くする。"""

# --8<-- [end:imports]


# --8<-- [start:deep-tree-test]
@pytest.fixture
def shallow_recursion() -> Iterator[int]:
    """いまの呼び出しの深さ + HEADROOM 段までしか再帰できないようにする（テストを速くするため）。"""
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + HEADROOM)
    yield HEADROOM
    sys.setrecursionlimit(previous)


def alternating(n: int) -> tuple[list[Features], list[str]]:
    """1 列の値 0, 1, …, n−1 に、ラベル a と b を交互に付けた表。木は 1 行ずつ切り分ける。"""
    return [Features(("x",), (float(i),)) for i in range(n)], ["ab"[i % 2] for i in range(n)]


def test_再帰の上限より深い木も育てて表示し予測する(shallow_recursion: int) -> None:
    x, t = alternating(4 * shallow_recursion)

    model = DecisionTree[str].unlimited().fit(x, t)

    assert model.tree is not None
    assert depth_of(model.tree) == len(x) - 1
    assert model.predict(x) == t
    assert len(format_tree(model.tree).splitlines()) == 2 * (len(x) - 1) + len(x)


# --8<-- [end:deep-tree-test]


# --8<-- [start:recursive-reference]
def recursive_lines(tree: Tree[str], indent: str = "") -> list[str]:
    """お手本: 再帰で書いた表示（浅い木で、スタック版と同じ行になることを確かめる）。"""
    if isinstance(tree, Leaf):
        return [f"{indent}{tree.label}"]
    assert isinstance(tree, Node)
    threshold = f"{tree.split.threshold:.4f}"
    return [
        f"{indent}{tree.split.feature} <= {threshold}",
        *recursive_lines(tree.left, indent + "  "),
        f"{indent}{tree.split.feature} > {threshold}",
        *recursive_lines(tree.right, indent + "  "),
    ]


def test_スタックで表示した行は再帰で書いたお手本と同じ() -> None:
    x = [Features(("x", "y"), (float(i % 7), float(i % 5))) for i in range(40)]
    t = ["abc"[(i * 7) % 3] if i % 4 else "d" for i in range(40)]
    tree = DecisionTree[str].unlimited().fit(x, t).tree
    assert tree is not None
    assert format_tree(tree).splitlines() == recursive_lines(tree)


# --8<-- [end:recursive-reference]
