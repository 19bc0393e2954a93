"""java_random のテスト: java.util.Random と同じ列になること。"""

from __future__ import annotations

from getting_started_ml.java_random import shuffle


def test_種0で10個を並べ替えるとJavaと同じ順になる() -> None:
    assert shuffle(range(10), 0) == [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]
