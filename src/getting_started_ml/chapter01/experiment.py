# --8<-- [start:imports]
"""第 1 章の実験: KvsT.csv を規則で判定し、件数と正解率を表示する。"""

from __future__ import annotations

from getting_started_ml.chapter01.metrics import accuracy
from getting_started_ml.chapter01.people import Person, parse_people, split_features_and_labels
from getting_started_ml.chapter01.rule import predict_by_rule
from getting_started_ml.dataset import read_text
from getting_started_ml.numeric import format_fixed

KVST = "KvsT.csv"

# --8<-- [end:imports]


# --8<-- [start:load]
def load_people() -> list[Person]:
    """KvsT.csv を読む（BOM は utf-8-sig で読むときに取り除かれる）。"""
    return parse_people(read_text(KVST), KVST)


# --8<-- [end:load]


# --8<-- [start:main]
def main() -> None:
    """KvsT.csv を規則で判定し、件数と正解率を表示する。"""
    people = load_people()
    features, labels = split_features_and_labels(people)
    predicted = [predict_by_rule(row) for row in features]
    print(f"データ件数: {len(people)}")
    print(f"ルールによる判定の正解率: {format_fixed(accuracy(labels, predicted), 4)}")


# --8<-- [end:main]
