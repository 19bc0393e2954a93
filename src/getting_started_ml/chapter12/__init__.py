"""第 12 章: 正則化とモデル選択（Boston.csv）。

リッジ回帰を閉じた式で、ラッソ回帰を座標降下法で自作し、標準化してから作る 2 次の特徴量の上で
訓練・検証・テストの 3 つに分けたデータを使って、罰則の強さ alpha を検証データで選ぶ。
"""

from getting_started_ml.chapter12.experiment import (
    ALPHAS,
    BOSTON,
    LASSO_ALPHA,
    TestComparison,
    compare_on_test,
    load_boston,
    main,
    validation_experiments,
)
from getting_started_ml.chapter12.features import (
    FEATURES,
    OUTLIER_THRESHOLD,
    SEED,
    TARGET,
    TEST_SIZE,
    VALIDATION_SIZE,
    BostonDataset,
    PolynomialScaler,
    ThreeWayPositions,
    outlier_rows,
    prepare_boston,
    remove_outliers,
    three_way_positions,
)
from getting_started_ml.chapter12.regularization import (
    LASSO_MAX_SWEEPS,
    LASSO_TOLERANCE,
    LassoConvergenceWarning,
    LassoModel,
    RegularizedModel,
    identity,
    lasso_fit,
    matrix_add,
    matrix_scale,
    ridge_fit,
    soft_threshold,
)
from getting_started_ml.chapter12.selection import (
    Experiment,
    best_experiment,
    run_ridge_experiments,
    zero_coefficient_names,
)

__all__ = [
    "ALPHAS",
    "BOSTON",
    "FEATURES",
    "LASSO_ALPHA",
    "LASSO_MAX_SWEEPS",
    "LASSO_TOLERANCE",
    "OUTLIER_THRESHOLD",
    "SEED",
    "TARGET",
    "TEST_SIZE",
    "VALIDATION_SIZE",
    "BostonDataset",
    "Experiment",
    "LassoConvergenceWarning",
    "LassoModel",
    "PolynomialScaler",
    "RegularizedModel",
    "TestComparison",
    "ThreeWayPositions",
    "best_experiment",
    "compare_on_test",
    "identity",
    "lasso_fit",
    "load_boston",
    "main",
    "matrix_add",
    "matrix_scale",
    "outlier_rows",
    "prepare_boston",
    "remove_outliers",
    "ridge_fit",
    "run_ridge_experiments",
    "soft_threshold",
    "three_way_positions",
    "validation_experiments",
    "zero_coefficient_names",
]
