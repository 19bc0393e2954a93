# --8<-- [start:header]
"""第 11 章: 分割外の予測とスコア。どの行も、それを含まない訓練データで学んだ木が答える。

K 分割交差検証の分割ごとに Survived の深さ 2 の木を学び、その分割のテストデータの行だけを
予測する。全行の予測（混同行列の図）や、全行のスコア（ROC 曲線の図と付録 B）を 1 つに集める。
"""

from __future__ import annotations

from collections.abc import Sequence

from getting_started_ml.chapter03 import build_tree, predict_one
from getting_started_ml.chapter11.cross_validation import Fold, check_fold, pick
from getting_started_ml.chapter11.experiment import (
    SURVIVED_FEATURES,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    LabeledData,
)
from getting_started_ml.chapter11.leaves import leaf_share_scores

# --8<-- [end:header]


# --8<-- [start:out-of-fold]
def out_of_fold_scores(
    data: LabeledData[str], folds: Sequence[Fold]
) -> tuple[list[float], list[bool]]:
    """分割ごとに深さ 2 の木を学習し、テストデータの行に葉のスコアを付ける（分割の順に並ぶ）。"""
    scores: list[float] = []
    labels: list[bool] = []
    for fold in checked_folds(data, folds):
        x_train, t_train = pick(data.x, fold.train), pick(data.t, fold.train)
        tree = build_tree(x_train, t_train, SURVIVED_FEATURES, TREE_DEPTH)
        x_test = pick(data.x, fold.test)
        scores += leaf_share_scores(tree, x_train, t_train, x_test, SURVIVED_POSITIVE)
        labels += [label == SURVIVED_POSITIVE for label in pick(data.t, fold.test)]
    return scores, labels


# --8<-- [end:out-of-fold]


# --8<-- [start:rest]
def out_of_fold_predictions(data: LabeledData[str], folds: Sequence[Fold]) -> list[str]:
    """分割ごとに深さ 2 の木を学び、そのテストデータの行を予測する。結果は元の行の位置に置く。"""
    checked = checked_folds(data, folds)
    predicted: list[str | None] = [None] * len(data.x)
    for fold in checked:
        tree = build_tree(
            pick(data.x, fold.train), pick(data.t, fold.train), SURVIVED_FEATURES, TREE_DEPTH
        )
        for position in fold.test:
            predicted[position] = predict_one(tree, data.x[position])
    missing = [position for position, label in enumerate(predicted) if label is None]
    if missing:
        raise ValueError(f"どの分割のテストデータにも入らなかった行があります（{missing[:5]}）")
    return [label for label in predicted if label is not None]


def checked_folds(data: LabeledData[str], folds: Sequence[Fold]) -> list[Fold]:
    """表が LabeledData で、分割が 1 つ以上あり、どれも表の行の範囲に収まることを確かめる。"""
    if not isinstance(data, LabeledData):
        raise TypeError(f"data は LabeledData です（{type(data).__name__}）")
    checked = list(folds)
    if not checked:
        raise ValueError("分割が 1 つもありません")
    for number, fold in enumerate(checked):
        check_fold(fold, len(data.x), number)
    return checked


# --8<-- [end:rest]
