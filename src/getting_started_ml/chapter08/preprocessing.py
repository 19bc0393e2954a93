# --8<-- [start:header]
"""第 8 章の前処理: 列の取り出し、欠損値の補完（グループの中央値・最頻値）、ダミー変数。

どれも「学習（fit）」と「変換（transform）」に分け、fit は訓練データだけから値を学習する。
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from getting_started_ml.chapter02 import Features, Row, Table, column_index

# --8<-- [end:header]


# --8<-- [start:group-median]
@dataclass(frozen=True)
class GroupMedianImputer:
    """column の欠損値を、by の列の値（文字列のまま）の組ごとの中央値で埋める補完器。"""

    column: str
    by: tuple[str, ...]

    def fit(self, table: Table) -> FittedGroupMedianImputer:
        """グループごとの中央値と、全体の中央値を学習する。"""
        require_columns(table, (self.column, *self.by))
        require_rows(table, f"列 {self.column} の補完")
        groups: dict[GroupKey, list[float]] = {}
        for row in table.rows:
            value = row.number(self.column)
            if value is not None:
                groups.setdefault(group_key(row, self.by), []).append(value)
        if not groups:
            raise ValueError(f"列 {self.column} に値が 1 つもないので中央値を学習できません")
        everything = [value for values in groups.values() for value in values]
        medians = {key: median(values) for key, values in groups.items()}
        return FittedGroupMedianImputer(self.column, self.by, medians, median(everything))


@dataclass(frozen=True)
class FittedGroupMedianImputer:
    """学習済みの補完器。知らないグループには全体の中央値を使う。"""

    column: str
    by: tuple[str, ...]
    medians: Mapping[GroupKey, float]
    overall_median: float

    def fill_value(self, row: Row) -> float:
        """その行のグループの中央値。学習で見なかったグループなら全体の中央値。"""
        return self.medians.get(group_key(row, self.by), self.overall_median)

    def transform(self, table: Table) -> Table:
        """欠損値だけを中央値（"35.0" のような文字列）で埋めた新しい表。"""
        require_columns(table, (self.column, *self.by))
        cells = [
            str(self.fill_value(row)) if row.is_missing(self.column) else row.text(self.column)
            for row in table.rows
        ]
        return replace_column(table, self.column, cells)


# --8<-- [end:group-median]


# --8<-- [start:median]
def median(values: Sequence[float]) -> float:
    """並べたときの真ん中の値。偶数個なら真ん中の 2 つの平均。NaN があれば失敗する。"""
    if not values:
        raise ValueError("値が 1 つもないので中央値を求められません")
    if any(math.isnan(value) for value in values):  # NaN は大小を比べられず、順が決まらない
        raise ValueError("値に NaN があるので中央値を求められません（並べる順が決まりません）")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


# --8<-- [end:median]


# --8<-- [start:group-median-2]
def group_key(row: Row, by: Sequence[str]) -> GroupKey:
    """グループの鍵。数に直さず、セルの文字列のまま組にする（"1" と "1.0" は別のグループ）。"""
    if not isinstance(row, Row):
        raise TypeError(f"row は第 2 章の Row です（{type(row).__name__}）")
    return tuple(row.text(column) for column in by)


# --8<-- [end:group-median-2]


# --8<-- [start:header-2]
GroupKey: TypeAlias = tuple[str, ...]
# --8<-- [end:header-2]


# --8<-- [start:columns]
def require_columns(table: Table, columns: Sequence[str]) -> None:
    """表に無い列があれば、その名前とある列を並べて ValueError にする。"""
    if not isinstance(table, Table):
        raise TypeError(f"table は第 2 章の Table です（{type(table).__name__}）")
    absent = [column for column in columns if column not in table.columns]
    if absent:
        raise ValueError(
            f"列 {', '.join(absent)} がありません（あるのは {', '.join(table.columns)}）"
        )


def require_rows(table: Table, what: str) -> None:
    """行が 1 つもない表では学習できない。"""
    require_columns(table, ())
    if not table.rows:
        raise ValueError(f"行が 1 つもない表では{what}を学習できません")


def select_columns(table: Table, columns: Sequence[str]) -> Table:
    """指定した列だけを、その順に残した新しい表。"""
    require_columns(table, columns)
    return Table.of(columns, ([row.text(column) for column in columns] for row in table.rows))


def replace_column(table: Table, column: str, cells: Sequence[str]) -> Table:
    """1 つの列のセルを差し替えた新しい表。元の表は変えない。"""
    if not isinstance(column, str):
        raise TypeError(f"column は列の名前（文字列）です（{column!r}）")
    require_columns(table, (column,))
    position = column_index(table.columns)[column]
    return Table.of(
        table.columns,
        (
            (*row.cells[:position], cell, *row.cells[position + 1 :])
            for row, cell in zip(table.rows, cells, strict=True)
        ),
    )


# --8<-- [end:columns]


# --8<-- [start:most-frequent]
@dataclass(frozen=True)
class MostFrequentImputer:
    """column の欠損値を、いちばん多い値で埋める補完器。"""

    column: str

    def fit(self, table: Table) -> FittedMostFrequentImputer:
        """欠損でない値を数え、いちばん多い値を学習する。同数なら先に現れた値。"""
        require_columns(table, (self.column,))
        require_rows(table, f"列 {self.column} の補完")
        counts = Counter(
            row.text(self.column) for row in table.rows if not row.is_missing(self.column)
        )
        if not counts:
            raise ValueError(f"列 {self.column} に値が 1 つもないので最頻値を学習できません")
        return FittedMostFrequentImputer(self.column, max(counts, key=counts.__getitem__))


@dataclass(frozen=True)
class FittedMostFrequentImputer:
    """学習済みの補完器。"""

    column: str
    most_frequent: str

    def transform(self, table: Table) -> Table:
        """欠損値だけを最頻値で埋めた新しい表。"""
        require_columns(table, (self.column,))
        cells = [
            self.most_frequent if row.is_missing(self.column) else row.text(self.column)
            for row in table.rows
        ]
        return replace_column(table, self.column, cells)


# --8<-- [end:most-frequent]


# --8<-- [start:dummy]
@dataclass(frozen=True)
class DummyEncoder:
    """カテゴリの列を 0/1 の列（ダミー変数）に置き換える変換器。"""

    columns: tuple[str, ...]

    def fit(self, table: Table) -> FittedDummyEncoder:
        """列ごとに、欠損でない値を並べ替え、先頭を除いたものを学習する。"""
        require_columns(table, self.columns)
        require_rows(table, "ダミー変数")
        dummies = {
            column: sorted({row.text(column) for row in table.rows if not row.is_missing(column)})[
                1:
            ]
            for column in self.columns
        }
        return FittedDummyEncoder(dummies)


@dataclass(frozen=True)
class FittedDummyEncoder:
    """学習済みの変換器。dummies は列ごとの、0/1 の列を作るカテゴリ（学習した順）。"""

    dummies: Mapping[str, Sequence[str]]

    def names(self) -> list[str]:
        """作る列の名前（列_カテゴリ）。元の列の順、カテゴリの順に並ぶ。"""
        return [f"{column}_{value}" for column, values in self.dummies.items() for value in values]

    def transform(self, table: Table) -> Table:
        """元の列を除き、学習した 0/1 の列を末尾に足す。知らない値はすべて 0 になる。"""
        require_columns(table, list(self.dummies))
        kept = [column for column in table.columns if column not in self.dummies]
        clashing = sorted(set(kept) & set(self.names()))
        if clashing:
            raise ValueError(f"ダミー変数と同じ名前の列がすでにあります: {', '.join(clashing)}")
        return Table.of(kept + self.names(), (self.encode(row, kept) for row in table.rows))

    def encode(self, row: Row, kept: Sequence[str]) -> list[str]:
        """1 行ぶんのセル。欠損値は黙って 0 にせず、補完を忘れたことを知らせる。"""
        for column in self.dummies:
            if row.is_missing(column):
                raise ValueError(f"列 {column} に欠損値があります。ダミー変数にする前に補完します")
        cells = [row.text(column) for column in kept]
        for column, values in self.dummies.items():
            cells += ["1" if row.text(column) == value else "0" for value in values]
        return cells


# --8<-- [end:dummy]


# --8<-- [start:to-features]
def to_features(table: Table) -> list[Features]:
    """すべての列を数にした特徴量の行。欠損値が残っていれば、列と行を書いて失敗する。"""
    require_columns(table, ())
    columns = tuple(table.columns)
    features = []
    for number, row in enumerate(table.rows, 1):
        values = []
        for column in columns:
            value = row.number(column)
            if value is None:
                raise ValueError(f"{number} 行目の列 {column} に欠損値が残っています")
            values.append(value)
        features.append(Features(columns, tuple(values)))
    return features


# --8<-- [end:to-features]


# --8<-- [start:binary-label]
def binary_label(row: Row, column: str) -> int:
    """column のセル（前後の空白は除く）を 0 か 1 の int にする。ほかの値なら失敗する。"""
    if not isinstance(row, Row):
        raise TypeError(f"row は第 2 章の Row です（{type(row).__name__}）")
    cell = row.text(column).strip()
    if cell not in ("0", "1"):
        raise ValueError(f"列 {column} のセル {cell!r} は 0 でも 1 でもありません")
    return int(cell)


# --8<-- [end:binary-label]
