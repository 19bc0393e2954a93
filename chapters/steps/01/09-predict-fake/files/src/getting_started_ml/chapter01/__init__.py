"""第 1 章: 機械学習と最初のテスト（KvsT.csv）。"""

from getting_started_ml.chapter01.people import (
    AGE_GROUP,
    COLUMNS,
    FACTION,
    HEIGHT,
    WEIGHT,
    Features,
    Person,
    column_positions,
    integer_cell,
    parse_people,
    person_from,
    split_features_and_labels,
)
from getting_started_ml.chapter01.rule import predict_by_rule

__all__ = [
    "AGE_GROUP",
    "COLUMNS",
    "FACTION",
    "HEIGHT",
    "WEIGHT",
    "Features",
    "Person",
    "column_positions",
    "integer_cell",
    "parse_people",
    "person_from",
    "predict_by_rule",
    "split_features_and_labels",
]
