"""第 3 章の図: iris で学習した深さ 2 の決定木を、節と葉の図にする。

図に埋め込むのは木の形（列・境界・葉のラベル）と、各節・葉に来た訓練データの種類ごとの件数。
python -m getting_started_ml.chapter03.figures で chapters/figures/ の図を描き直す。
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from getting_started_ml.chapter02 import IRIS, Features, Table, prepare_iris
from getting_started_ml.chapter03.experiment import SHOWN_DEPTH
from getting_started_ml.chapter03.tree import Leaf, Tree, build_tree
from getting_started_ml.checks import require_same_length
from getting_started_ml.figures import figure_svg, new_axes, redraw, write_figure
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

TREE_FIGURE = "chapter03-tree.svg"
CREATOR = "getting_started_ml.chapter03.figures"
TreeData = dict[str, Any]
"""節は {feature, threshold, counts, left, right}、葉は {label, counts}。counts はラベル順。"""


def tree_data(tree: Tree[str], x: Sequence[Features], t: Sequence[str]) -> TreeData:
    """木の形と、各節・葉に来た訓練データのラベルごとの件数（ラベルの名前の順）。"""
    require_same_length(x, t, "特徴量", "正解")
    counts = dict(sorted(Counter(t).items()))
    if isinstance(tree, Leaf):
        return {"label": tree.label, "counts": counts}
    goes_left = [row.value(tree.split.feature) <= tree.split.threshold for row in x]
    left = [(row, label) for row, label, g in zip(x, t, goes_left, strict=True) if g]
    right = [(row, label) for row, label, g in zip(x, t, goes_left, strict=True) if not g]
    return {
        "feature": tree.split.feature,
        "threshold": tree.split.threshold,
        "counts": counts,
        "left": tree_data(tree.left, [r for r, _ in left], [label for _, label in left]),
        "right": tree_data(tree.right, [r for r, _ in right], [label for _, label in right]),
    }


def shown_tree_data(table: Table) -> TreeData:
    """第 3 章の main が表示する深さ 2 の木（第 2 章の分け方の訓練データで学習）。"""
    split = prepare_iris(table)
    tree = build_tree(split.x_train, split.t_train, split.x_train[0].columns, SHOWN_DEPTH)
    return tree_data(tree, split.x_train, split.t_train)


def leaf_count(data: TreeData) -> int:
    """葉の数。"""
    if "label" in data:
        return 1
    return leaf_count(data["left"]) + leaf_count(data["right"])


def counts_text(counts: dict[Hashable, int]) -> str:
    """「ラベル 件数」を 1 行ずつ。"""
    return "\n".join(f"{label} {count}" for label, count in counts.items())


def draw_node(axes: Axes, data: TreeData, left: float, width: float, y: float) -> float:
    """data を [left, left + width) の幅の真ん中に描き、子へ線を引く。描いた x を返す。"""
    x = left + width / 2
    if "label" in data:
        text = f"葉: {data['label']}\n{counts_text(data['counts'])}"
        axes.text(
            x,
            y,
            text,
            ha="center",
            va="center",
            fontsize=9,
            bbox={"boxstyle": "round", "facecolor": "#e8f5e9", "edgecolor": "#2e7d32"},
        )
        return x
    left_width = width * leaf_count(data["left"]) / leaf_count(data)
    child_y = y - 1.0
    left_x = draw_node(axes, data["left"], left, left_width, child_y)
    right_x = draw_node(axes, data["right"], left + left_width, width - left_width, child_y)
    for child_x, label in ((left_x, "はい（以下）"), (right_x, "いいえ（より大きい）")):
        axes.annotate(
            "",
            (child_x, child_y + 0.22),
            (x, y - 0.22),
            arrowprops={"arrowstyle": "->", "color": "gray"},
        )
        axes.text(
            (x + child_x) / 2,
            (y + child_y) / 2,
            label,
            ha="center",
            fontsize=8,
            color="dimgray",
            bbox={"facecolor": "white", "edgecolor": "none"},
        )
    condition = f"{data['feature']} <= {format_fixed(data['threshold'], 4)} ?"
    text = f"{condition}\n{counts_text(data['counts'])}"
    axes.text(
        x,
        y,
        text,
        ha="center",
        va="center",
        fontsize=9,
        bbox={"boxstyle": "round", "facecolor": "#e3f2fd", "edgecolor": "#1565c0"},
    )
    return x


def draw_tree(data: TreeData) -> Figure:
    """根を上に、葉を下に並べる。各箱の数字はそこに来た訓練データの種類ごとの件数。"""
    figure, axes = new_axes((7.2, 4.6))
    draw_node(axes, data, 0.0, 1.0, 0.0)
    axes.set(xlim=(0, 1), ylim=(-SHOWN_DEPTH - 0.5, 0.5))
    axes.axis("off")
    axes.set_title(f"iris の訓練データで学習した深さ {SHOWN_DEPTH} の決定木")
    figure.tight_layout()
    return figure


def tree_svg(data: TreeData) -> str:
    """決定木の図の SVG。"""
    return figure_svg(lambda: draw_tree(data), "深さ 2 の決定木", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """iris.csv から図を描き、directory に保存する。"""
    return [write_figure(directory, TREE_FIGURE, tree_svg(shown_tree_data(Table.load(IRIS))))]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
