"""共通の引数の確かめ（getting_started_ml.checks）: 名前ごとに 1 つの約束。

どの関数も、良い値はそのまま（または float・list にして）返し、悪い値には引数の名前を書いた
TypeError（型が違う）か ValueError（型は合うが値が範囲の外）を投げる。
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from getting_started_ml import checks

NAME = "深さ"
"""確かめる引数の名前。どの例外のメッセージにも現れなければならない。"""


@pytest.mark.parametrize(
    ("value", "expected"),
    [(3, 3.0), (2.5, 2.5), (np.float64(0.5), 0.5), (np.int64(7), 7.0), (-0.0, -0.0)],
)
def test_as_floatは数をfloatにする(value: object, expected: float) -> None:
    result = checks.as_float(value, NAME)

    assert result == expected
    assert type(result) is float


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_require_realとas_floatはNaNと無限大を通す(value: float) -> None:
    checks.require_real(value, NAME)
    result = checks.as_float(value, NAME)

    assert result == value or (math.isnan(result) and math.isnan(value))


@pytest.mark.parametrize("value", [True, False, "1", None, [1.0], 1j, b"1"])
def test_数でない値はTypeErrorで型の名前を書く(value: object) -> None:
    for check in (checks.require_real, checks.as_float, checks.require_number):
        with pytest.raises(TypeError, match=rf"{NAME} は数です（{type(value).__name__} が"):
            check(value, NAME)


def test_floatに収まらない整数はValueError() -> None:
    for check in (checks.as_float, checks.require_number, checks.require_finite):
        with pytest.raises(ValueError, match=f"{NAME} は大きすぎて浮動小数にできません"):
            check(2**1100, NAME)


def test_require_numberはNaNだけを断り無限大は通す() -> None:
    assert checks.require_number(math.inf, NAME) == math.inf
    assert checks.require_number(-3, NAME) == -3.0
    with pytest.raises(ValueError, match=f"{NAME} は NaN でない数です（{NAME}=nan）"):
        checks.require_number(math.nan, NAME)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_require_finiteは有限でない数を値を書いて断る(value: float) -> None:
    with pytest.raises(ValueError, match=rf"{NAME} は有限の数です（{NAME}={value}）"):
        checks.require_finite(value, NAME)


def test_require_finiteは有限の数をfloatで返す() -> None:
    assert checks.require_finite(1e308, NAME) == 1e308
    assert checks.require_finite(-4, NAME) == -4.0


@pytest.mark.parametrize(("value", "minimum"), [(0, 0), (5, 1), (-2, -3), (2**70, 1)])
def test_require_countはminimum以上の整数を返す(value: int, minimum: int) -> None:
    assert checks.require_count(value, NAME, minimum=minimum) == value


@pytest.mark.parametrize("value", [True, 2.0, 2.5, "3", None, np.float64(2)])
def test_require_countは整数でなければTypeError(value: object) -> None:
    with pytest.raises(TypeError, match=rf"{NAME} は整数です（{type(value).__name__} が"):
        checks.require_count(value, NAME)


def test_require_countはminimumより小さければ値を書いてValueError() -> None:
    with pytest.raises(ValueError, match=rf"{NAME} は 0 以上です（{NAME}=-1）"):
        checks.require_count(-1, NAME)
    with pytest.raises(ValueError, match=rf"{NAME} は 2 以上です（{NAME}=1）"):
        checks.require_count(1, NAME, minimum=2)


@pytest.mark.parametrize(
    ("check", "good", "bad", "message"),
    [
        (checks.require_probability, [0, 0.5, 1], [-0.1, 1.0000001], "0 以上 1 以下です"),
        (
            checks.require_open_probability,
            [1e-9, 0.5, 0.999],
            [0, 1, -0.5, 1.5],
            "0 より大きく 1 より小さい数です",
        ),
    ],
    ids=["require_probability", "require_open_probability"],
)
def test_確率は範囲の中なら通し外なら値を書いて断る(
    check: Callable[[object, str], float], good: list[float], bad: list[float], message: str
) -> None:
    assert [check(value, NAME) for value in good] == [float(value) for value in good]
    for value in bad:
        with pytest.raises(ValueError, match=rf"{NAME} は {message}（{NAME}={value}）"):
            check(value, NAME)
    with pytest.raises(ValueError, match=f"{NAME} は有限の数です"):
        check(math.nan, NAME)
    with pytest.raises(TypeError, match=f"{NAME} は数です"):
        check("0.5", NAME)


@pytest.mark.parametrize("value", [[], [1, "a"], (1, 2), range(3)])
def test_require_sequenceは文字列でない列をそのまま返す(value: Any) -> None:
    assert checks.require_sequence(value, NAME) is value


@pytest.mark.parametrize("value", ["abc", b"abc", {1, 2}, {"a": 1}, 3, None, iter([1])])
def test_require_sequenceは列でなければ型の名前を書いてTypeError(value: object) -> None:
    with pytest.raises(TypeError, match=rf"{NAME} は列です（{type(value).__name__} が"):
        checks.require_sequence(value, NAME)


def test_require_numbersは有限の数の列をfloatのリストにする() -> None:
    assert checks.require_numbers((1, 2.5, np.int64(3)), NAME) == [1.0, 2.5, 3.0]
    assert checks.require_numbers([], NAME) == []


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ([1.0, math.nan], ValueError, " の要素 は有限の数です"),
        ([math.inf], ValueError, " の要素 は有限の数です"),
        ([1.0, "2"], TypeError, " の要素 は数です"),
        ("12", TypeError, " は列です"),
    ],
    ids=["NaN", "無限大", "文字列の要素", "文字列"],
)
def test_require_numbersは悪い要素を名前を書いて断る(
    values: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"{NAME}{message}"):
        checks.require_numbers(values, NAME)


def test_require_flagsは真偽値と0と1を真偽値にする() -> None:
    assert checks.require_flags([True, 0, 1, False], NAME) == [True, False, True, False]


@pytest.mark.parametrize("value", [2, -1, 0.0, 1.0, "1", None])
def test_require_flagsは真偽値でない要素を値を書いてTypeError(value: object) -> None:
    with pytest.raises(TypeError, match=rf"{NAME} の要素は真偽値です（{value!r}）"):
        checks.require_flags([True, value], NAME)


def test_require_same_lengthは件数が違えば両方の件数を書く() -> None:
    checks.require_same_length([1, 2], ("a", "b"), "特徴量", "正解")
    with pytest.raises(ValueError, match=r"特徴量と正解の件数が違います（特徴量 3 件、正解 2 件）"):
        checks.require_same_length([1, 2, 3], [1, 2], "特徴量", "正解")


@pytest.mark.parametrize(("first", "second"), [("ab", [1, 2]), ([1, 2], None), (3, [1])])
def test_require_same_lengthは並びでなければTypeError(first: Any, second: Any) -> None:
    with pytest.raises(TypeError, match=r"(特徴量|正解)は並び（リストなど）です"):
        checks.require_same_length(first, second, "特徴量", "正解")


def test_require_no_nanはNaNの位置を書いて断る() -> None:
    checks.require_no_nan(["a", 1, None, math.inf], "ラベル")
    with pytest.raises(ValueError, match=r"ラベルの 2 番目が NaN です"):
        checks.require_no_nan(["a", "b", math.nan], "ラベル")
    with pytest.raises(TypeError, match=r"ラベルは並びです（int が"):
        checks.require_no_nan(3, "ラベル")  # type: ignore[arg-type]


def test_require_candidatesは候補をlistにして返す() -> None:
    assert checks.require_candidates((3, 1, 2), int, NAME) == [3, 1, 2]


def test_require_candidatesは空の列を選べないと断る() -> None:
    with pytest.raises(ValueError, match=f"{NAME} が空なので選べません"):
        checks.require_candidates([], int, NAME)


@pytest.mark.parametrize("value", [None, "abc", 3, {1: 2}])
def test_require_candidatesは列でなければTypeError(value: object) -> None:
    with pytest.raises(TypeError, match=NAME):
        checks.require_candidates(value, int, NAME)


def test_require_candidatesは型の違う要素の位置と型を書く() -> None:
    with pytest.raises(
        TypeError, match=f"{NAME} の 1 番目が int ではありません（str が渡されました）"
    ):
        checks.require_candidates([1, "2", 3], int, NAME)
