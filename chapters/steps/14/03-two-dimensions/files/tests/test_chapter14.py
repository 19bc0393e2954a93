from __future__ import annotations

from getting_started_ml.chapter14 import assign_clusters


def test_各点を最も近い中心に割り当てる() -> None:
    assert assign_clusters([[0], [1], [9], [10]], [[0], [10]]) == [0, 0, 1, 1]


def test_2次元でも最も近い中心を選ぶ() -> None:
    assert assign_clusters([[0, 0], [5, 4], [1, 0]], [[5, 5], [0, 0]]) == [1, 0, 1]


def test_同じ距離なら番号の小さい中心を選ぶ() -> None:
    assert assign_clusters([[5]], [[0], [10]]) == [0]
