# --8<-- [start:header]
"""第 10 章: どのモデルも同じ形で学習・予測・採点するための約束と、ライブラリのモデルの包み。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self

import numpy as np

from getting_started_ml.arrays import FloatArray
from getting_started_ml.chapter01 import accuracy
from getting_started_ml.chapter02 import Features, TrainTestSplit
from getting_started_ml.chapter03 import NotFittedError
from getting_started_ml.checks import require_same_length

# --8<-- [end:header]


# --8<-- [start:classifier]
class Classifier(Protocol):
    """分類器の約束。fit で学習して自分を返し、predict で行ごとのラベルを返す。"""

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Classifier: ...

    def predict(self, x: Sequence[Features]) -> list[str]: ...


# --8<-- [end:classifier]


# --8<-- [start:score]
@dataclass(frozen=True)
class Predictions:
    """1 つのモデルが訓練データとテストデータに出した予測。"""

    train: list[str]
    test: list[str]


def fit_and_predict(model: Classifier, split: TrainTestSplit[Features, str]) -> Predictions:
    """訓練データだけで学習し、訓練データとテストデータの両方を予測する。"""
    if not isinstance(split, TrainTestSplit):
        raise TypeError(f"split は TrainTestSplit です（{type(split).__name__}）")
    if not (callable(getattr(model, "fit", None)) and callable(getattr(model, "predict", None))):
        raise TypeError(f"model は fit と predict を持つ分類器です（{type(model).__name__}）")
    fitted = model.fit(split.x_train, split.t_train)
    return Predictions(fitted.predict(split.x_train), fitted.predict(split.x_test))


@dataclass(frozen=True)
class Score:
    """訓練データとテストデータの正解率。"""

    train: float
    test: float

    @classmethod
    def evaluate(cls, model: Classifier, split: TrainTestSplit[Features, str]) -> Score:
        """訓練データで学習し、両方の正解率を求める。"""
        predictions = fit_and_predict(model, split)
        return cls(
            accuracy(split.t_train, predictions.train), accuracy(split.t_test, predictions.test)
        )


# --8<-- [end:score]


# --8<-- [start:checks]
def training_columns(x: Sequence[Features], t: Sequence[str]) -> tuple[str, ...]:
    """学習に渡された行を確かめ、使う列（1 行目の列の順）を返す。"""
    require_same_length(x, t, "特徴量", "正解")
    if not x:
        raise ValueError("行が 1 つもないので学習できません")
    for number, label in enumerate(t, 1):
        if not isinstance(label, str):
            raise TypeError(f"正解の {number} 件目が str ではありません（{type(label).__name__}）")
    columns = x[0].columns
    check_rows(x, columns)
    return columns


def check_rows(x: Sequence[Features], columns: Sequence[str]) -> None:
    """どの行も columns の列を持ち、値が有限であることを確かめる。"""
    for number, row in enumerate(x, 1):
        if not isinstance(row, Features):
            raise TypeError(f"{number} 行目が Features ではありません（{type(row).__name__}）")
        absent = [column for column in columns if column not in row.columns]
        if absent:
            raise ValueError(
                f"{number} 行目に列 {', '.join(absent)} がありません"
                f"（あるのは {', '.join(row.columns)}）"
            )
        for column, value in zip(row.columns, row.values, strict=True):
            if not math.isfinite(value):
                raise ValueError(f"{number} 行目の列 {column} に有限でない値 {value} があります")


# --8<-- [end:checks]


# --8<-- [start:estimator]
class Estimator(Protocol):
    """scikit-learn の分類器の形（fit(X, y) と predict(X)）。"""

    def fit(self, x: Any, y: Any) -> Any: ...

    def predict(self, x: Any) -> Any: ...


# --8<-- [end:estimator]


# --8<-- [start:library-classifier]
class LibraryClassifier:
    """scikit-learn などの分類器を包み、Features の行と文字列のラベルで学習・予測する。"""

    def __init__(self, estimator: Estimator) -> None:
        self.estimator = estimator
        self._columns: tuple[str, ...] | None = None

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        """1 行目の列の順に値を並べた 2 次元配列で学習する。"""
        self._columns = training_columns(x, t)
        self.estimator.fit(as_matrix(x, self._columns), list(t))
        return self

    def predict(self, x: Sequence[Features]) -> list[str]:
        """学習したときと同じ列の順に並べて予測し、ラベルを str に戻す。"""
        if self._columns is None:
            raise NotFittedError("predict の前に fit で学習してください")
        check_rows(x, self._columns)
        if not x:
            return []
        return [str(label) for label in self.estimator.predict(as_matrix(x, self._columns))]


def as_matrix(x: Sequence[Features], columns: Sequence[str]) -> FloatArray:
    """行 × 列の float64 の配列（どの行も columns の列を持ち、値が有限であることを確かめる）。"""
    check_rows(x, columns)
    return np.array([[row.value(column) for column in columns] for row in x], dtype=np.float64)


# --8<-- [end:library-classifier]
