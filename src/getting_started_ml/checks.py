"""公開関数が入口で使う引数の確かめ。どの章も同じものを使う。

どれも、何が悪いか（引数の名前と渡された値や型）を書いた TypeError / ValueError を投げる。
名前ごとに約束は 1 つ:

- require_real: 数の型であること（int・float・numpy の数。bool は除く）。NaN と ±無限大も通す
- as_float: 数を float にする。NaN と ±無限大も通す。float に収まらない整数は ValueError
- require_number: NaN でない数。±無限大は通す。float に収まらない整数は ValueError
- require_finite: 有限の数
- require_count: minimum 以上の整数（bool は除く）
- require_probability / require_open_probability: [0, 1] / (0, 1) の数
- require_sequence / require_numbers / require_flags: 列、有限の数の列、真偽値の列
- require_candidates: 選ぶ候補（決まった型の値）が 1 つ以上並んだ列
- require_same_length: 2 つの列の件数が同じ
- require_no_nan: 並びに NaN が無い（NaN はどのラベルとも等しくならない）
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence, Sized
from numbers import Real
from typing import Any, TypeVar

T = TypeVar("T")


def require_real(value: object, name: str) -> None:
    """value が数の型（int・float・numpy の数。bool は除く）でなければ TypeError。NaN も通す。"""
    if type(value) is float or type(value) is int:  # よく来る 2 つの型は ABC を引かずに通す
        return
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} は数です（{type(value).__name__} が渡されました）")


def as_float(value: object, name: str) -> float:
    """数を float にする。数でなければ TypeError、float に収まらない整数なら ValueError。"""
    require_real(value, name)
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:
        raise ValueError(f"{name} は大きすぎて浮動小数にできません") from None


def require_number(value: object, name: str) -> float:
    """value が NaN でない数なら float にして返す。±無限大は通す。"""
    number = as_float(value, name)
    if math.isnan(number):
        raise ValueError(f"{name} は NaN でない数です（{name}={value}）")
    return number


def require_finite(value: object, name: str) -> float:
    """value が有限の数なら float にして返す。"""
    number = as_float(value, name)
    if not math.isfinite(number):
        raise ValueError(f"{name} は有限の数です（{name}={value}）")
    return number


def require_count(value: object, name: str, *, minimum: int = 0) -> int:
    """value が minimum 以上の整数（bool は除く）であることを確かめる。"""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} は整数です（{type(value).__name__} が渡されました）")
    if value < minimum:
        raise ValueError(f"{name} は {minimum} 以上です（{name}={value}）")
    return value


def require_probability(value: object, name: str) -> float:
    """value が 0 以上 1 以下の数であることを確かめる。"""
    number = require_finite(value, name)
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"{name} は 0 以上 1 以下です（{name}={value}）")
    return number


def require_open_probability(value: object, name: str) -> float:
    """value が 0 より大きく 1 より小さい数であることを確かめる。"""
    number = require_finite(value, name)
    if not 0.0 < number < 1.0:
        raise ValueError(f"{name} は 0 より大きく 1 より小さい数です（{name}={value}）")
    return number


def require_sequence(value: object, name: str) -> Sequence[Any]:
    """value が文字列でない列（list や tuple）であることを確かめる。"""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{name} は列です（{type(value).__name__} が渡されました）")
    return value


def require_candidates(values: object, kind: type[T], name: str) -> list[T]:
    """いちばん良いものを選ぶ候補の列: 空でなく、どの要素も kind の値。list にして返す。"""
    candidates = list(require_sequence(values, name))
    if not candidates:
        raise ValueError(f"{name} が空なので選べません（候補が 1 つもありません）")
    for position, candidate in enumerate(candidates):
        if not isinstance(candidate, kind):
            raise TypeError(
                f"{name} の {position} 番目が {kind.__name__} ではありません"
                f"（{type(candidate).__name__} が渡されました）"
            )
    return candidates


def require_numbers(values: object, name: str) -> list[float]:
    """有限の数の列を float のリストにする。"""
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


def require_same_length(first: Sized, second: Sized, first_name: str, second_name: str) -> None:
    """2 つの列の件数が同じでなければ、両方の件数を書いた ValueError を投げる。"""
    for values, name in ((first, first_name), (second, second_name)):
        if not isinstance(values, Sized) or isinstance(values, str | bytes):
            raise TypeError(
                f"{name}は並び（リストなど）です（{type(values).__name__} が渡されました）"
            )
    if len(first) != len(second):
        raise ValueError(
            f"{first_name}と{second_name}の件数が違います"
            f"（{first_name} {len(first)} 件、{second_name} {len(second)} 件）"
        )


def require_no_nan(values: Iterable[object], name: str) -> None:
    """ラベルの並びに NaN があれば、位置を書いた ValueError を投げる。

    NaN は自分自身とも等しくないので、数えると黙って「外れ」になってしまう。
    """
    if not isinstance(values, Iterable):
        raise TypeError(f"{name}は並びです（{type(values).__name__} が渡されました）")
    for position, value in enumerate(values):
        if isinstance(value, float) and math.isnan(value):
            raise ValueError(
                f"{name}の {position} 番目が NaN です。NaN はどのラベルとも等しくなりません"
            )
