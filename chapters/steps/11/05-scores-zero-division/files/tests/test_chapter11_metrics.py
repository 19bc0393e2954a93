"""第 11 章: 混同行列と評価指標のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.chapter11.metrics import (
    ConfusionMatrix,
    confusion_matrix,
    f1_score,
    precision,
    recall,
)


def test_正解と予測を4つに数える() -> None:
    assert confusion_matrix([1, 1, 1, 0, 0], [1, 1, 0, 1, 0], 1) == ConfusionMatrix(
        tp=2, fp=1, fn=1, tn=1
    )


def test_正例の決め方を変えると数え方も変わる() -> None:
    actual = [1, 1, 1, 0, 0, 0]
    predicted = [1, 0, 0, 0, 0, 1]
    assert confusion_matrix(actual, predicted, 1) == ConfusionMatrix(tp=1, fp=1, fn=2, tn=2)
    assert confusion_matrix(actual, predicted, 0) == ConfusionMatrix(tp=2, fp=2, fn=1, tn=1)


def test_3つ目のラベルは負例として数える() -> None:
    assert confusion_matrix(["a", "a", "b", "c"], ["a", "b", "a", "c"], "a") == ConfusionMatrix(
        tp=1, fp=1, fn=1, tn=1
    )


def test_件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"正解 1 件、予測 2 件"):
        confusion_matrix(["1"], ["1", "0"], "1")


# --8<-- [start:zero-first]
def test_適合率と再現率とF値() -> None:
    cm = ConfusionMatrix(tp=3, fp=1, fn=2, tn=4)
    assert precision(cm) == 0.75
    assert recall(cm) == 0.6
    assert f1_score(cm) == pytest.approx(2 * 0.75 * 0.6 / 1.35, rel=1e-15)


def test_正例を1件も予測しなければ0になりNaNにならない() -> None:
    cm = ConfusionMatrix(tp=0, fp=0, fn=3, tn=5)
    assert [precision(cm), recall(cm), f1_score(cm)] == [0.0, 0.0, 0.0]


# --8<-- [end:zero-first]
