# --8<-- [start:header]
"""第 13 章の学習用テスト: 自作の標準化・主成分分析を numpy / scikit-learn と突き合わせる。"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler
from support.chapter13 import mixed_rows

from getting_started_ml.chapter13 import (
    covariance_matrix,
    fit_pca,
    jacobi_eigen,
    normalize_signs,
    standardize,
)
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:helpers]
def gaussian_rows(seed: int, n_rows: int, n_columns: int) -> list[list[float]]:
    """JavaRandom の正規乱数で作った、列ごとに尺度の違う表。"""
    random = JavaRandom(seed)
    return [[(j + 1) * random.next_gaussian() + j for j in range(n_columns)] for _ in range(n_rows)]


# --8<-- [end:helpers]


# --8<-- [start:test-learning]
def test_ヤコビ法とLAPACKのeighは固有値も固有ベクトルも一致する() -> None:
    c = covariance_matrix(mixed_rows())
    ours = jacobi_eigen(c)
    values, vectors = np.linalg.eigh(np.array(c))
    assert ours.values == pytest.approx(values[::-1].tolist(), rel=1e-13)
    assert np.array(normalize_signs(ours.vectors)) == pytest.approx(
        np.array(normalize_signs(vectors[:, ::-1].T.tolist())), abs=1e-13
    )


@pytest.mark.parametrize(("seed", "n_rows", "n_columns"), [(0, 40, 4), (1, 7, 6), (2, 200, 12)])
def test_寄与率と主成分はscikit_learnのPCAと同じ(seed: int, n_rows: int, n_columns: int) -> None:
    x = gaussian_rows(seed, n_rows, n_columns)
    ours = fit_pca(x, n_columns)
    library = PCA().fit(np.array(x))
    assert ours.explained_variance_ratio == pytest.approx(
        library.explained_variance_ratio_.tolist(), abs=1e-15
    )
    assert ours.explained_variance == pytest.approx(library.explained_variance_.tolist())
    assert np.array(ours.components) == pytest.approx(
        np.array(normalize_signs(library.components_.tolist())), abs=1e-12
    )
    assert np.array(ours.transform(x)) == pytest.approx(
        library.transform(np.array(x)) * signs(library.components_), abs=1e-12
    )


def test_混ぜたデータでもscikit_learnのPCAと同じ() -> None:
    x = mixed_rows()
    ours = fit_pca(x, 4)
    library = PCA().fit(np.array(x))
    assert ours.explained_variance_ratio == pytest.approx(
        library.explained_variance_ratio_.tolist(), abs=1e-15
    )
    assert np.array(ours.components) == pytest.approx(
        np.array(normalize_signs(library.components_.tolist())), abs=1e-12
    )


def signs(components: np.ndarray) -> np.ndarray:
    """主成分ごとに、絶対値が最大の成分の符号（normalize_signs が掛ける ±1）。"""
    largest = np.argmax(np.abs(components), axis=1)  # 同じ大きさなら先の成分
    return np.where(components[np.arange(len(components)), largest] < 0, -1.0, 1.0)


@pytest.mark.parametrize(
    ("n_rows", "n_columns", "solver"),
    [(39, 4, "full"), (40, 4, "covariance_eigh"), (200, 12, "covariance_eigh"), (100, 15, "full")],
)
def test_行が列の10倍以上ならPCAは共分散行列の固有値分解を選ぶ(
    n_rows: int, n_columns: int, solver: str
) -> None:
    library = PCA().fit(np.array(gaussian_rows(0, n_rows, n_columns)))

    # scikit-learn 1.9.1 の svd_solver="auto" は「行の数 >= 10 × 列の数」で切り替える
    assert library._fit_svd_solver == solver


def test_標準化はStandardScalerと同じ() -> None:
    x = gaussian_rows(3, 30, 5)
    assert np.array(standardize(x)) == pytest.approx(
        StandardScaler().fit_transform(np.array(x)), abs=1e-14
    )


# --8<-- [end:test-learning]
