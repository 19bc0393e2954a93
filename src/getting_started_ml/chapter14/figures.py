"""第 14 章の図: クラスタの数ごとの SSE（エルボー）と、5 つのクラスタを第 13 章の主成分の平面に。

図に描く数値はふつうの関数で求め、SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter14.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.arrays import FloatRows, as_array
from getting_started_ml.chapter13 import fit_pca, standardize
from getting_started_ml.chapter14.experiment import CLUSTER_COUNTS, N_CLUSTERS, load_spending
from getting_started_ml.chapter14.idiomatic import kmeans_plus_plus_sse
from getting_started_ml.chapter14.kmeans import fit_with_restarts
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure
from getting_started_ml.numeric import kahan_mean

if TYPE_CHECKING:
    from matplotlib.figure import Figure

ELBOW_FIGURE = "chapter14-elbow.svg"
CLUSTERS_FIGURE = "chapter14-clusters.svg"
CREATOR = "getting_started_ml.chapter14.figures"


class ElbowData(TypedDict):
    """エルボー図に描く数値。"""

    counts: list[int]
    own: list[float]
    library: list[float]


class ClusterData(TypedDict):
    """クラスタの散布図に描く数値。クラスタ番号ごとの (PC1, PC2) の組と、中心の得点。"""

    ratios: list[float]
    clusters: dict[str, list[list[float]]]
    centers: dict[str, list[float]]


# --8<-- [start:figure-data]
def elbow_data(points: FloatRows) -> ElbowData:
    """自作（10 通りの初期中心の最小）と scikit-learn の k-means++ の SSE。"""
    counts = list(CLUSTER_COUNTS)
    array = as_array(points, "points")
    return ElbowData(
        counts=counts,
        own=[fit_with_restarts(points, k).result.sse for k in counts],
        library=[kmeans_plus_plus_sse(array, k) for k in counts],
    )


def cluster_data(points: FloatRows) -> ClusterData:
    """第 13 章の fit_pca で 2 つの主成分に射影し、k = 5 のクラスタごとに分ける。"""
    labels = fit_with_restarts(points, N_CLUSTERS).result.labels
    model = fit_pca(points, 2)
    scores = model.transform(points)
    clusters: dict[str, list[list[float]]] = {}
    for label, score in zip(labels, scores, strict=True):
        clusters.setdefault(str(label), []).append(score)
    ordered = {key: clusters[key] for key in sorted(clusters, key=int)}
    centers = {
        key: [kahan_mean(p[j] for p in members) for j in (0, 1)] for key, members in ordered.items()
    }
    return ClusterData(ratios=model.explained_variance_ratio, clusters=ordered, centers=centers)


# --8<-- [end:figure-data]


def draw_elbow(data: ElbowData) -> Figure:
    """クラスタの数ごとの SSE を、自作と scikit-learn の 2 本の折れ線で描く。"""
    figure, axes = new_axes((6.4, 4.4))
    axes.plot(data["counts"], data["own"], marker="o", label="自作（種 0〜9 の初期中心、最小）")
    axes.plot(
        data["counts"],
        data["library"],
        marker="s",
        linestyle="--",
        label="scikit-learn KMeans（k-means++、n_init=10、random_state=0）",
    )
    axes.axvline(N_CLUSTERS, color="gray", linewidth=0.8, linestyle=":")
    axes.set_xticks(data["counts"])
    label_axes(
        axes,
        x="クラスタの数 k",
        y="SSE（標準化した 6 列）",
        title="Wholesale: クラスタの数ごとの SSE（エルボー法）",
        legend={"fontsize": 8},
    )
    figure.tight_layout()
    return figure


def draw_clusters(data: ClusterData) -> Figure:
    """各顧客を第 1・第 2 主成分の平面に置き、クラスタで色を分ける。中心の得点は × で示す。"""
    figure, axes = new_axes((6.4, 5.0))
    for index, (key, members) in enumerate(data["clusters"].items()):
        color = f"C{index}"
        axes.scatter(
            [p[0] for p in members],
            [p[1] for p in members],
            s=14,
            alpha=0.7,
            color=color,
            label=f"クラスタ {key}（{len(members)} 件）",
        )
        center = data["centers"][key]
        axes.scatter([center[0]], [center[1]], marker="x", s=120, linewidths=2.5, color=color)
    pc1, pc2 = (round(100 * ratio) for ratio in data["ratios"])
    label_axes(
        axes,
        x=f"第 1 主成分（寄与率 約 {pc1}%）",
        y=f"第 2 主成分（寄与率 約 {pc2}%）",
        title="Wholesale の 5 つのクラスタ（第 13 章の主成分分析で 2 次元に）",
        legend={"fontsize": 8},
    )
    figure.tight_layout()
    return figure


def elbow_svg(data: ElbowData) -> str:
    """エルボー図の SVG。"""
    return figure_svg(lambda: draw_elbow(data), "Wholesale のクラスタの数ごとの SSE", data, CREATOR)


def clusters_svg(data: ClusterData) -> str:
    """クラスタの散布図の SVG。"""
    return figure_svg(lambda: draw_clusters(data), "Wholesale の 5 つのクラスタ", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """Wholesale.csv から 2 つの図を描き、directory に保存する。"""
    points = standardize(load_spending().rows)
    return [
        write_figure(directory, ELBOW_FIGURE, elbow_svg(elbow_data(points))),
        write_figure(directory, CLUSTERS_FIGURE, clusters_svg(cluster_data(points))),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
