from __future__ import annotations

from getting_started_ml.chapter14 import assign_clusters, update_centers


def test_各点を最も近い中心に割り当てる() -> None:
    assert assign_clusters([[0], [1], [9], [10]], [[0], [10]]) == [0, 0, 1, 1]


def test_2次元でも最も近い中心を選ぶ() -> None:
    assert assign_clusters([[0, 0], [5, 4], [1, 0]], [[5, 5], [0, 0]]) == [1, 0, 1]


def test_同じ距離なら番号の小さい中心を選ぶ() -> None:
    assert assign_clusters([[5]], [[0], [10]]) == [0]


def test_中心をクラスタの点の平均に動かす() -> None:
    points = [[0, 0], [2, 0], [10, 10], [10, 12]]
    assert update_centers(points, [0, 0, 1, 1], [[0, 0], [0, 0]]) == [[1, 0], [10, 11]]


def test_点の無いクラスタは前の中心のまま() -> None:
    assert update_centers([[0, 0], [2, 4]], [0, 0], [[0, 0], [99, 99]]) == [[1, 2], [99, 99]]
