# --8<-- [start:header]
"""java.util.Random と Collections.shuffle を Python に移したもの。

Java・Scala・Clojure・Elixir の各版は、分割・交差検証・ブートストラップのすべてを
この乱数で行う。同じ種から同じ並びを作れば、どの版とも同じ行が選ばれ、同じ数値が出る。
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

# --8<-- [end:header]

# --8<-- [start:constants]
MULTIPLIER = 0x5DEECE66D
ADDEND = 0xB
MASK = (1 << 48) - 1

_INT_BITS = 32
_LONG_BITS = 64
INT_MAX = (1 << 31) - 1
"""Java の int の最大値。next_int の上限と、並べ替える件数はこれを超えられない。"""
# --8<-- [end:constants]


# --8<-- [start:java-int]
def require_int(value: object, name: str) -> int:
    """value が整数（真偽値は除く）でなければ、引数の名前と型を書いた TypeError を投げる。"""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} は整数です（{type(value).__name__} が渡されました）")
    return value


def _to_signed(value: int, bits: int) -> int:
    """下位 bits ビットを、Java の符号付き整数として読み直す。"""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


# --8<-- [end:java-int]


# --8<-- [start:java-random]
class JavaRandom:
    """java.util.Random と同じ列を返す線形合同法の乱数。"""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"種は整数です（seed に {type(seed).__name__} が渡されました）")
        self._state = (_to_signed(seed, _LONG_BITS) ^ MULTIPLIER) & MASK
        self._next_gaussian: float | None = None

    def next_bits(self, bits: int) -> int:
        """状態を 1 つ進め、上位 bits ビットを Java の int として返す。"""
        require_int(bits, "bits")
        if not 1 <= bits <= _INT_BITS:
            raise ValueError(f"bits は 1 以上 32 以下です（bits={bits}）")
        self._state = (self._state * MULTIPLIER + ADDEND) & MASK
        return _to_signed(self._state >> (48 - bits), _INT_BITS)

    def next_int(self, bound: int | None = None) -> int:
        """bound が無ければ符号付き 32 ビット整数、あれば 0 以上 bound 未満の整数を返す。"""
        if bound is None:
            return self.next_bits(32)
        require_int(bound, "bound")
        if not 1 <= bound <= INT_MAX:
            # Java の上限は int。範囲の外を受け付けると、下の引き直しが終わらないことがある。
            raise ValueError(f"bound は 1 以上 {INT_MAX} 以下です（bound={bound}）")
        if bound & (bound - 1) == 0:
            # 2 のべき乗は上位ビットを使う。r % bound にすると Java と違う値になる。
            return (bound * self.next_bits(31)) >> 31
        candidate = self.next_bits(31)
        remainder = candidate % bound
        while candidate - remainder + (bound - 1) >= 1 << 31:
            # Java では int のあふれで負になる場合。偏りを避けるために引き直す。
            candidate = self.next_bits(31)
            remainder = candidate % bound
        return remainder

    # --8<-- [end:java-random]

    # --8<-- [start:other-draws]
    def next_long(self) -> int:
        """符号付き 64 ビット整数を返す。"""
        high = self.next_bits(32)
        low = self.next_bits(32)
        return _to_signed((high << 32) + low, _LONG_BITS)

    def next_boolean(self) -> bool:
        """真偽値を返す。"""
        return self.next_bits(1) != 0

    def next_double(self) -> float:
        """0 以上 1 未満の浮動小数を、53 ビットの整数から作って返す。"""
        return ((self.next_bits(26) << 27) + self.next_bits(27)) * 2.0**-53

    def next_gaussian(self) -> float:
        """平均 0、標準偏差 1 の正規乱数を極座標法（Marsaglia）で返す。2 つ目は取っておく。"""
        if self._next_gaussian is not None:
            cached, self._next_gaussian = self._next_gaussian, None
            return cached
        while True:
            v1 = 2 * self.next_double() - 1
            v2 = 2 * self.next_double() - 1
            s = v1 * v1 + v2 * v2
            if 0 < s < 1:
                break
        multiplier = math.sqrt(-2 * math.log(s) / s)
        self._next_gaussian = v2 * multiplier
        return v1 * multiplier

    # --8<-- [end:other-draws]


# --8<-- [start:shuffle]
def shuffle(items: Sequence[T], seed_or_random: int | JavaRandom) -> list[T]:
    """Collections.shuffle(list, new Random(seed)) と同じ順に並べた新しいリストを返す。

    JavaRandom を渡せば、その乱数を続けて使う（1 つの乱数から何度も引く章のため）。
    """
    if isinstance(seed_or_random, bool) or not isinstance(seed_or_random, int | JavaRandom):
        raise TypeError(
            f"種は int か JavaRandom です（seed_or_random に {type(seed_or_random).__name__}）"
        )
    random = (
        seed_or_random if isinstance(seed_or_random, JavaRandom) else JavaRandom(seed_or_random)
    )
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = random.next_int(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def shuffled_positions(n: int, seed: int) -> list[int]:
    """0 から n-1 までの位置を、種 seed で並べ替えて返す。"""
    require_int(n, "n")
    require_int(seed, "seed")
    if not 0 <= n <= INT_MAX:
        raise ValueError(f"件数は 0 以上 {INT_MAX} 以下です（n={n}）")
    return shuffle(range(n), seed)


# --8<-- [end:shuffle]
