"""第 10 章の図: 森の特徴量の重要度（自作と scikit-learn）と、ロジスティック回帰の損失の下がり方。

図に描く数値はふつうの関数で求め、描いた SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter10.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from sklearn.ensemble import RandomForestClassifier

from getting_started_ml.chapter02 import Features, TrainTestSplit
from getting_started_ml.chapter10.experiment import (
    MAX_FEATURES,
    N_ESTIMATORS,
    SEED,
    load_split,
)
from getting_started_ml.chapter10.forest import RandomForest
from getting_started_ml.chapter10.importance import forest_importances
from getting_started_ml.chapter10.logistic import LogisticRegression
from getting_started_ml.chapter10.models import as_matrix
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CREATOR = "getting_started_ml.chapter10.figures"
IMPORTANCES_FIGURE = "chapter10-importances.svg"
LOSS_FIGURE = "chapter10-loss.svg"


def plotted_epochs(epochs: int) -> list[int]:
    """損失の図に描く回。対数目盛りで点がほぼ均等に並ぶよう、先は密に、後ろは粗く選ぶ。"""
    dense = range(min(epochs, 100))
    medium = range(100, min(epochs, 1000), 10)
    sparse = range(1000, epochs, 50)
    return sorted({*dense, *medium, *sparse, epochs - 1})


class ImportanceFigureData(TypedDict):
    """重要度の図に描く数値。列の順に並ぶ。"""

    columns: list[str]
    own: list[float]
    library: list[float]


class LossFigureData(TypedDict):
    """損失の図に描く数値。epochs は 0 から数えた回。"""

    epochs: list[int]
    losses: list[float]


# --8<-- [start:figure-data]
def importance_figure_data(split: TrainTestSplit[Features, str]) -> ImportanceFigureData:
    """自作の森と RandomForestClassifier（同じ本数、random_state=SEED）の重要度。"""
    forest = RandomForest.of(N_ESTIMATORS, MAX_FEATURES, SEED).fit(split.x_train, split.t_train)
    own = forest_importances(forest, split.x_train, split.t_train)
    columns = list(own)
    library = RandomForestClassifier(n_estimators=N_ESTIMATORS, random_state=SEED)
    library.fit(as_matrix(split.x_train, columns), split.t_train)
    return ImportanceFigureData(
        columns=columns,
        own=list(own.values()),
        library=[float(value) for value in library.feature_importances_],
    )


def loss_figure_data(split: TrainTestSplit[Features, str]) -> LossFigureData:
    """本と同じ設定（学習率 1.0、5000 回）の損失を、plotted_epochs の回だけ取り出す。"""
    losses = LogisticRegression().fit(split.x_train, split.t_train).losses
    epochs = plotted_epochs(len(losses))
    return LossFigureData(epochs=epochs, losses=[losses[epoch] for epoch in epochs])


# --8<-- [end:figure-data]


def draw_importances(data: ImportanceFigureData) -> Figure:
    """列ごとに、自作と scikit-learn の重要度を横に並べた棒で描く。"""
    figure, axes = new_axes((6.4, 4.2))
    positions = range(len(data["columns"]))
    width = 0.38
    for offset, values, label, color in (
        (-width / 2, data["own"], "自作（木ごとに 2 列を抽選）", "tab:blue"),
        (width / 2, data["library"], "RandomForestClassifier（分割ごとに抽選）", "tab:orange"),
    ):
        bars = axes.bar([p + offset for p in positions], values, width, label=label, color=color)
        axes.bar_label(bars, labels=[format_fixed(v, 4) for v in values], fontsize=8, padding=2)
    axes.set_xticks(list(positions), data["columns"])
    axes.set_ylim(0, max([*data["own"], *data["library"]]) * 1.18)
    label_axes(
        axes,
        y="重要度（合計 1）",
        title=f"ランダムフォレスト（{N_ESTIMATORS} 本）の特徴量の重要度",
        grid={"axis": "y", "alpha": 0.3},
        legend={"loc": "upper left", "fontsize": 8},
    )
    figure.tight_layout()
    return figure


def draw_loss(data: LossFigureData) -> Figure:
    """回ごとの交差エントロピー。横軸は対数で、最初の数百回の急な下がり方も見えるようにする。"""
    figure, axes = new_axes((6.4, 4.2))
    epochs = [epoch + 1 for epoch in data["epochs"]]  # 対数軸に 0 は置けないので 1 から数える
    axes.plot(epochs, data["losses"], color="tab:blue", label="学習率 1.0")
    axes.axhline(math.log(3), color="gray", linestyle="--", label="ln 3（当て推量の損失）")
    first, last = data["losses"][0], data["losses"][-1]
    axes.annotate(f"{format_fixed(first, 4)}", (epochs[0], first), va="bottom", fontsize=8)
    axes.annotate(
        f"{format_fixed(last, 4)}", (epochs[-1], last), va="bottom", ha="right", fontsize=8
    )
    axes.set_xscale("log")
    axes.set_ylim(0, 1.2)
    label_axes(
        axes,
        x="学習の回数（対数目盛り）",
        y="交差エントロピー（訓練データ）",
        title="ロジスティック回帰の損失（更新の前に測った値）",
        legend={"loc": "lower left"},
    )
    figure.tight_layout()
    return figure


def importances_svg(data: ImportanceFigureData) -> str:
    """重要度の SVG。"""
    title = "ランダムフォレストの特徴量の重要度"
    return figure_svg(lambda: draw_importances(data), title, data, CREATOR)


def loss_svg(data: LossFigureData) -> str:
    """損失の SVG。"""
    return figure_svg(lambda: draw_loss(data), "ロジスティック回帰の損失", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """iris.csv から 2 つの図を描き、directory に保存する。"""
    split = load_split()
    return [
        write_figure(directory, IMPORTANCES_FIGURE, importances_svg(importance_figure_data(split))),
        write_figure(directory, LOSS_FIGURE, loss_svg(loss_figure_data(split))),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
