"""頑健さのテスト（第 3 章）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
第 3 章の公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.chapter02 import feature_rows
from support.robustness import (
    WRONG_TYPES,
    call_safely,
    counts,
    extreme_numbers,
    labels,
    uncalled_names,
)

from getting_started_ml import chapter03
from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import DecisionTree, Leaf, Node, Split

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(values=labels())
def test_chapter03_gini_and_majority(values: list[object]) -> None:
    hashable = [v for v in values if isinstance(v, Hashable)]
    impurity = call_safely(lambda: chapter03.gini(hashable), names=["ラベル"], allow_nan=True)
    if impurity is not None:
        assert 0.0 <= impurity < 1.0
    call_safely(lambda: chapter03.majority(hashable), names=["ラベル"], allow_nan=True)
    following = chapter03.next_positions_of_same_label(hashable)
    assert len(following) == len(hashable)


@fuzz
@given(counts_=st.lists(st.integers(-3, 5), max_size=4), total=counts())
def test_chapter03_gini_of_counts(counts_: list[int], total: Any) -> None:
    value = call_safely(
        lambda: chapter03.gini_of_counts(counts_, total), names=["件数", "counts", "total"]
    )
    if value is not None:
        assert 0.0 <= value <= 1.0


@fuzz
@given(x=feature_rows(), t=st.lists(st.sampled_from(["p", "q", "r"]), max_size=7), depth=counts())
def test_chapter03_build_tree_and_predict(x: list[Features], t: list[str], depth: Any) -> None:
    names = ["特徴量", "正解", "行", "max_depth", "深さ", "列"]
    call_safely(lambda: chapter03.best_split(x, t, ["a", "b"]), names=names)
    tree = call_safely(lambda: chapter03.build_tree(x, t, ["a", "b"], depth), names=names)
    if tree is None:
        return
    assert chapter03.depth_of(tree) <= depth if isinstance(depth, int) else True
    assert chapter03.format_tree(tree)
    for row in x:
        assert chapter03.predict_one(tree, row) in t
    model = call_safely(lambda: DecisionTree[str](depth).fit(x, t), names=names)
    if model is not None:
        assert model.predict(x) == [chapter03.predict_one(tree, row) for row in x]
    root = (chapter03.feature_rows(x, ["a", "b"]), list(t), depth)
    regrown = chapter03.grow_with_stack(root, lambda part: chapter03.divide(part, ("a", "b")))
    assert chapter03.format_tree(regrown) == chapter03.format_tree(tree)


@fuzz
@given(
    values=st.lists(extreme_numbers(allow_nan=True), max_size=6),
    labels_=st.lists(st.sampled_from(["p", "q"]), max_size=6),
)
def test_chapter03_best_threshold(values: list[Any], labels_: list[str]) -> None:
    names = ["値", "ラベル", "件数", "列"]
    call_safely(lambda: chapter03.best_threshold("a", values, labels_), names=names)
    call_safely(lambda: chapter03.require_finite_values(values, "a"), names=["列 a"])
    rows = [(v,) for v in values]
    call_safely(lambda: chapter03.find_best_split(rows, labels_, ["a"]), names=names)
    call_safely(lambda: list(chapter03.boundary_impurities(values, labels_)), names=names)
    call_safely(lambda: chapter03.grow(rows, labels_, ("a",), 2), names=names)


@fuzz
@given(depth=st.one_of(counts(), st.none()))
def test_chapter03_check_depth(depth: Any) -> None:
    checked = call_safely(lambda: chapter03.check_depth(depth), names=["max_depth", "深さ"])
    if checked is not None:
        assert checked >= 0


@fuzz
@given(x=feature_rows(("a",)), columns=st.lists(st.sampled_from(["a", "z"]), max_size=2))
def test_chapter03_feature_rows_and_pick(x: list[Features], columns: list[str]) -> None:
    call_safely(lambda: chapter03.feature_rows(x, columns), names=["列"])
    flags = [i % 2 == 0 for i in range(len(x))]
    assert len(chapter03.pick(x, flags, True)) == (len(x) + 1) // 2
    call_safely(lambda: chapter03.pick(x, flags[:-1], True), names=["zip", "argument"])


def test_chapter03_tree_types() -> None:
    tree: Node[str] = Node(Split("a", 0.5, 0.0), Leaf("p"), Leaf("q"))
    assert list(chapter03.tree_lines(tree, "")) == ["a <= 0.5000", "  p", "a > 0.5000", "  q"]
    call_safely(
        lambda: DecisionTree[str](1).predict([]), names=["fit"], allowed=(chapter03.NotFittedError,)
    )
    assert DecisionTree.unlimited().max_depth is None
    assert DecisionTree.with_max_depth(2).tree is None
    not_trees: list[Any] = list(WRONG_TYPES)
    for value in not_trees:
        call_safely(partial(chapter03.require_tree, value), names=["tree（木）"])
        call_safely(partial(list, chapter03.tree_parts(value)), names=["tree（木）"])
        call_safely(partial(chapter03.tree_repr, value), names=["tree（木）"])
    assert list(chapter03.tree_parts(tree)) == [tree.split, Leaf("p"), Leaf("q")]
    assert chapter03.tree_repr(Leaf("p")) == "Leaf(label='p')"


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {
    "NotFittedError": "例外の型",
    "Split": "値を持つだけのデータクラス",
    "Leaf": "値を持つだけのデータクラス",
    "Node": "値を持つだけのデータクラス",
    "main": "章のコマンド（データの有無は test_cli_startup と黄金ファイルのテスト）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.chapter03", source, EXEMPT) == []
