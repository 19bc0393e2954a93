"""付録 A の図: 深さごとの訓練・検証の F 値（検証曲線）と、テストデータの混同行列。

図に描く数値は実験の結果から取り出し、SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.appendix_a.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.appendix_a.experiment import BANK, Experiment, run_experiment
from getting_started_ml.chapter02 import Table
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CURVE_FIGURE = "appendix-a-validation-curve.svg"
MATRIX_FIGURE = "appendix-a-confusion-matrix.svg"
CREATOR = "getting_started_ml.appendix_a.figures"


class CurveData(TypedDict):
    """検証曲線に描く数値。"""

    depths: list[int]
    train_f1: list[float]
    valid_f1: list[float]
    chosen_depth: int


class MatrixData(TypedDict):
    """混同行列の図に描く数値。行が正解（1, 0）、列が予測（1, 0）。"""

    labels: list[int]
    counts: list[list[int]]


# --8<-- [start:figure-data]
def curve_data(experiment: Experiment) -> CurveData:
    """深さごとの訓練と検証の F 値、選んだ深さ。"""
    return CurveData(
        depths=[result.max_depth for result in experiment.results],
        train_f1=[result.train.f1 for result in experiment.results],
        valid_f1=[result.valid.f1 for result in experiment.results],
        chosen_depth=experiment.best.max_depth,
    )


def matrix_data(experiment: Experiment) -> MatrixData:
    """テストデータの混同行列。[[TP, FN], [FP, TN]]。"""
    cm = experiment.test_matrix
    return MatrixData(labels=[1, 0], counts=[[cm.tp, cm.fn], [cm.fp, cm.tn]])


# --8<-- [end:figure-data]


def draw_curve(data: CurveData) -> Figure:
    """訓練と検証の F 値を深さごとに結び、選んだ深さに縦線を引く。"""
    figure, axes = new_axes((6.4, 4.2))
    axes.plot(data["depths"], data["train_f1"], marker="o", label="訓練データの F 値")
    axes.plot(data["depths"], data["valid_f1"], marker="s", label="検証データの F 値")
    chosen = data["chosen_depth"]
    best = data["valid_f1"][data["depths"].index(chosen)]
    axes.axvline(chosen, color="gray", linestyle="--")
    bottom = min(data["train_f1"] + data["valid_f1"])
    axes.annotate(f"選んだ深さ {chosen}（検証 {format_fixed(best, 4)}）", (chosen + 0.2, bottom))
    axes.set_xticks(data["depths"])
    label_axes(
        axes,
        x="木の深さの上限",
        y="F 値（正例は y = 1）",
        title="Bank: 深さごとの訓練と検証の F 値",
        legend={"loc": "upper left"},
    )
    figure.tight_layout()
    return figure


def draw_matrix(data: MatrixData) -> Figure:
    """混同行列をヒートマップにし、各マスに件数を書く。"""
    figure, axes = new_axes((4.8, 4.2))
    counts = data["counts"]
    image = axes.imshow(counts, cmap="Blues")
    top = max(max(row) for row in counts)
    for i, row in enumerate(counts):
        for j, count in enumerate(row):
            color = "white" if count > top / 2 else "black"
            axes.text(j, i, str(count), ha="center", va="center", color=color, fontsize=14)
    names = [f"{label}" for label in data["labels"]]
    axes.set_xticks(range(len(names)), [f"予測 {name}" for name in names])
    axes.set_yticks(range(len(names)), [f"正解 {name}" for name in names])
    axes.set_title("Bank: テストデータの混同行列")
    figure.colorbar(image, ax=axes)
    figure.tight_layout()
    return figure


def curve_svg(data: CurveData) -> str:
    """検証曲線の SVG。"""
    return figure_svg(lambda: draw_curve(data), "Bank の検証曲線", data, CREATOR)


def matrix_svg(data: MatrixData) -> str:
    """混同行列の SVG。"""
    title = "Bank のテストデータの混同行列"
    return figure_svg(lambda: draw_matrix(data), title, data, CREATOR)


def write_figures(directory: Path, experiment: Experiment) -> list[Path]:
    """実験の結果から 2 つの図を描き、directory に保存する。"""
    return [
        write_figure(directory, CURVE_FIGURE, curve_svg(curve_data(experiment))),
        write_figure(directory, MATRIX_FIGURE, matrix_svg(matrix_data(experiment))),
    ]


def write_book_figures(directory: Path) -> list[Path]:
    """Bank.csv で実験し、2 つの図を directory に保存する。"""
    return write_figures(directory, run_experiment(Table.load(BANK)))


if __name__ == "__main__":
    raise SystemExit(redraw(write_book_figures))
