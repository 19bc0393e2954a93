# --8<-- [start:header]
"""付録 B: 回帰の損失を尤度として読む（二乗誤差は正規分布、絶対誤差はラプラス分布の雑音）。

外れ値の混ざった直線のデータに、二乗誤差の最小化（最小二乗法）と、絶対誤差の最小化
（2 点を通る直線をすべて試す）の 2 本の直線を当てはめて比べる。
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_numbers,
    require_same_length,
)
from getting_started_ml.java_random import JavaRandom

LINE_SEED = 3
OUTLIER_ROWS = (4, 11, 17)
OUTLIER_SHIFT = 5.0
MAX_LINE_ROWS = 500
"""least_absolute_line が受け付ける行の数の上限（2 点の組をすべて試すので、計算は行数の 3 乗）。"""

# --8<-- [end:header]


# --8<-- [start:likelihood]
def require_residuals(residuals: Sequence[float]) -> list[float]:
    """空でない有限の数の列。"""
    values = require_numbers(residuals, "residuals")
    if not values:
        raise ValueError("residuals が空です")
    return values


def require_scale(scale: float, name: str) -> float:
    """正の有限の数。"""
    value = require_finite(scale, name)
    if value <= 0:
        raise ValueError(f"{name} は正の数です（{name}={scale}）")
    return value


def gaussian_negative_log_likelihood(residuals: Sequence[float], sigma: float) -> float:
    """残差が平均 0、標準偏差 sigma の正規分布から出たときの負の対数尤度。

    n/2 log(2πσ²) + Σr² / (2σ²)。σ を決めれば、残りは二乗誤差の和に比例する。
    """
    r, s = require_residuals(residuals), require_scale(sigma, "sigma")
    return len(r) / 2 * math.log(2 * math.pi * s * s) + math.fsum(x * x for x in r) / (2 * s * s)


def laplace_negative_log_likelihood(residuals: Sequence[float], scale: float) -> float:
    """残差が位置 0、尺度 scale のラプラス分布から出たときの負の対数尤度。

    n log(2b) + Σ|r| / b。b を決めれば、残りは絶対誤差の和に比例する。
    """
    r, b = require_residuals(residuals), require_scale(scale, "scale")
    return len(r) * math.log(2 * b) + math.fsum(abs(x) for x in r) / b


# --8<-- [end:likelihood]


# --8<-- [start:lines]
@dataclass(frozen=True)
class Line:
    """直線 y = intercept + slope × x。"""

    intercept: float
    slope: float

    def predict(self, x: Sequence[float]) -> list[float]:
        """x での値。"""
        return [self.intercept + self.slope * v for v in require_numbers(x, "x")]


def line_design(x: Sequence[float], y: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """1 と x を列に並べた行列と、y の配列。2 行以上で、x は 2 種類以上の値をとる。"""
    xs, ys = require_numbers(x, "x"), require_numbers(y, "y")
    require_same_length(xs, ys, "x", "y")
    if len(set(xs)) < 2:
        raise ValueError(f"x は 2 種類以上の値が要ります（{len(set(xs))} 種類）")
    return np.column_stack([np.ones(len(xs)), np.array(xs)]), np.array(ys)


def least_squares_line(x: Sequence[float], y: Sequence[float]) -> Line:
    """二乗誤差の和を最小にする直線（正規分布の雑音を仮定した最尤推定）。"""
    design, target = line_design(x, y)
    # 列の大きさが桁違い（x が 1e100 など）だと、lstsq は小さい列を誤差とみなして切り捨てる。
    # 各列を、最大の絶対値が 1 以上 2 未満になる 2 のべき乗で割ってから解き、係数を戻す。
    shifts = 1 - np.frexp(np.abs(design).max(axis=0))[1]
    (intercept, slope), *_ = np.linalg.lstsq(np.ldexp(design, shifts), target, rcond=None)
    return Line(float(np.ldexp(intercept, shifts[0])), float(np.ldexp(slope, shifts[1])))


def least_absolute_line(x: Sequence[float], y: Sequence[float]) -> Line:
    """絶対誤差の和を最小にする直線（ラプラス分布の雑音を仮定した最尤推定）。

    絶対誤差の和を最小にする直線の中には、必ずデータの 2 点を通るものがある（線形計画の頂点）。
    そこで、x の違う 2 点を通る直線をすべて試し、絶対誤差の和が最小のものを選ぶ。
    """
    design, target = line_design(x, y)
    xs = design[:, 1]
    if len(xs) > MAX_LINE_ROWS:
        raise ValueError(f"x と y は {MAX_LINE_ROWS} 行以下です（{len(xs)} 行）")
    best, best_loss = Line(0.0, 0.0), math.inf
    for i in range(len(xs)):
        run = xs - xs[i]
        usable = run != 0
        slopes = (target[usable] - target[i]) / run[usable]
        intercepts = target[i] - slopes * xs[i]
        losses = np.abs(target[None, :] - intercepts[:, None] - slopes[:, None] * xs[None, :]).sum(
            axis=1
        )
        k = int(np.argmin(losses))
        if losses[k] < best_loss:
            best, best_loss = Line(float(intercepts[k]), float(slopes[k])), float(losses[k])
    return best


def line_with_outliers(
    n_points: int = 20, seed: int = LINE_SEED
) -> tuple[list[float], list[float]]:
    """y = 1 + 2x に標準偏差 0.1 の雑音を足し、OUTLIER_ROWS の行だけ OUTLIER_SHIFT 上にずらす。"""
    n = require_count(n_points, "n_points", minimum=2)
    if n > MAX_LINE_ROWS:
        raise ValueError(f"n_points は {MAX_LINE_ROWS} 以下です（n_points={n}）")
    random = JavaRandom(seed)
    x = [i / (n - 1) for i in range(n)]
    y = [1 + 2 * v + 0.1 * random.next_gaussian() for v in x]
    for row in OUTLIER_ROWS:
        if row < n:
            y[row] += OUTLIER_SHIFT
    return x, y


# --8<-- [end:lines]
