# --8<-- [start:header]
"""第 8 章の図: 深さごとの正解率と、見つけた生存者の数（重みなしと釣り合いの重み）。

図に描く数値は experiment.depth_table で求め、SVG のメタデータ（dc:description）に JSON で埋め込む
（共通の getting_started_ml.figures を使う）。
python -m getting_started_ml.chapter08.figures で chapters/figures/chapter08-depth.svg を描き直す。
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08.experiment import (
    SURVIVED,
    DepthRow,
    depth_table,
    split_survived,
)
from getting_started_ml.figures import figure_svg, label_axes, new_figure, redraw, write_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DEPTH_FIGURE = "chapter08-depth.svg"
CREATOR = "getting_started_ml.chapter08.figures"


class DepthFigureData(TypedDict):
    """図に描く数値。どの並びも depths の順。"""

    depths: list[int]
    survivors: int
    train_none: list[float]
    train_balanced: list[float]
    test_none: list[float]
    test_balanced: list[float]
    found_none: list[int]
    found_balanced: list[int]


# --8<-- [end:header]


# --8<-- [start:figure-data]
def depth_figure_data(rows: Sequence[DepthRow]) -> DepthFigureData:
    """depth_table の結果を、図に描く数の並びに直す。"""
    if not rows:
        raise ValueError("深さが 1 つもないので図を描けません")
    return DepthFigureData(
        depths=[row.depth for row in rows],
        survivors=rows[0].plain.survivors,
        train_none=[row.plain.train_accuracy for row in rows],
        train_balanced=[row.balanced.train_accuracy for row in rows],
        test_none=[row.plain.test_accuracy for row in rows],
        test_balanced=[row.balanced.test_accuracy for row in rows],
        found_none=[row.plain.found_survivors for row in rows],
        found_balanced=[row.balanced.found_survivors for row in rows],
    )


# --8<-- [end:figure-data]


# --8<-- [start:drawing]
def draw_depth(data: DepthFigureData) -> Figure:
    """左に正解率、右に見つけた生存者の数を、深さを横軸にして描く。"""
    figure = new_figure((9.6, 4.2))
    accuracy_axes, found_axes = figure.subplots(1, 2)
    depths = data["depths"]
    for key, label, style in [
        ("train_none", "訓練 NONE", ("tab:blue", "--")),
        ("train_balanced", "訓練 BALANCED", ("tab:orange", "--")),
        ("test_none", "テスト NONE", ("tab:blue", "-")),
        ("test_balanced", "テスト BALANCED", ("tab:orange", "-")),
    ]:
        color, line = style
        accuracy_axes.plot(depths, data[key], marker="o", color=color, linestyle=line, label=label)  # type: ignore[literal-required]
    label_axes(
        accuracy_axes,
        x="木の深さの上限",
        y="正解率",
        title="正解率",
        legend={"fontsize": 8},
        grid=None,
    )
    for key, label, color in [
        ("found_none", "NONE", "tab:blue"),
        ("found_balanced", "BALANCED", "tab:orange"),
    ]:
        found_axes.plot(depths, data[key], marker="o", color=color, label=label)  # type: ignore[literal-required]
    found_axes.axhline(data["survivors"], color="gray", linestyle=":", label="テストの生存者の数")
    label_axes(
        found_axes,
        x="木の深さの上限",
        y="人数",
        title=f"テストの生存者 {data['survivors']} 人のうち見つけた人数",
        legend={"fontsize": 8, "loc": "lower right"},
        grid=None,
    )
    for axes in (accuracy_axes, found_axes):
        axes.set_xticks(depths)
        axes.grid(alpha=0.3)
    figure.tight_layout()
    return figure


def depth_svg(data: DepthFigureData) -> str:
    """図を SVG にする。描いた数値を JSON で埋め込み、日時と版の名前は書かない。"""
    title = "Survived のパイプライン: 深さとクラスの重み"
    return figure_svg(lambda: draw_depth(data), title, data, CREATOR)


def write_depth_figure(directory: Path) -> Path:
    """Survived.csv から図を描き、directory に保存する。"""
    data = depth_figure_data(depth_table(split_survived(Table.load(SURVIVED))))
    return write_figure(directory, DEPTH_FIGURE, depth_svg(data))


if __name__ == "__main__":
    raise SystemExit(redraw(lambda directory: [write_depth_figure(directory)]))
# --8<-- [end:drawing]
