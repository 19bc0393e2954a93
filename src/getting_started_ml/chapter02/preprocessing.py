# --8<-- [start:header]
"""前処理: 欠損値を列の平均で埋め、特徴量と正解に分け、訓練データの平均だけで補完する。"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from getting_started_ml.chapter02.split import (
    TrainTestSplit,
    require_split,
    split_train_test,
)
from getting_started_ml.chapter02.table import (
    Features,
    Row,
    Table,
    column_index,
    position_of,
    require_items,
    require_table,
)
from getting_started_ml.numeric import kahan_mean

Y = TypeVar("Y")

TEST_SIZE = 0.3
SEED = 0

# --8<-- [end:header]


# --8<-- [start:means-and-fill]
def column_means(rows: Sequence[Row], columns: Sequence[str]) -> dict[str, float]:
    """列ごとに、欠損値を除いた平均（Java と同じ Kahan の和）を求める。"""
    require_items(rows, Row, "rows")
    means = {}
    for column in columns:
        values = [value for row in rows if (value := row.number(column)) is not None]
        if not values:
            raise ValueError(f"列 {column} には値が 1 つもないので平均を求められません")
        means[column] = kahan_mean(values)
    return means


def fill_missing(
    rows: Sequence[Row], columns: Sequence[str], fill_values: Mapping[str, float]
) -> list[Features]:
    """欠損値を列ごとの値で埋めた特徴量を返す。元の行は書き換えない。"""
    require_items(rows, Row, "rows")
    absent = [column for column in columns if column not in fill_values]
    if absent:
        raise ValueError(f"補完する値がない列があります: {', '.join(absent)}")
    names = tuple(columns)
    return [
        Features(
            names,
            tuple(
                fill_values[column] if (value := row.number(column)) is None else value
                for column in names
            ),
        )
        for row in rows
    ]


# --8<-- [end:means-and-fill]


# --8<-- [start:separate]
def split_features_and_target(table: Table, target: str) -> tuple[list[str], list[Row], list[str]]:
    """正解の列と、それ以外の列（ファイルの順）に分ける。行は補完しないまま渡す。"""
    require_table(table)
    position_of(column_index(table.columns), target)
    columns = [column for column in table.columns if column != target]
    return columns, list(table.rows), [row.text(target) for row in table.rows]


# --8<-- [end:separate]


# --8<-- [start:prepare]
def prepare(
    table: Table, target: str, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, str]:
    """分けてから、訓練データの平均だけで訓練データとテストデータの両方を補完する。"""
    if not require_table(table).rows:
        raise ValueError("行が 1 つもない表は分けられません")
    columns, rows, labels = split_features_and_target(table, target)
    return fill_with_train_means(split_train_test(rows, labels, test_size, seed), columns)


def fill_with_train_means(
    split: TrainTestSplit[Row, Y], columns: Sequence[str]
) -> TrainTestSplit[Features, Y]:
    """訓練データの平均だけを求め、それで訓練データとテストデータの両方を補完する。"""
    require_split(split)
    means = column_means(split.x_train, columns)
    return TrainTestSplit(
        fill_missing(split.x_train, columns, means),
        fill_missing(split.x_test, columns, means),
        split.t_train,
        split.t_test,
    )


# --8<-- [end:prepare]
