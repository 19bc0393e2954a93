# --8<-- [start:header]
"""第 9 章の pandas と scikit-learn の版（chapter09.idiomatic）を自作の版と突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
import pytest

from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter09 import (
    BIKE,
    BOSTON,
    COLUMNS,
    FEATURE_SETS,
    SQUARES,
    WEATHER,
    join_weather,
    load_bike,
    load_weather,
    mean_count_by_weather,
    prepare_boston,
    remove_target_outliers,
    score_feature_set,
    standardized_summary,
)
from getting_started_ml.chapter09.idiomatic import (
    Experiment,
    boston_split,
    feature_set_pipeline,
    main,
    report,
    run_experiment,
    score_terms,
    split_positions,
    without_target_outliers,
)
from getting_started_ml.dataset import data_path


@pytest.fixture(scope="module")
def boston() -> TrainTestSplit[Features, float]:
    return prepare_boston(Table.load(BOSTON))


@pytest.fixture(scope="module")
def experiment() -> Experiment:
    return run_experiment()


# --8<-- [end:header]


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


@pytest.mark.data(BOSTON, BIKE, WEATHER)
def test_ライブラリ版のコマンドも本と同じ行を表示する(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main()  # 別のプロセスにせず、読み込み済みの pandas と scikit-learn をそのまま使う

    assert capsys.readouterr().out == golden("chapter09")
