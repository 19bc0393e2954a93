# --8<-- [start:header]
"""第 10 章のテストで共有する小道具: 行の組み立てと、実データの準備（1 回だけ）。"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from getting_started_ml.chapter02 import Features, TrainTestSplit
from getting_started_ml.chapter10 import LogisticRegression, RandomForest, load_split
from getting_started_ml.chapter10.experiment import MAX_FEATURES, N_ESTIMATORS, SEED

# --8<-- [end:header]

# --8<-- [start:support]
SETOSA = "Iris-setosa"
VERSICOLOR = "Iris-versicolor"
VIRGINICA = "Iris-virginica"


def rows_of(columns: Sequence[str], *values: Sequence[float]) -> list[Features]:
    """列名と値の並びから、特徴量の行を作る。"""
    return [Features(tuple(columns), tuple(row)) for row in values]


def columns_of(**columns: Sequence[float]) -> list[Features]:
    """列名=値の並び の形で、列ごとに値を書いて行を作る。"""
    names = tuple(columns)
    return [Features(names, tuple(values)) for values in zip(*columns.values(), strict=True)]


@cache
def iris_split() -> TrainTestSplit[Features, str]:
    """本と同じ分け方のアヤメ。data マーカーを付けたテストの中で呼ぶ。"""
    return load_split()


@cache
def iris_logistic() -> LogisticRegression:
    """本と同じ設定（学習率 1.0、5000 回）で学習したロジスティック回帰。"""
    split = iris_split()
    return LogisticRegression().fit(split.x_train, split.t_train)


@cache
def iris_forest() -> RandomForest:
    """本と同じ設定で学習した森（100 本、2 列、種 0、深さ制限なし）。"""
    split = iris_split()
    return RandomForest.of(N_ESTIMATORS, MAX_FEATURES, SEED).fit(split.x_train, split.t_train)


# --8<-- [end:support]
