# --8<-- [start:header]
"""付録 B: 過学習と学習不足（雑音の乗った sin 曲線に、次数 M の多項式を当てはめる）。

訓練データは 0〜1 を等間隔に 10 点、検証データは一様な位置に 1000 点。どちらも
t = sin(2πx) + 雑音（標準偏差 0.25、分散 0.0625）で、乱数は java.util.Random と同じ列を使う。
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from getting_started_ml.chapter11 import mean_squared_error
from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_numbers,
    require_same_length,
)
from getting_started_ml.java_random import JavaRandom

NOISE_SD = 0.25
"""雑音の標準偏差。分散は 0.0625（資料の「約 0.06」）。"""
TRAIN_SIZE = 10
VALIDATION_SIZE = 1000
TRAIN_SEED = 1
VALIDATION_SEED = 2
MAX_POINTS = 10_000
"""訓練データと検証データの点の数の上限。"""
MAX_DEGREE = 20
"""多項式の次数の上限。これより高い次数は、0〜1 の x では数値的に意味をなさない。"""

# --8<-- [end:header]


# --8<-- [start:sample]
@dataclass(frozen=True)
class Sample:
    """入力 x と、雑音の乗った正解 t。"""

    x: list[float]
    t: list[float]


def true_curve(x: float) -> float:
    """雑音の無い本当の関数 sin(2πx)。"""
    return math.sin(2 * math.pi * x)


def sine_sample(xs: Sequence[float], seed: int, noise_sd: float = NOISE_SD) -> Sample:
    """各 x に sin(2πx) と正規分布の雑音（nextGaussian × noise_sd）を足した正解を付ける。"""
    x = require_numbers(xs, "xs")
    if any(not 0.0 <= value <= 1.0 for value in x):
        raise ValueError("xs の要素は 0 以上 1 以下です（この実験の範囲）")
    sd = require_finite(noise_sd, "noise_sd")
    if sd < 0:
        raise ValueError(f"noise_sd は 0 以上です（noise_sd={noise_sd}）")
    random = JavaRandom(seed)
    return Sample(x, [true_curve(value) + sd * random.next_gaussian() for value in x])


def require_points(n_points: object, minimum: int) -> int:
    """点の数は minimum 以上 MAX_POINTS 以下の整数。"""
    n = require_count(n_points, "n_points", minimum=minimum)
    if n > MAX_POINTS:
        raise ValueError(f"n_points は {MAX_POINTS} 以下です（n_points={n}）")
    return n


def training_sample(n_points: int = TRAIN_SIZE, seed: int = TRAIN_SEED) -> Sample:
    """0〜1 を等間隔に区切った n_points 点の訓練データ。"""
    n = require_points(n_points, minimum=2)
    return sine_sample([i / (n - 1) for i in range(n)], seed)


def validation_sample(n_points: int = VALIDATION_SIZE, seed: int = VALIDATION_SEED) -> Sample:
    """0〜1 の一様な位置（nextDouble）に n_points 点の検証データ。"""
    n = require_points(n_points, minimum=1)
    random = JavaRandom(seed)
    return sine_sample([random.next_double() for _ in range(n)], seed + 1)


# --8<-- [end:sample]


# --8<-- [start:fit]
def require_degree(degree: object) -> int:
    """次数は 0 以上 MAX_DEGREE 以下の整数。"""
    d = require_count(degree, "degree", minimum=0)
    if d > MAX_DEGREE:
        raise ValueError(f"degree は {MAX_DEGREE} 以下です（degree={d}）")
    return d


def polynomial_design(x: Sequence[float], degree: int) -> np.ndarray:
    """1, x, x², …, x^M を列に並べた行列。"""
    return np.vander(np.array(require_numbers(x, "x")), require_degree(degree) + 1, increasing=True)


def checked_sample(sample: object, name: str = "sample") -> tuple[list[float], list[float]]:
    """x と t が同じ件数の有限の数の列で、空でないことを確かめる（name はエラーに書く名前）。"""
    if not isinstance(sample, Sample):
        raise TypeError(f"{name} は Sample です（{type(sample).__name__}）")
    x, t = require_numbers(sample.x, f"{name}.x"), require_numbers(sample.t, f"{name}.t")
    require_same_length(x, t, f"{name}.x", f"{name}.t")
    if not x:
        raise ValueError(f"{name} が空です")
    return x, t


def fit_polynomial(sample: Sample, degree: int, penalty: float = 0.0) -> list[float]:
    """Σ(t − y)² + penalty × Σw² を最小にする係数 w₀, …, w_M（L2 正則化、w₀ にも罰則）。

    罰則は「√penalty × 単位行列」の行を足した最小二乗として解く（正規方程式より桁落ちしにくい）。
    """
    lam = require_finite(penalty, "penalty")
    if lam < 0:
        raise ValueError(f"penalty は 0 以上です（penalty={penalty}）")
    x, t = checked_sample(sample)
    design = polynomial_design(x, degree)
    columns = design.shape[1]
    stacked = np.vstack([design, math.sqrt(lam) * np.eye(columns)])
    targets = np.concatenate([np.array(t, dtype=float), np.zeros(columns)])
    weights, *_ = np.linalg.lstsq(stacked, targets, rcond=None)
    return [float(w) for w in weights]


def predict_polynomial(weights: Sequence[float], x: Sequence[float]) -> list[float]:
    """係数 w₀, …, w_M の多項式の値。"""
    w = require_numbers(weights, "weights")
    if not w:
        raise ValueError("weights が空です")
    return [float(y) for y in polynomial_design(x, len(w) - 1) @ np.array(w)]


# --8<-- [end:fit]


# --8<-- [start:curves]
@dataclass(frozen=True)
class ErrorPoint:
    """1 つの設定（次数か罰則の強さ）での、訓練データと検証データの平均二乗誤差。"""

    setting: float
    train: float
    validation: float


def errors_of(
    train: Sample, validation: Sample, degree: int, penalty: float
) -> tuple[float, float]:
    """train で当てはめ、train と validation の平均二乗誤差を返す。"""
    x, t = checked_sample(validation, "validation")
    weights = fit_polynomial(train, degree, penalty)
    return (
        mean_squared_error(train.t, predict_polynomial(weights, train.x)),
        mean_squared_error(t, predict_polynomial(weights, x)),
    )


def degree_curve(train: Sample, validation: Sample, degrees: Sequence[int]) -> list[ErrorPoint]:
    """次数ごとの訓練誤差と検証誤差（罰則なし）。"""
    return [ErrorPoint(d, *errors_of(train, validation, d, 0.0)) for d in degrees]


def penalty_curve(
    train: Sample, validation: Sample, degree: int, log10_penalties: Sequence[float]
) -> list[ErrorPoint]:
    """次数を固定し、罰則の強さ λ = 10^k ごとの訓練誤差と検証誤差。"""
    return [
        ErrorPoint(k, *errors_of(train, validation, degree, 10.0 ** require_finite(k, "k")))
        for k in log10_penalties
    ]


def irreducible_error(sample: Sample) -> float:
    """本当の関数 sin(2πx) で予測したときの平均二乗誤差。どのモデルもこれより小さくはなりにくい。"""
    x, t = checked_sample(sample)
    return mean_squared_error(t, [true_curve(value) for value in x])


# --8<-- [end:curves]
