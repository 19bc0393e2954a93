# --8<-- [start:header]
"""第 13 章の実験: Boston.csv を前処理し、主成分分析の結果を表示する（データは分けない）。"""

from __future__ import annotations

from dataclasses import dataclass

from getting_started_ml.arrays import FloatRows
from getting_started_ml.chapter02 import (
    Table,
    column_index,
    column_means,
    fill_missing,
    position_of,
    require_table,
)
from getting_started_ml.chapter09 import dummy_categories, encode_dummies
from getting_started_ml.chapter13.pca import components_needed, fit_pca, standardize, top_loadings
from getting_started_ml.numeric import format_fixed

BOSTON = "Boston.csv"
CATEGORY = "CRIME"
THRESHOLD = 0.8
TOP_K = 3
COMPONENTS_TO_EXPLAIN = 2
# --8<-- [end:header]


# --8<-- [start:boston]
@dataclass(frozen=True)
class StandardizedTable:
    """標準化した表。groups は行ごとのカテゴリ（図で色分けに使う）。"""

    columns: list[str]
    rows: FloatRows
    groups: list[str]


def standardize_boston(table: Table, category: str = CATEGORY) -> StandardizedTable:
    """カテゴリをダミー変数にして末尾に足し、空欄を全行の平均で埋め、すべての列を標準化する。

    ダミー変数は第 9 章の dummy_categories と encode_dummies で作る（並べ替えて先頭を落とす）。
    """
    position_of(column_index(require_table(table).columns), category)
    if not table.rows:
        raise ValueError("行が 1 つもない表は標準化できません")
    groups = [row.text(category) for row in table.rows]
    if any(not group.strip() for group in groups):
        raise ValueError(f"列 {category} に空のセルがあります")
    encoded = encode_dummies(table, category, dummy_categories(groups))
    columns = list(encoded.columns)
    filled = fill_missing(encoded.rows, columns, column_means(encoded.rows, columns))
    return StandardizedTable(columns, standardize([list(row.values) for row in filled]), groups)


def load_standardized_boston(name: str = BOSTON) -> StandardizedTable:
    """Boston.csv を読み、standardize_boston を通す。"""
    return standardize_boston(Table.load(name))


# --8<-- [end:boston]


# --8<-- [start:main]
def explain(data: StandardizedTable) -> list[str]:
    """寄与率、必要な主成分の数、影響の大きい列を、表示する行にする。"""
    if not isinstance(data, StandardizedTable):
        raise TypeError(f"data は StandardizedTable です（{type(data).__name__}）")
    model = fit_pca(data.rows, len(data.columns))
    ratios = model.explained_variance_ratio
    needed = components_needed(ratios, THRESHOLD)
    shown = ", ".join(f"PC{i} {format_fixed(r, 4)}" for i, r in enumerate(ratios[:needed], 1))
    cumulative = 0.0
    for ratio in ratios[:needed]:
        cumulative += ratio
    lines = [
        f"データ件数: {len(data.rows)}, 列数: {len(data.columns)}",
        f"寄与率: {shown}",
        f"累積寄与率が {THRESHOLD} に届く主成分の数: {needed}"
        f"（累積寄与率 {format_fixed(cumulative, 4)}）",
    ]
    for number, component in enumerate(model.components[:COMPONENTS_TO_EXPLAIN], 1):
        loadings = top_loadings(component, data.columns, TOP_K)
        text = ", ".join(f"{item.column} {format_fixed(item.value, 3)}" for item in loadings)
        lines.append(f"第 {number} 主成分で影響の大きい列: {text}")
    return lines


def main() -> None:
    """Boston.csv の主成分分析の結果を表示する。"""
    for line in explain(load_standardized_boston()):
        print(line)


# --8<-- [end:main]
