"""第 13 章: 主成分分析による次元削減。"""

from getting_started_ml.chapter13.pca import PcaModel, covariance_matrix, fit_pca

__all__ = [
    "PcaModel",
    "covariance_matrix",
    "fit_pca",
]
