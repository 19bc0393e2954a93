from __future__ import annotations

from getting_started_ml.chapter14 import assign_clusters


def test_各点を最も近い中心に割り当てる() -> None:
    assert assign_clusters([[0], [1], [9], [10]], [[0], [10]]) == [0, 0, 1, 1]
