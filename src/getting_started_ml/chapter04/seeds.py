# --8<-- [start:header]
"""種と分け方: 同じ種なら同じ行が、違う種なら違う行がテストデータになることを確かめる。"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from getting_started_ml.chapter02 import split_train_test

# --8<-- [end:header]


# --8<-- [start:seed]
Split = Callable[[Sequence[int], int], Sequence[int]]


def held_out_rows(rows: Sequence[int], seed: int) -> list[int]:
    """第 2 章の split_train_test が、種 seed でテストデータに選ぶ行（3 割）。"""
    return list(split_train_test(rows, rows, 0.3, seed).x_test)


def seed_decides_split(split: Split, rows: Sequence[int], seed: int, other_seed: int) -> bool:
    """同じ種なら同じ分け方、違う種なら違う分け方になるか。"""
    return split(rows, seed) == split(rows, seed) and split(rows, seed) != split(rows, other_seed)


# --8<-- [end:seed]
