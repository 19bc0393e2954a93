from getting_started_ml.chapter10.logistic import softmax


def test_同じスコアなら同じ確率になる() -> None:
    assert softmax([0.0, 0.0, 0.0, 0.0]) == [0.25, 0.25, 0.25, 0.25]
