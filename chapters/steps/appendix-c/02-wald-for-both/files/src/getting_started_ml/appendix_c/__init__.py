"""付録 C: 良くなったと言う前に。"""

from getting_started_ml.appendix_c.intervals import Interval, wald_interval, wilson_interval

__all__ = ["Interval", "wald_interval", "wilson_interval"]
