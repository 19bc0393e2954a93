"""付録 C: 1 つの正解率の幅。"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Interval:
    """下端と上端。両端を含む。"""

    low: float
    high: float


def wald_interval(successes: int, n: int) -> Interval:
    """素朴な区間: 測った割合 ± 1.96·√(p̂(1−p̂)/n)。"""
    share = successes / n
    half_width = 1.96 * math.sqrt(share * (1 - share) / n)
    return Interval(share - half_width, share + half_width)


def wilson_interval(successes: int, n: int) -> Interval:
    """Wilson の区間: 中心を 1/2 の側へ寄せ、幅にも z²/(4n²) を足す。"""
    share = successes / n
    z = 1.96
    denominator = 1 + z * z / n
    center = (share + z * z / (2 * n)) / denominator
    half_width = z / denominator * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return Interval(center - half_width, center + half_width)
