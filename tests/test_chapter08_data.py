# --8<-- [start:header]
"""第 8 章の実データのテスト（Survived.csv）: 件数、学習した値、深さの表、図、黄金ファイル。"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import Completed, RunWithoutData
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import DecisionTree, Leaf, Node, Tree
from getting_started_ml.chapter08 import (
    FEATURES,
    INVENTED_PASSENGERS,
    MAX_DEPTH,
    MODEL_FILE,
    SURVIVED,
    ClassWeight,
    DepthRow,
    Evaluation,
    FittedPipeline,
    Pipeline,
    TableSplit,
    WeightedTreeClassifier,
    depth_table,
    load_pipeline,
    split_survived,
)
from getting_started_ml.chapter08.experiment import main
from getting_started_ml.chapter08.figures import DEPTH_FIGURE, depth_figure_data
from getting_started_ml.figures import FIGURES_DIR, embedded_data

RunModule = Callable[..., Completed]


@pytest.fixture(scope="module")
def table() -> Table:
    return Table.load(SURVIVED)


@pytest.fixture(scope="module")
def split(table: Table) -> TableSplit:
    return split_survived(table)


@pytest.fixture(scope="module")
def rows(split: TableSplit) -> list[DepthRow]:
    """深さ 1〜10 の表（20 本のパイプラインを学習するので、モジュールで 1 回だけ作る）。"""
    return depth_table(split)


FITTED: dict[tuple[int, ClassWeight], FittedPipeline] = {}


def fitted(split: TableSplit, depth: int, class_weight: ClassWeight) -> FittedPipeline:
    """訓練データで学習したパイプライン（同じ深さと重みは 1 回だけ学習する）。"""
    key = (depth, class_weight)
    if key not in FITTED:
        FITTED[key] = Pipeline.build(depth, class_weight).fit(split.x_train, split.t_train)
    return FITTED[key]


# --8<-- [end:header]


# --8<-- [start:test-data-counts]
@pytest.mark.data(SURVIVED)
def test_件数と欠損値と生存者の数(table: Table, split: TableSplit) -> None:
    missing = table.count_missing()

    assert len(table) == 891
    assert (missing["Age"], missing["Cabin"], missing["Embarked"]) == (177, 687, 2)
    assert (len(split.t_train), len(split.t_test)) == (712, 179)
    assert (split.t_train.count(1), split.t_train.count(0)) == (263, 449)
    assert [row.text("PassengerId") for row in split.x_train.rows[:3]] == ["8", "396", "54"]


@pytest.mark.data(SURVIVED)
def test_訓練データから学習した中央値と最頻値と重み(split: TableSplit) -> None:
    pipeline = fitted(split, MAX_DEPTH, ClassWeight.BALANCED)
    model = WeightedTreeClassifier[int](1, ClassWeight.BALANCED)
    model.fit(pipeline.features(split.x_train), split.t_train)

    assert dict(sorted(pipeline.age.medians.items())) == {
        ("1", "female"): 35.0, ("1", "male"): 45.0,
        ("2", "female"): 28.0, ("2", "male"): 30.0,
        ("3", "female"): 22.0, ("3", "male"): 25.0,
    }  # fmt: skip
    assert pipeline.age.overall_median == 28.0
    assert pipeline.embarked.most_frequent == "S"
    assert pipeline.dummies.dummies == {"Sex": ["male"], "Embarked": ["Q", "S"]}
    assert model.weights == {0: 712 / (2 * 449), 1: 712 / (2 * 263)}
    assert model.weights[0] == 0.7928730512249443
    assert model.weights[1] == 1.3536121673003803


# --8<-- [end:test-data-counts]


# --8<-- [start:test-data-depth2]
@pytest.mark.data(SURVIVED)
def test_深さ2の木_重みなし(split: TableSplit) -> None:
    tree = fitted(split, 2, ClassWeight.NONE).tree

    assert isinstance(tree, Node)
    assert isinstance(tree.left, Node)
    assert isinstance(tree.right, Node)
    assert (tree.split.feature, tree.split.threshold) == ("Sex_male", 0.5)
    assert tree.split.impurity == pytest.approx(0.33117223703421567, rel=1e-12)
    assert (tree.left.split.feature, tree.left.split.threshold) == ("Pclass", 2.5)
    assert (tree.left.left, tree.left.right) == (Leaf(1), Leaf(0))
    assert (tree.right.split.feature, tree.right.split.threshold) == ("Age", 3.5)
    assert (tree.right.left, tree.right.right) == (Leaf(1), Leaf(0))


@pytest.mark.data(SURVIVED)
def test_深さ2の木_釣り合いの重みでは左の2つの葉がどちらも生存(split: TableSplit) -> None:
    tree = fitted(split, 2, ClassWeight.BALANCED).tree

    assert isinstance(tree, Node)
    assert isinstance(tree.left, Node)
    assert isinstance(tree.right, Node)
    assert (tree.split.feature, tree.split.threshold) == ("Sex_male", 0.5)
    # 最後の数桁は足し算の順で変わる
    assert tree.split.impurity == pytest.approx(0.35621739003027, abs=1e-14)
    assert (tree.left.split.feature, tree.left.split.threshold) == ("Pclass", 2.5)
    assert (tree.left.left, tree.left.right) == (Leaf(1), Leaf(1))
    assert (tree.right.split.feature, tree.right.split.threshold) == ("Pclass", 1.5)
    assert (tree.right.left, tree.right.right) == (Leaf(1), Leaf(0))


# --8<-- [end:test-data-depth2]


# --8<-- [start:depth-table]
# 仕様の深さの表。
# (深さ, 見つけた数 NONE, BALANCED, テスト正解率 NONE, BALANCED, 訓練 NONE, BALANCED)
DEPTH_TABLE = [
    (1, 57, 57, "0.782", "0.782", "0.788", "0.788"),
    (2, 41, 68, "0.765", "0.737", "0.803", "0.754"),
    (3, 59, 69, "0.810", "0.771", "0.824", "0.796"),
    (4, 59, 65, "0.810", "0.816", "0.837", "0.829"),
    (5, 59, 65, "0.799", "0.804", "0.854", "0.848"),
    (6, 59, 64, "0.810", "0.782", "0.868", "0.860"),
    (7, 56, 61, "0.804", "0.816", "0.890", "0.888"),
    (8, 60, 58, "0.816", "0.827", "0.903", "0.903"),
    (9, 58, 58, "0.799", "0.827", "0.916", "0.917"),
    (10, 56, 58, "0.788", "0.799", "0.921", "0.917"),
]
# --8<-- [end:depth-table]


# --8<-- [start:test-data-depth-table]
@pytest.mark.data(SURVIVED)
def test_深さの表は他の版の表と一致する(rows: list[DepthRow]) -> None:
    def three(value: float) -> str:
        return f"{value:.3f}"  # どの値も 3 桁で四捨五入の境目から遠い

    assert [
        (
            row.depth,
            row.plain.found_survivors,
            row.balanced.found_survivors,
            three(row.plain.test_accuracy),
            three(row.balanced.test_accuracy),
            three(row.plain.train_accuracy),
            three(row.balanced.train_accuracy),
        )
        for row in rows
    ] == DEPTH_TABLE
    assert {row.plain.survivors for row in rows} == {row.balanced.survivors for row in rows} == {79}


@pytest.mark.data(SURVIVED)
def test_深さ5は分数で(rows: list[DepthRow]) -> None:
    depth5 = rows[MAX_DEPTH - 1]

    assert depth5.plain == Evaluation(608 / 712, 143 / 179, 59, 79)
    assert depth5.balanced == Evaluation(604 / 712, 144 / 179, 65, 79)
    assert depth5.balanced.test_accuracy == pytest.approx(0.804, abs=1e-3)


# --8<-- [end:test-data-depth-table]


# --8<-- [start:test-data-chapter3]
@pytest.mark.data(SURVIVED)
@pytest.mark.parametrize("depth", range(1, 11))
def test_重みなしの木は第3章の木と同じ(split: TableSplit, depth: int) -> None:
    pipeline = fitted(split, depth, ClassWeight.NONE)
    x = pipeline.features(split.x_train)

    assert pipeline.tree == DecisionTree[int](depth).fit(x, split.t_train).tree


# --8<-- [end:test-data-chapter3]


# --8<-- [start:test-data-sklearn]
@pytest.mark.data(SURVIVED)
@pytest.mark.parametrize("class_weight", list(ClassWeight))
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_深さ4までは_scikit_learn_の決定木と予測がすべて一致する(
    split: TableSplit, depth: int, class_weight: ClassWeight
) -> None:
    pipeline = fitted(split, depth, class_weight)
    x_train = np.array([row.values for row in pipeline.features(split.x_train)])
    x_test = np.array([row.values for row in pipeline.features(split.x_test)])
    weight = None if class_weight is ClassWeight.NONE else "balanced"
    theirs = DecisionTreeClassifier(max_depth=depth, class_weight=weight, random_state=0)
    theirs.fit(x_train, split.t_train)

    assert pipeline.predict(split.x_test) == theirs.predict(x_test).tolist()
    assert pipeline.predict(split.x_train) == theirs.predict(x_train).tolist()


# --8<-- [end:test-data-sklearn]


# --8<-- [start:test-data-invented]
def leaf_path(tree: Tree[int], row: Features) -> tuple[bool, ...]:
    """row が落ちる葉までの道順（True は左）。第 3 章の予測と同じく、境界と等しければ左へ進む。"""
    path = []
    while isinstance(tree, Node):
        goes_left = row.value(tree.split.feature) <= tree.split.threshold
        path.append(goes_left)
        tree = tree.left if goes_left else tree.right
    return tuple(path)


@pytest.mark.data(SURVIVED)
def test_架空の乗客が落ちる葉(split: TableSplit) -> None:
    pipeline = fitted(split, MAX_DEPTH, ClassWeight.BALANCED)
    train = pipeline.features(split.x_train)
    passengers = pipeline.features(Table.of(FEATURES, INVENTED_PASSENGERS))
    weights = {0: 712 / (2 * 449), 1: 712 / (2 * 263)}

    def leaf_labels(passenger: int) -> list[int]:
        path = leaf_path(pipeline.tree, passengers[passenger])
        return [
            t
            for row, t in zip(train, split.t_train, strict=True)
            if leaf_path(pipeline.tree, row) == path
        ]

    assert [row.value("Age") for row in passengers] == [35.0, 25.0]
    assert leaf_labels(0) == [1] * 70
    second = leaf_labels(1)
    assert (len(second), second.count(1)) == (342, 40)
    share = 40 * weights[1] / (40 * weights[1] + 302 * weights[0])
    assert share == pytest.approx(0.1844207586306042, rel=1e-12)
    assert pipeline.predict(Table.of(FEATURES, INVENTED_PASSENGERS)) == [1, 0]


# --8<-- [end:test-data-invented]


# --8<-- [start:test-data-figure]
@pytest.mark.data(SURVIVED)
def test_図の数値は深さの表と一致する(rows: list[DepthRow]) -> None:
    embedded = embedded_data((FIGURES_DIR / DEPTH_FIGURE).read_text(encoding="utf-8"))

    assert embedded == depth_figure_data(rows)


# --8<-- [end:test-data-figure]


# --8<-- [start:test-golden]
@pytest.mark.data(SURVIVED)
def test_章のコマンドの出力は本文の出力と同じ(
    run_module: RunModule, golden: Callable[[str], str]
) -> None:
    result = run_module("getting_started_ml.chapter08")

    assert result.returncode == 0, result.stderr
    assert result.stdout == golden("chapter08")


# --8<-- [end:test-golden]


@pytest.mark.data(SURVIVED)
def test_フォルダを渡すと保存したモデルのファイルが残る(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main(tmp_path / "models")

    assert capsys.readouterr().out == golden("chapter08")
    loaded = load_pipeline(tmp_path / "models" / MODEL_FILE)
    assert loaded.predict(Table.of(FEATURES, INVENTED_PASSENGERS)) == [1, 0]


def test_データが無ければ1行で失敗する(run_module_without_data: RunWithoutData) -> None:
    # モデルを保存するフォルダを渡さない（run_module_without_data は引数を渡さない）
    completed = run_module_without_data("getting_started_ml.chapter08")

    assert (completed.returncode, completed.stdout) == (1, "")
    assert SURVIVED in completed.stderr
    assert "Traceback" not in completed.stderr
