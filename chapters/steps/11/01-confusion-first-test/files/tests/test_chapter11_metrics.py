"""第 11 章: 混同行列と評価指標のテスト。"""

from __future__ import annotations

from getting_started_ml.chapter11.metrics import ConfusionMatrix, confusion_matrix


def test_正解と予測を4つに数える() -> None:
    assert confusion_matrix([1, 1, 1, 0, 0], [1, 1, 0, 1, 0], 1) == ConfusionMatrix(
        tp=2, fp=1, fn=1, tn=1
    )
