# --8<-- [start:header]
"""第 10 章: ソフトマックスと交差エントロピー、勾配降下法で学ぶ多クラスのロジスティック回帰。"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence
from functools import reduce
from operator import add
from typing import TYPE_CHECKING, Self

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import NotFittedError
from getting_started_ml.chapter10.models import check_rows, training_columns
from getting_started_ml.checks import require_count, require_finite, require_same_length

# --8<-- [end:header]


# --8<-- [start:softmax]
def softmax(z: Sequence[float]) -> list[float]:
    """スコアを確率にする。最大値を引いてから exp するので、大きなスコアでもあふれない。"""
    scores = check_scores(z)
    top = max(scores)
    exps = [math.exp(score - top) for score in scores]
    total = sequential_sum(exps)
    return [value / total for value in exps]


# --8<-- [end:softmax]


# --8<-- [start:header-2]
if TYPE_CHECKING:
    from getting_started_ml.arrays import FloatArray

LOG_EPSILON = 1e-12
"""log(0) を避けるために確率へ足す小さな数。"""
SETTLE_WINDOW = 10
"""最後のこの回数の更新で損失が上がっていないかを見て、収束していないことに気づく。"""
RISE_TOLERANCE = 1e-9
"""前の回の損失（1 未満なら 1）のこの割合を超えて上がったら「上がった」とみなす。"""
# --8<-- [end:header-2]


# --8<-- [start:check-scores]
def check_scores(z: Sequence[float]) -> list[float]:
    """スコアは 1 つ以上の有限の数。"""
    if not z:
        raise ValueError("スコアが 1 つもないので softmax を求められません")
    return [require_finite(score, f"スコアの {position} 番目") for position, score in enumerate(z)]


# --8<-- [end:check-scores]


# --8<-- [start:sequential-sum]
def sequential_sum(values: Sequence[float]) -> float:
    """左から順に 1 つずつ足す（Python 3.12 以降の sum() の補正を入れない）。"""
    return reduce(add, values, 0.0)


# --8<-- [end:sequential-sum]


# --8<-- [start:cross-entropy]
def cross_entropy(probabilities: Sequence[Sequence[float]], targets: Sequence[int]) -> float:
    """正解のクラスに付けた確率の対数の平均に、負号を付けたもの。log(0) は 1e-12 で避ける。"""
    require_same_length(probabilities, targets, "確率", "正解")
    if not targets:
        raise ValueError("確率と正解が 0 件なので交差エントロピーを求められません")
    logs = []
    for row, target in zip(probabilities, targets, strict=True):
        if isinstance(target, bool) or not isinstance(target, int):
            raise TypeError(f"正解はクラスの番号（int）です（{type(target).__name__}）")
        if not 0 <= target < len(row):
            raise ValueError(f"正解の番号 {target} がクラスの数 {len(row)} の範囲にありません")
        probability = row[target]
        if not 0.0 <= probability <= 1.0:
            raise ValueError(f"確率は 0 以上 1 以下です（{probability}）")
        logs.append(math.log(probability + LOG_EPSILON))
    return -sequential_sum(logs) / len(targets)


# --8<-- [end:cross-entropy]


# --8<-- [start:logistic-regression]
class LogisticConvergenceWarning(UserWarning):
    """勾配降下法の損失が、最後の更新でもまだ上がり下がりしている（収束していない）。"""


class LogisticRegression:
    """多クラスのロジスティック回帰。正則化なしのバッチ勾配降下法で、決めた回数だけ学ぶ。"""

    def __init__(self, learning_rate: float = 1.0, epochs: int = 5000) -> None:
        self._learning_rate = check_learning_rate(learning_rate)
        self._epochs = require_count(epochs, "epochs", minimum=1)
        self._classes: tuple[str, ...] = ()
        self._columns: tuple[str, ...] = ()
        self._parameters: FloatArray | None = None
        self._losses: list[float] = []

    @property
    def classes(self) -> tuple[str, ...]:
        """学習したクラス（名前の順）。fit の前は空。"""
        return self._classes

    @property
    def losses(self) -> list[float]:
        """各回の更新の前に測った交差エントロピー。長さは epochs。"""
        return list(self._losses)

    @property
    def weights(self) -> list[list[float]]:
        """重み W[列][クラス]。"""
        if self._parameters is None:
            return []
        return [[float(w) for w in row] for row in self._parameters[1:]]

    @property
    def bias(self) -> list[float]:
        """クラスごとのバイアス。"""
        if self._parameters is None:
            return []
        return [float(b) for b in self._parameters[0]]

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        """重みとバイアスを 0 から始め、epochs 回の勾配降下法で学ぶ。クラスは名前の順。"""
        columns = training_columns(x, t)
        classes = tuple(sorted(set(t)))
        targets = [classes.index(label) for label in t]
        from getting_started_ml.chapter10.descent import (  # noqa: PLC0415  numpy は学ぶときに読む
            gradient_descent,
            input_matrix,
        )

        parameters, losses = gradient_descent(
            input_matrix(x, columns),
            targets,
            len(classes),
            self._learning_rate,
            self._epochs,
        )
        self._classes, self._columns = classes, columns
        self._parameters, self._losses = parameters, losses
        warn_if_unsettled(losses, self._learning_rate)
        return self

    def predict(self, x: Sequence[Features]) -> list[str]:
        """スコアがいちばん大きいクラス。同点なら名前の順で先のクラス。"""
        if self._parameters is None:
            raise NotFittedError("predict の前に fit で学習してください")
        check_rows(x, self._columns)
        if not x:
            return []
        from getting_started_ml.chapter10.descent import (  # noqa: PLC0415
            best_classes,
            input_matrix,
        )

        inputs = input_matrix(x, self._columns)
        return [self._classes[k] for k in best_classes(inputs, self._parameters)]


# --8<-- [end:logistic-regression]


# --8<-- [start:check-learning-rate]
def check_learning_rate(learning_rate: float) -> float:
    """学習率は 0 以上の有限の数。"""
    rate = require_finite(learning_rate, "learning_rate")
    if rate < 0:
        raise ValueError(f"learning_rate は 0 以上です（learning_rate={learning_rate}）")
    return rate


# --8<-- [end:check-learning-rate]


# --8<-- [start:settled]
def warn_if_unsettled(losses: Sequence[float], learning_rate: float) -> None:
    """最後の SETTLE_WINDOW 回の更新のどこかで損失が上がっていたら、警告する。

    学習率が損失の曲がり具合に比べて大きすぎると、谷を行き過ぎて、損失は下がりきらずに
    いくつかの値を行き来し続ける。回数を増やしても直らないので、黙って返さずに知らせる。
    """
    tail = losses[-SETTLE_WINDOW - 1 :]
    rises = sum(
        1
        for before, after in itertools.pairwise(tail)
        if after - before > RISE_TOLERANCE * max(abs(before), 1.0)
    )
    if rises:
        warnings.warn(
            f"勾配降下法が収束していません（最後の {len(tail) - 1} 回の更新で損失が {rises} 回"
            f"上がりました）。learning_rate（{learning_rate}）を小さくするか、"
            "特徴量を標準化してください",
            LogisticConvergenceWarning,
            stacklevel=3,
        )


# --8<-- [end:settled]
