# --8<-- [start:header]
"""第 7 章の実験: cinema.csv の外れ値を除いて分け、線形回帰を学習して評価する。"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from getting_started_ml.chapter02 import (
    Features,
    Row,
    Table,
    TrainTestSplit,
    fill_with_train_means,
    require_items,
    require_table,
    split_train_test,
)
from getting_started_ml.chapter07.metrics import (
    mean_absolute_error,
    r2_score,
    root_mean_squared_error,
)
from getting_started_ml.chapter07.regression import fit_linear_regression
from getting_started_ml.numeric import format_fixed

CINEMA = "cinema.csv"
FEATURES = ["SNS1", "SNS2", "actor", "original"]
TARGET = "sales"
TEST_SIZE = 0.2
SEED = 0
OUTLIER_SNS2_ABOVE = 1000.0
OUTLIER_SALES_BELOW = 8500.0

# --8<-- [end:header]


# --8<-- [start:outliers]
def is_outlier(row: Row) -> bool:
    """SNS2 が 1000 を超え、しかも sales が 8500 を下回る行。欠損していれば外れ値としない。"""
    if not isinstance(row, Row):
        raise TypeError(f"row（行）は Row です（{type(row).__name__}）")
    sns2, sales = row.number("SNS2"), row.number(TARGET)
    if sns2 is None or sales is None:
        return False
    return sns2 > OUTLIER_SNS2_ABOVE and sales < OUTLIER_SALES_BELOW


def remove_outliers(table: Table) -> Table:
    """外れ値の行を除いた表。残りの行はファイルの順のまま。"""
    require_table(table)
    return Table(table.columns, tuple(row for row in table.rows if not is_outlier(row)))


# --8<-- [end:outliers]


# --8<-- [start:prepare]
def target_values(rows: Sequence[Row]) -> list[float]:
    """正解（sales）を数として読む。欠損していれば何行目かを書いて失敗する。"""
    require_items(rows, Row, "行")
    values = []
    for position, row in enumerate(rows):
        value = row.number(TARGET)
        if value is None:
            raise ValueError(f"{position} 行目の {TARGET} が欠損しているので正解に使えません")
        values.append(value)
    return values


def prepare_cinema(
    table: Table, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, float]:
    """外れ値を全体から除き、未補完のまま分け、訓練データの平均だけで両方を補完する。"""
    require_table(table)
    rows = list(remove_outliers(table).rows)
    if not rows:
        raise ValueError("外れ値を除くと行が 1 つも残らないので分けられません")
    split = split_train_test(rows, target_values(rows), test_size, seed)
    return fill_with_train_means(split, FEATURES)


# --8<-- [end:prepare]


# --8<-- [start:main]
def format_coefficients(coefficients: Mapping[str, float]) -> str:
    """係数を「名前=値」の形で、学習した列の順に並べる。"""
    if not isinstance(coefficients, Mapping):
        kind = type(coefficients).__name__
        raise TypeError(f"coefficients（係数）は列名から係数への dict です（{kind}）")
    return ", ".join(f"{name}={format_fixed(value, 4)}" for name, value in coefficients.items())


def main() -> None:
    """cinema.csv で線形回帰を学習し、係数とテストデータの評価を表示する。"""
    table = Table.load(CINEMA)
    split = prepare_cinema(table)
    model = fit_linear_regression(split.x_train, split.t_train, FEATURES)
    predicted = model.predict(split.x_test)
    r2 = r2_score(split.t_test, predicted)
    mae = mean_absolute_error(split.t_test, predicted)
    rmse = root_mean_squared_error(split.t_test, predicted)
    print(f"データ件数: {len(table)}")
    print(f"外れ値を除いた件数: {len(remove_outliers(table))}")
    print(f"訓練データ: {len(split.x_train)} 件, テストデータ: {len(split.x_test)} 件")
    print(f"切片: {format_fixed(model.intercept, 2)}")
    print(f"係数: {format_coefficients(model.coefficients)}")
    print(
        f"テストデータの評価: R2={format_fixed(r2, 4)}, "
        f"MAE={format_fixed(mae, 2)}, RMSE={format_fixed(rmse, 2)}"
    )


# --8<-- [end:main]
