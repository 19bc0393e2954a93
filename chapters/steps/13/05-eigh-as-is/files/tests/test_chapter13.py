import math

import numpy as np
import pytest

from getting_started_ml.chapter13 import covariance_matrix, fit_pca

SQRT5 = math.sqrt(5)


def test_2列の分散と共分散を求める() -> None:
    assert covariance_matrix([[1, 2], [3, 6], [5, 10]]) == [[4, 8], [8, 16]]


def test_3列でもnumpyのcovと同じになる() -> None:
    x = [[1, 2, 0], [3, 6, 1], [5, 10, 5]]
    assert covariance_matrix(x) == [[4, 8, 5], [8, 16, 10], [5, 10, 7]]
    assert np.array(covariance_matrix(x)) == pytest.approx(np.cov(x, rowvar=False), abs=1e-12)


# --8<-- [start:fit-test]
def test_完全に相関する2列なら第1主成分が分散のすべてを説明する() -> None:
    model = fit_pca([[1, 2], [3, 6], [5, 10]], 2)
    assert model.explained_variance_ratio == pytest.approx([1.0, 0.0], abs=1e-12)
    assert model.components[0] == pytest.approx([1 / SQRT5, 2 / SQRT5], abs=1e-12)


# --8<-- [end:fit-test]
