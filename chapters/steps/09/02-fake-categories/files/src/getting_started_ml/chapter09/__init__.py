"""第 9 章: 特徴量エンジニアリング。"""

from getting_started_ml.chapter09.features import dummy_categories

__all__ = [
    "dummy_categories",
]
