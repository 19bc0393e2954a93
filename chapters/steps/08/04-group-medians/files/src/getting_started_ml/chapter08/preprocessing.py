"""第 8 章の前処理: 欠損値の補完。"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Row, Table


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def group_key(row: Row, by: Sequence[str]) -> tuple[str, ...]:
    return tuple(row.text(column) for column in by)


@dataclass(frozen=True)
class GroupMedianImputer:
    column: str
    by: tuple[str, ...]

    def fit(self, table: Table) -> FittedGroupMedianImputer:
        groups: dict[tuple[str, ...], list[float]] = {}
        for row in table.rows:
            value = row.number(self.column)
            if value is not None:
                groups.setdefault(group_key(row, self.by), []).append(value)
        medians = {key: median(values) for key, values in groups.items()}
        return FittedGroupMedianImputer(self.column, self.by, medians)


@dataclass(frozen=True)
class FittedGroupMedianImputer:
    column: str
    by: tuple[str, ...]
    medians: Mapping[tuple[str, ...], float]

    def transform(self, table: Table) -> Table:
        position = table.columns.index(self.column)
        return Table.of(
            table.columns,
            (
                [
                    str(self.medians[group_key(row, self.by)])
                    if i == position and row.is_missing(self.column)
                    else cell
                    for i, cell in enumerate(row.cells)
                ]
                for row in table.rows
            ),
        )
