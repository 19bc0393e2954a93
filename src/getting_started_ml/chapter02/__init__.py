"""第 2 章: データの前処理と三角測量（iris.csv）。

表を文字列のまま読み、欠損値を数え、特徴量と正解に分け、Java 版と同じ乱数で
訓練データとテストデータに分け、訓練データの平均だけで両方を補完する。
"""

from getting_started_ml.chapter02.experiment import IRIS, TARGET, prepare_iris
from getting_started_ml.chapter02.preprocessing import (
    SEED,
    TEST_SIZE,
    column_means,
    fill_missing,
    fill_with_train_means,
    prepare,
    split_features_and_target,
)
from getting_started_ml.chapter02.split import (
    TrainTestSplit,
    count_test_rows,
    require_split,
    split_train_test,
)
from getting_started_ml.chapter02.table import (
    ColumnNotFoundError,
    Features,
    Row,
    Table,
    column_index,
    position_of,
    require_cells,
    require_items,
    require_table,
)

__all__ = [
    "IRIS",
    "SEED",
    "TARGET",
    "TEST_SIZE",
    "ColumnNotFoundError",
    "Features",
    "Row",
    "Table",
    "TrainTestSplit",
    "column_index",
    "column_means",
    "count_test_rows",
    "fill_missing",
    "fill_with_train_means",
    "position_of",
    "prepare",
    "prepare_iris",
    "require_cells",
    "require_items",
    "require_split",
    "require_table",
    "split_features_and_target",
    "split_train_test",
]
