"""第 12 章: 正則化とモデル選択（Boston.csv）。"""

from getting_started_ml.chapter12.regularization import (
    RegularizedModel,
    fit_ridge,
    identity,
    matrix_add,
    matrix_scale,
    soft_threshold,
)

__all__ = [
    "RegularizedModel",
    "fit_ridge",
    "identity",
    "matrix_add",
    "matrix_scale",
    "soft_threshold",
]
