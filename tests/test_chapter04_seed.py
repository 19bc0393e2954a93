# --8<-- [start:header]
"""第 4 章: 種はコードの一部。同じ種なら同じ分け方、違う種なら違う分け方。"""

from __future__ import annotations

from collections.abc import Sequence

from getting_started_ml.chapter04 import held_out_rows, seed_decides_split

ROWS = list(range(20))
# OpenJDK 17 の Collections.shuffle(0..19 のリスト, new Random(seed)) の末尾 6 つ（20 × 0.3 = 6 件）
JDK_TAIL = {0: [8, 10, 2, 13, 5, 0], 1: [4, 3, 16, 1, 18, 5]}
# --8<-- [end:header]


# --8<-- [start:seed-tests]
def test_同じ種なら同じ行がテストデータになる() -> None:
    assert held_out_rows(ROWS, 0) == held_out_rows(ROWS, 0)
    assert held_out_rows(ROWS, 0) == JDK_TAIL[0]


def test_違う種なら違う行がテストデータになる() -> None:
    assert held_out_rows(ROWS, 1) != held_out_rows(ROWS, 0)
    assert held_out_rows(ROWS, 1) == JDK_TAIL[1]


def test_第2章の分け方は種で決まる() -> None:
    assert seed_decides_split(held_out_rows, ROWS, seed=0, other_seed=1)


def test_種を無視する分け方は見破られる() -> None:
    def ignores_seed(rows: Sequence[int], seed: int) -> list[int]:
        return held_out_rows(rows, 0)

    assert not seed_decides_split(ignores_seed, ROWS, seed=0, other_seed=1)


# --8<-- [end:seed-tests]
