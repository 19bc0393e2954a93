"""付録 B: 評価指標の地図。"""

from getting_started_ml.appendix_b.ranking import (
    PrPoint,
    average_precision_11pt,
    detection_labels,
    pr_curve,
)

__all__ = ["PrPoint", "average_precision_11pt", "detection_labels", "pr_curve"]
