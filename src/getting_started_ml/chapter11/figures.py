"""第 11 章の図: Survived の決定木の混同行列・ROC 曲線・分割ごとのスコアのばらつき。

図に描く数値はふつうの関数で求め、描いた SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter11.figures で chapters/figures/ の 3 つの SVG を描き直す。
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter11.cross_validation import cross_validate, k_fold
from getting_started_ml.chapter11.experiment import (
    N_SPLITS,
    SEED,
    SURVIVED,
    SURVIVED_FEATURES,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    LabeledData,
    plain_mean,
    prepare_survived,
    survived_metrics,
    tree_trainer,
)
from getting_started_ml.chapter11.metrics import confusion_matrix
from getting_started_ml.chapter11.out_of_fold import out_of_fold_predictions, out_of_fold_scores
from getting_started_ml.chapter11.roc import auc, roc_curve
from getting_started_ml.figures import (
    FIGURES_DIR,
    embedded_data,
    figure_svg,
    label_axes,
    new_axes,
    redraw,
    svg_settings,
    write_figure,
)
from getting_started_ml.figures import svg_text as shared_svg_text
from getting_started_ml.numeric import format_fixed


# --8<-- [start:figure-data]
def roc_figure_data(data: LabeledData[str]) -> RocFigureData:
    """本の 5 分割（種 0）で求めた分割外のスコアの ROC 曲線と AUC。"""
    scores, labels = out_of_fold_scores(data, k_fold(len(data.x), N_SPLITS, SEED))
    curve = roc_curve(scores, labels)
    return RocFigureData(
        thresholds=[None if math.isinf(p.threshold) else p.threshold for p in curve],
        false_positive_rates=[p.false_positive_rate for p in curve],
        true_positive_rates=[p.true_positive_rate for p in curve],
        auc=auc(curve),
    )


def fold_score_data(data: LabeledData[str]) -> FoldScoreData:
    """Survived の 4 つの指標の、分割ごとのスコアと平均（表示と同じ plain_mean）。分け方は共通。"""
    folds = k_fold(len(data.x), N_SPLITS, SEED)
    trainer = tree_trainer(SURVIVED_FEATURES, TREE_DEPTH)
    names, scores = [], []
    for name, metric in survived_metrics():
        names.append(name)
        scores.append(list(cross_validate(trainer, data.x, data.t, folds, metric)))
    return FoldScoreData(
        metrics=names, scores=scores, means=[plain_mean(values) for values in scores]
    )


# --8<-- [end:figure-data]


if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = ["FIGURES_DIR", "SVG_SETTINGS", "embedded_data", "svg_text"]
"""付録 B・C の図とテストがここから使う名前（章の図を描く関数は、このモジュールから直接使う）。"""

CONFUSION_FIGURE = "chapter11-confusion-matrix.svg"
ROC_FIGURE = "chapter11-roc.svg"
FOLD_SCORES_FIGURE = "chapter11-fold-scores.svg"
CREATOR = "getting_started_ml.chapter11.figures"
# 描き直しても同じバイト列になる設定（どの章の図も共通。getting_started_ml.figures を見よ）
SVG_SETTINGS: dict[RcKeyType, Any] = svg_settings(CREATOR)


class ConfusionFigureData(TypedDict):
    """図に描く 4 つの件数と、正例のラベル。"""

    positive: str
    tp: int
    fp: int
    fn: int
    tn: int


class RocFigureData(TypedDict):
    """ROC 曲線の図に描く数値。しきい値の None は原点（しきい値は無限大）を表す。"""

    thresholds: list[float | None]
    false_positive_rates: list[float]
    true_positive_rates: list[float]
    auc: float


class FoldScoreData(TypedDict):
    """分割ごとのスコアの図に描く数値。scores は指標ごと、分割の順に並ぶ。"""

    metrics: list[str]
    scores: list[list[float]]
    means: list[float]


def confusion_figure_data(data: LabeledData[str]) -> ConfusionFigureData:
    """本の 5 分割（種 0）の分割外の予測を、生存（"1"）を正例として数える。"""
    predicted = out_of_fold_predictions(data, k_fold(len(data.x), N_SPLITS, SEED))
    cm = confusion_matrix(data.t, predicted, SURVIVED_POSITIVE)
    return ConfusionFigureData(positive=SURVIVED_POSITIVE, tp=cm.tp, fp=cm.fp, fn=cm.fn, tn=cm.tn)


def draw_confusion(data: ConfusionFigureData) -> Figure:
    """行が正解、列が予測。件数が多いほど濃い色にし、各欄に件数と名前を書く。"""
    cells = [[data["tp"], data["fn"]], [data["fp"], data["tn"]]]
    names = [["真陽性", "偽陰性"], ["偽陽性", "真陰性"]]
    figure, axes = new_axes((5.4, 4.6))
    image = axes.imshow(cells, cmap="Blues", vmin=0)
    largest = max(max(row) for row in cells)
    for i, row in enumerate(cells):
        for j, count in enumerate(row):
            color = "white" if count > largest / 2 else "black"
            axes.text(j, i, f"{names[i][j]}\n{count} 件", ha="center", va="center", color=color)
    labels = ["生存（1）", "死亡（0）"]
    axes.set_xticks([0, 1], labels)
    axes.set_yticks([0, 1], labels)
    label_axes(axes, x="予測", y="正解", grid=None)
    total = sum(sum(row) for row in cells)
    axes.set_title(
        f"Survived の混同行列\n"
        f"（深さ {TREE_DEPTH} の決定木、{N_SPLITS} 分割の分割外予測、{total} 件）",
        fontsize=10,
    )
    figure.colorbar(image, ax=axes, label="件数")
    figure.tight_layout()
    return figure


def draw_roc(data: RocFigureData) -> Figure:
    """ROC 曲線と、でたらめなスコアを表す対角線を描く。"""
    figure, axes = new_axes((5.6, 5.2))
    fpr, tpr = data["false_positive_rates"], data["true_positive_rates"]
    axes.plot([0, 1], [0, 1], linestyle="--", color="gray", label="でたらめなスコア（AUC 0.5）")
    axes.plot(
        fpr,
        tpr,
        marker="o",
        color="tab:blue",
        label=f"決定木（深さ {TREE_DEPTH}）AUC {format_fixed(data['auc'], 4)}",
    )
    axes.set(xlim=(0, 1), ylim=(0, 1.02), aspect="equal")
    label_axes(
        axes,
        x="偽陽性率（死亡した人を生存と予測した割合）",
        y="真陽性率（再現率）",
        title=f"Survived の ROC 曲線（{N_SPLITS} 分割の分割外スコア）",
        legend={"loc": "lower right"},
    )
    figure.tight_layout()
    return figure


def draw_fold_scores(data: FoldScoreData) -> Figure:
    """指標ごとに、分割ごとのスコアを点で、平均を横線で描く。"""
    figure, axes = new_axes((6.4, 4.4))
    n_folds = len(data["scores"][0]) if data["scores"] else 0
    offsets = [(fold - (n_folds - 1) / 2) * 0.09 for fold in range(n_folds)]
    for fold, offset in enumerate(offsets):
        axes.scatter(
            [position + offset for position in range(len(data["metrics"]))],
            [values[fold] for values in data["scores"]],
            s=28,
            zorder=3,
            label=f"分割 {fold + 1}",
        )
    for position, mean in enumerate(data["means"]):
        axes.hlines(mean, position - 0.3, position + 0.3, colors="black", linewidth=1.5)
        axes.annotate(
            f"平均 {format_fixed(mean, 4)}",
            (position + 0.32, mean),
            va="center",
            fontsize=8,
        )
    axes.set_xticks(range(len(data["metrics"])), data["metrics"])
    axes.set(xlim=(-0.5, len(data["metrics"]) - 0.1), ylim=(0.4, 1.0))
    label_axes(
        axes,
        y="スコア",
        title=f"Survived の決定木: {N_SPLITS} 分割ごとのスコアと平均（横線）",
        grid={"axis": "y", "alpha": 0.3},
        legend={"loc": "lower left", "fontsize": 8, "ncols": n_folds},
    )
    figure.tight_layout()
    return figure


def svg_text(figure: Figure, title: str, data: Mapping[str, Any]) -> str:
    """この章の設定で図を SVG にする（付録 B・C の図も同じ設定で描く）。"""
    return shared_svg_text(figure, title, data, CREATOR)


def confusion_svg(data: ConfusionFigureData) -> str:
    """混同行列のヒートマップの SVG。"""
    return figure_svg(lambda: draw_confusion(data), "Survived の決定木の混同行列", data, CREATOR)


def roc_svg(data: RocFigureData) -> str:
    """ROC 曲線の SVG。"""
    return figure_svg(lambda: draw_roc(data), "Survived の決定木の ROC 曲線", data, CREATOR)


def fold_scores_svg(data: FoldScoreData) -> str:
    """分割ごとのスコアの SVG。"""
    title = "Survived の決定木の分割ごとのスコア"
    return figure_svg(lambda: draw_fold_scores(data), title, data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """Survived.csv から 3 つの図を描き、directory に保存する。"""
    data = prepare_survived(Table.load(SURVIVED))
    return [
        write_figure(directory, CONFUSION_FIGURE, confusion_svg(confusion_figure_data(data))),
        write_figure(directory, ROC_FIGURE, roc_svg(roc_figure_data(data))),
        write_figure(directory, FOLD_SCORES_FIGURE, fold_scores_svg(fold_score_data(data))),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
