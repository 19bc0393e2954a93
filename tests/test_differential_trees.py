"""差分テスト: 第 3 章・第 8 章の決定木を scikit-learn の DecisionTreeClassifier と突き合わせる。

生成する入力: 1〜4 列の整数の値（float32 でも同じ値になり、境界のずれが出ない）、2〜40 種類の
ラベル、同じ値の行（ラベルの違う重複）、一定の列、同点になりやすい小さな値の範囲。

約束の違い（比べ方に反映する）:
- 不純度が同点の分割は、自作は先の列・小さい境界を選び、scikit-learn は列を乱数の順に調べる。
  そこで分割そのものでなく、根の分割の重み付きの不純度（子の不純度の重み付きの和）を比べる。
  許容誤差は相対 1e-12（足す順の違いによる丸め数回分）。
- 多数決の同数は、自作は先に現れたラベル、scikit-learn は番号の小さいクラスを選ぶ。
  そこで制限なしの木は、予測そのものでなく訓練データの正解数を比べる（どちらも、同じ値の行で
  ラベルが割れる分しか外さない）。
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import DecisionTree, Node, build_tree
from getting_started_ml.chapter08 import ClassWeight, WeightedTreeClassifier

# 行に比べてラベルの種類が多いと scikit-learn が「回帰では？」と警告する。多いのは意図どおり
pytestmark = pytest.mark.filterwarnings("ignore:The number of unique classes:UserWarning")


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


@settings(max_examples=40, deadline=None)
@given(labelled_rows())
def test_根の分割の不純度はscikit_learnの最良の分割と同じ(
    data: tuple[list[list[float]], list[int]],
) -> None:
    rows, labels = data
    x = as_features(rows)
    ours = build_tree(x, labels, x[0].columns, 1)
    library = DecisionTreeClassifier(max_depth=1, random_state=0).fit(np.array(rows), labels)

    theirs = library_root_impurity(library)
    if theirs is None:  # scikit-learn が分けないなら、自作も分けない（ラベル 1 種類か値が 1 種類）
        assert not isinstance(ours, Node)
        return
    assert isinstance(ours, Node)
    assert ours.split.impurity == pytest.approx(theirs, rel=1e-12, abs=1e-15)


@settings(max_examples=30, deadline=None)
@given(labelled_rows())
def test_制限なしの木は訓練データをscikit_learnと同じ数だけ当てる(
    data: tuple[list[list[float]], list[int]],
) -> None:
    rows, labels = data
    x = as_features(rows)
    ours = DecisionTree[int].unlimited().fit(x, labels).predict(x)
    library = DecisionTreeClassifier(random_state=0).fit(np.array(rows), labels)

    correct = sum(a == b for a, b in zip(ours, labels, strict=True))
    library_correct = int(np.sum(library.predict(np.array(rows)) == np.array(labels)))
    assert correct == library_correct == best_possible_correct(rows, labels)


@settings(max_examples=30, deadline=None)
@given(labelled_rows())
def test_釣り合いの重みの根の分割はclass_weight_balancedと同じ不純度(
    data: tuple[list[list[float]], list[int]],
) -> None:
    rows, labels = data
    x = as_features(rows)
    model = WeightedTreeClassifier[int](1, ClassWeight.BALANCED).fit(x, labels)
    library = DecisionTreeClassifier(max_depth=1, class_weight="balanced", random_state=0)
    library.fit(np.array(rows), labels)

    theirs = library_root_impurity(library)
    ours = model.tree
    if theirs is None:
        assert not isinstance(ours, Node)
        return
    assert isinstance(ours, Node)
    assert ours.split.impurity == pytest.approx(theirs, rel=1e-12, abs=1e-15)


def test_1000段の木はscikit_learnも同じ深さまで育てる() -> None:
    # 第 3 章 3.10 節の例。自作の木の深さは test_chapter03_deep が（再帰の上限を下げて）確かめる
    n = 1000
    library = DecisionTreeClassifier(random_state=0).fit(
        np.arange(n, dtype=float).reshape(-1, 1), [i % 2 for i in range(n)]
    )
    assert library.get_depth() == n - 1
