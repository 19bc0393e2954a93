"""第 9 章: 特徴量エンジニアリング。"""

from getting_started_ml.chapter09.features import Standardizer, dummy_categories, quantile

__all__ = [
    "Standardizer",
    "dummy_categories",
    "quantile",
]
