# --8<-- [start:header]
"""第 10 章: アヤメの実データでのテスト（正解率、損失、森の乱数の使い方、重要度、表示）。"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed
from support.chapter10 import iris_forest, iris_logistic, iris_split

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import DecisionTree, Leaf, Tree, gini, pick
from getting_started_ml.chapter10 import (
    ChapterModels,
    LogisticRegression,
    RandomForest,
    Score,
    forest_importances,
)
from getting_started_ml.chapter10.experiment import (
    MAX_FEATURES,
    N_ESTIMATORS,
    SEED,
    SHALLOW_DEPTH,
    TEST_SIZE,
)
from getting_started_ml.chapter10.importance import add_decreases, normalized
from getting_started_ml.java_random import JavaRandom

RunModule = Callable[..., Completed]
IRIS = "iris.csv"

# --8<-- [end:header]


def test_章の定数() -> None:
    assert (TEST_SIZE, SEED, N_ESTIMATORS, MAX_FEATURES, SHALLOW_DEPTH) == (0.3, 0, 100, 2, 2)


# --8<-- [start:test-data-accuracy]
@pytest.mark.data(IRIS)
def test_4つのモデルの正解率() -> None:
    split = iris_split()
    scores = [Score.evaluate(model, split) for _, model in ChapterModels.create().named()]

    expected = [(98 / 105, 43 / 45), (96 / 105, 41 / 45), (105 / 105, 42 / 45), (99 / 105, 43 / 45)]
    for score, (train, test) in zip(scores, expected, strict=True):
        assert (score.train, score.test) == pytest.approx((train, test), abs=1e-12)


@pytest.mark.data(IRIS)
def test_ロジスティック回帰の損失の記録() -> None:
    losses = iris_logistic().losses

    assert len(losses) == 5000
    assert losses[0] == pytest.approx(1.098612288665109, rel=1e-12)
    assert losses[0] == pytest.approx(math.log(3), abs=1e-11)  # 1e-12 を足した分だけ小さい
    assert losses[99] == pytest.approx(0.408202215506689, rel=1e-12)
    assert losses[4999] == pytest.approx(0.15658228465574606, rel=1e-12)


@pytest.mark.data(IRIS)
def test_1000回で止めたロジスティック回帰() -> None:
    split = iris_split()
    model = LogisticRegression(epochs=1000)

    score = Score.evaluate(model, split)

    assert model.losses[999] == pytest.approx(0.19825047025143663, rel=1e-12)
    assert (score.train, score.test) == pytest.approx((97 / 105, 41 / 45), abs=1e-12)


# --8<-- [end:test-data-accuracy]


# --8<-- [start:test-data-forest]
@pytest.mark.data(IRIS)
def test_森は1つの乱数から行と列を順に引く() -> None:
    forest = iris_forest()
    rnd = JavaRandom(SEED)
    first_rows = [rnd.next_int(105) for _ in range(105)]

    assert len(forest.trees) == N_ESTIMATORS
    assert forest.trees[0].rows[:10] == (75, 58, 4, 2, 95, 98, 86, 36, 69, 44)
    assert list(forest.trees[0].rows) == first_rows
    assert [fitted.columns for fitted in forest.trees[:5]] == [
        ("がく片幅", "花弁長さ"),
        ("がく片幅", "花弁幅"),
        ("がく片長さ", "花弁長さ"),
        ("花弁長さ", "花弁幅"),
        ("がく片幅", "花弁幅"),
    ]


@pytest.mark.data(IRIS)
def test_森の重要度() -> None:
    split = iris_split()

    importances = forest_importances(iris_forest(), split.x_train, split.t_train)

    assert importances == pytest.approx(
        {
            "がく片長さ": 0.18818289981013198,
            "がく片幅": 0.12708825284203534,
            "花弁長さ": 0.27075322173639704,
            "花弁幅": 0.41397562561143564,
        },
        rel=1e-12,
    )


@pytest.mark.data(IRIS)
def test_木ごとにそろえずに合計してから1回だけそろえると違う数になる() -> None:
    split = iris_split()
    raw = dict.fromkeys(split.x_train[0].columns, 0.0)
    for fitted in iris_forest().trees:
        add_decreases(fitted.tree, *fitted.sample(split.x_train, split.t_train), raw)

    once = normalized(raw)

    assert [round(value, 4) for value in once.values()] == [0.1892, 0.1259, 0.2684, 0.4165]


def leftover_impurity(tree: Tree[str], x: list[Features], t: list[str]) -> float:
    """葉に残った不純度（葉に来た行の数 × 葉のジニ不純度）の合計。"""
    if isinstance(tree, Leaf):
        return len(t) * gini(t) if t else 0.0
    split = tree.split
    left = [row.value(split.feature) <= split.threshold for row in x]
    return leftover_impurity(tree.left, pick(x, left, True), pick(t, left, True)) + (
        leftover_impurity(tree.right, pick(x, left, False), pick(t, left, False))
    )


def depth_of(tree: Tree[str]) -> int:
    return 0 if isinstance(tree, Leaf) else 1 + max(depth_of(tree.left), depth_of(tree.right))


@pytest.mark.data(IRIS)
def test_木ごとの減少の合計は根の不純度から葉に残った不純度を引いた値() -> None:
    split = iris_split()
    totals, depths, pure = [], [], 0
    for fitted in iris_forest().trees:
        x, t = fitted.sample(split.x_train, split.t_train)
        raw = dict.fromkeys(x[0].columns, 0.0)
        add_decreases(fitted.tree, x, t, raw)
        left_over = leftover_impurity(fitted.tree, x, t)
        assert sum(raw.values()) == pytest.approx(len(t) * gini(t) - left_over, rel=1e-12)
        totals.append(sum(raw.values()))
        depths.append(depth_of(fitted.tree))
        pure += left_over == 0.0

    # 2 列で分けきれず、葉に不純度が残る木ほど合計が小さい。深さでは決まらない
    assert (round(min(totals), 2), round(max(totals), 2), pure) == (61.74, 69.98, 29)
    assert (min(depths), max(depths)) == (4, 18)
    assert totals[depths.index(max(depths))] < sum(totals) / len(totals)


# --8<-- [end:test-data-forest]


@pytest.mark.data(IRIS)
def test_同じ種の森は同じ木を育てる() -> None:
    split = iris_split()
    again = RandomForest.of(N_ESTIMATORS, MAX_FEATURES, SEED).fit(split.x_train, split.t_train)

    assert again.trees == iris_forest().trees


@pytest.mark.data(IRIS)
def test_深さ2の決定木は第3章の表と同じ() -> None:
    split = iris_split()
    model = DecisionTree[str].with_max_depth(SHALLOW_DEPTH)

    score = Score.evaluate(model, split)

    assert (score.train, score.test) == pytest.approx((98 / 105, 43 / 45), abs=1e-12)


# --8<-- [start:test-output]
@pytest.mark.data(IRIS)
def test_章のコマンドの出力(run_module: RunModule, golden: Callable[[str], str]) -> None:
    assert run_module("getting_started_ml.chapter10").stdout == golden("chapter10")


def test_データが無ければ1行の説明で終わる(run_module: RunModule, tmp_path: Path) -> None:
    result = run_module("getting_started_ml.chapter10", env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert IRIS in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:test-output]
