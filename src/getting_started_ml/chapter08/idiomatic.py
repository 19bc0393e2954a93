# --8<-- [start:header]
"""第 8 章を pandas と scikit-learn で書くと（ColumnTransformer、SimpleImputer、OneHotEncoder）。

分け方だけは本のもの（Java 版と同じ乱数の並べ替え）を使い、行の位置を pandas に渡す。
第 8 章のコマンドはこのモジュールを読み込まないので、pandas と scikit-learn はここで読み込む。
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
from sklearn.base import BaseEstimator, OneToOneFeatureMixin, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import count_test_rows
from getting_started_ml.chapter08.experiment import (
    MAX_DEPTH,
    SEED,
    SURVIVED,
    TARGET,
    TEST_SIZE,
    Evaluation,
    evaluation_line,
)
from getting_started_ml.chapter08.pipeline import FEATURES
from getting_started_ml.chapter08.weighted_tree import ClassWeight
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import data_path
from getting_started_ml.java_random import shuffled_positions

NUMBERS = ["Pclass", "Age", "SibSp", "Parch", "Fare"]


@dataclass(frozen=True)
class FrameSplit:
    """pandas の表の訓練データとテストデータ。"""

    x_train: pd.DataFrame
    x_test: pd.DataFrame
    t_train: pd.Series
    t_test: pd.Series


# --8<-- [end:header]


# --8<-- [start:split]
def load_survived() -> pd.DataFrame:
    """Survived.csv を pandas で読む（先頭の BOM は utf-8-sig が取り除く）。"""
    return pd.read_csv(data_path(SURVIVED), encoding="utf-8-sig")


def split_frame(frame: pd.DataFrame, test_size: float = TEST_SIZE, seed: int = SEED) -> FrameSplit:
    """本と同じ並べ替えの位置で、iloc を使って行を選ぶ（train_test_split は使わない）。"""
    positions = shuffled_positions(len(frame), seed)
    n_train = len(frame) - count_test_rows(len(frame), test_size)
    train, test = positions[:n_train], positions[n_train:]
    x, t = frame[list(FEATURES)], frame[TARGET]
    return FrameSplit(x.iloc[train], x.iloc[test], t.iloc[train], t.iloc[test])


# --8<-- [end:split]


# --8<-- [start:group-median]
class GroupMedianImputer(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):  # type: ignore[misc]
    """Age を (Pclass, Sex) ごとの中央値で埋める変換器（scikit-learn には無いので作る）。"""

    def __init__(self, column: str = "Age", by: tuple[str, ...] = ("Pclass", "Sex")) -> None:
        self.column = column
        self.by = by

    def fit(self, x: pd.DataFrame, y: object = None) -> GroupMedianImputer:
        self.feature_names_in_ = x.columns.to_numpy(dtype=object)
        self.n_features_in_ = len(x.columns)
        self.medians_ = x.groupby(list(self.by))[self.column].median()
        self.overall_median_ = x[self.column].median()
        return self

    def transform(self, x: pd.DataFrame) -> pd.DataFrame:
        keys = x[list(self.by)].apply(tuple, axis=1)
        filled = x[self.column].fillna(keys.map(self.medians_.to_dict()))
        return x.assign(**{self.column: filled.fillna(self.overall_median_)})


# --8<-- [end:group-median]


# --8<-- [start:pipeline]
def build_pipeline(max_depth: int, class_weight: str | None) -> Any:
    """補完、ダミー変数、決定木をつないだ scikit-learn の Pipeline。"""

    def one_hot() -> OneHotEncoder:
        return OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False)

    columns = ColumnTransformer(
        [
            ("numbers", "passthrough", NUMBERS),
            ("sex", one_hot(), ["Sex"]),
            (
                "embarked",
                make_pipeline(SimpleImputer(strategy="most_frequent"), one_hot()),
                ["Embarked"],
            ),
        ],
        verbose_feature_names_out=False,
    )
    return Pipeline(
        [
            ("age", GroupMedianImputer()),
            ("columns", columns),
            (
                "tree",
                DecisionTreeClassifier(
                    max_depth=max_depth, class_weight=class_weight, random_state=0
                ),
            ),
        ]
    )


# --8<-- [end:pipeline]


# --8<-- [start:evaluate]
SKLEARN_CLASS_WEIGHT = {ClassWeight.NONE: None, ClassWeight.BALANCED: "balanced"}


def evaluate(split: FrameSplit, max_depth: int, class_weight: ClassWeight) -> Evaluation:
    """本の Evaluation と同じ 4 つの数を、scikit-learn の Pipeline で求める。"""
    model = build_pipeline(max_depth, SKLEARN_CLASS_WEIGHT[class_weight])
    model.fit(split.x_train, split.t_train)
    predicted = model.predict(split.x_test)
    found = (predicted == 1) & (split.t_test.to_numpy() == 1)
    return Evaluation(
        float(model.score(split.x_train, split.t_train)),
        float(model.score(split.x_test, split.t_test)),
        int(found.sum()),
        int((split.t_test == 1).sum()),
    )


def main() -> None:
    """深さ 5 の 2 つの重みを、scikit-learn の Pipeline で評価して表示する。"""
    split = split_frame(load_survived())
    print(f"scikit-learn の Pipeline（深さ {MAX_DEPTH}、分け方は本と同じ）")
    print(f"訓練データ: {len(split.x_train)} 件, テストデータ: {len(split.x_test)} 件")
    for class_weight in ClassWeight:
        print(evaluation_line(class_weight, evaluate(split, MAX_DEPTH, class_weight)))


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:evaluate]
