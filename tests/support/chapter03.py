"""決定木の差分テスト（第 3 章・第 8 章と scikit-learn）が使う、入力の作り方と比べ方。

生成する入力: 1〜4 列の整数の値（float32 でも同じ値になり、境界のずれが出ない）、2〜40 種類の
ラベル、同じ値の行（ラベルの違う重複）、一定の列、同点になりやすい小さな値の範囲。乱数の例の
数は少ないので、範囲の端は EDGE_CASES に固定して with_edge_cases で毎回試す。
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from hypothesis import example
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import Features


@st.composite
def labelled_rows(draw: st.DrawFn) -> tuple[list[list[float]], list[int]]:
    """整数の値の行と、0〜(種類−1) のラベル。列の 1 つは一定のことがある。"""
    n = draw(st.integers(2, 60))
    width = draw(st.integers(1, 4))
    spread = draw(st.sampled_from([1, 3, 1000]))  # 1 なら一定の列、3 なら同点だらけ
    kinds = draw(st.integers(2, 40))
    rows = [[float(draw(st.integers(0, spread - 1))) for _ in range(width)] for _ in range(n)]
    labels = [draw(st.integers(0, kinds - 1)) for _ in range(n)]
    return rows, labels


EDGE_CASES: list[tuple[list[list[float]], list[int]]] = [
    ([[0.0], [1.0]], [0, 1]),  # 最も少ない 2 行
    ([[0.0], [0.0], [0.0]], [0, 1, 0]),  # 値が 1 種類: どちらも分けない
    ([[0.0, 1.0], [0.0, 2.0], [0.0, 1.0], [0.0, 3.0]], [0, 1, 1, 0]),  # 一定の列と分けられる列
    ([[1.0], [1.0], [2.0], [2.0]], [0, 1, 0, 1]),  # ラベルの違う重複だけ（どの分割も同点）
    ([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [0.0, 0.0], [1.0, 1.0], [2.0, 1.0]], [0, 1, 0, 1, 0, 1]),
    ([[float(25 * i)] for i in range(40)], list(range(40))),  # 40 行がどれも違うラベル
]
"""labelled_rows の範囲の端: 乱数の例を減らしても、差分テストが毎回試す入力。"""

Test = TypeVar("Test", bound=Callable[..., None])


def with_edge_cases(test: Test) -> Test:
    """EDGE_CASES のそれぞれを @example として付ける。"""
    for case in EDGE_CASES:
        test = example(case)(test)
    return test


def as_features(rows: list[list[float]]) -> list[Features]:
    columns = tuple(f"c{j}" for j in range(len(rows[0])))
    return [Features(columns, tuple(row)) for row in rows]


def library_root_impurity(model: DecisionTreeClassifier) -> float | None:
    """scikit-learn の木の根の分割の、子の不純度の重み付きの和（分けていなければ None）。"""
    tree = model.tree_
    left, right = int(tree.children_left[0]), int(tree.children_right[0])
    if left < 0:
        return None
    sizes = tree.weighted_n_node_samples
    parts = sizes[left] * tree.impurity[left] + sizes[right] * tree.impurity[right]
    return float(parts / sizes[0])


def best_possible_correct(rows: list[list[float]], labels: list[int]) -> int:
    """同じ値の行ごとに多数のラベルを当てたときの正解数（分けきった木の訓練データの正解数）。"""
    groups: dict[tuple[float, ...], Counter[int]] = {}
    for row, label in zip(rows, labels, strict=True):
        groups.setdefault(tuple(row), Counter())[label] += 1
    return sum(max(counts.values()) for counts in groups.values())
