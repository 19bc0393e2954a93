"""付録 A: 総合演習（Bank.csv）。"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Table, split_train_test


@dataclass(frozen=True)
class ThreeWaySplit:
    """訓練・検証・テストの 3 つ。"""

    x_train: Table
    x_valid: Table
    x_test: Table
    t_train: list[int]
    t_valid: list[int]
    t_test: list[int]


def split_three_way(
    x: Table, t: Sequence[int], test_size: float, validation_size: float, seed: int
) -> ThreeWaySplit:
    """まずテストデータを分け、残り（並べ替えた順のまま）を同じ種でもう一度分ける。"""
    outer = split_train_test(list(x.rows), list(t), test_size, seed)
    inner = split_train_test(outer.x_train, outer.t_train, validation_size, seed)
    return ThreeWaySplit(
        Table(x.columns, tuple(inner.x_train)),
        Table(x.columns, tuple(inner.x_test)),
        Table(x.columns, tuple(outer.x_test)),
        inner.t_train,
        inner.t_test,
        outer.t_test,
    )
