# --8<-- [start:header]
"""第 11 章: K 分割と交差検証のテスト。"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from getting_started_ml.chapter07 import mean_absolute_error
from getting_started_ml.chapter11 import (
    Fold,
    Predictor,
    accuracy,
    classification_metric,
    cross_validate,
    fold_sizes,
    k_fold,
    k_fold_sequential,
    mean_squared_error,
    precision,
)
from getting_started_ml.numeric import kahan_mean

# --8<-- [end:header]


# --8<-- [start:test-k-fold]
def test_テストデータは重ならず全体を1回ずつおおう() -> None:
    folds = k_fold(10, 3, 0)
    tested = [position for fold in folds for position in fold.test]
    assert sorted(tested) == list(range(10))
    for fold in folds:
        assert sorted(fold.train + fold.test) == list(range(10))


@pytest.mark.parametrize(
    ("n_samples", "n_splits", "expected"),
    [
        (10, 3, [4, 3, 3]),
        (7, 2, [4, 3]),
        (11, 4, [3, 3, 3, 2]),
        (891, 5, [179, 178, 178, 178, 178]),
    ],
)
def test_余りは先頭の分割から1件ずつ配る(
    n_samples: int, n_splits: int, expected: list[int]
) -> None:
    assert [len(fold.test) for fold in k_fold(n_samples, n_splits, 0)] == expected
    assert [len(fold.test) for fold in k_fold_sequential(n_samples, n_splits)] == expected


def test_Java版と同じ分け方になる() -> None:
    assert k_fold(10, 3, 0) == [
        Fold(train=[3, 5, 2, 1, 7, 0], test=[4, 8, 9, 6]),
        Fold(train=[4, 8, 9, 6, 1, 7, 0], test=[3, 5, 2]),
        Fold(train=[4, 8, 9, 6, 3, 5, 2], test=[1, 7, 0]),
    ]


def test_同じ種なら同じ分け方で違う種なら違う分け方() -> None:
    assert k_fold(20, 4, 7) == k_fold(20, 4, 7)
    assert k_fold(10, 3, 0) != k_fold(10, 3, 1)


# --8<-- [end:test-k-fold]


def test_2分割と20件4分割もJava版と同じ() -> None:
    assert k_fold(7, 2, 0) == [Fold([6, 4, 5], [1, 0, 3, 2]), Fold([1, 0, 3, 2], [6, 4, 5])]
    assert [fold.test for fold in k_fold(20, 4, 0)] == [
        [6, 1, 15, 17, 4],
        [18, 12, 11, 14, 7],
        [19, 3, 16, 9, 8],
        [10, 2, 13, 5, 0],
    ]


def checksum(positions: Sequence[int]) -> int:
    """位置の並びの指紋。順番が 1 つ入れ替わっても変わる。"""
    return sum((index + 1) * (position + 1) for index, position in enumerate(positions))


def test_891件5分割は訓練データも並べ替えた順のまま() -> None:
    folds = k_fold(891, 5, 0)
    assert [fold.test[:10] for fold in folds] == [
        [7, 395, 53, 373, 58, 425, 548, 693, 55, 42],
        [811, 398, 235, 817, 556, 784, 9, 443, 620, 37],
        [631, 624, 841, 630, 627, 291, 834, 107, 422, 358],
        [246, 833, 241, 269, 687, 8, 105, 745, 26, 684],
        [337, 4, 724, 463, 611, 158, 472, 881, 6, 197],
    ]
    assert [checksum(fold.test) for fold in folds] == [
        7210258,
        7426170,
        6529421,
        7359012,
        7623915,
    ]
    assert [checksum(fold.train) for fold in folds] == [
        115224908,
        115247889,
        117336062,
        114709333,
        113409205,
    ]


def test_並べ替えない分割は先頭から順に切る() -> None:
    assert k_fold_sequential(5, 2) == [Fold([3, 4], [0, 1, 2]), Fold([0, 1, 2], [3, 4])]


def test_分割の件数を求める() -> None:
    assert fold_sizes(11, 4) == [3, 3, 3, 2]
    assert fold_sizes(12, 3) == [4, 4, 4]


@pytest.mark.parametrize(("n_samples", "n_splits"), [(10, 1), (10, 0), (3, 4), (0, 2)])
def test_分割の数は2以上で行の数以下(n_samples: int, n_splits: int) -> None:
    with pytest.raises(ValueError, match=f"分割 {n_splits}、行 {n_samples} 件"):
        k_fold(n_samples, n_splits, 0)
    with pytest.raises(ValueError, match=f"分割 {n_splits}、行 {n_samples} 件"):
        k_fold_sequential(n_samples, n_splits)


# --8<-- [start:trainers]
def mean_trainer(x: Sequence[float], t: Sequence[float]) -> Predictor[float, float]:
    """正解の平均をいつも予測するモデル（特徴量は見ない）。"""
    average = kahan_mean(t)
    return lambda rows: [average for _ in rows]


def majority_trainer(x: Sequence[float], t: Sequence[str]) -> Predictor[float, str]:
    """訓練データで最も多いラベルをいつも予測するモデル。"""
    majority = max(dict.fromkeys(t), key=list(t).count)
    return lambda rows: [majority for _ in rows]


MEAN_X = [10.0, 20.0, 30.0, 40.0]
MEAN_T = [1.0, 2.0, 3.0, 4.0]
SWAPPED = [Fold([0, 1], [2, 3]), Fold([2, 3], [0, 1])]
# --8<-- [end:trainers]


def test_分割ごとに学習して採点する() -> None:
    # 訓練 [1, 2] の平均 1.5 で [3, 4] を予測すると、誤差は 1.5 と 2.5。
    scores = list(cross_validate(mean_trainer, MEAN_X, MEAN_T, SWAPPED, mean_absolute_error))
    assert scores == [2.0, 2.0]


def test_評価関数を差し替えられる() -> None:
    # 誤差 1.5 と 2.5 の 2 乗の平均は (2.25 + 6.25) / 2 = 4.25。
    scores = list(cross_validate(mean_trainer, MEAN_X, MEAN_T, SWAPPED, mean_squared_error))
    assert scores == [4.25, 4.25]


def test_分類でも同じ関数で採点できる() -> None:
    x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    t = ["a", "a", "b", "a", "b", "b"]
    folds = [Fold([0, 1, 2], [3, 4, 5]), Fold([3, 4, 5], [0, 1, 2])]
    # 1 つ目は "a" を予測して [a, b, b] に 1/3、2 つ目は "b" を予測して [a, a, b] に 1/3。
    assert list(cross_validate(majority_trainer, x, t, folds, accuracy)) == pytest.approx(
        [1 / 3, 1 / 3]
    )
    # 正例 "a" の適合率: 1 つ目は 3 件を "a" と予測して 1 件が正しい。2 つ目は "a" を予測しない。
    scores = cross_validate(majority_trainer, x, t, folds, classification_metric(precision, "a"))
    assert list(scores) == pytest.approx([1 / 3, 0.0])


# --8<-- [start:counting-trainer]
class CountingTrainer:
    """呼ばれた回数を数える平均のモデル。"""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, x: Sequence[float], t: Sequence[float]) -> Predictor[float, float]:
        self.calls += 1
        return mean_trainer(x, t)


# --8<-- [end:counting-trainer]


# --8<-- [start:test-lazy]
def test_取り出すまで学習しない() -> None:
    trainer = CountingTrainer()
    scores = cross_validate(trainer, MEAN_X, MEAN_T, SWAPPED, mean_absolute_error)
    assert trainer.calls == 0
    assert next(scores) == 2.0
    assert trainer.calls == 1
    assert list(scores) == [2.0]
    assert trainer.calls == 2


def test_ジェネレーターは1回しか読めない() -> None:
    scores = cross_validate(mean_trainer, MEAN_X, MEAN_T, SWAPPED, mean_absolute_error)
    assert list(scores) == [2.0, 2.0]
    assert list(scores) == []


def test_入力の誤りは取り出す前に分かる() -> None:
    trainer = CountingTrainer()
    with pytest.raises(ValueError, match=r"特徴量 4 件、正解 3 件"):
        cross_validate(trainer, MEAN_X, MEAN_T[:3], SWAPPED, mean_absolute_error)
    assert trainer.calls == 0


# --8<-- [end:test-lazy]


def test_行の範囲の外の位置は失敗する() -> None:
    folds = [Fold([0, 1], [2, 4])]
    with pytest.raises(ValueError, match=r"分割 0 に行の範囲（0 以上 4 未満）の外"):
        cross_validate(mean_trainer, MEAN_X, MEAN_T, folds, mean_absolute_error)


def test_訓練とテストが重なる分割は失敗する() -> None:
    folds = [Fold([0, 1, 2], [2, 3])]
    with pytest.raises(ValueError, match=r"訓練とテストに同じ行があります: \[2\]"):
        cross_validate(mean_trainer, MEAN_X, MEAN_T, folds, mean_absolute_error)


def test_空の分割は失敗する() -> None:
    with pytest.raises(ValueError, match="分割が 1 つもありません"):
        cross_validate(mean_trainer, MEAN_X, MEAN_T, [], mean_absolute_error)
    with pytest.raises(ValueError, match="訓練 0 件、テスト 4 件"):
        cross_validate(mean_trainer, MEAN_X, MEAN_T, [Fold([], [0, 1, 2, 3])], mean_absolute_error)


def test_分割はジェネレーターで渡してもよい() -> None:
    folds = (fold for fold in SWAPPED)
    assert list(cross_validate(mean_trainer, MEAN_X, MEAN_T, folds, mean_absolute_error)) == [
        2.0,
        2.0,
    ]


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        ((10, 2.5, 0), "n_splits"),
        (("10", 2, 0), "n_samples"),
        ((10.0, 2, 0), "n_samples"),
        ((10, True, 0), "n_splits"),
        ((10, 2, 0.5), "seed"),
    ],
)
def test_整数でない引数のk_foldは引数の名前を書いて失敗する(
    arguments: tuple[object, object, object], name: str
) -> None:
    with pytest.raises(TypeError, match=name):
        k_fold(*arguments)  # type: ignore[arg-type]


def test_整数でない引数のk_fold_sequentialとfold_sizesも名前を書いて失敗する() -> None:
    with pytest.raises(TypeError, match="n_splits"):
        k_fold_sequential(10, 2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="n_samples"):
        fold_sizes("10", 2)  # type: ignore[arg-type]


def test_fold_sizesは分割の数が0なら割らずに失敗する() -> None:
    with pytest.raises(ValueError, match="分割 0"):
        fold_sizes(10, 0)


def test_Foldでない分け方は型を書いて失敗する() -> None:
    not_folds: list[Any] = [([0], [1])]
    with pytest.raises(TypeError, match="Fold"):
        cross_validate(lambda x, t: lambda rows: rows, [1, 2], [1, 2], not_folds, accuracy)
