"""付録 A: 三分割（最初のテスト）。"""

from __future__ import annotations

from getting_started_ml.appendix_a.experiment import split_three_way
from getting_started_ml.chapter02 import Table


def test_100行は72と18と10に分かれ_どの行もちょうど1回ずつ現れる() -> None:
    table = Table.of(("id",), [[str(i)] for i in range(100)])

    split = split_three_way(table, [0] * 100, 0.1, 0.2, 0)

    parts = [split.x_train, split.x_valid, split.x_test]
    assert [len(part) for part in parts] == [72, 18, 10]
    ids = [row.text("id") for part in parts for row in part.rows]
    assert sorted(ids, key=int) == [str(i) for i in range(100)]
