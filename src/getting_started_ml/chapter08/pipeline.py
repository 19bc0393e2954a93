# --8<-- [start:header]
"""第 8 章のパイプライン: 補完器 2 つとダミー変数と重み付きの決定木を、1 つにつなぐ。"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import NotFittedError, Tree, check_depth, predict_one
from getting_started_ml.chapter08.preprocessing import (
    DummyEncoder,
    FittedDummyEncoder,
    FittedGroupMedianImputer,
    FittedMostFrequentImputer,
    GroupMedianImputer,
    MostFrequentImputer,
    select_columns,
    to_features,
)
from getting_started_ml.chapter08.weighted_tree import ClassWeight, WeightedTreeClassifier
from getting_started_ml.checks import require_same_length

FEATURES = ("Pclass", "Sex", "Age", "SibSp", "Parch", "Fare", "Embarked")
# --8<-- [end:header]


# --8<-- [start:pipeline]
AGE_IMPUTER = GroupMedianImputer("Age", ("Pclass", "Sex"))
EMBARKED_IMPUTER = MostFrequentImputer("Embarked")
DUMMY_ENCODER = DummyEncoder(("Sex", "Embarked"))


@dataclass(frozen=True)
class FittedPipeline:
    """学習済みのパイプライン。生の行（欠損値のある文字列の表）からそのまま予測する。"""

    age: FittedGroupMedianImputer
    embarked: FittedMostFrequentImputer
    dummies: FittedDummyEncoder
    tree: Tree[int]
    max_depth: int | None
    class_weight: ClassWeight

    def transform(self, x: Table) -> Table:
        """FEATURES の列を取り出し、補完してダミー変数にした表。"""
        table = select_columns(x, FEATURES)
        return self.dummies.transform(self.embarked.transform(self.age.transform(table)))

    def features(self, x: Table) -> list[Features]:
        """決定木に渡す数の行。"""
        return to_features(self.transform(x))

    def predict(self, x: Table) -> list[int]:
        """行ごとに 0（死亡）か 1（生存）を予測する。"""
        return [predict_one(self.tree, row) for row in self.features(x)]


@dataclass(frozen=True)
class Pipeline:
    """前処理と決定木をつないだもの。fit は訓練データだけからすべてを学習する。"""

    max_depth: int | None
    class_weight: ClassWeight

    @classmethod
    def build(cls, max_depth: int | None, class_weight: ClassWeight) -> Pipeline:
        """深さの上限とクラスの重みを決めて作る。"""
        if not isinstance(class_weight, ClassWeight):
            raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
        return cls(check_depth(max_depth), class_weight)

    def fit(self, x: Table, t: Sequence[int]) -> FittedPipeline:
        """各段を前の段の出力で学習し、その段で変換してから次へ渡す。"""
        require_same_length(x, t, "特徴量", "正解")
        require_labels(t)
        table = select_columns(x, FEATURES)
        age = AGE_IMPUTER.fit(table)
        table = age.transform(table)
        embarked = EMBARKED_IMPUTER.fit(table)
        table = embarked.transform(table)
        dummies = DUMMY_ENCODER.fit(table)
        model = WeightedTreeClassifier[int](self.max_depth, self.class_weight)
        tree = model.fit(to_features(dummies.transform(table)), list(t)).tree
        assert tree is not None
        return FittedPipeline(age, embarked, dummies, tree, self.max_depth, self.class_weight)

    def predict(self, x: Table) -> list[int]:
        """学習前のパイプラインでは予測できない（fit が返す FittedPipeline を使う）。"""
        raise NotFittedError(
            "このパイプラインはまだ学習していません。fit が返す FittedPipeline で predict します"
        )


def require_labels(t: Sequence[int]) -> None:
    """正解は 0 や 1 のような int（bool は不可）。"""
    for label in t:
        if isinstance(label, bool) or not isinstance(label, int):
            raise TypeError(f"正解のラベルは int です（{label!r}）")


# --8<-- [end:pipeline]
