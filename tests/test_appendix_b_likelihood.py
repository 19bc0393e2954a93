# --8<-- [start:header]
"""付録 B: 決定係数 R² の読み方と、損失の最尤推定としての読み方のテスト。"""

from __future__ import annotations

import statistics
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize_scalar
from scipy.stats import laplace, norm
from sklearn.linear_model import QuantileRegressor
from sklearn.metrics import r2_score as sklearn_r2_score

from getting_started_ml.appendix_b.likelihood import (
    OUTLIER_ROWS,
    gaussian_negative_log_likelihood,
    laplace_negative_log_likelihood,
    least_absolute_line,
    least_squares_line,
    line_with_outliers,
)
from getting_started_ml.chapter07 import r2_score

values = st.lists(st.floats(-100, 100), min_size=3, max_size=15)

# --8<-- [end:header]


# --8<-- [start:test-r2]
def test_平均で予測すると決定係数は0() -> None:
    actual = [3.0, 5.0, 4.0, 8.0]
    assert r2_score(actual, [5.0] * 4) == 0.0


@settings(max_examples=60, deadline=None)
@given(values, st.floats(-50, 50))
def test_平均から外れた定数で予測すると決定係数は負(actual: list[float], shift: float) -> None:
    mean, spread = statistics.fmean(actual), statistics.pvariance(actual)
    assume(spread > 1e-6 and abs(shift) > 1e-3)
    predicted = [mean + shift] * len(actual)
    # 1 − (nσ² + n·shift²) / (nσ²) = −shift² / σ²
    assert r2_score(actual, predicted) == pytest.approx(-(shift**2) / spread, rel=1e-6)
    assert r2_score(actual, predicted) == pytest.approx(
        sklearn_r2_score(actual, predicted), rel=1e-9, abs=1e-12
    )


# --8<-- [end:test-r2]


# --8<-- [start:test-likelihood]
@settings(max_examples=60, deadline=None)
@given(values, st.floats(1, 10))
def test_負の対数尤度はscipyの確率密度から求めた値と同じ(
    residuals: list[float], scale: float
) -> None:
    # |r| / scale が 700 を超えると、scipy の laplace.logpdf は密度が非正規数になって桁を失う
    # （r = 92、scale = 0.125 で 2e-4 ずれた）。比べるのは |r| / scale ≤ 100 の範囲にする。
    assert gaussian_negative_log_likelihood(residuals, scale) == pytest.approx(
        -float(np.sum(norm.logpdf(residuals, scale=scale))), rel=1e-9
    )
    assert laplace_negative_log_likelihood(residuals, scale) == pytest.approx(
        -float(np.sum(laplace.logpdf(residuals, scale=scale))), rel=1e-9
    )


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-100, 100), min_size=3, max_size=15).filter(lambda v: len(v) % 2))
def test_尤度を最大にする定数は正規分布なら平均ラプラス分布なら中央値(numbers: list[int]) -> None:
    data = [float(v) for v in numbers]

    def best(negative_log_likelihood: Callable[[list[float], float], float]) -> float:
        result = minimize_scalar(
            lambda c: negative_log_likelihood([v - c for v in data], 1.0),
            bounds=(-101, 101),
            method="bounded",
            options={"xatol": 1e-9},
        )
        return float(result.x)

    assert best(gaussian_negative_log_likelihood) == pytest.approx(statistics.fmean(data), abs=1e-5)
    assert best(laplace_negative_log_likelihood) == pytest.approx(statistics.median(data), abs=1e-5)


# --8<-- [end:test-likelihood]


# --8<-- [start:test-lines]
def test_最小二乗の直線はnumpyのpolyfitと同じ() -> None:
    x, y = line_with_outliers()
    line = least_squares_line(x, y)
    slope, intercept = np.polyfit(x, y, 1)
    assert (line.intercept, line.slope) == pytest.approx((intercept, slope), rel=1e-9)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.integers(-50, 50)), min_size=3, max_size=15))
def test_絶対誤差の直線はscikit_learnのQuantileRegressorと同じだけ小さい(
    rows: list[tuple[int, int]],
) -> None:
    x = [float(a) for a, _ in rows]
    y = [float(b) for _, b in rows]
    assume(len(set(x)) >= 2)
    ours = least_absolute_line(x, y)
    theirs = QuantileRegressor(quantile=0.5, alpha=0.0, solver="highs").fit(np.array(x)[:, None], y)
    # 絶対誤差を最小にする直線は 1 本とは限らないので、係数ではなく絶対誤差の和で比べる。
    ours_loss = sum(abs(t - p) for t, p in zip(y, ours.predict(x), strict=True))
    theirs_loss = float(np.sum(np.abs(np.array(y) - theirs.predict(np.array(x)[:, None]))))
    assert ours_loss == pytest.approx(theirs_loss, rel=1e-9, abs=1e-9)


def test_外れ値があると絶対誤差の直線のほうが本当の直線に近い() -> None:
    x, y = line_with_outliers()
    squared, absolute = least_squares_line(x, y), least_absolute_line(x, y)
    assert abs(absolute.intercept - 1) < 0.1
    assert abs(absolute.slope - 2) < 0.1
    assert abs(squared.intercept - 1) > 0.3  # 3 つの外れ値に引き上げられる


def test_決定係数も二乗誤差なので全体では最小二乗の直線が勝つ() -> None:
    x, y = line_with_outliers()
    squared, absolute = least_squares_line(x, y), least_absolute_line(x, y)
    assert r2_score(y, squared.predict(x)) > r2_score(y, absolute.predict(x))
    clean = [i for i in range(len(x)) if i not in OUTLIER_ROWS]
    clean_x, clean_y = [x[i] for i in clean], [y[i] for i in clean]
    assert r2_score(clean_y, absolute.predict(clean_x)) > r2_score(
        clean_y, squared.predict(clean_x)
    )


# --8<-- [end:test-lines]
