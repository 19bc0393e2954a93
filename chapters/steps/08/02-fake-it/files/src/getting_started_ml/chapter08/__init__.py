"""第 8 章: 実践的な分類と前処理パイプライン（Survived.csv）。"""

from getting_started_ml.chapter08.preprocessing import (
    FittedGroupMedianImputer,
    GroupMedianImputer,
)

__all__ = [
    "FittedGroupMedianImputer",
    "GroupMedianImputer",
]
