"""第 3 章のテスト: Python の再帰の上限より深い木も、育て、測り、表示し、予測し、図にできる。"""

from __future__ import annotations

# --8<-- [start:imports]
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    DecisionTree,
    Leaf,
    Node,
    Split,
    Tree,
    depth_of,
    format_tree,
)
from getting_started_ml.chapter03.figures import draw_node, leaf_count, tree_data, tree_svg

if TYPE_CHECKING:
    from matplotlib.axes import Axes

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


# --8<-- [start:deep-compare-test]
DEEP = 1_200
"""比べる木の深さ（再帰の既定の上限 1,000 段より深い）。"""


def chain(depth: int, last: str = "a") -> Tree[str]:
    """右へ 1 段ずつ伸びる深さ depth の木を、育てずに直接組み立てる（いちばん下の葉は last）。"""
    tree: Tree[str] = Leaf(last)
    for level in range(depth):
        tree = Node(Split("x", float(level), 0.5), Leaf("b"), tree)
    return tree


def test_再帰の上限より深い木も比べて文字列にできる(shallow_recursion: int) -> None:
    tree = chain(DEEP)

    assert tree == chain(DEEP)
    assert tree != chain(DEEP, last="c")
    assert tree != chain(DEEP - 1)
    assert hash(tree) == hash(chain(DEEP))
    text = repr(tree)
    assert text.startswith(f"Node(split=Split(feature='x', threshold={DEEP - 1}.0, impurity=0.5)")
    assert text.endswith("Leaf(label='a')" + ")" * DEEP)
    assert text.count("Node(") == DEEP


def test_浅い木の比較と文字列はデータクラスが作るものと同じ() -> None:
    tree = Node(Split("x", 0.5, 0.25), Leaf("a"), Node(Split("y", 1.5, 0.0), Leaf("b"), Leaf("a")))

    assert repr(tree) == (
        "Node(split=Split(feature='x', threshold=0.5, impurity=0.25), left=Leaf(label='a'), "
        "right=Node(split=Split(feature='y', threshold=1.5, impurity=0.0), "
        "left=Leaf(label='b'), right=Leaf(label='a')))"
    )
    assert tree == Node(tree.split, Leaf("a"), tree.right)
    assert tree != Node(tree.split, tree.right, Leaf("a"))  # 左右を入れ替えた木
    assert tree != Leaf("a")
    assert len({tree, Node(tree.split, Leaf("a"), tree.right)}) == 1


# --8<-- [end:deep-compare-test]


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


# --8<-- [start:deep-figure-test]
class Recorder:
    """Axes の代わりに、描いた文字（位置と中身）と矢印の数を覚える。matplotlib を使わずに済む。"""

    def __init__(self) -> None:
        self.texts: list[tuple[float, float, str]] = []
        self.arrows = 0

    def text(self, x: float, y: float, text: str, **style: object) -> None:
        self.texts.append((x, y, text))

    def annotate(self, text: str, *points: object, **style: object) -> None:
        self.arrows += 1


def test_再帰の上限より深い木も図のデータにして描ける() -> None:
    data = tree_data(chain(DEEP), [], [])
    axes = Recorder()

    assert leaf_count(data) == DEEP + 1
    assert draw_node(cast("Axes", axes), data, 0.0, 1.0, 0.0) == 0.5
    boxes = [text for _, _, text in axes.texts if text.startswith(("葉: ", "x <= "))]
    assert len(boxes) == 2 * DEEP + 1  # 節が DEEP 個、葉が DEEP + 1 個
    assert axes.arrows == 2 * DEEP
    assert axes.texts[0] == (0.5 / (DEEP + 1), -1.0, "葉: b\n")  # 根の左の葉を最初に描く
    assert axes.texts[-1] == (0.5, 0.0, f"x <= {DEEP - 1}.0000 ?\n")  # 根の箱は最後に描く


def test_図に埋め込めないほど深い木は深さを挙げて止まる() -> None:
    with pytest.raises(ValueError, match=f"深さ {DEEP} の木は"):
        tree_svg(tree_data(chain(DEEP), [], []))


# --8<-- [end:deep-figure-test]
