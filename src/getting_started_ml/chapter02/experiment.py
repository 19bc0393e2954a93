# --8<-- [start:header]
"""第 2 章の実験: iris.csv を読み、欠損値を数え、前処理した結果を表示する。"""

from __future__ import annotations

from getting_started_ml.chapter02.preprocessing import SEED, TEST_SIZE, prepare
from getting_started_ml.chapter02.split import TrainTestSplit
from getting_started_ml.chapter02.table import Features, Table

IRIS = "iris.csv"
TARGET = "種類"

# --8<-- [end:header]


# --8<-- [start:prepare-iris]
def prepare_iris(
    table: Table, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, str]:
    """iris の表を、種類を正解として前処理する。"""
    return prepare(table, TARGET, test_size, seed)


# --8<-- [end:prepare-iris]


# --8<-- [start:main]
def main() -> None:
    """iris.csv の前処理の結果を表示する。"""
    table = Table.load(IRIS)
    missing = ", ".join(f"{column}={count}" for column, count in table.count_missing().items())
    split = prepare_iris(table)
    print(f"データ件数: {len(table)}")
    print(f"欠損値の数: {missing}")
    print(f"訓練データ: {len(split.x_train)} 件, テストデータ: {len(split.x_test)} 件")
    print(f"特徴量: {', '.join(split.x_train[0].columns)}")


# --8<-- [end:main]
