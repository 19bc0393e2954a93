"""第 3 章: 決定木と明白な実装（iris.csv）。"""

from getting_started_ml.chapter03.tree import (
    FeatureRow,
    Split,
    best_split,
    best_threshold,
    boundary_impurities,
    feature_rows,
    find_best_split,
    gini,
    gini_of_counts,
)

__all__ = [
    "FeatureRow",
    "Split",
    "best_split",
    "best_threshold",
    "boundary_impurities",
    "feature_rows",
    "find_best_split",
    "gini",
    "gini_of_counts",
]
