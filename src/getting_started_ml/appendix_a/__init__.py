"""付録 A: 総合演習（Bank.csv）と、numpy で速くした重み付きの決定木。"""

from getting_started_ml.appendix_a.fast_tree import grow_weighted_numpy, predict_rows

__all__ = ["grow_weighted_numpy", "predict_rows"]
