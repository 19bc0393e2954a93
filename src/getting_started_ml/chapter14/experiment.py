# --8<-- [start:header]
"""第 14 章の実験: Wholesale.csv の支出額を標準化してクラスタに分け、結果を表示する。"""

from __future__ import annotations

from dataclasses import dataclass

from getting_started_ml.arrays import FloatRows
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter13 import standardize
from getting_started_ml.chapter14.kmeans import fit_with_restarts, summarize_clusters
from getting_started_ml.numeric import format_fixed

WHOLESALE = "Wholesale.csv"
NON_SPENDING_COLUMNS = ("Channel", "Region")
N_CLUSTERS = 5
CLUSTER_COUNTS = range(1, 11)
# --8<-- [end:header]


# --8<-- [start:load]
@dataclass(frozen=True)
class Spending:
    """支出額の列（ファイルの順）と、元の単位のままの行。"""

    columns: list[str]
    rows: FloatRows


def load_spending(name: str = WHOLESALE) -> Spending:
    """Channel と Region を除いた支出額の列を読む。空欄があれば失敗する。"""
    table = Table.load(name)
    columns = [column for column in table.columns if column not in NON_SPENDING_COLUMNS]
    rows = []
    for number, row in enumerate(table.rows, 1):
        values = []
        for column in columns:
            value = row.number(column)
            if value is None:
                raise ValueError(f"{name} の {number} 行目の列 {column} が空欄です")
            values.append(value)
        rows.append(values)
    return Spending(columns, rows)


# --8<-- [end:load]


# --8<-- [start:main]
def report(spending: Spending) -> list[str]:
    """SSE の表と、クラスタの数 5 のクラスタごとの件数と平均を、表示する行にする。"""
    if not isinstance(spending, Spending):
        raise TypeError(f"spending は Spending です（{type(spending).__name__}）")
    points = standardize(spending.rows)
    restarts = {k: fit_with_restarts(points, k) for k in CLUSTER_COUNTS}
    lines = [
        f"データ件数: {len(points)}（支出額 {len(spending.columns)} 列）",
        "クラスタ数ごとの SSE（初期中心 10 通りの最小値）:",
        "クラスタ数\t自作",
    ]
    lines += [f"{k}\t{format_fixed(best.result.sse, 2)}" for k, best in restarts.items()]
    lines += ["", f"クラスタ数 {N_CLUSTERS} のクラスタごとの件数と平均支出額:"]
    lines.append("\t".join(["クラスタ", "件数", *spending.columns]))
    for summary in summarize_clusters(spending.rows, restarts[N_CLUSTERS].result.labels):
        means = [format_fixed(mean, 0) for mean in summary.means]
        lines.append("\t".join([str(summary.cluster), str(summary.count), *means]))
    return lines


def main() -> None:
    """Wholesale.csv をクラスタに分けた結果を表示する。"""
    for line in report(load_spending()):
        print(line)


# --8<-- [end:main]
