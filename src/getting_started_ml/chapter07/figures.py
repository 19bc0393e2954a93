"""第 7 章の図: cinema の SNS2 と sales の散布図に、除く外れ値と規則の境界を書き込む。

書籍のデータは購入者だけに許諾されているので、SVG に埋め込むのは行の値ではなく、描いた点の数・
外れ値の cinema_id・規則の境界・軸の範囲だけにする。
python -m getting_started_ml.chapter07.figures で chapters/figures/ の図を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07.experiment import (
    CINEMA,
    OUTLIER_SALES_BELOW,
    OUTLIER_SNS2_ABOVE,
    TARGET,
    is_outlier,
)
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

OUTLIER_FIGURE = "chapter07-cinema-outlier.svg"
CREATOR = "getting_started_ml.chapter07.figures"
X_COLUMN = "SNS2"
ID_COLUMN = "cinema_id"


class Point(TypedDict):
    """描く 1 点。"""

    cinema_id: str
    x: float
    y: float
    outlier: bool


class OutlierFigureData(TypedDict):
    """図に埋め込む要約。"""

    x: str
    y: str
    points: int
    outliers: list[str]
    sns2_above: float
    sales_below: float
    x_range: list[float]
    y_range: list[float]


def cinema_points(table: Table) -> list[Point]:
    """SNS2 と sales のそろった行を、ファイルの順に点にする。外れ値は第 7 章の規則で決める。"""
    points = []
    for row in table.rows:
        x, y = row.number(X_COLUMN), row.number(TARGET)
        if x is not None and y is not None:
            points.append(Point(cinema_id=row.text(ID_COLUMN), x=x, y=y, outlier=is_outlier(row)))
    return points


def outlier_figure_data(points: list[Point]) -> OutlierFigureData:
    """点の数、外れ値の cinema_id、規則の境界、軸の範囲。"""
    if not points:
        raise ValueError("描く点が 1 つもありません（SNS2 と sales のそろった行がありません）")
    xs, ys = [p["x"] for p in points], [p["y"] for p in points]
    return OutlierFigureData(
        x=X_COLUMN,
        y=TARGET,
        points=len(points),
        outliers=[p["cinema_id"] for p in points if p["outlier"]],
        sns2_above=OUTLIER_SNS2_ABOVE,
        sales_below=OUTLIER_SALES_BELOW,
        x_range=[min(xs), max(xs)],
        y_range=[min(ys), max(ys)],
    )


def draw_outlier(points: list[Point]) -> Figure:
    """残す点は青、外れ値は赤い × で描き、規則の境界（SNS2 と sales）を点線で示す。"""
    figure, axes = new_axes((6.4, 4.6))
    normal = [p for p in points if not p["outlier"]]
    outliers = [p for p in points if p["outlier"]]
    axes.scatter([p["x"] for p in normal], [p["y"] for p in normal], s=14, label="残す行")
    axes.scatter(
        [p["x"] for p in outliers],
        [p["y"] for p in outliers],
        s=80,
        marker="x",
        color="tab:red",
        label="除く外れ値",
        zorder=3,
    )
    for p in outliers:
        axes.annotate(
            f"cinema_id {p['cinema_id']}",
            (p["x"], p["y"]),
            textcoords="offset points",
            xytext=(-10, 12),
            ha="right",
            color="tab:red",
            fontsize=9,
        )
    axes.axvline(OUTLIER_SNS2_ABOVE, linestyle=":", color="gray")
    axes.axhline(OUTLIER_SALES_BELOW, linestyle=":", color="gray")
    label_axes(axes, x=X_COLUMN, y=f"{TARGET}（興行収入）", grid=None)
    axes.set_title(
        f"cinema: {X_COLUMN} が {OUTLIER_SNS2_ABOVE:g} を超え、しかも {TARGET} が "
        f"{OUTLIER_SALES_BELOW:g} 未満の行を除く"
    )
    label_axes(axes, legend={"loc": "upper left"})
    figure.tight_layout()
    return figure


def outlier_svg(points: list[Point]) -> str:
    """外れ値の散布図の SVG（要約を埋め込む）。"""
    return figure_svg(
        lambda: draw_outlier(points),
        "cinema の SNS2 と sales の散布図と外れ値",
        outlier_figure_data(points),
        CREATOR,
    )


def write_figures(directory: Path) -> list[Path]:
    """cinema.csv から図を描き、directory に保存する。"""
    svg = outlier_svg(cinema_points(Table.load(CINEMA)))
    return [write_figure(directory, OUTLIER_FIGURE, svg)]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
