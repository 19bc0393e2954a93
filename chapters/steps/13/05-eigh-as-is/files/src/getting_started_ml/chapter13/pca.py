from collections.abc import Sequence
from dataclasses import dataclass

# --8<-- [start:numpy]
import numpy as np

# --8<-- [end:numpy]
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


# --8<-- [start:eigh]
@dataclass(frozen=True)
class PcaModel:
    components: list[list[float]]
    explained_variance_ratio: list[float]


def fit_pca(x: Sequence[Sequence[float]], n_components: int) -> PcaModel:
    values, vectors = np.linalg.eigh(np.array(covariance_matrix(x)))
    return PcaModel(
        components=vectors.tolist()[:n_components],
        explained_variance_ratio=(values / values.sum()).tolist()[:n_components],
    )


# --8<-- [end:eigh]
