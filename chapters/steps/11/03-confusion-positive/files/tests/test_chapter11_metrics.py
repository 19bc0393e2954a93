"""第 11 章: 混同行列と評価指標のテスト。"""

from __future__ import annotations

from getting_started_ml.chapter11.metrics import ConfusionMatrix, confusion_matrix


def test_正解と予測を4つに数える() -> None:
    assert confusion_matrix([1, 1, 1, 0, 0], [1, 1, 0, 1, 0], 1) == ConfusionMatrix(
        tp=2, fp=1, fn=1, tn=1
    )


# --8<-- [start:second]
def test_正例の決め方を変えると数え方も変わる() -> None:
    actual = [1, 1, 1, 0, 0, 0]
    predicted = [1, 0, 0, 0, 0, 1]
    assert confusion_matrix(actual, predicted, 1) == ConfusionMatrix(tp=1, fp=1, fn=2, tn=2)
    assert confusion_matrix(actual, predicted, 0) == ConfusionMatrix(tp=2, fp=2, fn=1, tn=1)


# --8<-- [end:second]
