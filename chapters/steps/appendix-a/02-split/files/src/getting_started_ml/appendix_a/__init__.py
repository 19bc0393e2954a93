"""付録 A: 総合演習（Bank.csv）。"""

from getting_started_ml.appendix_a.experiment import ThreeWaySplit, split_three_way

__all__ = ["ThreeWaySplit", "split_three_way"]
