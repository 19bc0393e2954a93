import math

import pytest

from getting_started_ml.chapter10.logistic import softmax


def test_同じスコアなら同じ確率になる() -> None:
    assert softmax([0.0, 0.0, 0.0, 0.0]) == [0.25, 0.25, 0.25, 0.25]


def test_スコアの差は指数の比になる() -> None:
    assert softmax([0.0, math.log(2)]) == pytest.approx([1 / 3, 2 / 3], abs=1e-12)


def test_大きなスコアでもあふれない() -> None:
    assert softmax([1000.0, 1000.0]) == [0.5, 0.5]
