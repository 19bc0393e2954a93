"""第 11 章の図: Survived の決定木の ROC 曲線と、分割ごとのスコアのばらつき。

図に描く数値はふつうの関数で求め、描いた SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter11.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict, TypeVar

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import Node, Tree, build_tree
from getting_started_ml.chapter11.cross_validation import Fold, cross_validate, k_fold, pick
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
from getting_started_ml.chapter11.roc import auc, roc_curve
from getting_started_ml.checks import require_same_length
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import PROJECT_ROOT
from getting_started_ml.figures import FIGURES_DIR, embedded_data, load_matplotlib, svg_settings
from getting_started_ml.figures import svg_text as shared_svg_text
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = [
    "CREATOR",
    "FIGURES_DIR",
    "FOLD_SCORES_FIGURE",
    "ROC_FIGURE",
    "SVG_SETTINGS",
    "FoldScoreData",
    "LeafPath",
    "RocFigureData",
    "draw_fold_scores",
    "draw_roc",
    "embedded_data",
    "fold_score_data",
    "fold_scores_svg",
    "leaf_path",
    "leaf_share_scores",
    "leaf_shares",
    "main",
    "out_of_fold_scores",
    "roc_figure_data",
    "roc_svg",
    "svg_text",
    "write_figures",
]

L = TypeVar("L", bound=Hashable)

ROC_FIGURE = "chapter11-roc.svg"
FOLD_SCORES_FIGURE = "chapter11-fold-scores.svg"
CREATOR = "getting_started_ml.chapter11.figures"
# 描き直しても同じバイト列になる設定（どの章の図も共通。getting_started_ml.figures を見よ）
SVG_SETTINGS: dict[RcKeyType, Any] = svg_settings(CREATOR)


LeafPath: TypeAlias = tuple[bool, ...]
"""根から葉までの道順。True は左（値が境界以下）へ進んだことを表す。"""


# --8<-- [start:leaf-share]
def leaf_path(tree: Tree[L], row: Features) -> LeafPath:
    """row が落ちる葉までの道順。第 3 章の predict_one と同じく、境界と等しければ左へ進む。"""
    path = []
    while isinstance(tree, Node):
        goes_left = row.value(tree.split.feature) <= tree.split.threshold
        path.append(goes_left)
        tree = tree.left if goes_left else tree.right
    return tuple(path)


def leaf_shares(
    tree: Tree[L], x: Sequence[Features], t: Sequence[L], positive: L
) -> dict[LeafPath, float]:
    """訓練データの行を木に通し、葉ごとに正例の割合を数える。"""
    require_same_length(x, t, "特徴量", "正解")
    counts: dict[LeafPath, tuple[int, int]] = {}
    for row, label in zip(x, t, strict=True):
        path = leaf_path(tree, row)
        hits, total = counts.get(path, (0, 0))
        counts[path] = (hits + (label == positive), total + 1)
    return {path: hits / total for path, (hits, total) in counts.items()}


def leaf_share_scores(
    tree: Tree[L],
    x_train: Sequence[Features],
    t_train: Sequence[L],
    x_test: Sequence[Features],
    positive: L,
) -> list[float]:
    """テストデータの各行に、落ちた葉の（訓練データでの）正例の割合をスコアとして付ける。"""
    shares = leaf_shares(tree, x_train, t_train, positive)
    scores = []
    for row in x_test:
        path = leaf_path(tree, row)
        if path not in shares:
            raise ValueError(
                f"訓練データの行が 1 つも来なかった葉に落ちた行があります（道順 {path}）"
            )
        scores.append(shares[path])
    return scores


# --8<-- [end:leaf-share]


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


# --8<-- [start:figure-data]
def out_of_fold_scores(
    data: LabeledData[str], folds: Sequence[Fold]
) -> tuple[list[float], list[bool]]:
    """分割ごとに深さ 2 の木を学習し、テストデータの行に葉のスコアを付ける（分割の順に並ぶ）。"""
    scores: list[float] = []
    labels: list[bool] = []
    for fold in folds:
        x_train, t_train = pick(data.x, fold.train), pick(data.t, fold.train)
        tree = build_tree(x_train, t_train, SURVIVED_FEATURES, TREE_DEPTH)
        x_test = pick(data.x, fold.test)
        scores += leaf_share_scores(tree, x_train, t_train, x_test, SURVIVED_POSITIVE)
        labels += [label == SURVIVED_POSITIVE for label in pick(data.t, fold.test)]
    return scores, labels


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


def draw_roc(data: RocFigureData) -> Figure:
    """ROC 曲線と、でたらめなスコアを表す対角線を描く。"""
    load_matplotlib()
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(5.6, 5.2))
    axes = figure.add_subplot()
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
    axes.set_xlabel("偽陽性率（死亡した人を生存と予測した割合）")
    axes.set_ylabel("真陽性率（再現率）")
    axes.set_title(f"Survived の ROC 曲線（{N_SPLITS} 分割の分割外スコア）")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    return figure


def draw_fold_scores(data: FoldScoreData) -> Figure:
    """指標ごとに、分割ごとのスコアを点で、平均を横線で描く。"""
    load_matplotlib()
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(6.4, 4.4))
    axes = figure.add_subplot()
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
    axes.set_ylabel("スコア")
    axes.set_title(f"Survived の決定木: {N_SPLITS} 分割ごとのスコアと平均（横線）")
    axes.grid(axis="y", alpha=0.3)
    axes.legend(loc="lower left", fontsize=8, ncols=n_folds)
    figure.tight_layout()
    return figure


def svg_text(figure: Figure, title: str, data: Mapping[str, Any]) -> str:
    """この章の図を SVG にする（getting_started_ml.figures.svg_text に、この章の名前を渡す）。"""
    return shared_svg_text(figure, title, data, CREATOR)


def roc_svg(data: RocFigureData) -> str:
    """ROC 曲線の SVG。"""
    with load_matplotlib().rc_context(SVG_SETTINGS):
        figure = draw_roc(data)
    return svg_text(figure, "Survived の決定木の ROC 曲線", data)


def fold_scores_svg(data: FoldScoreData) -> str:
    """分割ごとのスコアの SVG。"""
    with load_matplotlib().rc_context(SVG_SETTINGS):
        figure = draw_fold_scores(data)
    return svg_text(figure, "Survived の決定木の分割ごとのスコア", data)


def write_figures(directory: Path) -> list[Path]:
    """Survived.csv から 2 つの図を描き、directory に保存する。"""
    data = prepare_survived(Table.load(SURVIVED))
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in [
        (ROC_FIGURE, roc_svg(roc_figure_data(data))),
        (FOLD_SCORES_FIGURE, fold_scores_svg(fold_score_data(data))),
    ]:
        path = directory / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main() -> None:
    """chapters/figures/ の 2 つの図を描き直す。"""
    for path in write_figures(FIGURES_DIR):
        print(f"書き出しました: {path.relative_to(PROJECT_ROOT)}")


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
