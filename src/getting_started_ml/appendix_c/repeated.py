# --8<-- [start:header]
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
_UPPER_TAIL = 0.999
"""q がこれを超えたら、t_quantile は下の裾の 1 − q から求める。"""
_HUGE_T = 1e100
"""|t| が √df のこれ倍を超えたら、t 分布の裾を級数の初項で求める（t² があふれるため）。"""
_STIRLING_MINIMUM = 15.0
"""a と b がどちらもこれ以上なら、因子の対数を Stirling の式で求める（_log_front）。"""
_ONE_SIDED_MINIMUM = 1e4
"""片方だけが大きいときは、これ以上で lgamma(a + b) − lgamma(大きいほう) を Stirling の式で求める。
これ未満なら lgamma の差で失う桁は 1e-11 ほどで、本文の数（自由度 49 の t 区間）は前と
同じになる。"""
# --8<-- [end:header]


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
    a = df / 2
    if abs(t) > math.sqrt(df) * _HUGE_T:
        # t² があふれる（x が 0 に下にあふれる）ところ。裾は級数の初項 x^a / (a·B(a, 1/2)) で、
        # x < 1e-200 なら残りの項は無視できる。log x は t から直接求める。
        log_x = math.log(df) - 2 * math.log(abs(t))
        log_beta = math.lgamma(a) + math.lgamma(0.5) - math.lgamma(a + 0.5)
        tail = 0.5 * math.exp(a * log_x - math.log(a) - log_beta)
        return 1 - tail if t > 0 else tail
    x = df / (df + t * t)
    if x < (a + 1) / (a + 2.5):
        tail = 0.5 * regularized_incomplete_beta(x, a, 0.5)
        return 1 - tail if t > 0 else tail
    # t が 0 に近いところ。1 − x を丸めた x から引くと桁を失うので、t² / (df + t²) を直接使う。
    center = 0.5 * regularized_incomplete_beta(t * t / (df + t * t), 0.5, a)
    return 0.5 + center if t > 0 else 0.5 - center


def t_quantile(q: float, df: int) -> float:
    """t_cdf(t, df) = q となる t を二分法で求める（0 < q < 1）。"""
    require_open_probability(q, "q")
    require_count(df, "df", minimum=1)
    if q > _UPPER_TAIL:
        # t_cdf は 1 の近くでは 1 − 裾 を丸めた値しか返せず、裾の桁が足りない。
        # 1 − q は誤差なく引けるので、t 分布の対称性から下の裾の分位点の符号を変える。
        return -_bisect_quantile(1 - q, df)
    return _bisect_quantile(q, df)


def _bisect_quantile(q: float, df: int) -> float:
    """t_cdf(t, df) = q となる t の二分法。"""
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
    log_front = _log_front(x, a, b)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_continued_fraction(x, a, b) / a
    return 1 - math.exp(log_front) * _beta_continued_fraction(1 - x, b, a) / b


def _log_front(x: float, a: float, b: float) -> float:
    """log(x^a (1 − x)^b / B(a, b))。連分数に掛ける前の因子の対数。

    a と b がどちらも大きいと、lgamma の差は大きな数どうしの引き算で桁を失う（a = b = 10^12 で
    0.3% ずれた）。そこでは Stirling の式で書き直し、打ち消し合う項を先に消してから足す。
    """
    if min(a, b) < _STIRLING_MINIMUM and max(a, b) < _ONE_SIDED_MINIMUM:
        return (
            math.lgamma(a + b)
            - math.lgamma(a)
            - math.lgamma(b)
            + a * math.log(x)
            + b * math.log1p(-x)
        )
    if min(a, b) < _STIRLING_MINIMUM:
        return (
            _log_gamma_ratio(max(a, b), min(a, b))
            - math.lgamma(min(a, b))
            + (a * math.log(x) + b * math.log1p(-x))
        )
    total = a + b
    center = a / total
    # a·log(x/center) + b·log((1 − x)/(1 − center)) の 1 次の項は打ち消し合って 0 になる。
    core = a * _log_minus(x / center) + b * _log_minus((1 - x) / (1 - center))
    return (
        core
        + 0.5 * math.log(center * b)
        - 0.5 * math.log(2 * math.pi)
        + _stirling_correction(total)
        - _stirling_correction(a)
        - _stirling_correction(b)
    )


def _log_gamma_ratio(large: float, small: float) -> float:
    """lgamma(large + small) − lgamma(large) を、大きな数どうしを引かずに Stirling の式で求める。"""
    return (
        (large - 0.5) * math.log1p(small / large)
        + small * math.log(large + small)
        - small
        + _stirling_correction(large + small)
        - _stirling_correction(large)
    )


def _log_minus(ratio: float) -> float:
    """log(ratio) − (ratio − 1)。ratio が 1 に近いときは級数で足し、引き算で桁を失わない。"""
    u = ratio - 1
    if abs(u) > 0.1:
        return math.log(ratio) - u
    power, total = u, 0.0
    for k in range(2, 60):
        power *= -u
        total += power / k
        if abs(power / k) <= 1e-17 * abs(total):
            break
    return total


def _stirling_correction(z: float) -> float:
    """lgamma(z) − ((z − 1/2) log z − z + log(2π)/2)。z ≥ _STIRLING_MINIMUM で 1e-16 まで正しい。"""
    w = 1 / (z * z)
    return (1 / 12 + w * (-1 / 360 + w * (1 / 1260 + w * (-1 / 1680 + w / 1188)))) / z


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
