"""第 7 章: 線形回帰による数値予測（cinema.csv）。

小さな行列の型を自分で書き（matrix）、正規方程式を部分ピボット選択付きのガウスの消去法で解いて
線形回帰を学習する（regression）。評価指標（MAE・RMSE・R²）も自分で書き（metrics）、
cinema.csv で学習して評価する（experiment）。
"""

from getting_started_ml.chapter07.experiment import (
    CINEMA,
    FEATURES,
    OUTLIER_SALES_BELOW,
    OUTLIER_SNS2_ABOVE,
    SEED,
    TARGET,
    TEST_SIZE,
    format_coefficients,
    is_outlier,
    prepare_cinema,
    remove_outliers,
    target_values,
)
from getting_started_ml.chapter07.matrix import (
    Matrix,
    SingularMatrixError,
    back_substitute,
    eliminate_forward,
    pivot_row,
    require_rectangle,
    shape_text,
    singular_tolerance,
)
from getting_started_ml.chapter07.metrics import (
    mean_absolute_error,
    r2_score,
    require_scores,
    residuals,
    root_mean_squared_error,
)
from getting_started_ml.chapter07.regression import (
    INTERCEPT_TERM,
    LinearModel,
    design_matrix,
    fit_linear_regression,
    singular_design_error,
)

__all__ = [
    "CINEMA",
    "FEATURES",
    "INTERCEPT_TERM",
    "OUTLIER_SALES_BELOW",
    "OUTLIER_SNS2_ABOVE",
    "SEED",
    "TARGET",
    "TEST_SIZE",
    "LinearModel",
    "Matrix",
    "SingularMatrixError",
    "back_substitute",
    "design_matrix",
    "eliminate_forward",
    "fit_linear_regression",
    "format_coefficients",
    "is_outlier",
    "mean_absolute_error",
    "pivot_row",
    "prepare_cinema",
    "r2_score",
    "remove_outliers",
    "require_rectangle",
    "require_scores",
    "residuals",
    "root_mean_squared_error",
    "shape_text",
    "singular_design_error",
    "singular_tolerance",
    "target_values",
]
