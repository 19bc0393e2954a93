# --8<-- [start:header]
"""第 10 章: アヤメのデータで 4 つの自作モデルを同じ形で採点し、森の重要度を表示する。"""

from __future__ import annotations

from dataclasses import dataclass

from getting_started_ml.chapter02 import IRIS, Features, Table, TrainTestSplit, prepare_iris
from getting_started_ml.chapter03 import DecisionTree
from getting_started_ml.chapter10.forest import RandomForest, TreeMemory
from getting_started_ml.chapter10.importance import forest_importances
from getting_started_ml.chapter10.logistic import LogisticRegression
from getting_started_ml.chapter10.models import Classifier, Score
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]

# --8<-- [start:constants]
TEST_SIZE = 0.3
SEED = 0
N_ESTIMATORS = 100
MAX_FEATURES = 2
SHALLOW_DEPTH = 2
# --8<-- [end:constants]


# --8<-- [start:models]
@dataclass(frozen=True)
class ChapterModels:
    """この章で比べる 4 つの自作モデル（まだ学習していないもの）。"""

    tree: DecisionTree[str]
    logistic: LogisticRegression
    forest: RandomForest
    shallow_forest: RandomForest

    @classmethod
    def create(cls) -> ChapterModels:
        """本と同じ設定で 4 つのモデルを作る。

        2 つの森は、第 3 章と同じ木を速く育てる TreeMemory を分け合う（深さ 2 の森の木は、
        同じ行と列で育てた深さの制限のない木の切り詰め）。どの木も build_tree の木と同じ。
        """
        grow = TreeMemory()
        return cls(
            DecisionTree[str].with_max_depth(SHALLOW_DEPTH),
            LogisticRegression(),
            RandomForest.of(N_ESTIMATORS, MAX_FEATURES, SEED, grow=grow),
            RandomForest.with_max_depth(N_ESTIMATORS, MAX_FEATURES, SHALLOW_DEPTH, SEED, grow=grow),
        )

    def named(self) -> list[tuple[str, Classifier]]:
        """表示する名前とモデルの組（表の順）。"""
        return [
            (f"決定木（深さ {SHALLOW_DEPTH}）", self.tree),
            ("ロジスティック回帰", self.logistic),
            (f"ランダムフォレスト（{N_ESTIMATORS} 本）", self.forest),
            (f"ランダムフォレスト（{N_ESTIMATORS} 本・深さ {SHALLOW_DEPTH}）", self.shallow_forest),
        ]


def load_split() -> TrainTestSplit[Features, str]:
    """第 2 章と同じ分け方（種 0、テスト 3 割、訓練データの平均で補完）のアヤメ。"""
    return prepare_iris(Table.load(IRIS), TEST_SIZE, SEED)


# --8<-- [end:models]


# --8<-- [start:main]
def score_line(name: str, score: Score) -> str:
    """表の 1 行（タブ区切り、小数 4 桁）。"""
    if not isinstance(name, str) or not isinstance(score, Score):
        raise TypeError(
            f"name は str、score は Score です（{type(name).__name__}, {type(score).__name__}）"
        )
    return f"{name}\t{format_fixed(score.train, 4)}\t{format_fixed(score.test, 4)}"


def main() -> None:
    """4 つのモデルの正解率と、ランダムフォレストの特徴量の重要度を表示する。"""
    split = load_split()
    models = ChapterModels.create()
    print("モデル\t訓練データ\tテストデータ")
    for name, model in models.named():
        print(score_line(name, Score.evaluate(model, split)))
    print()
    print(f"ランダムフォレスト（{N_ESTIMATORS} 本）の特徴量の重要度:")
    for column, value in forest_importances(models.forest, split.x_train, split.t_train).items():
        print(f"{column}\t{format_fixed(value, 4)}")


# --8<-- [end:main]
