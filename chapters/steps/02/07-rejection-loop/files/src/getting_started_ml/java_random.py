"""java.util.Random と Collections.shuffle を Python に移したもの。"""

from __future__ import annotations

from collections.abc import Sequence

MULTIPLIER = 0x5DEECE66D
ADDEND = 0xB
MASK = (1 << 48) - 1


class JavaRandom:
    """java.util.Random と同じ列を返す線形合同法の乱数。"""

    def __init__(self, seed: int) -> None:
        self._state = (seed ^ MULTIPLIER) & MASK

    def next_bits(self, bits: int) -> int:
        """状態を 1 つ進め、上位 bits ビットを返す（bits は 31 まで）。"""
        self._state = (self._state * MULTIPLIER + ADDEND) & MASK
        return self._state >> (48 - bits)

    # --8<-- [start:next-int]
    def next_int(self, bound: int) -> int:
        """0 以上 bound 未満の整数を返す。2 のべき乗は上位ビットを使い、偏る値は引き直す。"""
        if bound & (bound - 1) == 0:
            return (bound * self.next_bits(31)) >> 31
        candidate = self.next_bits(31)
        remainder = candidate % bound
        while candidate - remainder + (bound - 1) >= 1 << 31:
            candidate = self.next_bits(31)
            remainder = candidate % bound
        return remainder

    # --8<-- [end:next-int]


def shuffle(items: Sequence[int], seed: int) -> list[int]:
    """Collections.shuffle(list, new Random(seed)) と同じ順に並べた新しいリストを返す。"""
    random = JavaRandom(seed)
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = random.next_int(i + 1)
        result[i], result[j] = result[j], result[i]
    return result
