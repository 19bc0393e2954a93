"""第 3 章: 決定木と明白な実装（iris.csv）。"""

from getting_started_ml.chapter03.tree import gini

__all__ = ["gini"]
