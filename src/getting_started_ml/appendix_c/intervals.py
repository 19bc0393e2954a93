# --8<-- [start:header]
"""付録 C: 1 つの正解率の幅（素朴な区間と Wilson の区間）と、その本当の被覆率。"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_open_probability,
    require_probability,
)

# --8<-- [end:header]


# --8<-- [start:interval]
@dataclass(frozen=True)
class Interval:
    """下端と上端。両端を含む。"""

    low: float
    high: float

    def contains(self, value: float) -> bool:
        """value が区間に入っているか。"""
        return self.low <= value <= self.high


# --8<-- [end:interval]


# --8<-- [start:wald-wilson]
def wald_interval(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """素朴な区間: 測った割合 ± z·√(p̂(1−p̂)/n)。端では 0 未満や 1 超えにもなる。"""
    share = _share(successes, n)
    half_width = z_value(confidence) * math.sqrt(share * (1 - share) / n)
    return Interval(share - half_width, share + half_width)


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """Wilson の区間: 中心を 1/2 の側へ寄せ、幅にも z²/(4n²) を足す。0 と 1 の外に出ない。"""
    share = _share(successes, n)
    z = z_value(confidence)
    denominator = 1 + z * z / n
    center = (share + z * z / (2 * n)) / denominator
    half_width = z / denominator * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    # 0 問と全問のときの端は数式の上ではちょうど 0 と 1。丸めの誤差を残さない。
    low = 0.0 if successes == 0 else max(0.0, center - half_width)
    high = 1.0 if successes == n else min(1.0, center + half_width)
    return Interval(low, high)


# --8<-- [end:wald-wilson]


# --8<-- [start:header-2]
METHODS = ("wald", "wilson")
_TAIL_CONFIDENCE = 0.999
"""confidence がこれを超えたら、z の値を下の裾の確率 (1 − confidence)/2 から求める。"""
MAX_BINOMIAL_N = 100_000
"""binomial_pmf が 1 つずつ数える件数の上限。これより大きいと 1 回に何秒もかかる。"""
# --8<-- [end:header-2]


# --8<-- [start:interval-2]
def z_value(confidence: float) -> float:
    """両側 confidence の区間に使う標準正規分布の分位点（0.95 なら 1.95996…）。"""
    require_open_probability(confidence, "confidence")
    if confidence > _TAIL_CONFIDENCE:
        # (1 + confidence)/2 は 1 の近くで丸められ、裾の確率が狂う（1 − 1e-16 では 1.0 になる）。
        # 1 − confidence は誤差なく引けるので、下の裾の分位点の符号を変える。
        return -NormalDist().inv_cdf((1 - confidence) / 2)
    return NormalDist().inv_cdf((1 + confidence) / 2)


# --8<-- [end:interval-2]


# --8<-- [start:required-size]
def required_size(half_width: float, p: float, z: float | None = None) -> int:
    """割合 p を ± half_width の幅で測るのに要る件数 z²·p(1−p)/half_width²（切り上げ）。

    z を省くと 95% の分位点 1.95996… を使う。資料の表は z = 1.96 に丸めて計算している。
    """
    width = require_finite(half_width, "half_width")
    share = require_open_probability(p, "p")
    if width <= 0:
        raise ValueError(f"half_width は正の数です（half_width={half_width}）")
    quantile = z_value(0.95) if z is None else require_finite(z, "z")
    if quantile == 0:
        return 0
    numerator = quantile * quantile * share * (1 - share)
    squared_width = width * width
    size = numerator / squared_width if squared_width else math.inf
    if min(numerator, squared_width, size) < sys.float_info.min or math.isinf(size):
        # 2 乗や積が下にあふれる（0 や桁の欠けた非正規数になる）か、件数が float に収まらない。
        # 分数で正確に割る。
        exact = Fraction(quantile) ** 2 * Fraction(share) * (1 - Fraction(share))
        return math.ceil(exact / Fraction(width) ** 2)
    return math.ceil(size)


# --8<-- [end:required-size]


# --8<-- [start:share]
def _share(successes: int, n: int) -> float:
    """正解数と件数を確かめて、割合にする。"""
    require_count(n, "n", minimum=1)
    require_count(successes, "successes")
    if successes > n:
        raise ValueError(f"successes は n 以下です（successes={successes}、n={n}）")
    return successes / n


# --8<-- [end:share]


# --8<-- [start:coverage]
def binomial_pmf(n: int, p: float) -> list[float]:
    """二項分布 Bin(n, p) の確率を k = 0, 1, …, n の順に並べる（対数で計算してあふれを防ぐ）。"""
    require_count(n, "n", minimum=1)
    if n > MAX_BINOMIAL_N:
        raise ValueError(
            f"n は {MAX_BINOMIAL_N:,} 以下です（確率を 1 つずつ数えるので、それより大きいと"
            f"時間がかかりすぎます。n={n:,}）"
        )
    require_probability(p, "p")
    if p in (0.0, 1.0):
        certain = 0 if p == 0.0 else n
        return [1.0 if k == certain else 0.0 for k in range(n + 1)]
    log_p, log_q = math.log(p), math.log1p(-p)
    return [math.exp(_log_comb(n, k) + k * log_p + (n - k) * log_q) for k in range(n + 1)]


def _log_comb(n: int, k: int) -> float:
    """log C(n, k)。"""
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def interval_coverage(p: float, n: int, method: str = "wald", confidence: float = 0.95) -> float:
    """本当の割合が p のとき、n 件で測って作った区間が p を含む確率（二項分布を全部数える）。"""
    if method not in METHODS:
        raise ValueError(f"method は {' か '.join(METHODS)} です（method={method!r}）")
    make = wald_interval if method == "wald" else wilson_interval
    probabilities = binomial_pmf(n, p)
    return math.fsum(
        probability
        for successes, probability in enumerate(probabilities)
        if make(successes, n, confidence).contains(p)
    )


# --8<-- [end:coverage]
