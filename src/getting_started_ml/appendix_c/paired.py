# --8<-- [start:header]
"""付録 C: 2 つのモデルを同じ問題で比べる（食い違い、McNemar の正確検定、符号の入れ替え）。"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from getting_started_ml.appendix_c.java_stream import java_booleans
from getting_started_ml.appendix_c.repeated import regularized_incomplete_beta
from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_open_probability,
    require_same_length,
)
from getting_started_ml.java_random import JavaRandom

EXACT_SUM_LIMIT = 2000
"""McNemar の検定で、二項係数を整数のまま足す食い違いの数の上限。"""

MAX_DISCORDANT = 10_000_000
"""McNemar の検定で受け付ける食い違いの数の上限（連分数が速く収束する範囲）。"""

MAX_COINS = 50_000_000
"""符号の入れ替えで投げる硬貨（食い違いの数 × 回数）の上限。メモリを使い切らないように。"""
# --8<-- [end:header]


# --8<-- [start:z-tests]
@dataclass(frozen=True)
class DifferenceTest:
    """正解率の差の標準誤差、z、両側 p 値。"""

    standard_error: float
    z: float
    p_value: float


def separate_difference(correct_a: int, correct_b: int, n: int) -> DifferenceTest:
    """A と B を別々の問題で測ったものとして、正解率の差を比べる（分散を足す）。"""
    share_a, share_b = _shares(correct_a, correct_b, n)
    error = math.sqrt(share_a * (1 - share_a) / n + share_b * (1 - share_b) / n)
    return _z_test(share_b - share_a, error)


def paired_difference(only_a: int, only_b: int, n: int) -> DifferenceTest:
    """同じ n 問で比べる。1 問ごとの差（+1, 0, −1）の標本分散（n − 1 で割る）から標準誤差を出す。"""
    require_count(only_a, "only_a")
    require_count(only_b, "only_b")
    require_count(n, "n", minimum=2)
    if only_a + only_b > n:
        raise ValueError(f"only_a + only_b は n 以下です（{only_a} + {only_b} > {n}）")
    mean = (only_b - only_a) / n
    variance = ((only_a + only_b) - n * mean * mean) / (n - 1)
    return _z_test(mean, math.sqrt(variance / n))


def _shares(correct_a: int, correct_b: int, n: int) -> tuple[float, float]:
    require_count(n, "n", minimum=1)
    for name, value in (("correct_a", correct_a), ("correct_b", correct_b)):
        if require_count(value, name) > n:
            raise ValueError(f"{name} は n 以下です（{name}={value}、n={n}）")
    return correct_a / n, correct_b / n


def _z_test(difference: float, error: float) -> DifferenceTest:
    """差を標準誤差で割った z と、標準正規分布の両側 p 値。誤差が 0 なら z は決まらない。"""
    if error == 0:
        raise ValueError(
            "標準誤差が 0 なので z が決まりません"
            "（1 問ごとの差がすべて同じです。食い違いが 1 問もないか、すべて同じ側にあります）"
        )
    z = difference / error
    return DifferenceTest(error, z, 2 * (1 - NormalDist().cdf(abs(z))))


# --8<-- [end:z-tests]


# --8<-- [start:discordance]
@dataclass(frozen=True)
class Discordance:
    """同じ問題に対する 2 つのモデルの正誤を 4 つに数えたもの。"""

    both: int  # 両方とも正解
    only_a: int  # A だけ正解（McNemar の b）
    only_b: int  # B だけ正解（McNemar の c）
    neither: int  # 両方とも不正解


def discordance(
    actual: Sequence[Hashable], predicted_a: Sequence[Hashable], predicted_b: Sequence[Hashable]
) -> Discordance:
    """正解と 2 つの予測を 1 問ずつ突き合わせて、正誤の組み合わせを数える。"""
    require_same_length(actual, predicted_a, "正解", "A の予測")
    require_same_length(actual, predicted_b, "正解", "B の予測")
    if not actual:
        raise ValueError("正解が 1 件もないので比べられません")
    counts = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
    for truth, a, b in zip(actual, predicted_a, predicted_b, strict=True):
        counts[(a == truth, b == truth)] += 1
    return Discordance(
        counts[(True, True)], counts[(True, False)], counts[(False, True)], counts[(False, False)]
    )


# --8<-- [end:discordance]


# --8<-- [start:mcnemar]
def mcnemar_exact(b: int, c: int) -> float:
    """McNemar の正確検定の両側 p 値。

    食い違った b + c 問の振り分けが表裏の出方と同じ Bin(b + c, 1/2) だとして、
    実測より偏る（または同じだけ偏る）確率を、両側の分を足して求める。
    """
    require_count(b, "b")
    require_count(c, "c")
    n = b + c
    if n == 0:
        return 1.0
    if n > MAX_DISCORDANT:
        raise ValueError(f"b + c は {MAX_DISCORDANT} 以下です（b={b}、c={c}）")
    smaller = min(b, c)
    if n > EXACT_SUM_LIMIT:
        # 整数で足すと遅すぎる数。P(X ≤ k) = I_{1/2}(n − k, k + 1) を連分数で求める。
        return min(1.0, 2.0 * regularized_incomplete_beta(0.5, n - smaller, smaller + 1))
    tail = sum(math.comb(n, k) for k in range(smaller + 1))
    return min(1.0, 2 * tail / (1 << n))


# --8<-- [end:mcnemar]


# --8<-- [start:sign-flip]
def sign_flip_test_reference(b: int, c: int, n_resamples: int, seed: int) -> float:
    """符号の入れ替えによる並べ替え検定を、1 問ずつ硬貨を投げて書いたもの（速度は遅い）。

    食い違った b + c 問のそれぞれで「どちらのモデルが勝ったか」を表裏で決め直し、
    |勝ち数の差| が実測の |b − c| 以上になった割合を p 値とする。
    """
    n, observed = _sign_flip_arguments(b, c, n_resamples)
    random = JavaRandom(seed)
    extreme = 0
    for _ in range(n_resamples):
        wins_a = sum(random.next_boolean() for _ in range(n))
        if abs(2 * wins_a - n) >= observed:
            extreme += 1
    return extreme / n_resamples


def sign_flip_test(b: int, c: int, n_resamples: int, seed: int) -> float:
    """sign_flip_test_reference と同じ硬貨の列を numpy でまとめて作り、同じ p 値を返す。"""
    n, observed = _sign_flip_arguments(b, c, n_resamples)
    coins = java_booleans(seed, n * n_resamples).reshape(n_resamples, n)
    wins_a = coins.sum(axis=1, dtype="int64")
    extreme = int((abs(2 * wins_a - n) >= observed).sum())
    return extreme / n_resamples


# --8<-- [end:sign-flip]


# --8<-- [start:sign-flip-arguments]
def _sign_flip_arguments(b: int, c: int, n_resamples: int) -> tuple[int, int]:
    """引数を確かめ、食い違いの数と実測の |b − c| を返す。"""
    require_count(b, "b")
    require_count(c, "c")
    require_count(n_resamples, "n_resamples", minimum=1)
    if b + c == 0:
        raise ValueError("b と c がどちらも 0 なので、入れ替える食い違いがありません")
    if (b + c) * n_resamples > MAX_COINS:
        raise ValueError(
            f"(b + c) × n_resamples が上限 {MAX_COINS} を超えます"
            f"（b + c = {b + c}、n_resamples = {n_resamples}）"
        )
    return b + c, abs(b - c)


# --8<-- [end:sign-flip-arguments]


# --8<-- [start:required-pairs]
def required_pairs(r: float, d: float, power: float | None = None, confidence: float = 0.95) -> int:
    """食い違い率 r のとき、差 d を見分けるのに要る問題数（対にして比べる場合）。

    power を省くと z の期待値がちょうど両側の分位点になる数（見分けられる確率は約半分）。
    power を渡すと、その確率で見分けられる数（分位点に power の分位点を足す）。
    """
    discordant = require_open_probability(r, "r")
    difference = require_finite(d, "d")
    if not 0.0 < abs(difference) <= discordant:
        raise ValueError(f"d は 0 でなく、絶対値が r 以下です（d={d}、r={r}）")
    z = NormalDist().inv_cdf((1 + require_open_probability(confidence, "confidence")) / 2)
    if power is not None:
        z += NormalDist().inv_cdf(require_open_probability(power, "power"))
    if abs(difference) < 1e-150:
        # d² が float の下にあふれる（0 や桁の欠けた非正規数になる）ので、分数で正確に割る
        return math.ceil(Fraction(z * z * discordant) / Fraction(difference) ** 2)
    return math.ceil(z * z * discordant / (difference * difference))


# --8<-- [end:required-pairs]
