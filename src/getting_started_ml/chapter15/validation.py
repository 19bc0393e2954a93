# --8<-- [start:header]
"""第 15 章: 受け取った JSON を確かめ、映画や乗客にする。理由はすべて、決まった順に集める。"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from getting_started_ml.chapter15.domain import PCLASSES, PORTS, SEXES, Movie, Passenger

UNREADABLE = "JSON の形式または値の型が正しくありません"
MAX_BODY_BYTES = 1024 * 1024


class UnreadableBodyError(ValueError):
    """ボディが JSON のオブジェクトでないか、値の型が違う。"""

    def __init__(self) -> None:
        super().__init__(UNREADABLE)


class InvalidRequestError(ValueError):
    """値の型は合っているが、決まりに合わない値がある。reasons にすべての理由を持つ。"""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("、".join(reasons))
        self.reasons = reasons


# --8<-- [end:header]


# --8<-- [start:parse]
def parse_object(body: bytes) -> dict[str, Any]:
    """ボディを JSON のオブジェクトとして読む。NaN・Infinity・1e400・10**400 などの数は読まない。"""
    if not isinstance(body, bytes):
        raise TypeError(f"body はバイト列です（{type(body).__name__} が渡されました）")
    try:
        text = body.decode(json.detect_encoding(body), "surrogatepass")  # json.loads と同じ読み方
        document = DECODER.decode(text)
    except (ValueError, RecursionError):  # JSONDecodeError と UnicodeDecodeError は ValueError
        raise UnreadableBodyError() from None
    if not isinstance(document, dict):
        raise UnreadableBodyError()
    return document


def _reject(name: str) -> float:
    raise UnreadableBodyError()


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UnreadableBodyError()
    return value


def _float_sized_int(text: str) -> int:
    """JSON の整数。float にすると溢れるほど長い整数（10**400 など）は読めない数とする。"""
    value = int(text)
    try:
        float(value)
    except OverflowError:
        raise UnreadableBodyError() from None
    return value


DECODER = json.JSONDecoder(
    parse_constant=_reject, parse_float=_finite_float, parse_int=_float_sized_int
)


# --8<-- [end:parse]


# --8<-- [start:rules]
def is_number(value: object) -> bool:
    """JSON の数（真偽値は数ではない）。"""
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_integer(value: object) -> bool:
    """JSON の整数（1.5 も 1.0 も整数ではない）。"""
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value: object) -> bool:
    """JSON の文字列。"""
    return isinstance(value, str)


@dataclass(frozen=True)
class Field:
    """1 つの欄: 名前、型の確かめ方、選べる値（無ければ空）。"""

    name: str
    kind: Callable[[object], bool]
    choices: tuple[object, ...] = ()


@dataclass(frozen=True)
class Rule:
    """1 つの欄の決まりをまとめたもの: 名前、JSON から読んだ値の型、必須か、0 以上か、選べる値
    （選ぶ決まりが無ければ None）。"""

    name: str
    types: tuple[type, ...]
    required: bool
    non_negative: bool
    choices: tuple[object, ...] | None

    def accepts(self, value: Any) -> bool:
        """value がこの欄の決まりにすべて合うか（迷う値は偽にし、理由を集める道に回す）。"""
        if value is None:
            return not self.required
        return (
            type(value) in self.types
            and not (self.non_negative and value < 0)
            and (self.choices is None or value in self.choices)
        )


EXACT_TYPES: dict[Callable[[object], bool], tuple[type, ...]] = {
    is_number: (int, float),
    is_integer: (int,),
    is_text: (str,),
}
"""型の確かめ方ごとに、JSON から読んだ値がとる型（真偽値や int の子は入れない）。"""
CHECKS = ("required", "non_negative", "choices")

Check = tuple[str, tuple[str, ...]]
"""調べることと、その対象の欄。("required" | "non_negative" | "choices", 欄の名前)。"""


@dataclass(frozen=True)
class Schema:
    """欄の並びと、理由を集める順。"""

    fields: tuple[Field, ...]
    checks: tuple[Check, ...]

    def values(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """型と決まりを確かめてから欄の値を返す。null は無いのと同じ。"""
        values = {spec.name: body.get(spec.name) for spec in self.fields}
        if not all(rule.accepts(values[rule.name]) for rule in self.rules):
            self.check(values)  # 外れた値がありそうなときだけ、理由をすべて集める
        return values

    def check(self, values: Mapping[str, Any]) -> None:
        """型の違う値があれば UnreadableBodyError、決まりに外れる値があれば、その理由を決まった
        順にすべて集めて InvalidRequestError。"""
        if any(values[f.name] is not None and not f.kind(values[f.name]) for f in self.fields):
            raise UnreadableBodyError()
        fields = {spec.name: spec for spec in self.fields}
        reasons = [
            reason
            for check, names in self.checks
            for name in names
            if (reason := self._reason(check, fields[name], values[name]))
        ]
        if reasons:
            raise InvalidRequestError(reasons)

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        """欄ごとに、決まりをまとめたもの（正しい値を 1 度で見分けるため。理由は集めない）。"""
        names = {
            check: {n for c, group in self.checks if c == check for n in group} for check in CHECKS
        }
        return tuple(
            Rule(
                spec.name,
                EXACT_TYPES.get(spec.kind, ()),
                spec.name in names["required"],
                spec.name in names["non_negative"],
                spec.choices if spec.name in names["choices"] else None,
            )
            for spec in self.fields
        )

    @staticmethod
    def _reason(check: str, spec: Field, value: Any) -> str | None:
        """value が check に合わなければ理由の文。無い値は「必須」以外では調べない。"""
        if check == "required":
            return f"{spec.name} は必須です" if value is None else None
        if value is None:
            return None
        if check == "non_negative":
            return f"{spec.name} は 0 以上にしてください" if value < 0 else None
        if value in spec.choices:
            return None
        choices = "、".join(sorted(str(choice) for choice in spec.choices))
        return f"{spec.name} は {choices} のどれかにしてください"


MOVIE = Schema(
    fields=(
        Field("sns1", is_number),
        Field("sns2", is_number),
        Field("actor", is_number),
        Field("original", is_integer, (0, 1)),
    ),
    checks=(
        ("required", ("sns1", "sns2", "actor", "original")),
        ("non_negative", ("sns1", "sns2", "actor")),
        ("choices", ("original",)),
    ),
)

PASSENGER = Schema(
    fields=(
        Field("pclass", is_integer, PCLASSES),
        Field("sex", is_text, SEXES),
        Field("age", is_number),
        Field("sib_sp", is_integer),
        Field("parch", is_integer),
        Field("fare", is_number),
        Field("embarked", is_text, PORTS),
    ),
    checks=(
        ("required", ("pclass", "sex", "sib_sp", "parch", "fare")),
        ("choices", ("pclass",)),
        ("choices", ("sex",)),
        ("non_negative", ("age", "sib_sp", "parch", "fare")),
        ("choices", ("embarked",)),
    ),
)


def movie_from(body: bytes) -> Movie:
    """ボディから映画を作る。読めなければ UnreadableBodyError、外れれば InvalidRequestError。"""
    values = MOVIE.values(parse_object(body))
    return Movie(
        float(values["sns1"]), float(values["sns2"]), float(values["actor"]), values["original"]
    )


def passenger_from(body: bytes) -> Passenger:
    """ボディから乗客を作る。年齢と港は無くてもよい。"""
    v = PASSENGER.values(parse_object(body))
    age = None if v["age"] is None else float(v["age"])
    return Passenger(
        v["pclass"], v["sex"], age, v["sib_sp"], v["parch"], float(v["fare"]), v["embarked"]
    )


# --8<-- [end:rules]
