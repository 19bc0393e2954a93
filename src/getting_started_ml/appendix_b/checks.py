"""付録 B の関数が入口で使う、引数の確かめ。どれも名前を書いた TypeError / ValueError を投げる。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def require_finite(value: object, name: str) -> float:
    """value が有限の実数（int か float、bool は除く）であることを確かめる。"""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} は数です（{type(value).__name__}）")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} は有限の数です（{name}={value}）")
    return number


def require_count(value: object, name: str) -> int:
    """value が 0 以上の整数（bool は除く）であることを確かめる。"""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} は整数です（{type(value).__name__}）")
    if value < 0:
        raise ValueError(f"{name} は 0 以上です（{name}={value}）")
    return value


def require_sequence(value: object, name: str) -> Sequence[Any]:
    """value が文字列でない列（list や tuple）であることを確かめる。"""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{name} は列です（{type(value).__name__}）")
    return value


def require_numbers(values: object, name: str) -> list[float]:
    """有限の数の列にする。"""
    return [require_finite(value, f"{name} の要素") for value in require_sequence(values, name)]


def require_flags(values: object, name: str) -> list[bool]:
    """真偽値の列であることを確かめる（0 と 1 の整数も受け付ける）。"""
    flags = []
    for value in require_sequence(values, name):
        if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
            flags.append(bool(value))
        else:
            raise TypeError(f"{name} の要素は真偽値です（{value!r}）")
    return flags
