"""第 11 章: 評価指標と交差検証（Survived.csv、cinema.csv）。"""

from getting_started_ml.chapter11.metrics import (
    ConfusionMatrix,
    confusion_matrix,
    f1_score,
    precision,
    recall,
)

__all__ = ["ConfusionMatrix", "confusion_matrix", "f1_score", "precision", "recall"]
