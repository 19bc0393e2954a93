# --8<-- [start:header]
"""第 8 章の実験: Survived.csv を分け、2 つの重みのパイプラインを評価し、保存して読み戻す。

python -m getting_started_ml.chapter08 で本文の実行結果を表示する。
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from getting_started_ml.chapter01 import accuracy
from getting_started_ml.chapter02 import Row, Table, split_train_test
from getting_started_ml.chapter08.persistence import load_pipeline, save_pipeline
from getting_started_ml.chapter08.pipeline import FEATURES, Pipeline
from getting_started_ml.chapter08.preprocessing import binary_label, require_columns
from getting_started_ml.chapter08.weighted_tree import ClassWeight
from getting_started_ml.numeric import format_fixed

SURVIVED = "Survived.csv"
TARGET = "Survived"
TEST_SIZE = 0.2
SEED = 0
MAX_DEPTH = 5
MODEL_FILE = "survived.json"
# --8<-- [end:header]


# --8<-- [start:evaluation]
@dataclass(frozen=True)
class TableSplit:
    """生の表の訓練データとテストデータ。正解は 0/1 の int。"""

    x_train: Table
    x_test: Table
    t_train: list[int]
    t_test: list[int]


def split_survived(table: Table, test_size: float = TEST_SIZE, seed: int = SEED) -> TableSplit:
    """Survived を int にし、補完する前の生の行を、いつもの乱数で分ける。"""
    require_columns(table, (TARGET,))
    if not table.rows:
        raise ValueError("行が 1 つもない表は分けられません")
    labels = [survived_label(row) for row in table.rows]
    split = split_train_test(list(table.rows), labels, test_size, seed)
    return TableSplit(
        Table(table.columns, tuple(split.x_train)),
        Table(table.columns, tuple(split.x_test)),
        split.t_train,
        split.t_test,
    )


def survived_label(row: Row) -> int:
    """Survived のセルを 0 か 1 にする。"""
    return binary_label(row, TARGET)


@dataclass(frozen=True)
class Evaluation:
    """正解率と、テストデータの生存者のうち見つけた人数。"""

    train_accuracy: float
    test_accuracy: float
    found_survivors: int
    survivors: int

    @classmethod
    def evaluate(cls, pipeline: Pipeline, split: TableSplit) -> Evaluation:
        """訓練データだけで学習し、訓練データとテストデータの両方で測る。"""
        if not isinstance(pipeline, Pipeline):
            raise TypeError(f"pipeline は学習前の Pipeline です（{type(pipeline).__name__}）")
        if not isinstance(split, TableSplit):
            raise TypeError(f"split は TableSplit です（{type(split).__name__}）")
        fitted = pipeline.fit(split.x_train, split.t_train)
        predicted = fitted.predict(split.x_test)
        pairs = list(zip(predicted, split.t_test, strict=True))
        return cls(
            accuracy(split.t_train, fitted.predict(split.x_train)),
            accuracy(split.t_test, predicted),
            sum(1 for guess, label in pairs if guess == label == 1),
            sum(1 for _, label in pairs if label == 1),
        )


# --8<-- [end:evaluation]


# --8<-- [start:main]
INVENTED_PASSENGERS = (
    ("1", "female", "", "0", "0", "50", "C"),
    ("3", "male", "", "0", "0", "8", "S"),
)


def evaluation_line(class_weight: ClassWeight, result: Evaluation) -> str:
    """評価の 1 行（Java 版と同じ文言、小数 3 桁の四捨五入）。"""
    if not isinstance(class_weight, ClassWeight):
        raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
    if not isinstance(result, Evaluation):
        raise TypeError(f"result は Evaluation です（{type(result).__name__}）")
    return (
        f"classWeight={class_weight.value}: 訓練 {format_fixed(result.train_accuracy, 3)}, "
        f"テスト {format_fixed(result.test_accuracy, 3)}, "
        f"生存者 {result.survivors} 人中 {result.found_survivors} 人を発見"
    )


def main(model_dir: Path | None = None) -> None:
    """件数、2 つの重みの評価、保存して読み戻したモデルでの架空の乗客の予測を表示する。"""
    table = Table.load(SURVIVED)
    labels = [survived_label(row) for row in table.rows]
    split = split_survived(table)
    print(f"データ件数: {len(table)}（生存 {labels.count(1)}, 死亡 {labels.count(0)}）")
    print(f"訓練データ: {len(split.t_train)} 件, テストデータ: {len(split.t_test)} 件")
    for class_weight in ClassWeight:
        result = Evaluation.evaluate(Pipeline.build(MAX_DEPTH, class_weight), split)
        print(evaluation_line(class_weight, result))
    fitted = Pipeline.build(MAX_DEPTH, ClassWeight.BALANCED).fit(split.x_train, split.t_train)
    if model_dir is not None:
        model_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        path = save_pipeline(fitted, (model_dir or Path(scratch)) / MODEL_FILE)
        loaded = load_pipeline(path)
    print(f"保存したモデル: {path.name}")
    print(f"架空の乗客の予測: {loaded.predict(Table.of(FEATURES, INVENTED_PASSENGERS))}")


# --8<-- [end:main]


# --8<-- [start:depth-table]
DEPTHS = tuple(range(1, 11))


@dataclass(frozen=True)
class DepthRow:
    """1 つの深さでの、重みなし（NONE）と釣り合い（BALANCED）の評価。"""

    depth: int
    plain: Evaluation
    balanced: Evaluation


def depth_table(split: TableSplit, depths: Sequence[int] = DEPTHS) -> list[DepthRow]:
    """深さごとに、2 つの重みのパイプラインを学習して評価する。"""
    return [
        DepthRow(
            depth,
            Evaluation.evaluate(Pipeline.build(depth, ClassWeight.NONE), split),
            Evaluation.evaluate(Pipeline.build(depth, ClassWeight.BALANCED), split),
        )
        for depth in depths
    ]


# --8<-- [end:depth-table]
