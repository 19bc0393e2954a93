# --8<-- [start:header]
"""第 11 章: K 分割交差検証。

分け方は Java 版と同じ乱数（java.util.Random）で作るので、どの版とも同じ行がテストデータになる。
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from getting_started_ml.chapter11.metrics import Metric
from getting_started_ml.checks import require_same_length
from getting_started_ml.java_random import INT_MAX, require_int, shuffled_positions

X = TypeVar("X")
Y = TypeVar("Y")
P = TypeVar("P")

Predictor: TypeAlias = Callable[[Sequence[X]], Sequence[P]]
"""学習済みのモデル。特徴量の行の並びを受け取り、同じ数の予測を返す。"""

Trainer: TypeAlias = Callable[[Sequence[X], Sequence[Y]], Predictor[X, P]]
"""訓練データの特徴量と正解を受け取り、予測する関数を返す関数。呼ぶたびに新しく学習する。"""
# --8<-- [end:header]


# --8<-- [start:fold]
@dataclass(frozen=True)
class Fold:
    """1 回分の分け方。行の位置のリストで、どちらも並べ替えた順のまま持つ。"""

    train: list[int]
    test: list[int]


# --8<-- [end:fold]


# --8<-- [start:k-fold]
def k_fold(n_samples: int, n_splits: int, seed: int) -> list[Fold]:
    """行の位置を種 seed で並べ替え、n_splits 個のかたまりに分ける。"""
    check_splits(n_samples, n_splits)
    return folds_of(shuffled_positions(n_samples, seed), n_splits)


def k_fold_sequential(n_samples: int, n_splits: int) -> list[Fold]:
    """並べ替えずに、先頭から順に n_splits 個のかたまりに分ける。"""
    check_splits(n_samples, n_splits)
    return folds_of(list(range(n_samples)), n_splits)


def check_splits(n_samples: int, n_splits: int) -> None:
    """分割の数は 2 以上、行の数以下でなければならない。"""
    require_counts(n_samples, n_splits)
    if not 2 <= n_splits <= n_samples:
        raise ValueError(f"分割の数は 2 以上、行の数以下です（分割 {n_splits}、行 {n_samples} 件）")


def fold_sizes(n_samples: int, n_splits: int) -> list[int]:
    """各分割のテストデータの件数。余りは先頭の分割から 1 件ずつ配る。"""
    require_counts(n_samples, n_splits)
    if not 1 <= n_splits <= max(n_samples, 1):
        raise ValueError(f"分割の数は 1 以上、行の数以下です（分割 {n_splits}、行 {n_samples} 件）")
    base, remainder = divmod(n_samples, n_splits)
    return [base + (1 if index < remainder else 0) for index in range(n_splits)]


def folds_of(positions: list[int], n_splits: int) -> list[Fold]:
    """並べた位置を連続したかたまりに切り、1 つをテスト、残りを訓練データにする。"""
    folds = []
    start = 0
    for size in fold_sizes(len(positions), n_splits):
        test = positions[start : start + size]
        in_test = set(test)
        train = [position for position in positions if position not in in_test]
        folds.append(Fold(train, test))
        start += size
    return folds


# --8<-- [end:k-fold]


# --8<-- [start:checks]
def require_counts(n_samples: int, n_splits: int) -> None:
    """行の数と分割の数は整数で、行の数は 0 以上、Java の int の最大値以下。"""
    require_int(n_samples, "n_samples（行の数）")
    require_int(n_splits, "n_splits（分割の数）")
    if not 0 <= n_samples <= INT_MAX:
        raise ValueError(f"n_samples（行の数）は 0 以上 {INT_MAX} 以下です（{n_samples}）")


def check_fold(fold: Fold, n_samples: int, number: int) -> None:
    """分け方が行の範囲に収まり、訓練とテストが空でなく、重ならないことを確かめる。"""
    if not isinstance(fold, Fold):
        raise TypeError(f"分割 {number} が Fold ではありません（{type(fold).__name__}）")
    for name, positions in (("train", fold.train), ("test", fold.test)):
        for position in positions:
            require_int(position, f"分割 {number} の {name} の位置")
    if not fold.train or not fold.test:
        raise ValueError(
            f"分割 {number} の訓練データかテストデータが空です"
            f"（訓練 {len(fold.train)} 件、テスト {len(fold.test)} 件）"
        )
    outside = [p for p in [*fold.train, *fold.test] if not 0 <= p < n_samples]
    if outside:
        raise ValueError(
            f"分割 {number} に行の範囲（0 以上 {n_samples} 未満）の外の位置があります"
            f": {outside[:5]}"
        )
    shared = set(fold.train) & set(fold.test)
    if shared:
        raise ValueError(f"分割 {number} で訓練とテストに同じ行があります: {sorted(shared)[:5]}")


# --8<-- [end:checks]


# --8<-- [start:cross-validate]
def cross_validate(
    trainer: Trainer[X, Y, P],
    x: Sequence[X],
    t: Sequence[Y],
    folds: Iterable[Fold],
    metric: Metric,
) -> Iterator[float]:
    """分割ごとに学習して採点したスコアを、1 つずつ取り出せるジェネレーターで返す。

    入力の検査はここで（呼んだ時点で）済ませる。学習は取り出すたびに 1 回ずつ行う。
    """
    require_same_length(x, t, "特徴量", "正解")
    checked = list(folds)
    if not checked:
        raise ValueError("分割が 1 つもありません")
    for number, fold in enumerate(checked):
        check_fold(fold, len(x), number)
    return fold_scores(trainer, x, t, checked, metric)


def fold_scores(
    trainer: Trainer[X, Y, P],
    x: Sequence[X],
    t: Sequence[Y],
    folds: list[Fold],
    metric: Metric,
) -> Iterator[float]:
    """ジェネレーター本体。next() で呼ばれるまで、ここは 1 行も動かない。"""
    for fold in folds:
        predict = trainer(pick(x, fold.train), pick(t, fold.train))
        yield metric(pick(t, fold.test), predict(pick(x, fold.test)))


def pick(values: Sequence[X], positions: Sequence[int]) -> list[X]:
    """位置の順に値を選ぶ。"""
    return [values[position] for position in positions]


# --8<-- [end:cross-validate]
