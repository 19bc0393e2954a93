# --8<-- [start:header]
"""第 11 章: 決定木の葉のスコア（葉に来た訓練データの正例の割合）。

第 3 章の木は葉でラベルを 1 つ答えるだけなので、ROC 曲線に要る「正例らしさ」のスコアを、
行が落ちた葉の訓練データの正例の割合として付ける（scikit-learn の predict_proba と同じ考え）。
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeAlias, TypeVar

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Node, Tree
from getting_started_ml.checks import require_same_length

L = TypeVar("L", bound=Hashable)

LeafPath: TypeAlias = tuple[bool, ...]
"""根から葉までの道順。True は左（値が境界以下）へ進んだことを表す。"""

# --8<-- [end:header]


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
