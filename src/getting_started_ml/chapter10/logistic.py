"""第 10 章: ソフトマックスと交差エントロピー、勾配降下法で学ぶ多クラスのロジスティック回帰。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce
from operator import add
from typing import Self

import numpy as np
import numpy.typing as npt

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import NotFittedError
from getting_started_ml.chapter10.models import check_count, check_rows, training_columns
from getting_started_ml.numeric import require_same_length

Matrix = npt.NDArray[np.float64]

LOG_EPSILON = 1e-12
"""log(0) を避けるために確率へ足す小さな数。"""


def sequential_sum(values: Sequence[float]) -> float:
    """左から順に 1 つずつ足す（Python 3.12 以降の sum() の補正を入れない）。"""
    return reduce(add, values, 0.0)


# --8<-- [start:softmax]
def softmax(z: Sequence[float]) -> list[float]:
    """スコアを確率にする。最大値を引いてから exp するので、大きなスコアでもあふれない。"""
    scores = check_scores(z)
    top = max(scores)
    exps = [math.exp(score - top) for score in scores]
    total = sequential_sum(exps)
    return [value / total for value in exps]


# --8<-- [end:softmax]


def check_scores(z: Sequence[float]) -> list[float]:
    """スコアは 1 つ以上の有限の数。"""
    if not z:
        raise ValueError("スコアが 1 つもないので softmax を求められません")
    scores = []
    for score in z:
        if isinstance(score, bool) or not isinstance(score, int | float):
            raise TypeError(f"スコアは数です（{type(score).__name__}）")
        if not math.isfinite(score):
            raise ValueError(f"スコアに有限でない数 {score} があります")
        scores.append(float(score))
    return scores


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


# --8<-- [start:numpy-steps]
def with_bias_column(x: Matrix) -> Matrix:
    """先頭に 1 の列を足す。バイアスを「いつも 1 の列の重み」として重みと一緒に扱うため。"""
    return np.hstack([np.ones((x.shape[0], 1)), x])


def class_scores(inputs: Matrix, parameters: Matrix) -> Matrix:
    """行ごとのスコア。バイアスから始め、列の順に (値 × 重み) をクラスごとに足していく。"""
    terms = inputs[:, :, np.newaxis] * parameters
    result: Matrix = np.add.accumulate(terms, axis=1)[:, -1, :]
    return result


def softmax_rows(scores: Matrix) -> Matrix:
    """行ごとの softmax。exp の和は、クラスの順に左から足す。"""
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    total = exps[:, 0]
    for k in range(1, exps.shape[1]):
        total = total + exps[:, k]
    result: Matrix = exps / total[:, np.newaxis]
    return result


def row_sums(values: Matrix) -> Matrix:
    """行の向きの和。上の行から順に 1 つずつ足す（add.accumulate は必ず順に足す）。"""
    result: Matrix = np.add.accumulate(values, axis=0)[-1]
    return result


# --8<-- [end:numpy-steps]


# --8<-- [start:logistic-regression]
class LogisticRegression:
    """多クラスのロジスティック回帰。正則化なしのバッチ勾配降下法で、決めた回数だけ学ぶ。"""

    def __init__(self, learning_rate: float = 1.0, epochs: int = 5000) -> None:
        self._learning_rate = check_learning_rate(learning_rate)
        self._epochs = check_count(epochs, "epochs", 1)
        self._classes: tuple[str, ...] = ()
        self._columns: tuple[str, ...] = ()
        self._parameters: Matrix = np.zeros((0, 0))
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
        return [[float(w) for w in row] for row in self._parameters[1:]]

    @property
    def bias(self) -> list[float]:
        """クラスごとのバイアス。"""
        return [float(b) for b in self._parameters[0]] if self._classes else []

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        """重みとバイアスを 0 から始め、epochs 回の勾配降下法で学ぶ。クラスは名前の順。"""
        columns = training_columns(x, t)
        classes = tuple(sorted(set(t)))
        targets = np.array([classes.index(label) for label in t])
        inputs = with_bias_column(feature_matrix(x, columns))
        parameters, losses = gradient_descent(
            inputs, targets, len(classes), self._learning_rate, self._epochs
        )
        self._classes, self._columns = classes, columns
        self._parameters, self._losses = parameters, losses
        return self

    def predict(self, x: Sequence[Features]) -> list[str]:
        """スコアがいちばん大きいクラス。同点なら名前の順で先のクラス。"""
        if not self._classes:
            raise NotFittedError("predict の前に fit で学習してください")
        check_rows(x, self._columns)
        if not x:
            return []
        inputs = with_bias_column(feature_matrix(x, self._columns))
        scores = class_scores(inputs, self._parameters)
        return [self._classes[int(k)] for k in np.argmax(scores, axis=1)]


# --8<-- [end:logistic-regression]


# --8<-- [start:gradient-descent]
def gradient_descent(
    inputs: Matrix, targets: npt.NDArray[np.int_], n_classes: int, learning_rate: float, epochs: int
) -> tuple[Matrix, list[float]]:
    """重み（先頭の行がバイアス）と各回の損失。損失は更新の前に測るので、長さは epochs。"""
    n = inputs.shape[0]
    rows = np.arange(n)
    one_hot = np.zeros((n, n_classes))
    one_hot[rows, targets] = 1.0
    parameters = np.zeros((inputs.shape[1], n_classes))
    losses = []
    with np.errstate(all="ignore"):
        for _ in range(epochs):
            probabilities = softmax_rows(class_scores(inputs, parameters))
            loss = -float(row_sums(np.log(probabilities[rows, targets] + LOG_EPSILON))) / n
            check_finite(math.isfinite(loss), learning_rate)
            losses.append(loss)
            errors = probabilities - one_hot
            gradient = row_sums(inputs[:, :, np.newaxis] * errors[:, np.newaxis, :])
            parameters -= learning_rate * gradient / n
    check_finite(bool(np.isfinite(parameters).all()), learning_rate)
    return parameters, losses


def check_finite(finite: bool, learning_rate: float) -> None:
    """損失や重みが有限でなくなったら、学習率か値が大きすぎると伝えて止める。"""
    if not finite:
        raise ValueError(
            f"学習が発散しました（損失か重みが有限でない）。learning_rate（{learning_rate}）"
            "か特徴量の値が大きすぎます"
        )


# --8<-- [end:gradient-descent]


def feature_matrix(x: Sequence[Features], columns: Sequence[str]) -> Matrix:
    """columns の列の値を、行 × 列の配列にする。"""
    return np.array([[row.value(column) for column in columns] for row in x], dtype=np.float64)


def check_learning_rate(learning_rate: float) -> float:
    """学習率は 0 以上の有限の数。"""
    if isinstance(learning_rate, bool) or not isinstance(learning_rate, int | float):
        raise TypeError(f"learning_rate は数です（{type(learning_rate).__name__}）")
    if not (math.isfinite(learning_rate) and learning_rate >= 0):
        raise ValueError(f"learning_rate は 0 以上の有限の数です（learning_rate={learning_rate}）")
    return float(learning_rate)
