# --8<-- [start:header]
"""付録 C: 実力の同じ候補を k 個測って最良を選ぶと、選んだだけで点が上がる（選択の偏り）。"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from itertools import accumulate
from statistics import NormalDist

import numpy as np

from getting_started_ml.appendix_c.intervals import binomial_pmf
from getting_started_ml.appendix_c.java_stream import java_doubles
from getting_started_ml.checks import require_count, require_open_probability
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:exact]
@dataclass(frozen=True)
class BestOfK:
    """k 個の中から最良を選んだときの、選んだ版の点とその読み違い。"""

    k: int
    best_score: float  # 選んだ版の点の平均
    remeasured: float  # 選んだ版を別の問題で測り直した点の平均
    significant_share: float  # 選んだ版が「p より有意に高い」と出る割合


def significance_threshold(n_questions: int, p: float, confidence: float = 0.95) -> int:
    """正解数がこれ以上なら、片側で (1 − confidence)/2 の水準で「p より高い」と判定する。"""
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    cutoff = n_questions * p + z * math.sqrt(n_questions * p * (1 - p))
    return math.floor(cutoff) + 1


def best_of_k_exact(k: int, n_questions: int, p: float) -> BestOfK:
    """二項分布から正確に求める。最良の正解数が j 以下である確率は F(j)^k。"""
    require_count(k, "k", minimum=1)
    require_count(n_questions, "n_questions", minimum=1)
    require_open_probability(p, "p")
    cdf = list(accumulate(binomial_pmf(n_questions, p)))
    below = [0.0, *cdf[:-1]]
    best_score = math.fsum(
        j / n_questions * (cdf[j] ** k - below[j] ** k) for j in range(n_questions + 1)
    )
    threshold = significance_threshold(n_questions, p)
    # しきい値が問題数を超えれば、どの候補も有意にならない。足し合わせた累積確率は丸めで 1 に
    # 届かないことも、わずかに超えることもある。そのままでは ±1e-12 ほどの割合が残るので 1 で抑える
    not_significant = min(1.0, cdf[threshold - 1]) if threshold <= n_questions else 1.0
    return BestOfK(k, best_score, p, 1 - not_significant**k)


# --8<-- [end:exact]


# --8<-- [start:simulate]
def best_of_k_simulated_reference(
    k: int, n_questions: int, p: float, n_trials: int, seed: int
) -> BestOfK:
    """k 個の候補の正解数を引き、最良を選び、別の問題で測り直す、を n_trials 回繰り返す。

    正解数は Bin(n_questions, p) の累積確率を nextDouble() 1 回で逆にたどって引く。
    """
    require_count(k, "k", minimum=1)
    require_count(n_questions, "n_questions", minimum=1)
    require_open_probability(p, "p")
    require_count(n_trials, "n_trials", minimum=1)
    cdf = list(accumulate(binomial_pmf(n_questions, p)))
    random = JavaRandom(seed)

    def draw() -> int:
        return min(bisect.bisect_right(cdf, random.next_double()), n_questions)

    threshold = significance_threshold(n_questions, p)
    best_total = remeasured_total = 0
    significant = 0
    for _ in range(n_trials):
        best = max(draw() for _ in range(k))
        best_total += best
        remeasured_total += draw()
        significant += best >= threshold
    scale = n_trials * n_questions
    return BestOfK(k, best_total / scale, remeasured_total / scale, significant / n_trials)


def best_of_k_simulated(k: int, n_questions: int, p: float, n_trials: int, seed: int) -> BestOfK:
    """best_of_k_simulated_reference と同じ乱数の列を numpy でまとめて引き、同じ結果を返す。"""
    require_count(k, "k", minimum=1)
    require_count(n_questions, "n_questions", minimum=1)
    require_open_probability(p, "p")
    require_count(n_trials, "n_trials", minimum=1)
    cdf = np.array(list(accumulate(binomial_pmf(n_questions, p))))
    uniforms = java_doubles(seed, n_trials * (k + 1)).reshape(n_trials, k + 1)
    counts = np.minimum(np.searchsorted(cdf, uniforms, side="right"), n_questions)
    best = counts[:, :k].max(axis=1)
    threshold = significance_threshold(n_questions, p)
    scale = n_trials * n_questions
    return BestOfK(
        k,
        int(best.sum()) / scale,
        int(counts[:, k].sum()) / scale,
        int((best >= threshold).sum()) / n_trials,
    )


# --8<-- [end:simulate]
