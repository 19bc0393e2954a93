"""付録 A: numpy の分割探索が、第 8 章の純 Python の木と同じ木を育てる（最初のテスト）。"""

from __future__ import annotations

from getting_started_ml.appendix_a.fast_tree import grow_weighted_numpy
from getting_started_ml.chapter08 import grow_weighted


def test_小さなデータで純Pythonの木と同じ木を育てる() -> None:
    rows = [(1.0, 0.0), (2.0, 1.0), (2.0, 0.0), (3.0, 1.0), (4.0, 1.0)]
    labels = ["a", "b", "a", "b", "b"]
    weights = {"a": 1.5, "b": 0.75}

    expected = grow_weighted(rows, labels, ("x", "y"), weights, None)

    assert grow_weighted_numpy(rows, labels, ("x", "y"), weights, None) == expected
