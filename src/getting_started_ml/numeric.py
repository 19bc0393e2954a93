"""Java 版と同じ足し算と、同じ丸めで数を文字列にする道具。"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sized
from decimal import ROUND_HALF_UP, Decimal


# --8<-- [start:kahan]
def kahan_sum(values: Iterable[float]) -> float:
    """Java の DoubleStream.sum() と同じ、Kahan の補正付きの和。

    math.fsum（正確に丸めた和）とも、Python 3.12 以降の sum()（Neumaier の補正）とも違う。
    """
    total = 0.0
    compensation = 0.0
    for value in values:
        corrected = value - compensation
        next_total = total + corrected
        compensation = (next_total - total) - corrected
        total = next_total
    return total - compensation


def kahan_mean(values: Iterable[float]) -> float:
    """Java の DoubleStream.average() と同じ平均。空なら失敗する。"""
    items = list(values)
    if not items:
        raise ValueError("空の列の平均は求められません")
    return kahan_sum(items) / len(items)


# --8<-- [end:kahan]


# --8<-- [start:format-fixed]
def format_fixed(value: float, digits: int) -> str:
    """Java の String.format("%.Nf") と同じく、最短の 10 進表記を四捨五入して文字列にする。

    Python の f"{v:.2f}" は 2 進の値を偶数丸めするので、34708.5 や 0.125 で Java と違う。
    """
    if digits < 0:
        raise ValueError(f"小数の桁数は 0 以上です（digits={digits}）")
    if not math.isfinite(value):
        raise ValueError(f"有限でない数は桁をそろえて表示できません（{value}）")
    quantum = Decimal(1).scaleb(-digits)
    return format(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP), "f")


# --8<-- [end:format-fixed]


def require_same_length(first: Sized, second: Sized, first_name: str, second_name: str) -> None:
    """2 つの列の件数が同じでなければ、両方の件数を書いた ValueError を投げる。"""
    if len(first) != len(second):
        raise ValueError(
            f"{first_name}と{second_name}の件数が違います"
            f"（{first_name} {len(first)} 件、{second_name} {len(second)} 件）"
        )
