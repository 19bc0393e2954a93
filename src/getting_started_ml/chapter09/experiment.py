# --8<-- [start:header]
"""第 9 章の実験: Boston.csv で特徴量の組み合わせごとに R² を測り、bike と weather を集計する。"""

from __future__ import annotations

from collections.abc import Sequence

from getting_started_ml.chapter02 import (
    Features,
    Row,
    Table,
    TrainTestSplit,
    column_index,
    fill_with_train_means,
    position_of,
    require_items,
    require_table,
    split_train_test,
)
from getting_started_ml.chapter09.features import (
    Scores,
    Standardizer,
    dummy_categories,
    encode_dummies,
    pairs_with_replacement,
    remove_target_outliers,
    score_feature_set,
    term_name,
)
from getting_started_ml.chapter09.tables import join_weather, mean_count_by_weather
from getting_started_ml.numeric import format_fixed

BOSTON = "Boston.csv"
BIKE = "bike.tsv"
WEATHER = "weather.csv"
TARGET = "PRICE"
CATEGORY = "CRIME"
TEST_SIZE = 0.3
SEED = 0
COLUMNS = ["RM", "LSTAT", "PTRATIO"]
SQUARES = ["RM^2", "LSTAT^2", "PTRATIO^2"]
PRINT_AS_ZERO_BELOW = 1e-9
# --8<-- [end:header]


# --8<-- [start:feature-sets]
INTERACTIONS = [term_name(a, b) for a, b in pairs_with_replacement(COLUMNS)]
FEATURE_SETS: list[tuple[str, list[str]]] = [
    ("元の特徴量（3 列）", COLUMNS),
    ("2 乗の項を追加（6 列）", COLUMNS + SQUARES),
    ("交互作用の項も追加（9 列）", COLUMNS + INTERACTIONS),
]
# --8<-- [end:feature-sets]


# --8<-- [start:load-files]
def load_bike() -> Table:
    """bike.tsv（UTF-8、タブ区切り）を読む。"""
    return Table.load(BIKE)


def load_weather() -> Table:
    """weather.csv（Shift_JIS、カンマ区切り）を読む。"""
    return Table.load(WEATHER)


# --8<-- [end:load-files]


# --8<-- [start:prepare]
def prices(rows: Sequence[Row]) -> list[float]:
    """正解（PRICE）を数として読む。欠損していれば何行目かを書いて失敗する。"""
    require_items(rows, Row, "rows")
    values = []
    for position, row in enumerate(rows):
        value = row.number(TARGET)
        if value is None:
            raise ValueError(f"{position} 行目の {TARGET} が欠損しているので正解に使えません")
        values.append(value)
    return values


def prepare_boston(
    table: Table, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, float]:
    """CRIME を全行でダミー変数にし、分けてから、訓練データの平均だけで両方を補完する。"""
    require_table(table)
    if not table.rows:
        raise ValueError("行が 1 つもない表は分けられません")
    position_of(column_index(table.columns), TARGET)
    categories = dummy_categories(row.text(CATEGORY) for row in table.rows)
    encoded = encode_dummies(table, CATEGORY, categories)
    columns = [column for column in encoded.columns if column != TARGET]
    rows = list(encoded.rows)
    split = split_train_test(rows, prices(rows), test_size, seed)
    return fill_with_train_means(split, columns)


# --8<-- [end:prepare]


# --8<-- [start:main]
def standardized_summary(x_train: Sequence[Features], column: str) -> tuple[float, float]:
    """訓練データを標準化し、標準化したあとの column の平均と標準偏差を測り直す。"""
    require_items(x_train, Features, "x_train")
    restandardized = Standardizer.fit(Standardizer.fit(x_train).transform(x_train))
    return restandardized.means[column], restandardized.stds[column]


def format_small(value: float, digits: int) -> str:
    """|値| が 1e-9 未満なら 0 とみなして表示する（-0.00 と出さないため）。"""
    return format_fixed(0.0 if abs(value) < PRINT_AS_ZERO_BELOW else value, digits)


def score_line(label: str, scores: Scores) -> str:
    """「  名前: 訓練 0.1234, テスト 0.5678」の 1 行。"""
    if not isinstance(scores, Scores):
        raise TypeError(f"scores は Scores です（{type(scores).__name__}）")
    return f"  {label}: 訓練 {format_fixed(scores.train, 4)}, テスト {format_fixed(scores.test, 4)}"


def weather_line(means: Sequence[tuple[str, float]]) -> str:
    """「天気ごとの平均利用者数: 晴れ=…, …」の 1 行。"""
    return "天気ごとの平均利用者数: " + ", ".join(
        f"{name}={format_fixed(mean, 1)}" for name, mean in means
    )


def main() -> None:
    """Boston.csv で特徴量の組み合わせごとに R² を測り、bike と weather を結合して集計する。"""
    split = prepare_boston(Table.load(BOSTON))
    mean, std = standardized_summary(split.x_train, "RM")
    print(f"訓練データ: {len(split.x_train)} 件, テストデータ: {len(split.x_test)} 件")
    print(f"特徴量の列: {', '.join(split.x_train[0].columns)}")
    print(
        f"標準化した訓練データの RM: 平均 {format_small(mean, 2)}, 標準偏差 {format_small(std, 2)}"
    )
    print("決定係数:")
    for label, terms in FEATURE_SETS:
        print(score_line(label, score_feature_set(split, COLUMNS, terms)))
    reduced = remove_target_outliers(split)
    print(f"訓練データの {TARGET} の外れ値: {len(split.t_train) - len(reduced.t_train)} 件")
    squares = score_feature_set(reduced, COLUMNS, COLUMNS + SQUARES)
    print(score_line("外れ値を除いて 2 乗の項を追加", squares))
    print(weather_line(mean_count_by_weather(join_weather(load_bike(), load_weather()))))


# --8<-- [end:main]
