"""第 14 章: k-means によるクラスタリング。"""

from getting_started_ml.chapter14.kmeans import assign_clusters, squared_distance, update_centers

__all__ = [
    "assign_clusters",
    "squared_distance",
    "update_centers",
]
