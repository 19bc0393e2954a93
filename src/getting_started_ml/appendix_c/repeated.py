"""付録 C: 何回か繰り返した実行の差に、Student の t 分布で区間をつける。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_number,
    require_numbers,
    require_open_probability,
)

MAX_TERMS = 100_000
"""不完全ベータ関数の連分数で足す項の上限。a, b が大きいと約 √max(a, b) 項かかる。"""


# --8<-- [start:t-interval]
@dataclass(frozen=True)
class PairedInterval:
    """対にした差の平均、標本標準偏差（n − 1 で割る）と、平均の区間。"""

    mean: float
    sd: float
    low: float
    high: float
    df: int


def paired_t_interval(differences: Sequence[float], confidence: float = 0.95) -> PairedInterval:
    """差 d_i = B_i − A_i の平均に、自由度 n − 1 の t 分布で区間をつける。"""
    values = require_numbers(differences, "differences")
    if len(values) < 2:
        raise ValueError(f"differences は 2 件以上要ります（{len(values)} 件）")
    n = len(values)
    mean, sd = _mean_and_sd(values)
    half_width = t_quantile((1 + require_open_probability(confidence, "confidence")) / 2, n - 1)
    half_width *= sd / math.sqrt(n)
    low, high = mean - half_width, mean + half_width
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError(
            f"differences の散らばりが大きすぎ、区間が float に収まりません（sd={sd}）"
        )
    return PairedInterval(mean, sd, low, high, n - 1)


def _mean_and_sd(values: Sequence[float]) -> tuple[float, float]:
    """平均と標本標準偏差。2 の累乗で割って 1 未満にそろえてから計算し、あふれを避ける。

    2 の累乗で割るのは誤差を生まないので、ふつうの大きさの値では割らずに求めた値と同じになる。
    """
    exponent = math.frexp(max(abs(value) for value in values))[1]
    scaled = [math.ldexp(value, -exponent) for value in values]
    mean = math.fsum(scaled) / len(scaled)
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in scaled) / (len(scaled) - 1))
    if math.frexp(sd)[1] + exponent > 1024:
        return math.ldexp(mean, exponent), math.inf  # 標準偏差が float の最大値を超える
    return math.ldexp(mean, exponent), math.ldexp(sd, exponent)


def corrected_resampled_t_interval(
    differences: Sequence[float], test_to_train: float, confidence: float = 0.95
) -> PairedInterval:
    """同じデータを何度も分け直した差の区間。分け方どうしの重なりの分だけ分散を広げる。

    交差検証を繰り返した J 個の差は、訓練データを共有するので独立ではない。Nadeau と Bengio
    （2003）の補正では、分散に 1/J ではなく 1/J + n_test/n_train を掛ける。
    """
    plain = paired_t_interval(differences, confidence)
    ratio = require_finite(test_to_train, "test_to_train")
    if ratio <= 0:
        raise ValueError(f"test_to_train は正の数です（test_to_train={test_to_train}）")
    n = plain.df + 1
    widening = math.sqrt((1 / n + ratio) / (1 / n))
    half_width = (plain.high - plain.mean) * widening
    low, high = plain.mean - half_width, plain.mean + half_width
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError(
            f"test_to_train が大きすぎ、区間が float に収まりません（{test_to_train}）"
        )
    return PairedInterval(plain.mean, plain.sd, low, high, plain.df)


# --8<-- [end:t-interval]


# --8<-- [start:t-distribution]
def t_cdf(t: float, df: int) -> float:
    """自由度 df の t 分布の累積分布関数。正則化不完全ベータ関数で求める。"""
    t = require_number(t, "t")
    require_count(df, "df", minimum=1)
    x = df / (df + t * t)
    tail = 0.5 * regularized_incomplete_beta(x, df / 2, 0.5)
    return 1 - tail if t > 0 else tail


def t_quantile(q: float, df: int) -> float:
    """t_cdf(t, df) = q となる t を二分法で求める（0 < q < 1）。"""
    require_open_probability(q, "q")
    require_count(df, "df", minimum=1)
    if q == 0.5:
        return 0.0
    low, high = -1.0, 1.0
    while t_cdf(low, df) > q:
        low *= 2
    while t_cdf(high, df) < q:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if t_cdf(middle, df) < q:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def regularized_incomplete_beta(x: float, a: float, b: float) -> float:
    """I_x(a, b)。連分数を Lentz の方法で評価する（Numerical Recipes の betacf と同じ考え方）。"""
    if math.isnan(x) or not (a > 0 and b > 0):
        raise ValueError(f"x は NaN でない数、a と b は正の数です（x={x}、a={a}、b={b}）")
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_continued_fraction(x, a, b) / a
    return 1 - math.exp(log_front) * _beta_continued_fraction(1 - x, b, a) / b


def _beta_continued_fraction(x: float, a: float, b: float) -> float:
    """不完全ベータ関数の連分数。相対的な変化が 1e-15 を下回るまで項を足す。"""
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, MAX_TERMS):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            return result
    raise ArithmeticError(f"不完全ベータ関数の連分数が {MAX_TERMS} 項で収束しませんでした")


# --8<-- [end:t-distribution]
