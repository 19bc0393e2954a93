# --8<-- [start:header]
"""第 10 章: ロジスティック回帰の勾配降下法を numpy で書いたもの（5000 回を速く回すため）。

足す順は手順どおりにする。スコアはバイアスから列の順に、勾配は行の順に 1 つずつ足す。
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from getting_started_ml.arrays import FloatArray
from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter10.logistic import LOG_EPSILON, check_learning_rate
from getting_started_ml.chapter10.models import check_rows
from getting_started_ml.checks import require_count

# --8<-- [end:header]


# --8<-- [start:numpy-steps]
def input_matrix(x: Sequence[Features], columns: Sequence[str]) -> FloatArray:
    """先頭に 1 の列を置き、続けて columns の列の値を並べた、行 × (1 + 列) の配列。

    バイアスを「いつも 1 の列の重み」とみなし、重みの先頭の行として一緒に扱う。
    """
    check_rows(x, columns)
    return np.array(
        [[1.0, *(row.value(column) for column in columns)] for row in x], dtype=np.float64
    )


def class_scores(inputs: FloatArray, parameters: FloatArray) -> FloatArray:
    """行ごとのスコア。バイアスから始め、列の順に (値 × 重み) をクラスごとに足していく。"""
    terms = inputs[:, :, np.newaxis] * parameters
    result: FloatArray = np.add.accumulate(terms, axis=1)[:, -1, :]
    return result


def softmax_rows(scores: FloatArray) -> FloatArray:
    """行ごとの softmax。exp の和は、クラスの順に左から足す。"""
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    total = exps[:, 0]
    for k in range(1, exps.shape[1]):
        total = total + exps[:, k]
    result: FloatArray = exps / total[:, np.newaxis]
    return result


def row_sums(values: FloatArray) -> FloatArray:
    """行の向きの和。上の行から順に 1 つずつ足す（add.accumulate は必ず順に足す）。"""
    result: FloatArray = np.add.accumulate(values, axis=0)[-1]
    return result


# --8<-- [end:numpy-steps]


# --8<-- [start:gradient-descent]
def gradient_descent(
    inputs: FloatArray, targets: Sequence[int], n_classes: int, learning_rate: float, epochs: int
) -> tuple[FloatArray, list[float]]:
    """重み（先頭の行がバイアス）と各回の損失。損失は更新の前に測るので、長さは epochs。"""
    check_inputs(inputs, len(targets))
    require_count(n_classes, "n_classes", minimum=1)
    check_learning_rate(learning_rate)
    require_count(epochs, "epochs", minimum=1)
    check_targets(targets, n_classes)
    n = inputs.shape[0]
    rows, classes = np.arange(n), np.array(targets)
    one_hot = np.zeros((n, n_classes))
    one_hot[rows, classes] = 1.0
    parameters = np.zeros((inputs.shape[1], n_classes))
    losses = []
    with np.errstate(all="ignore"):  # あふれは下の check_finite で、理由を書いて止める
        for _ in range(epochs):
            probabilities = softmax_rows(class_scores(inputs, parameters))
            loss = -float(row_sums(np.log(probabilities[rows, classes] + LOG_EPSILON))) / n
            check_finite(math.isfinite(loss), learning_rate)
            losses.append(loss)
            errors = probabilities - one_hot
            gradient = row_sums(inputs[:, :, np.newaxis] * errors[:, np.newaxis, :])
            parameters -= learning_rate * gradient / n
    check_finite(bool(np.isfinite(parameters).all()), learning_rate)
    return parameters, losses


# --8<-- [end:gradient-descent]


# --8<-- [start:checks]
def check_inputs(inputs: FloatArray, n_rows: int) -> None:
    """inputs は正解と同じ行数の、有限の値の 2 次元の numpy 配列（input_matrix が作るもの）。"""
    if not isinstance(inputs, np.ndarray) or inputs.ndim != 2:
        raise TypeError(f"inputs は 2 次元の numpy 配列です（{type(inputs).__name__}）")
    if inputs.shape[0] != n_rows or n_rows == 0:
        raise ValueError(f"inputs の行の数 {inputs.shape[0]} と正解の件数 {n_rows} が違うか 0 です")
    if not np.isfinite(inputs).all():
        raise ValueError("inputs に有限でない値があります")


def check_targets(targets: Sequence[int], n_classes: int) -> None:
    """正解はクラスの番号 0〜n_classes−1 の int。−1 は numpy では最後のクラスを指してしまう。"""
    for position, target in enumerate(targets):
        if isinstance(target, bool) or not isinstance(target, int | np.integer):
            raise TypeError(f"正解の {position} 番目はクラスの番号（int）です（{target!r}）")
        if not 0 <= target < n_classes:
            raise ValueError(
                f"正解の {position} 番目 {target} がクラスの番号 0〜{n_classes - 1} の外です"
            )


def check_finite(finite: bool, learning_rate: float) -> None:
    """損失や重みが有限でなくなったら、学習率か値が大きすぎると伝えて止める。"""
    if not finite:
        raise ValueError(
            f"学習が発散しました（損失か重みが有限でない）。learning_rate（{learning_rate}）"
            "か特徴量の値が大きすぎます"
        )


def best_classes(inputs: FloatArray, parameters: FloatArray) -> list[int]:
    """行ごとに、スコアがいちばん大きいクラスの番号。同点なら番号の小さいほう。

    スコアが有限でなければ（特徴量の値が大きすぎてあふれた）、argmax が黙って最初の NaN を
    選ばないよう、理由を書いて止める。
    """
    with np.errstate(all="ignore"):
        scores = class_scores(inputs, parameters)
    if not np.isfinite(scores).all():
        raise ValueError("特徴量の値が大きすぎて、クラスのスコアが有限の数で表せません")
    return [int(k) for k in np.argmax(scores, axis=1)]


# --8<-- [end:checks]
