"""第 10 章: ロジスティック回帰とアンサンブル学習（iris.csv）。

ソフトマックスと交差エントロピー、勾配降下法のロジスティック回帰、第 3 章の決定木を集めた
ランダムフォレスト、不純度の減少による特徴量の重要度を作り、どのモデルも同じ形で採点する。
"""

from getting_started_ml.chapter10.experiment import (
    MAX_FEATURES,
    N_ESTIMATORS,
    SEED,
    SHALLOW_DEPTH,
    TEST_SIZE,
    ChapterModels,
    load_split,
    main,
)
from getting_started_ml.chapter10.forest import (
    FittedTree,
    RandomForest,
    bootstrap_sample,
    majority_vote,
)
from getting_started_ml.chapter10.importance import forest_importances, tree_importances
from getting_started_ml.chapter10.logistic import (
    LogisticConvergenceWarning,
    LogisticRegression,
    cross_entropy,
    softmax,
)
from getting_started_ml.chapter10.models import (
    Classifier,
    Predictions,
    Score,
    fit_and_predict,
)

__all__ = [
    "MAX_FEATURES",
    "N_ESTIMATORS",
    "SEED",
    "SHALLOW_DEPTH",
    "TEST_SIZE",
    "ChapterModels",
    "Classifier",
    "FittedTree",
    "LogisticConvergenceWarning",
    "LogisticRegression",
    "Predictions",
    "RandomForest",
    "Score",
    "bootstrap_sample",
    "cross_entropy",
    "fit_and_predict",
    "forest_importances",
    "load_split",
    "main",
    "majority_vote",
    "softmax",
    "tree_importances",
]
