"""付録 B: 評価指標の地図（AP・mAP、多クラスの平均、IoU・Dice、Huber、パープレキシティ、BLEU）と、
汎化・次元の呪い・分け方。"""

from getting_started_ml.appendix_b.averaging import (
    AVERAGES,
    ClassCounts,
    Scores,
    class_counts,
    precision_recall_f1,
)
from getting_started_ml.appendix_b.dimensionality import (
    ball_volume_ratio,
    cells_to_cover,
    distance_ratio,
    share_inside_ball,
    uniform_points,
)
from getting_started_ml.appendix_b.losses import (
    bleu,
    brevity_penalty,
    cross_entropy,
    huber,
    perplexity,
    smooth_l1,
)
from getting_started_ml.appendix_b.overlap import Box, dice, iou
from getting_started_ml.appendix_b.ranking import (
    PrPoint,
    average_precision,
    average_precision_11pt,
    average_precision_all_points,
    mean_average_precision,
    pr_curve,
)

__all__ = [
    "AVERAGES",
    "Box",
    "ClassCounts",
    "PrPoint",
    "Scores",
    "average_precision",
    "average_precision_11pt",
    "average_precision_all_points",
    "ball_volume_ratio",
    "bleu",
    "brevity_penalty",
    "cells_to_cover",
    "class_counts",
    "cross_entropy",
    "dice",
    "distance_ratio",
    "huber",
    "iou",
    "mean_average_precision",
    "perplexity",
    "pr_curve",
    "precision_recall_f1",
    "share_inside_ball",
    "smooth_l1",
    "uniform_points",
]
