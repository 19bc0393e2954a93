"""付録 C の木: 付録 A の numpy の木は、付録 C が育てる 100 本すべてで第 3 章の木と同じ。

付録 C は第 11 章の Survived の交差検証（種 0〜9、5 分割、深さ 2 と 3）で 100 本の木を育てる。
純 Python の第 3 章の木の代わりに付録 A の木を使っても数が 1 ビットも動かないことを、
木（しきい値と不純度の float まで）を == で比べて確かめる。
"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.appendix_a import grow_weighted_numpy, predict_rows
from getting_started_ml.appendix_c.applied import (
    BASELINE_DEPTH,
    CANDIDATE_DEPTH,
    FOLD_SEEDS,
    NumberRows,
    fast_tree_trainer,
)
from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import build_tree, feature_rows, predict_one
from getting_started_ml.chapter08 import ClassWeight, class_weights
from getting_started_ml.chapter11 import N_SPLITS, SURVIVED_FEATURES, LabeledData, k_fold, pick


@pytest.mark.data("Survived.csv")
def test_付録Cの100本の木はどれも第3章の木と同じ(survived: LabeledData[str]) -> None:
    columns = SURVIVED_FEATURES
    compared = 0
    for seed in FOLD_SEEDS:
        for fold in k_fold(len(survived.x), N_SPLITS, seed):
            x, t = pick(survived.x, fold.train), pick(survived.t, fold.train)
            rows = feature_rows(x, columns)
            weights = class_weights(t, ClassWeight.NONE)
            for depth in (BASELINE_DEPTH, CANDIDATE_DEPTH):
                expected = build_tree(x, t, columns, depth)
                assert grow_weighted_numpy(rows, t, columns, weights, depth) == expected
                compared += 1
    assert compared == 100


@pytest.mark.data("Survived.csv")
def test_付録Cの木の予測は第11章の木の予測と同じ(survived: LabeledData[str]) -> None:
    fold = k_fold(len(survived.x), N_SPLITS, 0)[0]
    x, t = pick(survived.x, fold.train), pick(survived.t, fold.train)
    test_rows = pick(survived.x, fold.test)
    tree = build_tree(x, t, SURVIVED_FEATURES, CANDIDATE_DEPTH)

    predicted = fast_tree_trainer(SURVIVED_FEATURES, CANDIDATE_DEPTH)(x, t)(test_rows)

    assert list(predicted) == [predict_one(tree, row) for row in test_rows]
    assert list(predicted) == predict_rows(
        tree, feature_rows(test_rows, SURVIVED_FEATURES), SURVIVED_FEATURES
    )


def test_数の行は一度だけ直して使い回してもfeature_rowsと同じ() -> None:
    columns = ("a", "b")
    x = [Features(columns, (float(i), float(i % 3))) for i in range(6)]
    number_rows = NumberRows(columns)

    first = number_rows(x[:4])
    second = number_rows([x[5], x[1], x[5]])

    assert first == feature_rows(x[:4], columns)
    assert second == feature_rows([x[5], x[1], x[5]], columns)
    with pytest.raises(ValueError, match="有限"):
        number_rows([Features(columns, (math.inf, 1.0))])
    with pytest.raises(ValueError, match="number_rows"):
        fast_tree_trainer(("b",), 2, number_rows)
