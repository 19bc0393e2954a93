"""第 11 章の図: Survived の決定木（深さ 2）の混同行列を、件数の濃淡（ヒートマップ）で描く。

5 分割交差検証で、どの行もそれを含まない訓練データで学んだ木が予測する（分割外の予測）。
891 行すべての予測を 1 つの混同行列に数え、その 4 つの件数を SVG に埋め込む。
python -m getting_started_ml.chapter11.confusion_figure で chapters/figures/ の図を描き直す。
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from matplotlib.figure import Figure

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter03 import build_tree, predict_one
from getting_started_ml.chapter11.cross_validation import Fold, k_fold, pick
from getting_started_ml.chapter11.experiment import (
    N_SPLITS,
    SEED,
    SURVIVED,
    SURVIVED_FEATURES,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    LabeledData,
    prepare_survived,
)
from getting_started_ml.chapter11.metrics import confusion_matrix
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import PROJECT_ROOT
from getting_started_ml.figures import FIGURES_DIR, figure_svg, write_figure

CONFUSION_FIGURE = "chapter11-confusion-matrix.svg"
CREATOR = "getting_started_ml.chapter11.confusion_figure"


class ConfusionFigureData(TypedDict):
    """図に描く 4 つの件数と、正例のラベル。"""

    positive: str
    tp: int
    fp: int
    fn: int
    tn: int


def out_of_fold_predictions(data: LabeledData[str], folds: Sequence[Fold]) -> list[str]:
    """分割ごとに深さ 2 の木を学び、そのテストデータの行を予測する。結果は元の行の位置に置く。"""
    predicted: list[str | None] = [None] * len(data.x)
    for fold in folds:
        tree = build_tree(
            pick(data.x, fold.train), pick(data.t, fold.train), SURVIVED_FEATURES, TREE_DEPTH
        )
        for position in fold.test:
            predicted[position] = predict_one(tree, data.x[position])
    missing = [position for position, label in enumerate(predicted) if label is None]
    if missing:
        raise ValueError(f"どの分割のテストデータにも入らなかった行があります（{missing[:5]}）")
    return [label for label in predicted if label is not None]


def confusion_figure_data(data: LabeledData[str]) -> ConfusionFigureData:
    """本の 5 分割（種 0）の分割外の予測を、生存（"1"）を正例として数える。"""
    predicted = out_of_fold_predictions(data, k_fold(len(data.x), N_SPLITS, SEED))
    cm = confusion_matrix(data.t, predicted, SURVIVED_POSITIVE)
    return ConfusionFigureData(positive=SURVIVED_POSITIVE, tp=cm.tp, fp=cm.fp, fn=cm.fn, tn=cm.tn)


def draw_confusion(data: ConfusionFigureData) -> Figure:
    """行が正解、列が予測。件数が多いほど濃い色にし、各欄に件数と名前を書く。"""
    cells = [[data["tp"], data["fn"]], [data["fp"], data["tn"]]]
    names = [["真陽性", "偽陰性"], ["偽陽性", "真陰性"]]
    figure = Figure(figsize=(5.4, 4.6))
    axes = figure.add_subplot()
    image = axes.imshow(cells, cmap="Blues", vmin=0)
    largest = max(max(row) for row in cells)
    for i, row in enumerate(cells):
        for j, count in enumerate(row):
            color = "white" if count > largest / 2 else "black"
            axes.text(j, i, f"{names[i][j]}\n{count} 件", ha="center", va="center", color=color)
    labels = ["生存（1）", "死亡（0）"]
    axes.set_xticks([0, 1], labels)
    axes.set_yticks([0, 1], labels)
    axes.set_xlabel("予測")
    axes.set_ylabel("正解")
    total = sum(sum(row) for row in cells)
    axes.set_title(
        f"Survived の混同行列\n"
        f"（深さ {TREE_DEPTH} の決定木、{N_SPLITS} 分割の分割外予測、{total} 件）",
        fontsize=10,
    )
    figure.colorbar(image, ax=axes, label="件数")
    figure.tight_layout()
    return figure


def confusion_svg(data: ConfusionFigureData) -> str:
    """混同行列のヒートマップの SVG。"""
    return figure_svg(lambda: draw_confusion(data), "Survived の決定木の混同行列", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """Survived.csv から図を描き、directory に保存する。"""
    data = prepare_survived(Table.load(SURVIVED))
    return [write_figure(directory, CONFUSION_FIGURE, confusion_svg(confusion_figure_data(data)))]


def main() -> None:
    """chapters/figures/ の混同行列の図を描き直す。"""
    for path in write_figures(FIGURES_DIR):
        print(f"書き出しました: {path.relative_to(PROJECT_ROOT)}")


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
