# --8<-- [start:header]
"""付録 A を pandas と scikit-learn で書くと（GridSearchCV と PredefinedSplit）。

分け方は本のもの（Java 版と同じ乱数で 3 つに分けた行の位置）を pandas に渡す。
検証データは PredefinedSplit で「1 回きりの分割」として GridSearchCV に教え、
深さの選択と、訓練＋検証での学習し直し（refit）を GridSearchCV に任せる。
付録 A のコマンドはこのモジュールを読み込まないので、pandas と scikit-learn はここで読み込む。
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, OneToOneFeatureMixin, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score
from sklearn.model_selection import GridSearchCV, PredefinedSplit
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.appendix_a.experiment import (
    BANK,
    CATEGORICAL,
    MAX_DEPTHS,
    NUMERIC,
    SEED,
    TARGET,
    TEST_SIZE,
    UNUSED,
    VALIDATION_SIZE,
    Scores,
)
from getting_started_ml.chapter02 import count_test_rows
from getting_started_ml.dataset import data_path
from getting_started_ml.java_random import shuffled_positions

# --8<-- [end:header]


# --8<-- [start:positions]
@dataclass(frozen=True)
class Positions:
    """元の表での行の位置。本の三分割と同じ行が、同じ順に並ぶ。"""

    train: list[int]
    valid: list[int]
    test: list[int]


def three_way_positions(n: int, test_size: float, validation_size: float, seed: int) -> Positions:
    """外側の並べ替えでテストを分け、残り（その順のまま）を同じ種でもう一度分ける。"""
    outer = shuffled_positions(n, seed)
    rest = outer[: n - count_test_rows(n, test_size)]
    inner = shuffled_positions(len(rest), seed)
    n_train = len(rest) - count_test_rows(len(rest), validation_size)
    if n_train == 0:
        raise ValueError(
            f"n={n} 件を test_size={test_size}、validation_size={validation_size} で分けると、"
            "訓練データが 0 件です"
        )
    return Positions(
        [rest[p] for p in inner[:n_train]],
        [rest[p] for p in inner[n_train:]],
        outer[len(rest) :],
    )


# --8<-- [end:positions]


# --8<-- [start:imputer]
class GroupMedianImputer(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):  # type: ignore[misc]
    """column を by の列の組ごとの中央値で埋める変換器（scikit-learn には無いので作る）。

    第 8 章の pandas 版と学習（fit）は同じで、グループの中央値を行ごとの apply でなく索引で引く
    （2 万行向け）。章は別の章の pandas 版を読み込まない決まりなので、ここに書く。
    """

    def __init__(self, column: str, by: tuple[str, ...]) -> None:
        self.column = column
        self.by = by

    def fit(self, x: pd.DataFrame, y: object = None) -> GroupMedianImputer:
        self.feature_names_in_ = x.columns.to_numpy(dtype=object)
        self.n_features_in_ = len(x.columns)
        self.medians_ = x.groupby(list(self.by))[self.column].median()
        self.overall_median_ = x[self.column].median()
        return self

    def transform(self, x: pd.DataFrame) -> pd.DataFrame:
        keys = pd.MultiIndex.from_frame(x[list(self.by)])
        medians = pd.Series(self.medians_.reindex(keys).to_numpy(), index=x.index)
        filled = x[self.column].fillna(medians).fillna(self.overall_median_)
        return x.assign(**{self.column: filled})


# --8<-- [end:imputer]


# --8<-- [start:search]
def build_pipeline() -> Pipeline:
    """duration の補完、ダミー変数、釣り合いの重みの決定木（深さは GridSearchCV が決める）。"""
    dummies = OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False)
    columns = ColumnTransformer(
        [("numbers", "passthrough", list(NUMERIC)), ("dummies", dummies, list(CATEGORICAL))],
        verbose_feature_names_out=False,
    )
    return Pipeline(
        [
            ("duration", GroupMedianImputer("duration", ("housing", "loan"))),
            ("columns", columns),
            ("tree", DecisionTreeClassifier(class_weight="balanced", random_state=0)),
        ]
    )


@dataclass(frozen=True)
class SearchResult:
    """GridSearchCV の結果: 深さごとの検証の F 値、選んだ深さ、テストデータのスコア。"""

    valid_f1: list[float]
    best_depth: int
    test: Scores


def search(frame: pd.DataFrame, positions: Positions) -> SearchResult:
    """訓練の後ろに検証を続けた行で、検証の行だけを 1 回きりのテスト側にして深さを探す。"""
    x = frame.drop(columns=[TARGET, *UNUSED])
    t = frame[TARGET]
    rows = positions.train + positions.valid
    test_fold = np.array([-1] * len(positions.train) + [0] * len(positions.valid))
    grid = GridSearchCV(
        build_pipeline(),
        {"tree__max_depth": list(MAX_DEPTHS)},
        scoring="f1",
        cv=PredefinedSplit(test_fold),
        refit=True,  # 選んだ深さで、訓練＋検証のすべての行で学習し直す
    )
    grid.fit(x.iloc[rows], t.iloc[rows])
    predicted = grid.predict(x.iloc[positions.test])
    actual = t.iloc[positions.test]
    return SearchResult(
        [float(v) for v in grid.cv_results_["mean_test_score"]],
        int(grid.best_params_["tree__max_depth"]),
        Scores(
            float(accuracy_score(actual, predicted)),
            float(precision_score(actual, predicted, zero_division=0.0)),
            float(recall_score(actual, predicted, zero_division=0.0)),
            float(f1_score(actual, predicted, zero_division=0.0)),
        ),
    )


def load_bank() -> pd.DataFrame:
    """Bank.csv を pandas で読む。"""
    return pd.read_csv(data_path(BANK))


def run() -> SearchResult:
    """本の三分割で GridSearchCV を動かす。"""
    frame = load_bank()
    return search(frame, three_way_positions(len(frame), TEST_SIZE, VALIDATION_SIZE, SEED))


# --8<-- [end:search]
