from __future__ import annotations

from collections.abc import Sequence


def squared_distance(a: Sequence[float], b: Sequence[float]) -> float:
    total = 0.0
    for x, y in zip(a, b, strict=True):
        total += (x - y) * (x - y)
    return total


def assign_clusters(
    points: Sequence[Sequence[float]], centers: Sequence[Sequence[float]]
) -> list[int]:
    labels = []
    for point in points:
        best, best_distance = 0, squared_distance(point, centers[0])
        for index in range(1, len(centers)):
            distance = squared_distance(point, centers[index])
            if distance < best_distance:  # 真に小さいときだけ入れ替える
                best, best_distance = index, distance
        labels.append(best)
    return labels
