# --8<-- [start:header]
"""第 15 章: 1 件ごとの近道（直接呼ぶ経路、JSON にしておいた応答、正しいボディの近道）のテスト。

近道は速くするためだけのもので、答えを変えてはいけない。どのテストも、近道の答えが、
近道をしない道（FastAPI の JSONResponse、理由を集める検査）の答えと同じことを確かめる。
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import fastapi.routing
import pytest
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import example, given, settings
from hypothesis import strategies as st
from starlette.requests import ClientDisconnect, Request
from starlette.types import Message
from support.chapter15 import StubSalesModel, StubStore, StubSurvivalModel

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import SalesPrediction, SurvivalPrediction
from getting_started_ml.chapter15.presentation import (
    BodyTooLargeError,
    DirectRoute,
    create_app,
    declared_length,
    json_response,
    read_body,
    sales_body,
    survived_body,
)
from getting_started_ml.chapter15.validation import (
    MAX_BODY_BYTES,
    MOVIE,
    PASSENGER,
    InvalidRequestError,
    Schema,
    UnreadableBodyError,
)

MOVIE_BODY = {"sns1": 200.0, "sns2": 500.0, "actor": 3000.0, "original": 1}


def client() -> TestClient:
    store = StubStore(StubSalesModel(1234.5), StubSurvivalModel(True))
    return TestClient(create_app(PredictionService(store)))


# --8<-- [end:header]


# --8<-- [start:test-direct]
def test_予測の経路はFastAPIの依存の解決を通らない(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("依存の解決が呼ばれました")

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", refuse)
    app = client()
    assert app.post("/cinema/sales", json=MOVIE_BODY).text == '{"sales":1234.5}'
    assert app.get("/health").status_code == 200
    routes = [route for route in app.app.routes if isinstance(route, APIRoute)]  # type: ignore[attr-defined]
    assert [type(route) for route in routes] == [DirectRoute] * 3


@settings(max_examples=150, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False) | st.integers(-(2**60), 2**60))
def test_売上のボディはJSONResponseと同じバイト列(sales: float) -> None:
    expected = JSONResponse({"sales": float(sales)})
    response = json_response(sales_body(SalesPrediction(sales)))
    assert (response.body, response.raw_headers) == (expected.body, expected.raw_headers)


@pytest.mark.parametrize("survived", [True, False])
def test_生死のボディはJSONResponseと同じバイト列(survived: bool) -> None:
    expected = JSONResponse({"survived": survived})
    response = json_response(survived_body(SurvivalPrediction(survived)))
    assert (response.body, response.raw_headers) == (expected.body, expected.raw_headers)


@pytest.mark.parametrize("encode", [sales_body, survived_body, json_response])
def test_予測でないものはボディにしない(encode: Any) -> None:
    with pytest.raises(TypeError, match="です"):
        encode({"sales": 1.0})


# --8<-- [end:test-direct]


# --8<-- [start:test-shortcut]
field_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 4),
    st.integers(),
    st.floats(allow_nan=False),
    st.sampled_from([-0.0, 0.0, 1.0, 2.0, "male", "female", "C", "Q", "S", "X", ""]),
    st.lists(st.integers(), max_size=2),
)


def outcome(run: Any) -> object:
    """関数を呼んだ結果（値か、例外の型と理由）。"""
    try:
        return run()
    except InvalidRequestError as error:
        return (InvalidRequestError, error.reasons)
    except UnreadableBodyError:
        return UnreadableBodyError


VALID: dict[str, tuple[Schema, dict[str, Any]]] = {
    "movie": (MOVIE, MOVIE_BODY),
    "passenger": (PASSENGER, {"pclass": 3, "sex": "male", "sib_sp": 0, "parch": 0, "fare": 8.0}),
}


def changed_bodies(name: str) -> st.SearchStrategy[tuple[str, dict[str, Any], set[str]]]:
    """name の正しいボディを崩す組: (name, 書き換える欄と値, 消す欄)。"""
    names = [spec.name for spec in VALID[name][0].fields]
    changes = st.dictionaries(st.sampled_from([*names, "extra"]), field_values)
    return st.tuples(st.just(name), changes, st.sets(st.sampled_from(names), max_size=2))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(list(VALID)).flatmap(changed_bodies))
@example(("movie", {}, set()))  # 崩さない
@example(("movie", {"original": 2**64, "sns2": "1"}, set()))  # 桁の多い整数、文字列の数
@example(("movie", {"sns1": 1e308, "actor": False, "original": 1.0}, {"sns2"}))
@example(("passenger", {"pclass": True}, set()))  # 整数の欄の真偽値
@example(("passenger", {"pclass": 3.0, "fare": 8}, set()))  # 小数の整数、整数の小数
@example(("passenger", {"fare": -0.0, "age": None, "embarked": ""}, set()))
@example(("passenger", {"sib_sp": -1, "sex": "X"}, {"fare"}))  # 理由が 3 つ
@example(("passenger", {"extra": [1, 2]}, {"pclass", "sex"}))  # 知らない欄と 2 つの欠け
def test_正しいボディの近道は理由を集める道と同じ答えを返す(
    case: tuple[str, dict[str, Any], set[str]],
) -> None:
    name, changes, removed = case
    schema, valid = VALID[name]
    names = [spec.name for spec in schema.fields]
    body = {key: value for key, value in {**valid, **changes}.items() if key not in removed}
    values = {field: body.get(field) for field in names}

    def slow() -> dict[str, Any]:
        schema.check(values)
        return values

    assert outcome(lambda: schema.values(body)) == outcome(slow)


# --8<-- [end:test-shortcut]


# --8<-- [start:test-body]
def call_read_body(messages: Sequence[Message], headers: list[tuple[bytes, bytes]]) -> bytes:
    """messages を順に受け取る要求のボディを read_body で読む。"""
    waiting = list(messages)

    async def receive() -> Message:
        return waiting.pop(0) if waiting else {"type": "http.disconnect"}

    request = Request({"type": "http", "headers": headers}, receive)
    return asyncio.run(read_body(request))


def test_分かれて届いたボディをつなぐ() -> None:
    parts = [
        {"type": "http.request", "body": b'{"a":', "more_body": True},
        {"type": "http.request", "body": b"", "more_body": True},
        {"type": "http.request", "body": b"1}", "more_body": False},
    ]
    assert call_read_body(parts, []) == b'{"a":1}'


def test_長さを書かずに1MiBを超えて送るボディは超えたところで断る() -> None:
    chunk = {"type": "http.request", "body": b" " * (512 * 1024), "more_body": True}
    with pytest.raises(BodyTooLargeError):
        call_read_body([chunk, chunk, chunk, chunk], [])


def test_ボディの途中で切れたらClientDisconnect() -> None:
    part = {"type": "http.request", "body": b'{"a":', "more_body": True}
    with pytest.raises(ClientDisconnect):
        call_read_body([part], [(b"content-length", b"7")])


@pytest.mark.parametrize(
    ("headers", "length"),
    [
        ([], 0),
        ([(b"host", b"x"), (b"content-length", b"42")], 42),
        ([(b"content-length", b"-1")], 0),
        ([(b"content-length", b"12abc")], 0),
        ([(b"content-length", b"0" * 5000 + b"7")], 7),
        ([(b"content-length", b"1" + b"0" * 7)], MAX_BODY_BYTES + 1),
        ([(b"content-length", b"9" * 5000)], MAX_BODY_BYTES + 1),
    ],
)
def test_宣言されたボディの長さ(headers: list[tuple[bytes, bytes]], length: int) -> None:
    assert declared_length(headers) == length


# --8<-- [end:test-body]
