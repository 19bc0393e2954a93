from collections.abc import Sequence

from getting_started_ml.numeric import kahan_mean


def covariance_matrix(x: Sequence[Sequence[float]]) -> list[list[float]]:
    n, width = len(x), len(x[0])
    means = [kahan_mean(row[j] for row in x) for j in range(width)]
    covariance = [[0.0] * width for _ in range(width)]
    for i in range(width):
        for j in range(width):
            total = 0.0
            for row in x:
                total += (row[i] - means[i]) * (row[j] - means[j])
            covariance[i][j] = total / (n - 1)
    return covariance
