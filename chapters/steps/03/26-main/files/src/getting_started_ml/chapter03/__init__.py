"""第 3 章: 決定木と明白な実装（iris.csv）。

ジニ不純度、最良の分割、木を育てる手順、深さの制限、木の表示を自作し（tree）、
第 2 章で分けたアヤメのデータで、深さごとの正解率を確かめる（experiment）。
"""

from getting_started_ml.chapter03.experiment import DEPTHS, SHOWN_DEPTH
from getting_started_ml.chapter03.tree import (
    DecisionTree,
    FeatureRow,
    Leaf,
    Node,
    NotFittedError,
    Split,
    Tree,
    best_split,
    best_threshold,
    boundary_impurities,
    build_tree,
    check_depth,
    depth_of,
    feature_rows,
    find_best_split,
    format_tree,
    gini,
    gini_of_counts,
    grow,
    majority,
    next_positions_of_same_label,
    pick,
    predict_one,
    require_finite_values,
    tree_lines,
)

__all__ = [
    "DEPTHS",
    "SHOWN_DEPTH",
    "DecisionTree",
    "FeatureRow",
    "Leaf",
    "Node",
    "NotFittedError",
    "Split",
    "Tree",
    "best_split",
    "best_threshold",
    "boundary_impurities",
    "build_tree",
    "check_depth",
    "depth_of",
    "feature_rows",
    "find_best_split",
    "format_tree",
    "gini",
    "gini_of_counts",
    "grow",
    "majority",
    "next_positions_of_same_label",
    "pick",
    "predict_one",
    "require_finite_values",
    "tree_lines",
]
