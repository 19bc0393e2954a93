"""差分テスト: 第 3 章の決定木を scikit-learn の DecisionTreeClassifier と突き合わせる。

入力は tests/support/chapter03.py の labelled_rows が作り、範囲の端（同じファイルの EDGE_CASES）は
with_edge_cases で毎回試す（第 8 章の重み付きの木は test_chapter08_differential.py）。

約束の違い（比べ方に反映する）:
- 不純度が同点の分割は、自作は先の列・小さい境界を選び、scikit-learn は列を乱数の順に調べる。
  そこで分割そのものでなく、根の分割の重み付きの不純度（子の不純度の重み付きの和）を比べる。
  許容誤差は相対 1e-12（足す順の違いによる丸め数回分）。
- 多数決の同数は、自作は先に現れたラベル、scikit-learn は番号の小さいクラスを選ぶ。
  そこで制限なしの木は、予測そのものでなく訓練データの正解数を比べる（どちらも、同じ値の行で
  ラベルが割れる分しか外さない）。
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from sklearn.tree import DecisionTreeClassifier
from support.chapter03 import (
    as_features,
    best_possible_correct,
    labelled_rows,
    library_root_impurity,
    with_edge_cases,
)

from getting_started_ml.chapter03 import DecisionTree, Node, build_tree

# 行に比べてラベルの種類が多いと scikit-learn が「回帰では？」と警告する。多いのは意図どおり
pytestmark = pytest.mark.filterwarnings("ignore:The number of unique classes:UserWarning")


@settings(max_examples=15, deadline=None)
@given(labelled_rows())
@with_edge_cases
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


@settings(max_examples=10, deadline=None)
@given(labelled_rows())
@with_edge_cases
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


def test_1000段の木はscikit_learnも同じ深さまで育てる() -> None:
    # 第 3 章 3.10 節の例。自作の木の深さは test_chapter03_deep が（再帰の上限を下げて）確かめる
    n = 1000
    library = DecisionTreeClassifier(random_state=0).fit(
        np.arange(n, dtype=float).reshape(-1, 1), [i % 2 for i in range(n)]
    )
    assert library.get_depth() == n - 1
