# --8<-- [start:header]
"""第 9 章の図: テストデータの PRICE の正解と予測（3 列のモデルと 6 列のモデル）。

図に描く数値はふつうの関数で求め、描いた SVG のメタデータ（dc:description）に JSON で埋め込む。
SVG への書き出しと埋め込んだ数値の読み出しは、共通の getting_started_ml.figures を使う。
python -m getting_started_ml.chapter09.figures で chapters/figures/ の SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter09.experiment import (
    BOSTON,
    COLUMNS,
    FEATURE_SETS,
    TARGET,
    prepare_boston,
)
from getting_started_ml.chapter09.features import fit_feature_set
from getting_started_ml.figures import figure_svg, new_figure, redraw, write_figure
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

PREDICTIONS_FIGURE = "chapter09-predictions.svg"
COMPARED_SETS = FEATURE_SETS[:2]  # 元の 3 列と、2 乗の項を足した 6 列
CREATOR = "getting_started_ml.chapter09.figures"


class PredictionData(TypedDict):
    """図に描く数値。predicted と test_r2 は labels と同じ順に並ぶ。"""

    labels: list[str]
    actual: list[float]
    predicted: list[list[float]]
    test_r2: list[float]


# --8<-- [end:header]


# --8<-- [start:figure-data]
def prediction_data(split: TrainTestSplit[Features, float]) -> PredictionData:
    """3 列と 6 列のモデルを訓練データで学び、テストデータの行ごとの予測と R² を並べる。"""
    labels, predicted, scores = [], [], []
    for label, terms in COMPARED_SETS:
        fitted = fit_feature_set(split.x_train, split.t_train, COLUMNS, terms)
        values = fitted.predict(split.x_test)
        labels.append(label)
        predicted.append(values)
        scores.append(r2_score(split.t_test, values))
    return PredictionData(
        labels=labels, actual=list(split.t_test), predicted=predicted, test_r2=scores
    )


# --8<-- [end:figure-data]


# --8<-- [start:drawing]
def draw_panel(
    axes: Axes, actual: list[float], predicted: list[float], title: str, limits: tuple[float, float]
) -> None:
    """正解を横軸、予測を縦軸にした散布図と、予測が正解と等しい対角線。"""
    axes.plot(limits, limits, linestyle="--", color="gray", label="予測 = 正解")
    axes.scatter(actual, predicted, s=24, color="tab:blue", zorder=3, label="テストデータの行")
    axes.set(xlim=limits, ylim=limits, aspect="equal")
    axes.set_xlabel(f"正解の {TARGET}")
    axes.set_title(title, fontsize=10)
    axes.grid(alpha=0.3)


def draw_predictions(data: PredictionData) -> Figure:
    """2 つのモデルの散布図を、同じ目盛りで横に並べる。"""
    figure = new_figure((9.0, 5.0), layout="constrained")
    panels = figure.subplots(1, len(data["labels"]))
    every_value = [*data["actual"], *(v for values in data["predicted"] for v in values)]
    limits = (min(every_value) - 2.0, max(every_value) + 2.0)
    for axes, label, values, r2 in zip(
        panels, data["labels"], data["predicted"], data["test_r2"], strict=True
    ):
        title = f"{label}\nテストデータの R² {format_fixed(r2, 4)}"
        draw_panel(axes, data["actual"], values, title, limits)
        axes.set_ylabel(f"予測した {TARGET}")
    panels[0].legend(loc="upper left", fontsize=8)
    figure.suptitle(f"Boston のテストデータ {len(data['actual'])} 件: 正解と予測")
    return figure


def predictions_svg(data: PredictionData) -> str:
    """正解と予測の図の SVG。"""
    return figure_svg(
        lambda: draw_predictions(data), "Boston のテストデータの正解と予測", data, CREATOR
    )


def write_figures(directory: Path) -> list[Path]:
    """Boston.csv から図を描き、directory に保存する。"""
    data = prediction_data(prepare_boston(Table.load(BOSTON)))
    return [write_figure(directory, PREDICTIONS_FIGURE, predictions_svg(data))]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
# --8<-- [end:drawing]
