"""第 13 章: 主成分分析による次元削減。"""

from getting_started_ml.chapter13.pca import covariance_matrix

__all__ = [
    "covariance_matrix",
]
