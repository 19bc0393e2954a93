"""第 3 章の図: iris で学習した深さ 2 の決定木を、節と葉の図にする。

図に埋め込むのは木の形（列・境界・葉のラベル）と、各節・葉に来た訓練データの種類ごとの件数。
木は自分のスタックでたどるので、再帰の上限より深い木も描ける（SVG に埋め込めるのは深さ 500 まで）。
python -m getting_started_ml.chapter03.figures で chapters/figures/ の図を描き直す。
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from getting_started_ml.chapter02 import IRIS, Features, Table, prepare_iris
from getting_started_ml.chapter03.experiment import SHOWN_DEPTH
from getting_started_ml.chapter03.tree import Leaf, Tree, build_tree, pick, require_tree
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
EMBEDDABLE_DEPTH = 500
"""SVG に埋め込める木の深さ（標準の json は入れ子を 1 段ずつ再帰して書く。上限の半分）。"""


def tree_data(tree: Tree[str], x: Sequence[Features], t: Sequence[str]) -> TreeData:
    """木の形と、各節・葉に来た訓練データのラベルごとの件数（ラベルの名前の順）。

    節と、そこに来た行を自分のスタックに積んでたどるので、深い木でも再帰しない。子の辞書は
    先に空で親に入れておき、取り出したときに中身を書き込む。
    """
    require_tree(tree)
    require_same_length(x, t, "特徴量", "正解")
    root: TreeData = {}
    waiting: list[tuple[Tree[str], Sequence[Features], Sequence[str], TreeData]] = [
        (tree, x, t, root)
    ]
    while waiting:
        node, rows, labels, data = waiting.pop()
        counts = dict(sorted(Counter(labels).items()))
        if isinstance(node, Leaf):
            data.update(label=node.label, counts=counts)
            continue
        goes_left = [row.value(node.split.feature) <= node.split.threshold for row in rows]
        left: TreeData = {}
        right: TreeData = {}
        data.update(
            feature=node.split.feature,
            threshold=node.split.threshold,
            counts=counts,
            left=left,
            right=right,
        )
        waiting.append(
            (node.right, pick(rows, goes_left, False), pick(labels, goes_left, False), right)
        )
        waiting.append(
            (node.left, pick(rows, goes_left, True), pick(labels, goes_left, True), left)
        )
    return root


def shown_tree_data(table: Table) -> TreeData:
    """第 3 章の main が表示する深さ 2 の木（第 2 章の分け方の訓練データで学習）。"""
    split = prepare_iris(table)
    tree = build_tree(split.x_train, split.t_train, split.x_train[0].columns, SHOWN_DEPTH)
    return tree_data(tree, split.x_train, split.t_train)


def preorder(data: TreeData) -> list[TreeData]:
    """節と葉を、根から左の部分木を先にたどる順に並べる（再帰しない）。"""
    order: list[TreeData] = []
    waiting = [data]
    while waiting:
        node = waiting.pop()
        order.append(node)
        if "label" not in node:
            waiting += [node["right"], node["left"]]
    return order


def leaf_counts(data: TreeData) -> dict[int, int]:
    """部分木ごとの葉の数（キーは部分木の辞書の id）。子を親より先に数えるので、並びを逆に回る。"""
    counts: dict[int, int] = {}
    for node in reversed(preorder(data)):
        is_leaf = "label" in node
        counts[id(node)] = 1 if is_leaf else counts[id(node["left"])] + counts[id(node["right"])]
    return counts


def leaf_count(data: TreeData) -> int:
    """葉の数。"""
    return sum("label" in node for node in preorder(data))


def data_depth(data: TreeData) -> int:
    """図のデータの木の深さ（葉だけなら 0）。"""
    deepest = 0
    waiting: list[tuple[TreeData, int]] = [(data, 0)]
    while waiting:
        node, depth = waiting.pop()
        if "label" in node:
            deepest = max(deepest, depth)
        else:
            waiting += [(node["left"], depth + 1), (node["right"], depth + 1)]
    return deepest


def counts_text(counts: dict[Hashable, int]) -> str:
    """「ラベル 件数」を 1 行ずつ。"""
    return "\n".join(f"{label} {count}" for label, count in counts.items())


def draw_node(axes: Axes, data: TreeData, left: float, width: float, y: float) -> float:
    """data を [left, left + width) の幅の真ん中に描き、子へ線を引く。描いた x を返す。

    左の部分木、右の部分木、子への線、節の箱の順に描く。「子を描いたら節を描く」印を付けて
    自分のスタックに積むので、深い木でも再帰しない。各部分木の幅は、葉の数に比例させる。
    """
    leaves = leaf_counts(data)
    waiting: list[tuple[TreeData, float, float, float, bool]] = [(data, left, width, y, False)]
    while waiting:
        node, start, span, level, children_drawn = waiting.pop()
        x = start + span / 2
        if "label" in node:
            draw_leaf(axes, node, x, level)
            continue
        left_span = span * leaves[id(node["left"])] / leaves[id(node)]
        if not children_drawn:
            waiting.append((node, start, span, level, True))
            waiting.append((node["right"], start + left_span, span - left_span, level - 1.0, False))
            waiting.append((node["left"], start, left_span, level - 1.0, False))
            continue
        left_x = start + left_span / 2
        right_x = start + left_span + (span - left_span) / 2
        draw_branches(axes, (x, level), (left_x, right_x), level - 1.0)
        draw_condition(axes, node, x, level)
    return left + width / 2


def draw_leaf(axes: Axes, data: TreeData, x: float, y: float) -> None:
    """葉の箱（予測するラベルと件数）を緑で描く。"""
    text = f"葉: {data['label']}\n{counts_text(data['counts'])}"
    draw_box(axes, (x, y), text, ("#e8f5e9", "#2e7d32"))


def draw_branches(
    axes: Axes, parent: tuple[float, float], children_x: tuple[float, float], child_y: float
) -> None:
    """節から左右の子へ矢印を引き、「はい」「いいえ」を添える。"""
    x, y = parent
    for child_x, label in zip(children_x, ("はい（以下）", "いいえ（より大きい）"), strict=True):
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


def draw_condition(axes: Axes, data: TreeData, x: float, y: float) -> None:
    """節の箱（分割の条件と件数）を青で描く。"""
    condition = f"{data['feature']} <= {format_fixed(data['threshold'], 4)} ?"
    draw_box(axes, (x, y), f"{condition}\n{counts_text(data['counts'])}", ("#e3f2fd", "#1565c0"))


def draw_box(axes: Axes, center: tuple[float, float], text: str, colors: tuple[str, str]) -> None:
    """center を中心に、角の丸い箱に入れた text を描く。colors は（塗り、枠）の色。"""
    facecolor, edgecolor = colors
    axes.text(
        *center,
        text,
        ha="center",
        va="center",
        fontsize=9,
        bbox={"boxstyle": "round", "facecolor": facecolor, "edgecolor": edgecolor},
    )


def draw_tree(data: TreeData) -> Figure:
    """根を上に、葉を下に並べる。各箱の数字はそこに来た訓練データの種類ごとの件数。"""
    depth = data_depth(data)
    figure, axes = new_axes((7.2, 4.6))
    draw_node(axes, data, 0.0, 1.0, 0.0)
    axes.set(xlim=(0, 1), ylim=(-depth - 0.5, 0.5))
    axes.axis("off")
    axes.set_title(f"iris の訓練データで学習した深さ {depth} の決定木")
    figure.tight_layout()
    return figure


def tree_svg(data: TreeData) -> str:
    """決定木の図の SVG。深さが EMBEDDABLE_DEPTH を超える木は、描く前に ValueError で止める。"""
    depth = data_depth(data)
    if depth > EMBEDDABLE_DEPTH:
        raise ValueError(
            f"深さ {depth} の木は、図に埋め込む数値（入れ子の JSON）が深すぎて書けません"
            f"（深さ {EMBEDDABLE_DEPTH} まで）"
        )
    return figure_svg(lambda: draw_tree(data), f"深さ {depth} の決定木", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """iris.csv から図を描き、directory に保存する。"""
    return [write_figure(directory, TREE_FIGURE, tree_svg(shown_tree_data(Table.load(IRIS))))]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
