# --8<-- [start:header]
"""第 11 章: 混同行列と評価指標のテスト。"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from getting_started_ml.chapter07 import mean_absolute_error, root_mean_squared_error
from getting_started_ml.chapter11 import (
    ConfusionMatrix,
    Metric,
    accuracy,
    classification_metric,
    confusion_matrix,
    f1_score,
    mean_squared_error,
    precision,
    ratio,
    recall,
)

# --8<-- [end:header]


# --8<-- [start:test-confusion-matrix]
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


# --8<-- [end:test-confusion-matrix]


def test_ラベルは文字列でも数えられる() -> None:
    assert confusion_matrix(["1", "0", "1"], ["1", "1", "0"], "1") == ConfusionMatrix(1, 1, 1, 0)


def test_適合率と再現率とF値() -> None:
    cm = ConfusionMatrix(tp=3, fp=1, fn=2, tn=4)
    assert precision(cm) == 0.75
    assert recall(cm) == 0.6
    assert f1_score(cm) == pytest.approx(2 * 0.75 * 0.6 / 1.35, rel=1e-15)


# --8<-- [start:test-zero-division]
def test_正例を1件も予測しなければ0になりNaNにならない() -> None:
    cm = ConfusionMatrix(tp=0, fp=0, fn=3, tn=5)
    assert [precision(cm), recall(cm), f1_score(cm)] == [0.0, 0.0, 0.0]


def test_正例が1件もなければ再現率も0になる() -> None:
    cm = ConfusionMatrix(tp=0, fp=2, fn=0, tn=5)
    assert [precision(cm), recall(cm), f1_score(cm)] == [0.0, 0.0, 0.0]


def test_分母が0の割り算は0を返す() -> None:
    assert ratio(0, 0) == 0.0
    assert ratio(0.0, 0.0) == 0.0
    assert ratio(3, 4) == 0.75


# --8<-- [end:test-zero-division]


def test_正解率は一致した割合() -> None:
    assert accuracy(["1", "0", "1", "1"], ["1", "1", "1", "0"]) == 0.5
    assert accuracy(["a", "b", "c"], ["a", "b", "c"]) == 1.0


def test_正解率は件数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match=r"正解 2 件、予測 3 件"):
        accuracy(["1", "0"], ["1", "0", "1"])


def test_正解率と平均二乗誤差は空なら失敗する() -> None:
    with pytest.raises(ValueError, match="1 件もない"):
        accuracy([], [])
    with pytest.raises(ValueError, match="1 件もない"):
        mean_squared_error([], [])


def test_平均二乗誤差は誤差の2乗の平均() -> None:
    assert mean_squared_error([3.0, 5.0, 8.0], [2.0, 5.0, 10.0]) == pytest.approx(5 / 3, rel=1e-15)


def test_平均二乗誤差は件数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match=r"正解 3 件、予測 2 件"):
        mean_squared_error([1.0, 2.0, 3.0], [1.0, 2.0])


def test_平均二乗誤差はNaNを黙って返さない() -> None:
    with pytest.raises(ValueError, match="正解の 1 番目 は有限の数です"):
        mean_squared_error([1.0, math.nan], [1.0, 2.0])


# --8<-- [start:test-mse]
def test_平均二乗誤差は外れた予測にMAEより敏感() -> None:
    actual = [0.0, 0.0, 0.0, 0.0]
    spread = [1.0, 1.0, 1.0, 1.0]
    concentrated = [0.0, 0.0, 0.0, 4.0]
    # 誤差の絶対値の合計はどちらも 4 なので、第 7 章の MAE は同じ 1.0 になる。
    assert mean_absolute_error(actual, spread) == mean_absolute_error(actual, concentrated) == 1.0
    # 2 乗すると 1 件の大きな外れが効いて、MSE は 1.0 と 4.0 で 4 倍違う。
    assert mean_squared_error(actual, spread) == 1.0
    assert mean_squared_error(actual, concentrated) == 4.0


def test_平均二乗誤差は第7章のRMSEの2乗() -> None:
    actual = [3.0, 5.0, 8.0]
    predicted = [2.0, 5.0, 10.0]
    rmse = root_mean_squared_error(actual, predicted)
    assert rmse == pytest.approx(math.sqrt(5 / 3), rel=1e-15)
    assert mean_squared_error(actual, predicted) == pytest.approx(rmse**2, rel=1e-15)
    assert mean_absolute_error(actual, predicted) == 1.0


def test_1件の大きな外れでRMSEはMAEより大きく離れる() -> None:
    actual = [3.0, 5.0, 8.0, 10.0]
    predicted = [2.0, 5.0, 10.0, 30.0]
    # 誤差 1, 0, 2, 20: 2 乗の平均は (1 + 0 + 4 + 400) / 4 = 101.25、絶対値の平均は 5.75。
    assert mean_squared_error(actual, predicted) == 101.25
    assert root_mean_squared_error(actual, predicted) == pytest.approx(10.062, abs=5e-4)
    assert mean_absolute_error(actual, predicted) == 5.75


# --8<-- [end:test-mse]


# --8<-- [start:test-classification-metric]
def test_混同行列の指標を評価関数に変える() -> None:
    actual = [1, 1, 1, 0, 0]
    predicted = [1, 0, 0, 1, 0]
    precision_metric: Metric = classification_metric(precision, 1)
    recall_metric: Metric = classification_metric(recall, 1)
    assert precision_metric(actual, predicted) == 0.5
    assert recall_metric(actual, predicted) == pytest.approx(1 / 3, rel=1e-15)


# --8<-- [end:test-classification-metric]


def test_評価関数の正例を変えれば値も変わる() -> None:
    actual = ["1", "1", "1", "0", "0"]
    predicted = ["1", "0", "0", "1", "0"]
    # 正例 "0" では tp=1, fp=2 なので適合率は 1/3。
    assert classification_metric(precision, "0")(actual, predicted) == pytest.approx(1 / 3)
    assert classification_metric(precision, "1")(actual, predicted) == 0.5


def test_あふれた平均二乗誤差はNaNではなく無限大になる() -> None:
    assert mean_squared_error([1e200], [-1e200]) == math.inf
    assert mean_squared_error([1e308, 0.0], [-1e308, 0.0]) == math.inf


@pytest.mark.parametrize(
    ("counts", "field"),
    [((-1, 0, 0, 0), "tp"), ((0, -2, 0, 0), "fp"), ((0, 0, -1, 0), "fn"), ((0, 0, 0, -5), "tn")],
)
def test_負の件数の混同行列は作れない(counts: tuple[int, int, int, int], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        ConfusionMatrix(*counts)


@pytest.mark.parametrize("count", [1.5, 1.0, True, "1", None])
def test_整数でない件数の混同行列は作れない(count: object) -> None:
    with pytest.raises(TypeError, match="tp"):
        ConfusionMatrix(count, 0, 0, 0)  # type: ignore[arg-type]


def test_0件の正解と予測からは混同行列を作らない() -> None:
    with pytest.raises(ValueError, match="1 件もない"):
        confusion_matrix([], [], 1)


@pytest.mark.parametrize("score", [precision, recall, f1_score])
def test_混同行列でないものを渡すと型を書いて失敗する(score: Callable[..., float]) -> None:
    with pytest.raises(TypeError, match="ConfusionMatrix"):
        score(None)


def test_NaNのラベルは比べられないので正解率を求めない() -> None:
    nan = float("nan")
    with pytest.raises(ValueError, match="NaN"):
        accuracy([nan], [nan])
    with pytest.raises(ValueError, match="NaN"):
        confusion_matrix([1.0, nan], [1.0, 0.0], 1.0)
    with pytest.raises(ValueError, match="NaN"):
        confusion_matrix([1.0, 0.0], [1.0, 0.0], nan)


def test_有限でない数の割り算はしない() -> None:
    with pytest.raises(ValueError, match="有限"):
        ratio(math.inf, math.inf)
