"""付録 B: 評価指標の地図（AP・mAP、多クラスの平均、IoU・Dice、Huber、パープレキシティ、BLEU）と、
汎化・次元の呪い・分け方。"""

from getting_started_ml.appendix_b.averaging import (
    AVERAGES,
    ClassCounts,
    Scores,
    class_counts,
    precision_recall_f1,
)
from getting_started_ml.appendix_b.bias_variance import Decomposition, decompose
from getting_started_ml.appendix_b.dimensionality import (
    ball_volume_ratio,
    cells_to_cover,
    distance_ratio,
    share_inside_ball,
    uniform_points,
)
from getting_started_ml.appendix_b.generalization import (
    ErrorPoint,
    Sample,
    degree_curve,
    fit_polynomial,
    irreducible_error,
    penalty_curve,
    polynomial_design,
    predict_polynomial,
    sine_sample,
    training_sample,
    validation_sample,
)
from getting_started_ml.appendix_b.likelihood import (
    Line,
    gaussian_negative_log_likelihood,
    laplace_negative_log_likelihood,
    least_absolute_line,
    least_squares_line,
    line_with_outliers,
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
    "Decomposition",
    "ErrorPoint",
    "Line",
    "PrPoint",
    "Sample",
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
    "decompose",
    "degree_curve",
    "dice",
    "distance_ratio",
    "fit_polynomial",
    "gaussian_negative_log_likelihood",
    "huber",
    "iou",
    "irreducible_error",
    "laplace_negative_log_likelihood",
    "least_absolute_line",
    "least_squares_line",
    "line_with_outliers",
    "mean_average_precision",
    "penalty_curve",
    "perplexity",
    "polynomial_design",
    "pr_curve",
    "precision_recall_f1",
    "predict_polynomial",
    "share_inside_ball",
    "sine_sample",
    "smooth_l1",
    "training_sample",
    "uniform_points",
    "validation_sample",
]
