# --8<-- [start:header]
"""付録 B: 二乗誤差の期待値をバイアス²・バリアンス・雑音に分ける（何組もの訓練データで実測する）。

同じ位置 x に、雑音だけを引き直した訓練データを n_sets 組作り、組ごとに多項式を当てはめる。
テストの位置ごとに予測の平均と散らばりを求め、位置について平均する。
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from getting_started_ml.appendix_b.generalization import (
    NOISE_SD,
    Sample,
    fit_polynomial,
    predict_polynomial,
    require_degree,
    true_curve,
)
from getting_started_ml.checks import require_count, require_finite
from getting_started_ml.java_random import JavaRandom

N_SETS = 100
N_POINTS = 25
TEST_POINTS = tuple((j + 0.5) / 20 for j in range(20))
"""テストの位置: 0〜1 を 20 等分した区間の中央。"""
MAX_SETS = 2000
MAX_TOTAL_POINTS = 10_000

# --8<-- [end:header]


# --8<-- [start:decomposition]
@dataclass(frozen=True)
class Decomposition:
    """テストの位置について平均した、二乗誤差の期待値の内訳と、実測した期待値。"""

    bias_squared: float
    variance: float
    noise: float
    expected_error: float
    standard_error: float
    """expected_error の標準誤差（組と位置ごとの二乗誤差の散らばりから）。"""

    @property
    def total(self) -> float:
        """バイアス² + バリアンス + 雑音。"""
        return self.bias_squared + self.variance + self.noise


def check_design(degree: int, penalty: float, n_sets: int, n_points: int) -> tuple[int, int]:
    """次数・罰則・組の数・点の数を確かめ、(組の数, 点の数) を返す。"""
    require_degree(degree)
    if require_finite(penalty, "penalty") < 0:
        raise ValueError(f"penalty は 0 以上です（penalty={penalty}）")
    sets = require_count(n_sets, "n_sets", minimum=2)
    if sets > MAX_SETS:
        raise ValueError(f"n_sets は {MAX_SETS} 以下です（n_sets={sets}）")
    points = require_count(n_points, "n_points", minimum=2)
    if sets * points > MAX_TOTAL_POINTS:
        raise ValueError(f"n_sets × n_points は {MAX_TOTAL_POINTS} 以下です（{sets} × {points}）")
    return sets, points


def predictions_by_set(
    degree: int, penalty: float, n_sets: int, n_points: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """n_sets 組の訓練データで当てはめた予測（組 × テストの位置）と、同じ形の新しい正解。"""
    sets, points = check_design(degree, penalty, n_sets, n_points)
    random = JavaRandom(seed)
    x = [i / (points - 1) for i in range(points)]
    predictions, fresh = [], []
    for _ in range(sets):
        t = [true_curve(v) + NOISE_SD * random.next_gaussian() for v in x]
        weights = fit_polynomial(Sample(x, t), degree, penalty)
        predictions.append(predict_polynomial(weights, TEST_POINTS))
        fresh.append([true_curve(v) + NOISE_SD * random.next_gaussian() for v in TEST_POINTS])
    return np.array(predictions), np.array(fresh)


def decompose(
    degree: int,
    penalty: float = 0.0,
    n_sets: int = N_SETS,
    n_points: int = N_POINTS,
    seed: int = 0,
) -> Decomposition:
    """次数 degree（罰則 penalty）の多項式の、バイアス²・バリアンス・雑音と実測の期待値。"""
    predictions, fresh = predictions_by_set(degree, penalty, n_sets, n_points, seed)
    truth = np.array([true_curve(v) for v in TEST_POINTS])
    mean_prediction = predictions.mean(axis=0)
    squared_errors = (fresh - predictions) ** 2
    return Decomposition(
        bias_squared=float(np.mean((mean_prediction - truth) ** 2)),
        variance=float(np.mean((predictions - mean_prediction) ** 2)),
        noise=NOISE_SD**2,
        expected_error=float(squared_errors.mean()),
        standard_error=float(squared_errors.std() / math.sqrt(squared_errors.size)),
    )


# --8<-- [end:decomposition]
