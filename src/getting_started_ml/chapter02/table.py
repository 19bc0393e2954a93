# --8<-- [start:header]
"""表: 文字列のまま持つ行と表、補完が済んだ特徴量の行、入口で型を確かめる道具。"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from numbers import Integral, Real
from types import MappingProxyType

from getting_started_ml.dataset import Records, parse_records, read_records


class ColumnNotFoundError(LookupError, ValueError):
    """表に無い列を読もうとした。"""


def column_index(columns: Sequence[str]) -> Mapping[str, int]:
    """列名から位置への、書き換えられない対応表。列名の重複は失敗にする。"""
    for column in columns:
        if not isinstance(column, str):
            raise TypeError(f"列名は str です（{column!r} は {type(column).__name__}）")
    index = {column: position for position, column in enumerate(columns)}
    if len(index) != len(columns):
        duplicated = sorted({column for column in columns if list(columns).count(column) > 1})
        raise ValueError(f"列名が重複しています: {', '.join(duplicated)}")
    return MappingProxyType(index)


def position_of(index: Mapping[str, int], column: str) -> int:
    """列の位置。無い列なら、その名前とある列を並べて失敗する。"""
    try:
        return index[column]
    except KeyError:
        raise ColumnNotFoundError(
            f"列 {column} はありません（あるのは {', '.join(index)}）"
        ) from None


def require_cells(index: Mapping[str, int], cells: Sequence[object]) -> None:
    """セルは文字列で、列と同じ数だけある。"""
    if len(cells) != len(index):
        raise ValueError(
            f"cells（セル）の数が {len(cells)} で、index（列）の {len(index)} と違います"
        )
    for cell in cells:
        if not isinstance(cell, str):
            raise TypeError(f"cells（セル）は文字列です（{cell!r} は {type(cell).__name__}）")


# --8<-- [end:header]


# --8<-- [start:row]
@dataclass(frozen=True)
class Row:
    """表の 1 行。セルは文字列のまま持ち、数として読むときに変換する。"""

    index: Mapping[str, int]
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        require_cells(self.index, self.cells)

    def text(self, column: str) -> str:
        """セルの文字列。"""
        return self.cells[position_of(self.index, column)]

    def is_missing(self, column: str) -> bool:
        """空白を除くと空のセルは欠損値。"""
        return not self.text(column).strip()

    def number(self, column: str) -> float | None:
        """セルを数として読む。欠損値なら None。"""
        if self.is_missing(column):
            return None
        cell = self.text(column)
        try:
            value = float(cell)
        except ValueError:
            raise ValueError(f"列 {column} のセル {cell!r} は数として読めません") from None
        if not math.isfinite(value):
            raise ValueError(f"列 {column} のセル {cell!r} は有限の数ではありません")
        return value


# --8<-- [end:row]


# --8<-- [start:table]
@dataclass(frozen=True)
class Table:
    """見出しと行からなる表。"""

    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    @classmethod
    def of(cls, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
        """見出しとセルの並びから作る。セルの数が見出しと違う行は失敗にする。"""
        index = column_index(columns)
        cell_rows = [tuple(cells) for cells in rows]
        for number, cells in enumerate(cell_rows, 1):
            if len(cells) != len(index):
                raise ValueError(
                    f"{number} 行目のセルの数が {len(cells)} で、見出しの {len(index)} と違います"
                )
        return cls(tuple(columns), tuple(Row(index, cells) for cells in cell_rows))

    @classmethod
    def from_records(cls, records: Records) -> Table:
        """dataset.read_records の結果から作る。"""
        return cls.of(records.header, records.rows)

    @classmethod
    def parse(cls, text: str, source: str = "文字列") -> Table:
        """カンマ区切りの文字列から作る（先頭の BOM は取り除く）。"""
        return cls.from_records(parse_records(text, ",", source))

    @classmethod
    def load(cls, name: str) -> Table:
        """書籍のデータファイルを、そのファイルの文字コードと区切り文字で読む。"""
        return cls.from_records(read_records(name))

    def __len__(self) -> int:
        return len(self.rows)

    def count_missing(self) -> dict[str, int]:
        """列ごとの欠損値の数。列の順に並ぶ。"""
        return {
            column: sum(1 for row in self.rows if row.is_missing(column)) for column in self.columns
        }


# --8<-- [end:table]


# --8<-- [start:checks]
# 入口で引数の型を確かめる道具（第 9・11 章も使う）。違えば名前と型を書いた TypeError にする。
def require_table(value: object, name: str = "table") -> Table:
    """value が Table であることを確かめる（None などなら TypeError）。"""
    if not isinstance(value, Table):
        raise TypeError(f"{name} は Table です（{type(value).__name__}）")
    return value


def require_items(values: object, kind: type, name: str) -> None:
    """values が、どの要素も kind である列（文字列は除く）であることを確かめる。"""
    expected = getattr(kind, "__name__", repr(kind))
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise TypeError(f"{name} は {expected} の列です（{type(values).__name__}）")
    for position, value in enumerate(values):
        if not isinstance(value, kind):
            found = type(value).__name__
            raise TypeError(f"{name} の {position} 番目が {expected} ではありません（{found}）")


# --8<-- [end:checks]


# --8<-- [start:features]
@dataclass(frozen=True)
class Features:
    """補完が済んだ特徴量の 1 行。列名と数の組で、書き換えられない。"""

    columns: tuple[str, ...]
    values: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.columns) != len(self.values):
            raise ValueError(
                f"列名と値の数が違います（列名 {len(self.columns)} 個、値 {len(self.values)} 個）"
            )
        for column, value in zip(self.columns, self.values, strict=True):
            if isinstance(value, Real) and not isinstance(value, Integral) and math.isnan(value):
                raise ValueError(f"列 {column} の値が NaN です（欠損値は補完してから渡します）")

    def value(self, column: str) -> float:
        """列名で値を引く。"""
        try:
            return self.values[self.columns.index(column)]
        except ValueError:
            raise ColumnNotFoundError(
                f"列 {column} はありません（あるのは {', '.join(self.columns)}）"
            ) from None


# --8<-- [end:features]
