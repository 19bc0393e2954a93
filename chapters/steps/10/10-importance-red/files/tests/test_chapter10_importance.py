import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import build_tree
from getting_started_ml.chapter10.importance import tree_importances

S, VE, VI = "Iris-setosa", "Iris-versicolor", "Iris-virginica"


def test_節ごとの不純度の減少を列ごとに足して合計1にそろえる() -> None:
    columns = ("花弁長さ", "花弁幅")
    values = [(0.1, 0.1), (0.2, 0.1), (0.3, 0.1), (0.8, 0.2), (0.7, 0.9), (0.9, 0.9)]
    x = [Features(columns, row) for row in values]
    t = [S, S, S, VE, VI, VI]
    tree = build_tree(x, t, columns, None)

    assert tree_importances(tree, x, t) == pytest.approx(
        {"花弁長さ": 7 / 11, "花弁幅": 4 / 11}, abs=1e-12
    )
