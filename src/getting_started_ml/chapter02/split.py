# --8<-- [start:header]
"""訓練データとテストデータに分ける（Java 版と同じ乱数で並べ替える）。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from getting_started_ml.checks import (
    require_count,
    require_open_probability,
    require_same_length,
)
from getting_started_ml.java_random import shuffled_positions

X = TypeVar("X")
Y = TypeVar("Y")

# --8<-- [end:header]


# --8<-- [start:split]
@dataclass(frozen=True)
class TrainTestSplit(Generic[X, Y]):
    """訓練データとテストデータ。どちらも並べ替えた順のまま持つ。"""

    x_train: list[X]
    x_test: list[X]
    t_train: list[Y]
    t_test: list[Y]


def count_test_rows(n_samples: int, test_size: float) -> int:
    """テストデータの件数。件数と割合の積（浮動小数のまま）を切り上げる。"""
    require_count(n_samples, "n_samples")
    require_open_probability(test_size, "test_size")
    return math.ceil(n_samples * test_size)


def split_train_test(
    x: Sequence[X], t: Sequence[Y], test_size: float, seed: int
) -> TrainTestSplit[X, Y]:
    """Java 版と同じ並べ替えで、先頭を訓練データ、残りをテストデータにする。"""
    require_same_length(x, t, "特徴量", "正解")
    n_test = count_test_rows(len(x), test_size)
    positions = shuffled_positions(len(x), seed)
    train, test = positions[: len(x) - n_test], positions[len(x) - n_test :]
    return TrainTestSplit(
        [x[i] for i in train], [x[i] for i in test], [t[i] for i in train], [t[i] for i in test]
    )


# --8<-- [end:split]


# --8<-- [start:require-split]
def require_split(value: object, name: str = "split") -> TrainTestSplit[object, object]:
    """value が TrainTestSplit であることを確かめる。"""
    if not isinstance(value, TrainTestSplit):
        raise TypeError(f"{name} は TrainTestSplit です（{type(value).__name__}）")
    return value


# --8<-- [end:require-split]
