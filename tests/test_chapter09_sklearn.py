"""第 9 章の学習用テスト: 自作の道具を pandas・numpy・scikit-learn と突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest
from conftest import Completed
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LinearRegression
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter09 import (
    BIKE,
    BOSTON,
    COLUMNS,
    FEATURE_SETS,
    INTERACTIONS,
    SQUARES,
    WEATHER,
    Standardizer,
    dummy_categories,
    encode_dummies,
    expand,
    fit_feature_set,
    join_weather,
    load_bike,
    load_weather,
    mean_count_by_weather,
    prepare_boston,
    quantile,
    remove_target_outliers,
    score_feature_set,
    standardized_summary,
)
from getting_started_ml.chapter09_sklearn import (
    Experiment,
    boston_split,
    feature_set_pipeline,
    report,
    run_experiment,
    score_terms,
    split_positions,
    without_target_outliers,
)
from getting_started_ml.dataset import data_path

RunModule = Callable[..., Completed]

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


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


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=20))
def test_標準化した値はStandardScalerと一致する(pairs: list[tuple[float, float]]) -> None:
    rows = [Features(("a", "b"), pair) for pair in pairs]
    theirs = StandardScaler().fit_transform(np.array(pairs))

    mine = Standardizer.fit(rows).transform(rows)

    # 平均も分散も、こちらは Kahan の和、numpy は pairwise の和。違いは丸めの数 ulp だけ
    assert np.array([row.values for row in mine]) == pytest.approx(theirs, rel=1e-9, abs=1e-9)


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


@pytest.fixture(scope="module")
def boston() -> TrainTestSplit[Features, float]:
    return prepare_boston(Table.load(BOSTON))


@pytest.fixture(scope="module")
def experiment() -> Experiment:
    return run_experiment()


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


# --8<-- [start:test-idiomatic]
@pytest.mark.data(BOSTON)
def test_pandasで分けても同じ行と同じ補完になる(boston: TrainTestSplit[Features, float]) -> None:
    split = boston_split(pd.read_csv(data_path(BOSTON)))

    assert split.y_train.tolist() == boston.t_train
    assert split.y_test.tolist() == boston.t_test
    assert list(split.x_train.columns) == list(boston.x_train[0].columns)
    # 平均は pandas（numpy の pairwise の和）と自作（Kahan の和）で、最後の桁が違いうる
    assert split.x_train.to_numpy() == pytest.approx(
        np.array([row.values for row in boston.x_train]), rel=1e-12
    )
    assert split.x_test.to_numpy() == pytest.approx(
        np.array([row.values for row in boston.x_test]), rel=1e-12
    )


@pytest.mark.data(BOSTON, BIKE, WEATHER)
def test_pandasとscikit_learnの実験は自作と同じ値になる(
    boston: TrainTestSplit[Features, float], experiment: Experiment
) -> None:
    reduced = remove_target_outliers(boston)
    mine = [score_feature_set(boston, COLUMNS, terms) for _, terms in FEATURE_SETS]

    assert experiment.sizes == (70, 30)
    assert experiment.feature_names == list(boston.x_train[0].columns)
    # 標準化した平均は「ほぼ 0」。丸めの残りの大きさは足し方しだいなので、絶対誤差で見る
    assert abs(experiment.rm_mean) < 1e-14
    assert experiment.rm_std == pytest.approx(
        standardized_summary(boston.x_train, "RM")[1], rel=1e-12
    )
    for theirs, ours in zip(experiment.scores, mine, strict=True):
        assert theirs.train == pytest.approx(ours.train, rel=1e-9)
        assert theirs.test == pytest.approx(ours.test, rel=1e-9)
    assert experiment.n_outliers == len(boston.t_train) - len(reduced.t_train) == 8
    ours_reduced = score_feature_set(reduced, COLUMNS, COLUMNS + SQUARES)
    assert experiment.without_outliers.train == pytest.approx(ours_reduced.train, rel=1e-9)
    assert experiment.without_outliers.test == pytest.approx(ours_reduced.test, rel=1e-9)
    own_means = mean_count_by_weather(join_weather(load_bike(), load_weather()))
    assert [name for name, _ in experiment.weather_means] == [name for name, _ in own_means]
    assert [m for _, m in experiment.weather_means] == pytest.approx(
        [m for _, m in own_means], rel=1e-12
    )


@pytest.mark.data(BOSTON, BIKE, WEATHER)
def test_pandasとscikit_learnの実験も本と同じ10行を出す(
    experiment: Experiment, golden: Callable[[str], str]
) -> None:
    lines = report(experiment)

    assert len(lines) == 10
    assert "\n".join(lines) + "\n" == golden("chapter09")


# --8<-- [end:test-idiomatic]


@pytest.mark.data(BOSTON)
@pytest.mark.parametrize(("seed", "test_size"), [(1, 0.3), (7, 0.25), (42, 0.4)])
def test_ほかの種と割合でもpandas版と自作は同じ決定係数になる(seed: int, test_size: float) -> None:
    mine = prepare_boston(Table.load(BOSTON), test_size=test_size, seed=seed)
    theirs = boston_split(pd.read_csv(data_path(BOSTON)), test_size=test_size, seed=seed)

    assert theirs.y_test.tolist() == mine.t_test
    for _, terms in FEATURE_SETS:
        ours, library = score_feature_set(mine, COLUMNS, terms), score_terms(theirs, terms)
        assert library.train == pytest.approx(ours.train, rel=1e-9)
        assert library.test == pytest.approx(ours.test, rel=1e-9)
    reduced, library_reduced = remove_target_outliers(mine), without_target_outliers(theirs)
    assert len(library_reduced.y_train) == len(reduced.t_train)


def test_分割の位置は本と同じ並べ替えの先頭が訓練データ() -> None:
    train, test = split_positions(5, 0.4, 0)

    assert (train, test) == ([4, 2, 1], [3, 0])


def test_パイプラインの項の並びはtermsの順() -> None:
    frame = pd.DataFrame({"RM": [1.0, 2.0, 3.0, 4.0], "LSTAT": [2.0, 1.0, 4.0, 3.0]})
    frame["PTRATIO"] = [5.0, 3.0, 4.0, 1.0]
    target = [1.0, 2.0, 4.0, 3.0]

    pipeline = feature_set_pipeline(["LSTAT^2", "RM"]).fit(frame, target)

    assert pipeline[:-1].get_feature_names_out().tolist() == ["LSTAT^2", "RM"]
