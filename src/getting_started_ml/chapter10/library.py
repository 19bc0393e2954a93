"""第 10 章: ライブラリのモデルを、この章の Classifier と同じ形で使うための包み。"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self

import numpy as np

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import NotFittedError
from getting_started_ml.chapter10.models import check_rows, training_columns


class Estimator(Protocol):
    """scikit-learn の分類器の形（fit(X, y) と predict(X)）。"""

    def fit(self, x: Any, y: Any) -> Any: ...

    def predict(self, x: Any) -> Any: ...


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


def as_matrix(x: Sequence[Features], columns: Sequence[str]) -> np.ndarray[Any, np.dtype[Any]]:
    """行 × 列の float64 の配列。"""
    return np.array([[row.value(column) for column in columns] for row in x], dtype=np.float64)


# --8<-- [end:library-classifier]
