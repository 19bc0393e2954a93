"""java_random のテスト: java.util.Random と同じ列になること。"""

from __future__ import annotations

# --8<-- [start:imports]
from getting_started_ml.java_random import JavaRandom, shuffle

# --8<-- [end:imports]


def test_種0で10個を並べ替えるとJavaと同じ順になる() -> None:
    assert shuffle(range(10), 0) == [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]


def test_種1で10個を並べ替えるとJavaと同じ順になる() -> None:
    assert shuffle(range(10), 1) == [6, 9, 7, 8, 4, 2, 0, 3, 1, 5]


# --8<-- [start:rejection-first]
def test_棄却が起きる上限でも本物のJDKと一致する() -> None:
    random_ = JavaRandom(0)
    assert [random_.next_int(2**30 + 1) for _ in range(3)] == [516548029, 663681053, 251269761]


# --8<-- [end:rejection-first]
