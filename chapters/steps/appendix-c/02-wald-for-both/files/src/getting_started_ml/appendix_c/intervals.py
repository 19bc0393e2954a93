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
    """まだ素朴な区間と同じ。"""
    return wald_interval(successes, n)
