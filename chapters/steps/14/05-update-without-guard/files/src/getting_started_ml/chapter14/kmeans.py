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


def update_centers(
    points: Sequence[Sequence[float]], labels: Sequence[int], previous: Sequence[Sequence[float]]
) -> list[list[float]]:
    sums = [[0.0] * len(center) for center in previous]
    counts = [0] * len(previous)
    for point, label in zip(points, labels, strict=True):
        counts[label] += 1
        for dimension, value in enumerate(point):
            sums[label][dimension] += value
    return [[value / count for value in total] for total, count in zip(sums, counts, strict=True)]
