"""第 10 章: ロジスティック回帰とアンサンブル学習（iris.csv）。"""

from getting_started_ml.chapter10.logistic import softmax

__all__ = ["softmax"]
