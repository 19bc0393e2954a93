# --8<-- [start:header]
"""第 10 章のテスト: どのモデルも同じ形で学習・予測・採点する。"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

import pytest
from support.chapter10 import SETOSA, VIRGINICA, columns_of

from getting_started_ml.chapter02 import Features, TrainTestSplit
from getting_started_ml.chapter03 import DecisionTree
from getting_started_ml.chapter10 import (
    ChapterModels,
    Classifier,
    LogisticRegression,
    Predictions,
    RandomForest,
    Score,
    fit_and_predict,
)

# --8<-- [end:header]


# --8<-- [start:test-score]
class AlwaysSetosa:
    """何を見ても setosa と答えるモデル。"""

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        return self

    def predict(self, x: Sequence[Features]) -> list[str]:
        return [SETOSA for _ in x]


def test_いつもsetosaと答えるモデルを同じ形で採点する() -> None:
    x = columns_of(花弁幅=[0.1, 0.9, 0.2, 0.8, 0.15, 0.12])
    split = TrainTestSplit(x[:4], x[4:], [SETOSA, VIRGINICA, SETOSA, VIRGINICA], [SETOSA, SETOSA])

    assert Score.evaluate(AlwaysSetosa(), split) == Score(0.5, 1.0)


def test_採点は訓練データだけで学習してから両方を予測する() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9, 0.15, 0.85])
    split = TrainTestSplit(
        x[:4], x[4:], [SETOSA, SETOSA, VIRGINICA, VIRGINICA], [VIRGINICA, SETOSA]
    )
    model = DecisionTree[str].with_max_depth(1)

    assert fit_and_predict(model, split) == Predictions(
        [SETOSA, SETOSA, VIRGINICA, VIRGINICA], [SETOSA, VIRGINICA]
    )
    assert Score.evaluate(model, split) == Score(1.0, 0.0)


# --8<-- [end:test-score]


# --8<-- [start:test-protocol]
def test_第3章の決定木は手を入れずに同じ形で使える() -> None:
    model: Classifier = DecisionTree[str].with_max_depth(2)  # mypy がここで形を確かめる

    assert isinstance(model.fit(columns_of(a=[0.0, 1.0]), ["x", "y"]), DecisionTree)


def test_章の4つのモデルは表の順に並ぶ() -> None:
    models = ChapterModels.create()

    named = models.named()
    assert [name for name, _ in named] == [
        "決定木（深さ 2）",
        "ロジスティック回帰",
        "ランダムフォレスト（100 本）",
        "ランダムフォレスト（100 本・深さ 2）",
    ]
    assert [model for _, model in named] == [
        models.tree,
        models.logistic,
        models.forest,
        models.shallow_forest,
    ]
    assert isinstance(models.logistic, LogisticRegression)
    assert isinstance(models.forest, RandomForest)
    assert models.tree.max_depth == 2


# --8<-- [end:test-protocol]


def test_件数の違う予測は採点できない() -> None:
    class TooFew(AlwaysSetosa):
        def predict(self, x: Sequence[Features]) -> list[str]:
            return [SETOSA]

    x = columns_of(a=[0.0, 1.0])
    with pytest.raises(ValueError, match="正解 2 件、予測 1 件"):
        Score.evaluate(TooFew(), TrainTestSplit(x, x, [SETOSA, SETOSA], [SETOSA, SETOSA]))
