import math

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter10.logistic import LogisticRegression, softmax

SETOSA, VERSICOLOR, VIRGINICA = "Iris-setosa", "Iris-versicolor", "Iris-virginica"


def columns_of(**columns: list[float]) -> list[Features]:
    """列名=値の並び の形で、列ごとに値を書いて行を作る。"""
    names = tuple(columns)
    return [Features(names, tuple(values)) for values in zip(*columns.values(), strict=True)]


def test_同じスコアなら同じ確率になる() -> None:
    assert softmax([0.0, 0.0, 0.0, 0.0]) == [0.25, 0.25, 0.25, 0.25]


def test_スコアの差は指数の比になる() -> None:
    assert softmax([0.0, math.log(2)]) == pytest.approx([1 / 3, 2 / 3], abs=1e-12)


def test_大きなスコアでもあふれない() -> None:
    assert softmax([1000.0, 1000.0]) == [0.5, 0.5]


def test_2種類のラベルを分ける() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VIRGINICA, VIRGINICA]

    model = LogisticRegression().fit(x, t)

    assert model.predict(columns_of(花弁幅=[0.15, 0.85])) == [SETOSA, VIRGINICA]


def test_3種類のラベルを2つの列で分ける() -> None:
    x = columns_of(花弁長さ=[0.1, 0.2, 0.5, 0.6, 0.5, 0.6], 花弁幅=[0.1, 0.2, 0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VERSICOLOR, VERSICOLOR, VIRGINICA, VIRGINICA]

    assert LogisticRegression().fit(x, t).predict(x) == t


def test_損失は学習の回数だけ記録され学習につれて下がる() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VIRGINICA, VIRGINICA]

    losses = LogisticRegression(1.0, 100).fit(x, t).losses

    assert len(losses) == 100
    assert losses[-1] < losses[0]
