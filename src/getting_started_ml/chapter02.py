"""第 2 章: データの前処理と三角測量（iris.csv）。

表を文字列のまま読み、欠損値を数え、特徴量と正解に分け、Java 版と同じ乱数で
訓練データとテストデータに分け、訓練データの平均だけで両方を補完する。
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Generic, TypeVar

from getting_started_ml.checks import require_real, require_same_length
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import Records, parse_records, read_records
from getting_started_ml.java_random import require_int, shuffled_positions
from getting_started_ml.numeric import kahan_mean

X = TypeVar("X")
Y = TypeVar("Y")

IRIS = "iris.csv"
TARGET = "種類"
TEST_SIZE = 0.3
SEED = 0


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

    def value(self, column: str) -> float:
        """列名で値を引く。"""
        try:
            return self.values[self.columns.index(column)]
        except ValueError:
            raise ColumnNotFoundError(
                f"列 {column} はありません（あるのは {', '.join(self.columns)}）"
            ) from None


# --8<-- [end:features]


# --8<-- [start:means-and-fill]
def column_means(rows: Sequence[Row], columns: Sequence[str]) -> dict[str, float]:
    """列ごとに、欠損値を除いた平均（Java と同じ Kahan の和）を求める。"""
    require_items(rows, Row, "rows")
    means = {}
    for column in columns:
        values = [value for row in rows if (value := row.number(column)) is not None]
        if not values:
            raise ValueError(f"列 {column} には値が 1 つもないので平均を求められません")
        means[column] = kahan_mean(values)
    return means


def fill_missing(
    rows: Sequence[Row], columns: Sequence[str], fill_values: Mapping[str, float]
) -> list[Features]:
    """欠損値を列ごとの値で埋めた特徴量を返す。元の行は書き換えない。"""
    require_items(rows, Row, "rows")
    absent = [column for column in columns if column not in fill_values]
    if absent:
        raise ValueError(f"補完する値がない列があります: {', '.join(absent)}")
    names = tuple(columns)
    return [
        Features(
            names,
            tuple(
                fill_values[column] if (value := row.number(column)) is None else value
                for column in names
            ),
        )
        for row in rows
    ]


# --8<-- [end:means-and-fill]


# --8<-- [start:separate]
def split_features_and_target(table: Table, target: str) -> tuple[list[str], list[Row], list[str]]:
    """正解の列と、それ以外の列（ファイルの順）に分ける。行は補完しないまま渡す。"""
    require_table(table)
    position_of(column_index(table.columns), target)
    columns = [column for column in table.columns if column != target]
    return columns, list(table.rows), [row.text(target) for row in table.rows]


# --8<-- [end:separate]


# --8<-- [start:split]
@dataclass(frozen=True)
class TrainTestSplit(Generic[X, Y]):
    """訓練データとテストデータ。どちらも並べ替えた順のまま持つ。"""

    x_train: list[X]
    x_test: list[X]
    t_train: list[Y]
    t_test: list[Y]


def count_test_rows(n_samples: int, test_size: float) -> int:
    """テストデータの件数。件数と割合の積（浮動小数のまま）を切り上げる。"""
    require_int(n_samples, "n_samples（件数）")
    require_real(test_size, "test_size（テストデータの割合）")
    if n_samples < 0:
        raise ValueError(f"n_samples（件数）は 0 以上です（{n_samples}）")
    if not 0 < test_size < 1:
        raise ValueError(f"test_size は 0 より大きく 1 より小さい数です（test_size={test_size}）")
    return math.ceil(n_samples * test_size)


def split_train_test(
    x: Sequence[X], t: Sequence[Y], test_size: float, seed: int
) -> TrainTestSplit[X, Y]:
    """Java 版と同じ並べ替えで、先頭を訓練データ、残りをテストデータにする。"""
    require_same_length(x, t, "特徴量", "正解")
    n_test = count_test_rows(len(x), test_size)
    positions = shuffled_positions(len(x), seed)
    train, test = positions[: len(x) - n_test], positions[len(x) - n_test :]
    return TrainTestSplit(
        [x[i] for i in train], [x[i] for i in test], [t[i] for i in train], [t[i] for i in test]
    )


# --8<-- [end:split]


# --8<-- [start:prepare]
def prepare(
    table: Table, target: str, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, str]:
    """分けてから、訓練データの平均だけで訓練データとテストデータの両方を補完する。"""
    if not require_table(table).rows:
        raise ValueError("行が 1 つもない表は分けられません")
    columns, rows, labels = split_features_and_target(table, target)
    return fill_with_train_means(split_train_test(rows, labels, test_size, seed), columns)


def fill_with_train_means(
    split: TrainTestSplit[Row, Y], columns: Sequence[str]
) -> TrainTestSplit[Features, Y]:
    """訓練データの平均だけを求め、それで訓練データとテストデータの両方を補完する。"""
    require_split(split)
    means = column_means(split.x_train, columns)
    return TrainTestSplit(
        fill_missing(split.x_train, columns, means),
        fill_missing(split.x_test, columns, means),
        split.t_train,
        split.t_test,
    )


def prepare_iris(
    table: Table, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, str]:
    """iris の表を、種類を正解として前処理する。"""
    return prepare(table, TARGET, test_size, seed)


# --8<-- [end:prepare]


# 入口で引数の型を確かめる道具（第 9・11 章も使う）。違えば名前と型を書いた TypeError にする。
def require_table(value: object, name: str = "table") -> Table:
    """value が Table であることを確かめる（None などなら TypeError）。"""
    if not isinstance(value, Table):
        raise TypeError(f"{name} は Table です（{type(value).__name__}）")
    return value


def require_split(value: object, name: str = "split") -> TrainTestSplit[object, object]:
    """value が TrainTestSplit であることを確かめる。"""
    if not isinstance(value, TrainTestSplit):
        raise TypeError(f"{name} は TrainTestSplit です（{type(value).__name__}）")
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


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:main]
