# --8<-- [start:header]
"""第 12 章の学習用テスト: 自作のリッジ・ラッソ・前処理を scikit-learn と突き合わせる。"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Lasso, LinearRegression, Ridge
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from getting_started_ml.chapter12 import (
    BOSTON,
    FEATURES,
    LASSO_ALPHA,
    BostonDataset,
    PolynomialScaler,
    fit_lasso,
    fit_ridge,
    load_boston,
    zero_coefficient_names,
)
from getting_started_ml.java_random import JavaRandom


@pytest.fixture(scope="module")
def boston() -> BostonDataset:
    return load_boston()


def synthetic_ridge_data() -> tuple[list[list[float]], list[float]]:
    """JavaRandom(0) の正規乱数で 30 行。t = x·[1.5, −2.0, 0.5, 3.0] + 0.5·ノイズ。"""
    random = JavaRandom(0)
    x, t = [], []
    for _ in range(30):
        row = [random.next_gaussian() for _ in range(4)]
        noise = random.next_gaussian()
        x.append(row)
        t.append(1.5 * row[0] - 2.0 * row[1] + 0.5 * row[2] + 3.0 * row[3] + 0.5 * noise)
    return x, t


def gaussian_data(seed: int, n: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """JavaRandom(seed) の正規乱数の行列と、その 1 列目と 2 列目にノイズを足した正解。"""
    random = JavaRandom(seed)
    x = np.array([[random.next_gaussian() for _ in range(width)] for _ in range(n)])
    t = 2.0 * x[:, 0] - x[:, -1] + np.array([0.3 * random.next_gaussian() for _ in range(n)])
    return x, t


# --8<-- [end:header]


# --8<-- [start:test-ridge-sklearn]
def test_作りもののデータでリッジ回帰はRidgeと同じ() -> None:
    x, t = synthetic_ridge_data()
    assert x[0] == [
        0.8025330637390305,
        -0.9015460884175122,
        2.080920790428163,
        0.7637707684364894,
    ]
    assert t[0] == pytest.approx(6.830951739408376, rel=1e-12)
    for alpha in (0.1, 1.0, 10.0):
        ours = fit_ridge(x, t, alpha)
        theirs = Ridge(alpha=alpha).fit(x, t)
        assert ours.coefficients == pytest.approx(list(theirs.coef_), rel=1e-9)
        assert ours.intercept == pytest.approx(theirs.intercept_, rel=1e-9)


@pytest.mark.data(BOSTON)
def test_実データでリッジ回帰はRidgeと同じでalpha_0はLinearRegressionと同じ(
    boston: BostonDataset,
) -> None:
    x, t = np.array(boston.x_train), np.array(boston.t_train)
    for alpha in (0.1, 1.0, 10.0, 100.0):
        ours = fit_ridge(x, t, alpha)
        theirs = Ridge(alpha=alpha).fit(x, t)
        # 同じ連立方程式を別の手順（Cholesky 分解）で解くので、違いは丸めだけ（実測 5e-14 以下）
        assert ours.coefficients == pytest.approx(list(theirs.coef_), rel=1e-9)
        assert ours.intercept == pytest.approx(theirs.intercept_, rel=1e-9)
    ols = LinearRegression().fit(x, t)
    assert fit_ridge(x, t, 0.0).coefficients == pytest.approx(list(ols.coef_), rel=1e-9)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.integers(8, 40),
    width=st.integers(2, 6),
    alpha=st.floats(0.01, 100.0),
)
def test_でたらめなデータでもリッジ回帰はRidgeと同じ(
    seed: int, n: int, width: int, alpha: float
) -> None:
    x, t = gaussian_data(seed, n, width)
    ours = fit_ridge(x, t, alpha)
    theirs = Ridge(alpha=alpha).fit(x, t)

    assert ours.coefficients == pytest.approx(list(theirs.coef_), rel=1e-8, abs=1e-10)
    assert ours.intercept == pytest.approx(theirs.intercept_, rel=1e-8, abs=1e-10)


# --8<-- [end:test-ridge-sklearn]


# --8<-- [start:test-lasso-sklearn]
@pytest.mark.data(BOSTON)
def test_実データでラッソ回帰はLassoと同じ尺度のalphaで一致する(boston: BostonDataset) -> None:
    x, t = np.array(boston.x_train), np.array(boston.t_train)
    ours = fit_lasso(x, t, LASSO_ALPHA)
    strict = Lasso(alpha=LASSO_ALPHA, tol=1e-10, max_iter=100_000).fit(x, t)
    default = Lasso(alpha=LASSO_ALPHA).fit(x, t)

    # 止める決まりをそろえれば 1e-9 まで一致する（実測 8.3e-10）
    assert ours.coefficients == pytest.approx(list(strict.coef_), abs=1e-8)
    assert ours.intercept == pytest.approx(strict.intercept_, abs=1e-8)
    # 既定（tol=1e-4）では 30 周で止まり、係数は 1.2e-3 ほど違う
    assert default.n_iter_ < ours.sweeps
    assert max(abs(a - b) for a, b in zip(ours.coefficients, default.coef_, strict=True)) == (
        pytest.approx(1.19e-3, abs=1e-4)
    )
    # それでも 0 になる列は同じ（scikit-learn は -0.0 を返すことがあるが、-0.0 == 0.0）
    names = boston.feature_names
    assert zero_coefficient_names(list(default.coef_), names) == zero_coefficient_names(
        ours.coefficients, names
    )
    assert zero_coefficient_names(list(strict.coef_), names) == [
        "PTRATIO^2",
        "PTRATIO LSTAT",
        "LSTAT^2",
    ]


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.integers(10, 40),
    width=st.integers(2, 5),
    alpha=st.floats(0.001, 1.0),
)
def test_でたらめなデータでもラッソ回帰はLassoと同じ(
    seed: int, n: int, width: int, alpha: float
) -> None:
    x, t = gaussian_data(seed, n, width)
    ours = fit_lasso(x, t, alpha)
    theirs = Lasso(alpha=alpha, tol=1e-12, max_iter=1_000_000).fit(x, t)

    # 止め方（係数の動きと双対ギャップ）が違うので、一致は 1e-7 まで
    assert ours.coefficients == pytest.approx(list(theirs.coef_), abs=1e-7)
    assert ours.intercept == pytest.approx(theirs.intercept_, abs=1e-7)


# --8<-- [end:test-lasso-sklearn]


# --8<-- [start:test-scaler-sklearn]
def test_標準化のあとのPolynomialFeaturesは同じ列を同じ名前で作る() -> None:
    x = [[6.2, 15.1, 4.9], [5.8, 18.7, 12.0], [7.1, 17.4, 3.3], [6.5, 20.2, 22.8]]
    ours = PolynomialScaler.fit(x, FEATURES)
    scaler = StandardScaler().fit(x)
    poly = PolynomialFeatures(degree=2, include_bias=False).fit(scaler.transform(x))

    # StandardScaler も n で割る（母集団の）標準偏差
    assert ours.stds == pytest.approx(tuple(scaler.scale_), rel=1e-12)
    assert ours.feature_names() == list(poly.get_feature_names_out(list(FEATURES)))
    assert np.array(ours.transform(x)) == pytest.approx(
        poly.transform(scaler.transform(x)), rel=1e-12, abs=1e-15
    )


# --8<-- [end:test-scaler-sklearn]
