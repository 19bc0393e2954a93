"""頑健さのテストの共通部品。

公開関数が悪い入力に返してよいのは、正しい値か、何が悪いかを書いた ValueError / TypeError だけ。
止まらない、NaN を黙って返す、ほかの例外で落ちる、のどれも許さない。
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")

TIME_LIMIT_SECONDS = 2.0
"""1 回の呼び出しに許す CPU 時間。これを超えたら「止まらない」とみなす。

壁時計の時間ではなく、このプロセスが使った CPU 時間で数える。ほかの仕事で機械が混んでいても、
同じ呼び出しは同じだけしか数えられないので、結果が混み具合で変わらない。
"""


class TookTooLongError(AssertionError):
    """呼び出しが時間内に終わらなかった。"""


@contextmanager
def time_limit(seconds: float = TIME_LIMIT_SECONDS) -> Iterator[None]:
    """CPU 時間で seconds 秒を超えたら TookTooLongError にする（メインスレッドの SIGPROF）。"""

    def expire(signum: int, frame: object) -> None:
        raise TookTooLongError(f"CPU 時間 {seconds} 秒以内に終わりませんでした")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


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


ALLOWED_ERRORS: tuple[type[Exception], ...] = (ValueError, TypeError)
"""悪い入力に許す例外。"""


def call_safely(
    call: Callable[[], T],
    *,
    names: Iterable[str],
    allow_nan: bool = False,
    allowed: tuple[type[Exception], ...] = ALLOWED_ERRORS,
    seconds: float = TIME_LIMIT_SECONDS,
) -> T | None:
    """call() を時間制限つきで呼び、許される結果だけを通す。

    - 値が返れば、それを返す（allow_nan でなければ NaN を含んではならない）。
    - ValueError か TypeError（allowed で足せる）なら、メッセージが names のどれかを含むことを
      確かめて None を返す。
    - それ以外の例外、時間切れ（CPU 時間で seconds 秒）、NaN は AssertionError にする。
    """
    expected_names = tuple(names)
    try:
        with time_limit(seconds):
            result = call()
    except allowed as error:
        message = str(error)
        if not any(name in message for name in expected_names):
            kind = type(error).__name__
            raise AssertionError(
                f"{kind} のメッセージ {message!r} が {expected_names} のどれも含みません"
            ) from error
        return None
    assert allow_nan or not contains_nan(result), f"NaN を返しました: {result!r}"
    return result


# 悪い入力を作る部品（hypothesis の戦略）。章ごとのテストで組み合わせて使う。

WRONG_TYPES: tuple[object, ...] = (None, "1", b"1", [], {}, object(), 1j)
"""数や列の代わりに渡される、型の違う値。"""


def wrong_types() -> st.SearchStrategy[object]:
    """型の違う値のどれか。"""
    return st.sampled_from(WRONG_TYPES)


def extreme_numbers(*, allow_nan: bool = False) -> st.SearchStrategy[float | int]:
    """有限の数、±無限大、あふれる寸前の数、float に収まらない整数、非正規数。"""
    return st.one_of(
        st.floats(allow_nan=allow_nan, allow_infinity=True),
        st.integers(-(2**70), 2**70),
        st.sampled_from([1e308, -1e308, 5e-324, 2**1100, -(2**1100), 0, -0.0]),
    )


def finite_numbers() -> st.SearchStrategy[float]:
    """有限の float（あふれる寸前の大きさも含む）。"""
    return st.floats(allow_nan=False, allow_infinity=False)


def counts() -> st.SearchStrategy[object]:
    """件数・分割の数・上限として渡される値: 小さな整数、負の数、Java の int を超える数、型違い。"""
    return st.one_of(
        st.integers(-5, 40),
        st.sampled_from([2**31, 2**40, -(2**63), 2**200]),
        st.sampled_from([True, False, 2.5, 3.0, "3", None]),
    )


def labels() -> st.SearchStrategy[list[object]]:
    """ラベルの並び（文字列・整数・真偽値・NaN が混ざる）。"""
    return st.lists(st.sampled_from(["a", "b", 0, 1, True, False, 2.5, math.nan]), max_size=8)


def numbers_or_wrong(*, allow_nan: bool = False) -> st.SearchStrategy[object]:
    """数（極端な値も含む）か、型の違う値。"""
    return st.one_of(extreme_numbers(allow_nan=allow_nan), wrong_types())


def number_lists(*, allow_nan: bool = False) -> st.SearchStrategy[list[Any]]:
    """数の並び（ときどき型の違う値が混ざる）。"""
    return st.lists(
        st.one_of(extreme_numbers(allow_nan=allow_nan), wrong_types().filter(lambda _: True)),
        max_size=6,
    ) | st.lists(extreme_numbers(allow_nan=allow_nan), max_size=6)


# すべての公開関数が、頑健さのテストのどれかで呼ばれていること


def public_names(module_name: str) -> list[str]:
    """モジュールが公開する関数とクラスの名前。

    章のパッケージなら __all__ に並べた名前、ふつうのモジュールならそこで定義した、_ で始まらない
    名前。
    """
    module = importlib.import_module(module_name)
    if hasattr(module, "__path__"):
        names = list(getattr(module, "__all__", []))
    else:
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module_name
        ]
    return [
        name
        for name in names
        if inspect.isfunction(getattr(module, name)) or inspect.isclass(getattr(module, name))
    ]


def uncalled_names(module_name: str, source: str, exempt: Iterable[str]) -> list[str]:
    """module_name の公開する名前のうち、テストのソース source で呼ばれず exempt にも無いもの。"""
    skipped = set(exempt)
    return [
        name
        for name in public_names(module_name)
        if name not in skipped and not re.search(rf"[.( ]{name}[(.,)\[]", source)
    ]
