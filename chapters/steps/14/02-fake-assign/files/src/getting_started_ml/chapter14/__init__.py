"""第 14 章: k-means によるクラスタリング。"""

from getting_started_ml.chapter14.kmeans import assign_clusters

__all__ = [
    "assign_clusters",
]
