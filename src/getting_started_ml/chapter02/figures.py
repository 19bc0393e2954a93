"""第 2 章の図: iris の 4 つの列の組ごとの散布図を、種類で色分けする。

書籍のデータは購入者だけに許諾されているので、SVG に埋め込むのは行の値ではなく、種類ごとの件数・
欠損値の数・列の平均（図から読み取れる以上のことを含まない要約）だけにする。

python -m getting_started_ml.chapter02.figures で chapters/figures/ の図を描き直す。
"""

from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from getting_started_ml.chapter02 import IRIS, TARGET, Table
from getting_started_ml.figures import figure_svg, label_axes, new_figure, redraw, write_figure
from getting_started_ml.numeric import kahan_mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

IRIS_PAIRS_FIGURE = "chapter02-iris-pairs.svg"
CREATOR = "getting_started_ml.chapter02.figures"
PANELS_PER_ROW = 3


IrisValues: TypeAlias = dict[str, dict[str, list[float | None]]]
"""種類 → 列 → 値（ファイルの行の順。欠損値は None）。"""


class IrisPairsData(TypedDict):
    """図に埋め込む要約。種類は初めて現れた順、列はファイルの順。平均は欠損値を除いて求める。"""

    columns: list[str]
    species: list[str]
    rows: dict[str, int]
    missing: dict[str, dict[str, int]]
    means: dict[str, dict[str, float]]


def iris_values(table: Table) -> tuple[list[str], IrisValues]:
    """全 150 行を、種類（初めて現れた順）ごとに列の値へ分ける。補完はしない。"""
    columns = [column for column in table.columns if column != TARGET]
    species = list(dict.fromkeys(row.text(TARGET) for row in table.rows))
    values = {
        name: {
            column: [row.number(column) for row in table.rows if row.text(TARGET) == name]
            for column in columns
        }
        for name in species
    }
    return columns, values


def iris_pairs_data(columns: list[str], values: IrisValues) -> IrisPairsData:
    """図の要約: 種類ごとの行数、列ごとの欠損値の数と平均。"""
    present = {
        name: {column: [v for v in by_column[column] if v is not None] for column in columns}
        for name, by_column in values.items()
    }
    return IrisPairsData(
        columns=columns,
        species=list(values),
        rows={name: len(by_column[columns[0]]) for name, by_column in values.items()},
        missing={
            name: {column: by_column[column].count(None) for column in columns}
            for name, by_column in values.items()
        },
        means={
            name: {column: kahan_mean(by_column[column]) for column in columns}
            for name, by_column in present.items()
        },
    )


def draw_iris_pairs(columns: list[str], values: IrisValues) -> Figure:
    """列の組を 3 つずつ並べ、種類ごとに色を変えて点を打つ。欠損値のある行は打たない。"""
    pairs = list(combinations(columns, 2))
    n_columns = min(len(pairs), PANELS_PER_ROW)
    n_rows = math.ceil(len(pairs) / PANELS_PER_ROW)
    figure = new_figure((3.2 * n_columns, 3.0 * n_rows))
    panels = list(figure.subplots(n_rows, n_columns, squeeze=False).flat)
    for axes, (x_column, y_column) in zip(panels, pairs, strict=False):
        for name, by_column in values.items():
            points = [
                (x, y)
                for x, y in zip(by_column[x_column], by_column[y_column], strict=True)
                if x is not None and y is not None
            ]
            axes.scatter([x for x, _ in points], [y for _, y in points], s=10, label=name)
        label_axes(axes, x=x_column, y=y_column)
    panels[0].legend(fontsize=8)
    figure.suptitle("iris の列の組ごとの散布図（色は種類。値は書籍のデータの 0〜1 の尺度）")
    figure.tight_layout()
    return figure


def iris_pairs_svg(columns: list[str], values: IrisValues) -> str:
    """iris の散布図の SVG（要約を埋め込む）。"""
    return figure_svg(
        lambda: draw_iris_pairs(columns, values),
        "iris の列の組ごとの散布図",
        iris_pairs_data(columns, values),
        CREATOR,
    )


def write_figures(directory: Path) -> list[Path]:
    """iris.csv から図を描き、directory に保存する。"""
    svg = iris_pairs_svg(*iris_values(Table.load(IRIS)))
    return [write_figure(directory, IRIS_PAIRS_FIGURE, svg)]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
