"""第 13 章の図: 寄与率と累積寄与率（スクリープロット）、CRIME で色分けした主成分得点。

図に描く数値はふつうの関数で求め、SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter13.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.chapter13.experiment import (
    THRESHOLD,
    StandardizedTable,
    load_standardized_boston,
)
from getting_started_ml.chapter13.pca import components_needed, fit_pca
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure
from getting_started_ml.numeric import format_fixed, kahan_mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SCREE_FIGURE = "chapter13-scree.svg"
SCORES_FIGURE = "chapter13-scores.svg"
GROUP_COLORS = {"high": "tab:red", "low": "tab:orange", "very_low": "tab:blue"}


class ScreeData(TypedDict):
    """スクリープロットに描く数値。"""

    ratios: list[float]
    cumulative: list[float]
    threshold: float
    needed: int


class ScoreData(TypedDict):
    """主成分得点の散布図に描く数値。グループごとに (PC1, PC2) の組と平均。"""

    groups: dict[str, list[list[float]]]
    means: dict[str, list[float]]


# --8<-- [start:figure-data]
def scree_data(data: StandardizedTable) -> ScreeData:
    """すべての主成分の寄与率と、その累積（素直に足す）と、しきい値に届く数。"""
    ratios = fit_pca(data.rows, len(data.columns)).explained_variance_ratio
    cumulative, running = [], 0.0
    for ratio in ratios:
        running += ratio
        cumulative.append(running)
    needed = components_needed(ratios, THRESHOLD)
    return ScreeData(ratios=ratios, cumulative=cumulative, threshold=THRESHOLD, needed=needed)


def score_data(data: StandardizedTable) -> ScoreData:
    """各行の第 1・第 2 主成分得点を CRIME のグループに分け、グループごとの平均も求める。"""
    scores = fit_pca(data.rows, 2).transform(data.rows)
    groups: dict[str, list[list[float]]] = {}
    for group, score in zip(data.groups, scores, strict=True):
        groups.setdefault(group, []).append(score)
    ordered = {group: groups[group] for group in sorted(groups)}
    means = {
        group: [kahan_mean(point[j] for point in points) for j in (0, 1)]
        for group, points in ordered.items()
    }
    return ScoreData(groups=ordered, means=means)


# --8<-- [end:figure-data]


def draw_scree(data: ScreeData) -> Figure:
    """寄与率を棒、累積寄与率を折れ線で描き、しきい値に横線を引く。"""
    figure, axes = new_axes((6.4, 4.4))
    positions = list(range(1, len(data["ratios"]) + 1))
    axes.bar(positions, data["ratios"], color="tab:blue", label="寄与率")
    axes.plot(positions, data["cumulative"], marker="o", color="tab:orange", label="累積寄与率")
    axes.axhline(
        data["threshold"], linestyle="--", color="gray", label=f"しきい値 {data['threshold']}"
    )
    needed = data["needed"]
    axes.annotate(
        f"PC{needed} で {format_fixed(data['cumulative'][needed - 1], 4)}",
        (needed, data["cumulative"][needed - 1]),
        xytext=(needed + 1.2, data["cumulative"][needed - 1] - 0.18),
        arrowprops={"arrowstyle": "->", "color": "black"},
    )
    axes.set_xticks(positions, [f"PC{p}" for p in positions], rotation=60, fontsize=8)
    axes.set(ylim=(0, 1.05))
    label_axes(
        axes,
        y="分散に占める割合",
        title="Boston（15 列）の主成分の寄与率",
        grid={"axis": "y", "alpha": 0.3},
        legend={"loc": "center right"},
    )
    figure.tight_layout()
    return figure


def draw_scores(data: ScoreData) -> Figure:
    """各行を第 1・第 2 主成分の平面に置き、CRIME のグループで色を分ける。平均は × で示す。"""
    figure, axes = new_axes((6.0, 5.0))
    for group, points in data["groups"].items():
        color = GROUP_COLORS.get(group, "tab:gray")
        axes.scatter(
            [p[0] for p in points],
            [p[1] for p in points],
            s=18,
            alpha=0.7,
            color=color,
            label=f"CRIME={group}（{len(points)} 行）",
        )
        mean = data["means"][group]
        axes.scatter([mean[0]], [mean[1]], marker="x", s=120, linewidths=2.5, color=color)
    axes.axhline(0, color="gray", linewidth=0.6)
    axes.axvline(0, color="gray", linewidth=0.6)
    label_axes(
        axes,
        x="第 1 主成分（INDUS・NOX・TAX が大きいほど右）",
        y="第 2 主成分（PRICE・RM が大きいほど上）",
        title="Boston の各行の主成分得点（× はグループの平均）",
        legend={"loc": "lower left", "fontsize": 8},
    )
    figure.tight_layout()
    return figure


CREATOR = "getting_started_ml.chapter13.figures"


def scree_svg(data: ScreeData) -> str:
    """スクリープロットの SVG。"""
    return figure_svg(lambda: draw_scree(data), "Boston の主成分の寄与率", data, CREATOR)


def scores_svg(data: ScoreData) -> str:
    """主成分得点の散布図の SVG。"""
    return figure_svg(lambda: draw_scores(data), "Boston の主成分得点", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """Boston.csv から 2 つの図を描き、directory に保存する。"""
    data = load_standardized_boston()
    return [
        write_figure(directory, SCREE_FIGURE, scree_svg(scree_data(data))),
        write_figure(directory, SCORES_FIGURE, scores_svg(score_data(data))),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
