"""java.util.Random の nextBoolean() の列を、numpy でまとめて作る。

JavaRandom を 1 回ずつ呼ぶと、20 万回 × 132 問の硬貨に 1 分半かかる。線形合同法は
s_{j} = a^j·s_0 + c·(a^{j−1} + … + 1) mod 2^48 と先へ飛べるので、ブロックごとに
まとめて計算する。同じ種なら JavaRandom(seed).next_boolean() と 1 つ残らず同じ列になる。
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from getting_started_ml.checks import require_count
from getting_started_ml.java_random import ADDEND, INT_MAX, MASK, MULTIPLIER, require_int

BLOCK = 1 << 18


def _jump_table(size: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """j = 1 … size について、a^j と c·(a^{j−1} + … + 1) を 2^48 で割った余り。

    j 歩のあとに m 歩進むと a^{j+m} = a^m·a^j、c_{j+m} = a^m·c_j + c_m なので、表を倍々に伸ばす。
    """
    mask = np.uint64(MASK)
    multipliers = np.array([MULTIPLIER], dtype=np.uint64)
    addends = np.array([ADDEND], dtype=np.uint64)
    while len(multipliers) < size:
        a_m, c_m = multipliers[-1], addends[-1]
        multipliers = np.concatenate([multipliers, (multipliers * a_m) & mask])
        addends = np.concatenate([addends, (addends * a_m + c_m) & mask])
    return multipliers[:size], addends[:size]


def java_states(seed: int, count: int) -> npt.NDArray[np.uint64]:
    """JavaRandom(seed) の内部状態（48 ビット）が、1 歩ずつ進んでとる最初の count 個の値。"""
    out = np.empty(require_count(count, "count"), dtype=np.uint64)
    for start, block in _state_blocks(seed, count):
        out[start : start + len(block)] = block
    return out


def java_booleans(seed: int, count: int) -> npt.NDArray[np.bool_]:
    """JavaRandom(seed) が next_boolean() で返す最初の count 個（上位 1 ビット）。

    状態はブロックごとに作って捨てる（2,640 万個の状態を一度に持つと 200 MB を超える）。
    """
    out = np.empty(require_count(count, "count"), dtype=np.bool_)
    for start, block in _state_blocks(seed, count):
        out[start : start + len(block)] = block >= np.uint64(1 << 47)
    return out


def _state_blocks(seed: int, count: int) -> Iterator[tuple[int, npt.NDArray[np.uint64]]]:
    """java_states の値を、先頭の位置とブロック（最大 BLOCK 個）の組で順に返す。"""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed は整数です（{type(seed).__name__}）")
    state = np.uint64((seed ^ MULTIPLIER) & MASK)  # JavaRandom の初期化と同じ（下位 48 ビット）
    multipliers, addends = _jump_table(min(BLOCK, max(count, 1)))
    mask = np.uint64(MASK)
    for start in range(0, count, BLOCK):
        size = min(BLOCK, count - start)
        # uint64 の掛け算は 2^64 で折り返すが、下位 48 ビットは正しく残る。
        block = (multipliers[:size] * state + addends[:size]) & mask
        state = block[-1]
        yield start, block


def java_doubles(seed: int, count: int) -> npt.NDArray[np.float64]:
    """JavaRandom(seed) が next_double() で返す最初の count 個（26 と 27 ビットを 1 組に）。"""
    out = np.empty(require_count(count, "count"), dtype=np.float64)
    for start, block in _state_blocks(
        seed, 2 * count
    ):  # BLOCK は偶数なので組はブロックをまたがない
        pairs = block.reshape(-1, 2)
        high = (pairs[:, 0] >> np.uint64(22)).astype(np.int64)
        low = (pairs[:, 1] >> np.uint64(21)).astype(np.int64)
        out[start // 2 : start // 2 + len(pairs)] = ((high << 27) + low) * 2.0**-53
    return out


def java_ints(seed: int, bound: int, count: int) -> npt.NDArray[np.int64]:
    """JavaRandom(seed) が next_int(bound) で返す最初の count 個。

    next_int と同じく、2 のべき乗は上位ビットを使い、それ以外は 31 ビットを bound で割った余りを
    使う。Java で int があふれる引き（偏りを避けるための引き直し）は、飛ばして次の状態を使う。
    """
    require_int(bound, "bound")
    if not 1 <= bound <= INT_MAX:
        raise ValueError(f"bound は 1 以上 {INT_MAX} 以下です（bound={bound}）")
    out = np.empty(require_count(count, "count"), dtype=np.int64)
    filled, drawn = 0, 0
    while filled < count:  # 引き直しの分だけ足りなければ、続きの状態で埋める
        wanted = count - filled
        states = java_states(seed, drawn + wanted)[drawn:]
        drawn += wanted
        bits = (states >> np.uint64(17)).astype(np.int64)  # next_bits(31)
        if bound & (bound - 1) == 0:
            values = (bound * bits) >> 31
        else:
            values = bits % bound
            values = values[bits - values + (bound - 1) <= INT_MAX]
        out[filled : filled + len(values)] = values
        filled += len(values)
    return out
