"""差分テスト: 第 8 章の釣り合いの重みの木を scikit-learn の class_weight="balanced" と比べる。

入力は tests/support/chapter03.py の labelled_rows が作り、範囲の端は with_edge_cases で毎回試す
（第 3 章の木は test_chapter03_differential.py）。不純度が同点の分割は自作と scikit-learn で
選ぶものが違うので、分割そのものでなく、根の分割の重み付きの不純度を相対 1e-12 で比べる。
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from sklearn.tree import DecisionTreeClassifier
from support.chapter03 import as_features, labelled_rows, library_root_impurity, with_edge_cases

from getting_started_ml.chapter03 import Node
from getting_started_ml.chapter08 import ClassWeight, WeightedTreeClassifier

# 行に比べてラベルの種類が多いと scikit-learn が「回帰では？」と警告する。多いのは意図どおり
pytestmark = pytest.mark.filterwarnings("ignore:The number of unique classes:UserWarning")


@settings(max_examples=10, deadline=None)
@given(labelled_rows())
@with_edge_cases
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
