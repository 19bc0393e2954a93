"""付録 C の関数が入口で使う、引数の確かめ。どれも名前を書いた TypeError / ValueError を投げる。"""

from __future__ import annotations

import math


def require_count(value: object, name: str, *, minimum: int = 0) -> int:
    """value が minimum 以上の整数（bool は除く）であることを確かめる。"""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} は整数です（{type(value).__name__}）")
    if value < minimum:
        raise ValueError(f"{name} は {minimum} 以上です（{name}={value}）")
    return value


def require_real(value: object, name: str) -> float:
    """value が有限の実数（int か float、bool は除く）であることを確かめる。"""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} は数です（{type(value).__name__}）")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} は有限の数です（{name}={value}）")
    return number


def require_number(value: object, name: str) -> float:
    """value が NaN でない数（±無限大はよい。float に収まらない整数は ±無限大にする）であること。"""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} は数です（{type(value).__name__}）")
    try:
        number = float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf
    if math.isnan(number):
        raise ValueError(f"{name} は NaN でない数です（{name}={value}）")
    return number


def require_probability(value: object, name: str) -> float:
    """value が 0 以上 1 以下の数であることを確かめる。"""
    number = require_real(value, name)
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"{name} は 0 以上 1 以下です（{name}={value}）")
    return number


def require_open_probability(value: object, name: str) -> float:
    """value が 0 より大きく 1 より小さい数であることを確かめる。"""
    number = require_real(value, name)
    if not 0.0 < number < 1.0:
        raise ValueError(f"{name} は 0 より大きく 1 より小さい数です（{name}={value}）")
    return number
