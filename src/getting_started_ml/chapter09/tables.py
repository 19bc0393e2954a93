# --8<-- [start:header]
"""第 9 章の表: 文字コードと区切り文字を指定して読み、天気の番号で結合して集計する。"""

from __future__ import annotations

from pathlib import Path

from getting_started_ml.chapter02 import Row, Table, column_index, position_of, require_table
from getting_started_ml.dataset import MalformedDataError, parse_records
from getting_started_ml.numeric import kahan_mean

WEATHER_KEY = "weather_id"
WEATHER_NAME = "weather"
COUNT = "cnt"
# --8<-- [end:header]


# --8<-- [start:load-delimited]
def load_delimited(path: Path | str, encoding: str, delimiter: str) -> Table:
    """文字コードと区切り文字を指定して表を読む。読めないバイトは置き換えずに失敗する。"""
    if not delimiter:
        raise ValueError("区切り文字（delimiter）が空です")
    content = Path(path).read_bytes()
    try:
        text = content.decode(encoding)
    except UnicodeDecodeError as error:
        raise MalformedDataError(
            f"{path} を {encoding} として読めません（{error.start} バイト目）。"
            "ファイルの文字コードを確かめてください"
        ) from error
    return Table.from_records(parse_records(text, delimiter, str(path)))


# --8<-- [end:load-delimited]


# --8<-- [start:join]
def rows_by_key(table: Table, key: str) -> dict[str, Row]:
    """key の値（文字列のまま）から行への対応。同じ値が 2 回出てきたら失敗する。"""
    require_table(table)
    position_of(column_index(table.columns), key)
    lookup: dict[str, Row] = {}
    for row in table.rows:
        value = row.text(key)
        if value in lookup:
            raise ValueError(f"結合する表の {key} に同じ値 {value!r} が 2 回あります")
        lookup[value] = row
    return lookup


def join_weather(bike: Table, weather: Table, key: str = WEATHER_KEY) -> Table:
    """key が同じ行どうしをつなぐ（内部結合）。weather に無い key の bike の行は落とす。"""
    require_table(bike, "bike")
    require_table(weather, "weather")
    position_of(column_index(bike.columns), key)
    lookup = rows_by_key(weather, key)
    extra = [column for column in weather.columns if column != key]
    rows = [
        [*row.cells, *(lookup[value].text(column) for column in extra)]
        for row in bike.rows
        if (value := row.text(key)) in lookup
    ]
    return Table.of([*bike.columns, *extra], rows)


def mean_count_by_weather(
    joined: Table, group: str = WEATHER_NAME, value: str = COUNT
) -> list[tuple[str, float]]:
    """group の値ごとに value の平均を求め、平均の大きい順に並べる（同じなら先に出た順）。"""
    require_table(joined, "joined")
    if not joined.rows:
        raise ValueError("行が 1 つもない表は集計できません")
    groups: dict[str, list[float]] = {}
    for number, row in enumerate(joined.rows):
        amount = row.number(value)
        if amount is None:
            raise ValueError(f"{number} 行目の {value} が欠損しているので平均に入れられません")
        groups.setdefault(row.text(group), []).append(amount)
    means = [(name, kahan_mean(amounts)) for name, amounts in groups.items()]
    return sorted(means, key=lambda pair: pair[1], reverse=True)


# --8<-- [end:join]
