"""アンケートに答えた人: CSV の 1 行を 1 人として読み、特徴量と正解（派閥）に分ける。"""

from __future__ import annotations

# --8<-- [start:imports]
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.dataset import MalformedDataError, parse_records

# --8<-- [end:imports]

# --8<-- [start:columns]
HEIGHT = "身長"
WEIGHT = "体重"
AGE_GROUP = "年代"
FACTION = "派閥"
COLUMNS = (HEIGHT, WEIGHT, AGE_GROUP, FACTION)
# --8<-- [end:columns]


# --8<-- [start:person]
@dataclass(frozen=True)
class Person:
    """アンケートに答えた 1 人。身長・体重・年代と、正解の派閥。"""

    height: int
    weight: int
    age_group: int
    faction: str


@dataclass(frozen=True)
class Features:
    """予測に使う特徴量。派閥（正解）は持たない。"""

    height: int
    weight: int
    age_group: int


# --8<-- [end:person]


# --8<-- [start:parse]
def parse_people(text: str, source: str = "文字列") -> list[Person]:
    """カンマ区切りの文字列を、行の順に Person のリストにする。

    列は見出しの名前で探すので、列の順には依らない。先頭の BOM と空行は読み飛ばす。
    """
    records = parse_records(text, ",", source)
    positions = column_positions(records.header, source)
    return [
        person_from(cells, positions, f"{source} の {number} 件目")
        for number, cells in enumerate(records.rows, 1)
    ]


def column_positions(header: Sequence[str], source: str) -> dict[str, int]:
    """必要な 4 列の、見出しの中での位置。足りない列があれば名前を並べて失敗する。"""
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise MalformedDataError(
            f"{source} に列 {', '.join(missing)} がありません（あるのは {', '.join(header)}）"
        )
    return {column: list(header).index(column) for column in COLUMNS}


def person_from(cells: Sequence[str], positions: dict[str, int], where: str) -> Person:
    """1 行のセルから 1 人を作る。"""
    faction = cells[positions[FACTION]].strip()
    if not faction:
        raise MalformedDataError(f"{where}: 列 {FACTION} が空です")
    return Person(
        height=integer_cell(cells, positions, HEIGHT, where),
        weight=integer_cell(cells, positions, WEIGHT, where),
        age_group=integer_cell(cells, positions, AGE_GROUP, where),
        faction=faction,
    )


def integer_cell(cells: Sequence[str], positions: dict[str, int], column: str, where: str) -> int:
    """整数のセルを読む。読めなければ列名とセルの中身を書いて失敗する。"""
    cell = cells[positions[column]]
    try:
        return int(cell)
    except ValueError:
        raise MalformedDataError(
            f"{where}: 列 {column} のセル {cell!r} は整数として読めません"
        ) from None


# --8<-- [end:parse]


# --8<-- [start:split]
def split_features_and_labels(people: Sequence[Person]) -> tuple[list[Features], list[str]]:
    """特徴量（身長・体重・年代）と正解（派閥）に分ける。並びは同じ順のまま。"""
    for position, person in enumerate(people):
        if not isinstance(person, Person):
            raise TypeError(
                f"people の {position} 番目が Person ではありません（{type(person).__name__}）"
            )
    features = [Features(person.height, person.weight, person.age_group) for person in people]
    labels = [person.faction for person in people]
    return features, labels


# --8<-- [end:split]
