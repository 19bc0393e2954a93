# --8<-- [start:header]
"""付録 B: 過学習と学習不足（多項式の次数と L2 正則化）のテスト。"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Ridge

from getting_started_ml.appendix_b.generalization import (
    NOISE_SD,
    Sample,
    degree_curve,
    fit_polynomial,
    irreducible_error,
    penalty_curve,
    polynomial_design,
    predict_polynomial,
    sine_sample,
    training_sample,
    true_curve,
    validation_sample,
)
from getting_started_ml.java_random import JavaRandom

DEGREES = range(10)

# --8<-- [end:header]


# --8<-- [start:fixtures]
@pytest.fixture(scope="module")
def train() -> Sample:
    return training_sample()


@pytest.fixture(scope="module")
def validation() -> Sample:
    return validation_sample()


# --8<-- [end:fixtures]


# --8<-- [start:test-fit]
def test_雑音の無い3次式なら係数をそのまま取り戻す() -> None:
    x = [i / 7 for i in range(8)]
    sample = Sample(x, [1 - 2 * v + 3 * v**3 for v in x])
    assert fit_polynomial(sample, 3) == pytest.approx([1, -2, 0, 3], abs=1e-9)


def test_正解はsinに雑音nextGaussianを掛けたものを足す() -> None:
    sample = sine_sample([0.25], seed=1)
    assert sample.t == [1.0 + NOISE_SD * JavaRandom(1).next_gaussian()]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(0, 10_000))
def test_罰則なしの当てはめはnumpyのpolyfitと同じ(degree: int, seed: int) -> None:
    sample = sine_sample([i / 11 for i in range(12)], seed)
    expected = np.polyfit(sample.x, sample.t, degree)[::-1]
    assert fit_polynomial(sample, degree) == pytest.approx(list(expected), rel=1e-6, abs=1e-8)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.floats(-6, 1), st.integers(0, 10_000))
def test_罰則つきの当てはめはscikit_learnのRidgeと同じ(
    degree: int, log10_penalty: float, seed: int
) -> None:
    sample = sine_sample([i / 9 for i in range(10)], seed)
    penalty = 10.0**log10_penalty
    ridge = Ridge(alpha=penalty, fit_intercept=False, solver="svd")
    ridge.fit(polynomial_design(sample.x, degree), sample.t)
    ours = predict_polynomial(fit_polynomial(sample, degree, penalty), sample.x)
    assert ours == pytest.approx(list(ridge.predict(polynomial_design(sample.x, degree))), abs=1e-7)


# --8<-- [end:test-fit]


# --8<-- [start:test-curves]
def test_訓練誤差は次数を上げるほど下がる(train: Sample, validation: Sample) -> None:
    errors = [point.train for point in degree_curve(train, validation, DEGREES)]
    assert all(later <= earlier + 1e-12 for earlier, later in itertools.pairwise(errors))


def test_次数9では訓練データの10点をすべて通る(train: Sample, validation: Sample) -> None:
    assert degree_curve(train, validation, [9])[0].train < 1e-12


def test_検証誤差はU字になる(train: Sample, validation: Sample) -> None:
    points = degree_curve(train, validation, DEGREES)
    best = min(points, key=lambda point: point.validation)
    assert 3 <= best.setting <= 8
    assert points[0].validation > 3 * best.validation  # 次数 0: 学習不足
    assert points[9].validation > 1.5 * best.validation  # 次数 9: 過学習


def test_次数9でも罰則を入れると検証誤差が下がる(train: Sample, validation: Sample) -> None:
    unpenalized = degree_curve(train, validation, [9])[0].validation
    penalized = penalty_curve(train, validation, 9, [-6.0, -3.0])
    assert all(point.validation < 0.7 * unpenalized for point in penalized)
    assert all(point.train > 1e-3 for point in penalized)  # もう全点は通らない


def test_検証誤差は雑音の大きさを下回らない(train: Sample, validation: Sample) -> None:
    floor = irreducible_error(validation)
    assert floor == pytest.approx(NOISE_SD**2, rel=0.1)
    points = degree_curve(train, validation, DEGREES) + penalty_curve(
        train, validation, 9, [k / 2 for k in range(-20, 1)]
    )
    assert min(point.validation for point in points) > floor
    # 訓練データを 100 点に増やすと、次数 9 でも検証誤差は雑音の大きさに近づく（が下回らない）。
    many = degree_curve(training_sample(100), validation, [3, 9])
    assert all(floor < point.validation < floor * 1.2 for point in many)


# --8<-- [end:test-curves]


# --8<-- [start:test-errors]
def test_次数が大きすぎれば失敗する(train: Sample) -> None:
    with pytest.raises(ValueError, match="degree は 20 以下"):
        fit_polynomial(train, 21)


def test_負の罰則は失敗する(train: Sample) -> None:
    with pytest.raises(ValueError, match="penalty は 0 以上"):
        fit_polynomial(train, 3, -1.0)


def test_検証データがSampleでなければ名前を挙げて失敗する(train: Sample) -> None:
    with pytest.raises(TypeError, match="validation は Sample です（NoneType）"):
        degree_curve(train, None, [0])  # type: ignore[arg-type]


def test_空の検証データは名前を挙げて失敗する(train: Sample) -> None:
    with pytest.raises(ValueError, match="validation が空です"):
        degree_curve(train, Sample([], []), [0])


def test_本当の関数はsinの2πx() -> None:
    assert true_curve(0.25) == pytest.approx(math.sin(math.pi / 2))


# --8<-- [end:test-errors]
