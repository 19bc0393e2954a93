# --8<-- [start:header]
"""第 9 章の学習用テスト: 自作の道具を pandas・numpy・scikit-learn と突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from conftest import Completed
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LinearRegression
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter09 import (
    BOSTON,
    COLUMNS,
    FEATURE_SETS,
    INTERACTIONS,
    Standardizer,
    dummy_categories,
    encode_dummies,
    expand,
    fit_feature_set,
    join_weather,
    mean_count_by_weather,
    prepare_boston,
    quantile,
    score_feature_set,
)

RunModule = Callable[..., Completed]

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
# --8<-- [end:header]


# --8<-- [start:test-library-scaler]
def test_StandardScalerも母標準偏差で割る() -> None:
    values = [6.2, 5.8, 7.1, 6.5]
    scaler = StandardScaler().fit(np.array(values).reshape(-1, 1))

    mine = Standardizer.fit([Features(("RM",), (v,)) for v in values])

    assert scaler.scale_[0] == pytest.approx(0.4743416490252568, rel=1e-12)  # √(0.9/4)
    assert mine.stds["RM"] == pytest.approx(float(scaler.scale_[0]), rel=1e-12)
    assert mine.means["RM"] == pytest.approx(float(scaler.mean_[0]), rel=1e-12)


def test_ばらつきの無い列はStandardScalerも1で割る() -> None:
    scaler = StandardScaler().fit(np.array([[1.0, 0.0], [3.0, 0.0]]))

    assert scaler.scale_.tolist() == [1.0, 1.0]


def scaled_std(values: np.ndarray) -> float:
    """母標準偏差を、いちばん大きい絶対値で割ってから求める（二乗が消えるほど小さい値のため）。"""
    largest = float(np.abs(values).max())
    return float(np.std(values / largest)) * largest


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=20))
@example(pairs=[(0.0, 0.0), (1e-178, 0.0)])  # 分散 2.5e-357 は double で表せない
def test_標準化した値はStandardScalerと一致する(pairs: list[tuple[float, float]]) -> None:
    rows = [Features(("a", "b"), pair) for pair in pairs]
    scaler = StandardScaler().fit(np.array(pairs))

    mine = Standardizer.fit(rows)

    for position, column in enumerate(("a", "b")):
        values = np.array(pairs)[:, position]
        if scaler.var_[position] < np.finfo(float).tiny and np.ptp(values) > 0.0:
            # 分散が double の正規化数より小さいと、scikit-learn は桁を失うか一定とみなす。
            # 自作は割ってから二乗するので、幅のある列はそのまま標準化する
            assert mine.stds[column] == pytest.approx(scaled_std(values), rel=1e-9)
            continue
        theirs = scaler.transform(np.array(pairs))[:, position]
        ours = [row.values[position] for row in mine.transform(rows)]
        # 平均も分散も、こちらは Kahan の和、numpy は pairwise の和。違いは丸めの数 ulp だけ
        assert ours == pytest.approx(theirs.tolist(), rel=1e-9, abs=1e-9)


# --8<-- [end:test-library-scaler]


# --8<-- [start:test-library-polynomial]
def test_PolynomialFeaturesと同じ名前と同じ順の項を作る() -> None:
    poly = PolynomialFeatures(degree=2, include_bias=False).fit(np.zeros((1, 3)))
    rows = [Features(("RM", "LSTAT", "PTRATIO"), (6.5, 4.98, 15.3))]

    [mine] = expand(rows, COLUMNS)

    assert poly.get_feature_names_out(COLUMNS).tolist() == COLUMNS + INTERACTIONS
    assert list(mine.columns) == COLUMNS + INTERACTIONS
    assert list(mine.values) == poly.transform(np.array([[6.5, 4.98, 15.3]]))[0].tolist()


# --8<-- [end:test-library-polynomial]


# --8<-- [start:test-library-dummies]
def test_get_dummiesのdrop_firstと同じ列になる() -> None:
    crime = ["low", "high", "very_low", "low", "high"]
    table = Table.of(["CRIME", "RM"], [[value, "6.0"] for value in crime])

    theirs = pd.get_dummies(pd.Series(crime, name="CRIME"), prefix="CRIME", drop_first=True)
    mine = encode_dummies(table, "CRIME", dummy_categories(crime))

    assert list(mine.columns[1:]) == list(theirs.columns)
    for column in theirs.columns:
        assert [row.text(column) == "1" for row in mine.rows] == theirs[column].tolist()


# --8<-- [end:test-library-dummies]


# --8<-- [start:test-library-quantile]
@settings(max_examples=100, deadline=None)
@given(st.lists(finite, min_size=1, max_size=30), st.floats(min_value=0.0, max_value=1.0))
def test_分位数はnumpyの既定の線形補間と一致する(values: list[float], q: float) -> None:
    # numpy は t ≥ 0.5 のとき上の値から引き戻して補間するので、最後の桁が違うことがある
    assert quantile(values, q) == pytest.approx(float(np.quantile(values, q)), rel=1e-12, abs=1e-9)


# --8<-- [end:test-library-quantile]


# --8<-- [start:test-library-join]
def test_mergeとgroupbyで同じ平均になる() -> None:
    bike = Table.of(
        ["weather_id", "cnt"], [["1", "100"], ["2", "40"], ["1", "200"], ["9", "7"], ["2", "50"]]
    )
    weather = Table.of(["weather_id", "weather"], [["1", "晴れ"], ["2", "曇り"]])
    bike_frame = pd.DataFrame([row.cells for row in bike.rows], columns=list(bike.columns))
    weather_frame = pd.DataFrame(
        [row.cells for row in weather.rows], columns=["weather_id", "weather"]
    )

    joined = bike_frame.merge(weather_frame, on="weather_id", validate="many_to_one")
    theirs = joined.assign(cnt=joined["cnt"].astype(float)).groupby("weather")["cnt"].mean()

    mine = mean_count_by_weather(join_weather(bike, weather))
    assert len(joined) == len(join_weather(bike, weather)) == 4
    assert dict(mine) == theirs.to_dict()


def test_mergeも天気の表の重複をvalidateで止める() -> None:
    bike = pd.DataFrame({"weather_id": [1, 2], "cnt": [10, 20]})
    weather = pd.DataFrame({"weather_id": [1, 1], "weather": ["晴れ", "快晴"]})

    with pytest.raises(pd.errors.MergeError, match="many-to-one"):
        bike.merge(weather, on="weather_id", validate="many_to_one")


# --8<-- [end:test-library-join]


# --8<-- [start:data-fixture]
@pytest.fixture(scope="module")
def boston() -> TrainTestSplit[Features, float]:
    return prepare_boston(Table.load(BOSTON))


# --8<-- [end:data-fixture]


# --8<-- [start:test-library-regression]
@pytest.mark.data(BOSTON)
def test_標準化した行列でLinearRegressionも同じ決定係数になる(
    boston: TrainTestSplit[Features, float],
) -> None:
    for _, terms in FEATURE_SETS:
        fitted = fit_feature_set(boston.x_train, boston.t_train, COLUMNS, terms)
        x_train = np.array([row.values for row in fitted.design(boston.x_train)])
        x_test = np.array([row.values for row in fitted.design(boston.x_test)])
        model = LinearRegression().fit(x_train, boston.t_train)
        scores = score_feature_set(boston, COLUMNS, terms)

        # 正規方程式（自作）と SVD の最小二乗法（scikit-learn）。解き方の違いによる丸めだけ
        assert model.score(x_train, boston.t_train) == pytest.approx(scores.train, rel=1e-9)
        assert model.score(x_test, boston.t_test) == pytest.approx(scores.test, rel=1e-9)


# --8<-- [end:test-library-regression]
