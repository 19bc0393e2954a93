# --8<-- [start:header]
"""付録 A: Bank.csv での実験（件数、黄金ファイル、図、GridSearchCV との突き合わせ）。

実験は重いので、モジュールで 1 回だけ動かして使い回す（黄金ファイルの照合は別のプロセス）。
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import pytest
from conftest import Completed

from getting_started_ml.appendix_a.experiment import (
    BANK,
    MAX_DEPTHS,
    SEED,
    TEST_SIZE,
    UNUSED,
    VALIDATION_SIZE,
    Experiment,
    report_lines,
    run_experiment,
)
from getting_started_ml.appendix_a.figures import (
    CURVE_FIGURE,
    MATRIX_FIGURE,
    curve_data,
    matrix_data,
)
from getting_started_ml.appendix_a.idiomatic import (
    GroupMedianImputer,
    SearchResult,
    run,
    three_way_positions,
)
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08.idiomatic import GroupMedianImputer as Rowwise
from getting_started_ml.figures import FIGURES_DIR, embedded_data
from getting_started_ml.java_random import shuffled_positions


@pytest.fixture(scope="module")
def experiment() -> Experiment:
    return run_experiment(Table.load(BANK))


# --8<-- [end:header]


# --8<-- [start:test-data]
@pytest.mark.data(BANK)
def test_件数は19532と4883と2713で_idとdayは特徴量に無い(experiment: Experiment) -> None:
    split = experiment.split
    assert [len(split.t_train), len(split.t_valid), len(split.t_test)] == [19532, 4883, 2713]
    for column in [*UNUSED, "y"]:
        assert column not in split.x_train.columns


@pytest.mark.data(BANK)
def test_深さ8を選び_テストデータのスコアは固定した値(experiment: Experiment) -> None:
    assert experiment.best.max_depth == 8
    assert experiment.best.valid.f1 == pytest.approx(0.7624123422159889, rel=1e-12)
    test = experiment.test
    assert (test.accuracy, test.precision, test.recall, test.f1) == pytest.approx(
        (0.8249170659786215, 0.6752058554437328, 0.8601398601398601, 0.7565351101998975),
        rel=1e-12,
    )


@pytest.mark.data(BANK)
def test_コマンドの出力は黄金ファイルと同じ(
    run_module: Callable[..., Completed], golden: Callable[[str], str], experiment: Experiment
) -> None:
    result = run_module("getting_started_ml.appendix_a")

    assert result.returncode == 0, result.stderr
    assert result.stdout == golden("appendix_a")
    assert result.stdout == "\n".join(report_lines(experiment)) + "\n"


# --8<-- [end:test-data]


# --8<-- [start:test-figures]
@pytest.mark.data(BANK)
def test_図に埋め込んだ数はいまの実験の数と同じ(experiment: Experiment) -> None:
    curve = embedded_data((FIGURES_DIR / CURVE_FIGURE).read_text(encoding="utf-8"))
    matrix = embedded_data((FIGURES_DIR / MATRIX_FIGURE).read_text(encoding="utf-8"))

    assert curve == curve_data(experiment)
    assert matrix == matrix_data(experiment)
    assert sum(sum(row) for row in matrix["counts"]) == 2713


# --8<-- [end:test-figures]


# --8<-- [start:test-positions]
# scikit-learn と pandas で書くと

SHALLOW = 5
"""この深さまでは、自作の木と scikit-learn の木が同じ分割を選ぶ。"""


def test_行の位置は本の三分割と同じ() -> None:
    positions = three_way_positions(100, 0.1, 0.2, 0)
    outer, inner = shuffled_positions(100, 0), shuffled_positions(90, 0)

    assert positions.test == outer[90:]
    assert positions.valid == [outer[p] for p in inner[72:]]
    assert positions.train == [outer[p] for p in inner[:72]]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_訓練データが0件になる件数は行の位置を作らずに失敗する(n: int) -> None:
    with pytest.raises(ValueError, match=rf"n={n} .*訓練データが 0 件"):
        three_way_positions(n, 0.1, 0.2, 0)


@pytest.fixture(scope="module")
def library() -> SearchResult:
    return run()


# --8<-- [end:test-positions]


# --8<-- [start:test-sklearn]
@pytest.mark.data(BANK)
def test_浅い木の検証のF値は自作と同じ(experiment: Experiment, library: SearchResult) -> None:
    mine = [result.valid.f1 for result in experiment.results]

    assert len(library.valid_f1) == len(MAX_DEPTHS)
    assert library.valid_f1[:SHALLOW] == pytest.approx(mine[:SHALLOW], rel=1e-12)


@pytest.mark.data(BANK)
def test_深い木は同点の分割の選び方で少しずれるが_選ぶ深さは同じ(
    experiment: Experiment, library: SearchResult
) -> None:
    mine = [result.valid.f1 for result in experiment.results]

    assert library.valid_f1 == pytest.approx(mine, abs=0.003)
    assert library.best_depth == experiment.best.max_depth == 8
    assert library.test.accuracy == pytest.approx(experiment.test.accuracy, abs=0.001)
    assert library.test.recall == pytest.approx(experiment.test.recall, abs=0.002)
    assert library.test.f1 == pytest.approx(experiment.test.f1, abs=0.002)


# --8<-- [end:test-sklearn]


# --8<-- [start:test-reference]
@pytest.mark.data(BANK)
def test_scikit_learnの数は前もって求めた参考値と同じ(library: SearchResult) -> None:
    expected = [0.6487, 0.6487, 0.6799, 0.6981, 0.7208, 0.7268, 0.7471, 0.7616]
    expected += [0.7546, 0.7523, 0.7541, 0.7491, 0.7375, 0.7326, 0.7269]
    assert library.valid_f1 == pytest.approx(expected, abs=5e-5)
    test = library.test
    assert (test.accuracy, test.precision, test.recall, test.f1) == pytest.approx(
        (0.8242, 0.6743, 0.8590, 0.7555), abs=5e-5
    )


def test_本の定数で三分割の件数になる() -> None:
    positions = three_way_positions(27128, TEST_SIZE, VALIDATION_SIZE, SEED)
    assert [len(positions.train), len(positions.valid), len(positions.test)] == [19532, 4883, 2713]


def test_索引で引く補完器は第8章の補完器と同じ値で埋める() -> None:
    frame = pd.DataFrame(
        {
            "housing": ["yes", "yes", "no", "no", "yes", "no"],
            "loan": ["no", "no", "no", "yes", "no", "yes"],
            "duration": [10.0, 30.0, 5.0, None, None, None],
        }
    )
    by = ("housing", "loan")
    fast = GroupMedianImputer("duration", by).fit(frame).transform(frame)
    rowwise = Rowwise("duration", by).fit(frame).transform(frame)

    pd.testing.assert_frame_equal(fast, rowwise)
    assert fast["duration"].tolist() == [10.0, 30.0, 5.0, 10.0, 20.0, 10.0]


# --8<-- [end:test-reference]
