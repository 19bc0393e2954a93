"""頑健さのテストの共通部品。

公開関数が悪い入力に返してよいのは、正しい値か、何が悪いかを書いた ValueError / TypeError だけ。
止まらない、NaN を黙って返す、ほかの例外で落ちる、のどれも許さない。
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")

TIME_LIMIT_SECONDS = 2.0
"""1 回の呼び出しに許す時間。これを超えたら「止まらない」とみなす。"""


class TookTooLongError(AssertionError):
    """呼び出しが時間内に終わらなかった。"""


@contextmanager
def time_limit(seconds: float = TIME_LIMIT_SECONDS) -> Iterator[None]:
    """seconds 秒を超えたら TookTooLongError にする（メインスレッドの SIGALRM を使う）。"""

    def expire(signum: int, frame: object) -> None:
        raise TookTooLongError(f"{seconds} 秒以内に終わりませんでした")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def contains_nan(value: Any) -> bool:
    """値（数、列、辞書、データクラス、numpy 配列）のどこかに NaN があるか。"""
    if isinstance(value, float):
        return math.isnan(value)
    return any(contains_nan(part) for part in _parts(value))


def _parts(value: Any) -> Iterable[Any]:
    """値を組み立てている部分（NaN を探す先）。"""
    if is_dataclass(value) and not isinstance(value, type):
        return [getattr(value, field.name) for field in fields(value)]
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return value
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        converted = tolist()
        return converted if isinstance(converted, list) else [converted]
    return []


def call_safely(
    call: Callable[[], T], *, names: Iterable[str], allow_nan: bool = False
) -> T | None:
    """call() を時間制限つきで呼び、許される結果だけを通す。

    - 値が返れば、それを返す（allow_nan でなければ NaN を含んではならない）。
    - ValueError か TypeError なら、メッセージが names のどれかを含むことを確かめて None を返す。
    - それ以外の例外、時間切れ、NaN は AssertionError にする。
    """
    expected_names = tuple(names)
    try:
        with time_limit():
            result = call()
    except (ValueError, TypeError) as error:
        message = str(error)
        if not any(name in message for name in expected_names):
            kind = type(error).__name__
            raise AssertionError(
                f"{kind} のメッセージ {message!r} が {expected_names} のどれも含みません"
            ) from error
        return None
    assert allow_nan or not contains_nan(result), f"NaN を返しました: {result!r}"
    return result
