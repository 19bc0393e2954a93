"""Java 版と同じ足し算と、同じ丸めで数を文字列にする道具。"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Context, Decimal

from getting_started_ml.checks import as_float, require_real

MAX_DIGITS = 100
"""format_fixed で表示できる小数の桁数の上限。"""
WIDE_CONTEXT = Context(prec=1000)
"""float の最大値（309 桁）に小数 MAX_DIGITS 桁を足しても丸めずに持てる精度。"""


# --8<-- [start:kahan]
def kahan_sum(values: Iterable[float]) -> float:
    """Java の DoubleStream.sum() と同じ、Kahan の補正付きの和。

    math.fsum（正確に丸めた和）とも、Python 3.12 以降の sum()（Neumaier の補正）とも違う。
    Java と同じく素朴な和も持ち、あふれて補正した和が NaN になったら素朴な和（無限大）を返す。
    """
    total = 0.0
    compensation = 0.0
    simple_total = 0.0
    saw_nan = False
    for position, item in enumerate(values):
        value = item if type(item) is float else as_float(item, f"足す値の {position} 番目")
        saw_nan = saw_nan or math.isnan(value)
        simple_total += value
        corrected = value - compensation
        next_total = total + corrected
        compensation = (next_total - total) - corrected
        total = next_total
    result = total - compensation
    if math.isnan(result) and math.isinf(simple_total):
        return simple_total
    if math.isnan(result) and not saw_nan:
        raise ValueError(
            "足す値に +inf と -inf の両方があるので、和が決まりません（NaN になります）"
        )
    return result


def kahan_mean(values: Iterable[float]) -> float:
    """Java の DoubleStream.average() と同じ平均。空なら失敗する。"""
    items = list(values)
    if not items:
        raise ValueError("空の列の平均は求められません")
    return kahan_sum(items) / len(items)


# --8<-- [end:kahan]


CONSTANT_SPREAD_ULPS = 4
"""値の幅がいちばん大きい絶対値のこの数の ulp 以下なら、その列は一定とみなす（is_constant）。"""


# --8<-- [start:constant]
def is_constant(values: Sequence[float]) -> bool:
    """値の幅（最大 − 最小）が、値の大きさに対する丸めの誤差（数 ulp）以下なら一定とみなす。

    0.1 を 3 つ並べた列でも、平均は足し算の丸めで 0.10000000000000002 になる。そのずれを同じ
    くらい小さな標準偏差で割ると 0 でなく ±1 になるので、一定かどうかは 0 との比較でなく、
    値の大きさに比べた幅で決める。第 9 章・第 12 章・第 13 章の標準化が、この 1 つの決まりを使う。
    """
    if not values:
        raise ValueError("空の列が一定かどうかは決められません")
    for position, value in enumerate(values):
        if not math.isfinite(as_float(value, f"列の {position} 番目")):
            raise ValueError(f"列の {position} 番目が有限の数ではありません（{value}）")
    low, high = min(values), max(values)
    return high - low <= CONSTANT_SPREAD_ULPS * math.ulp(max(abs(low), abs(high)))


def mean_and_std(values: Sequence[float], name: str) -> tuple[float, float]:
    """Kahan の和による平均と母標準偏差（n で割る）。一定の列（is_constant）は (最初の値, 0.0)。

    偏差の二乗があふれる・消えるほど大きい・小さい値は、偏差の最大の絶対値で割ってから二乗する。
    それでも幅が有限の数で表せなければ、name を書いた ValueError にする。
    """
    if is_constant(values):
        return values[0], 0.0
    mean = kahan_mean(values)
    variance = kahan_mean((value - mean) * (value - mean) for value in values)
    if sys.float_info.min <= variance < math.inf:
        return mean, math.sqrt(variance)
    largest = max(abs(value - mean) for value in values)
    if not math.isfinite(largest):
        raise ValueError(f"{name} の値が大きすぎて分散が有限になりません")
    scaled = kahan_mean((value - mean) / largest * ((value - mean) / largest) for value in values)
    return mean, largest * math.sqrt(scaled)


# --8<-- [end:constant]


# --8<-- [start:format-fixed]
def format_fixed(value: float, digits: int) -> str:
    """Java の String.format("%.Nf") と同じく、最短の 10 進表記を四捨五入して文字列にする。

    Python の f"{v:.Nf}" は 2 進の値を偶数丸めするので、34708.5 を .0f で、0.125 を .2f で
    表示すると Java と違う。
    """
    check_format_arguments(value, digits)
    quantum = Decimal(1).scaleb(-digits)
    exact = Decimal(value) if isinstance(value, int) else Decimal(repr(float(value)))
    rounded = exact.quantize(quantum, rounding=ROUND_HALF_UP, context=WIDE_CONTEXT)
    return format(rounded, "f")


# --8<-- [end:format-fixed]


def check_format_arguments(value: float, digits: int) -> None:
    """format_fixed の引数を確かめる。表示する数は有限の数、桁数は 0 以上の整数。"""
    require_real(value, "value（表示する数）")
    if isinstance(digits, bool) or not isinstance(digits, int):
        raise TypeError(f"digits（小数の桁数）は整数です（{type(digits).__name__} が渡されました）")
    if not 0 <= digits <= MAX_DIGITS:
        raise ValueError(f"小数の桁数は 0 以上 {MAX_DIGITS} 以下です（digits={digits}）")
    if not isinstance(value, int) and not math.isfinite(value):
        raise ValueError(f"有限でない数は桁をそろえて表示できません（value={value}）")
