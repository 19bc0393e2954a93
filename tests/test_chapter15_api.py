# --8<-- [start:header]
"""第 15 章: HTTP の約束のテスト（FastAPI の TestClient と、作りもののモデル）。"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message
from support.chapter15 import (
    StubSalesModel,
    StubStore,
    StubSurvivalModel,
    store_with_invented_models,
)

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.infrastructure import digest
from getting_started_ml.chapter15.presentation import create_app

UNREADABLE = ["JSON の形式または値の型が正しくありません"]
NOT_FINITE = "値が大きすぎて、予測が有限の数になりません"
MOVIE = {"sns1": 200.0, "sns2": 500.0, "actor": 3000.0, "original": 1}
PASSENGER = {
    "pclass": 1,
    "sex": "female",
    "age": None,
    "sib_sp": 0,
    "parch": 0,
    "fare": 50.0,
    "embarked": "C",
}


@pytest.fixture
def client() -> TestClient:
    """2 つの作りもののモデルがそろったアプリ。"""
    store = StubStore(StubSalesModel(1234.5), StubSurvivalModel(True))
    return TestClient(create_app(PredictionService(store)))


def without(body: dict[str, Any], *names: str) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key not in names}


# --8<-- [end:header]


# --8<-- [start:test-success]
def test_売上の予測(client: TestClient) -> None:
    response = client.post("/cinema/sales", json=MOVIE)
    assert (response.status_code, response.text) == (200, '{"sales":1234.5}')


def test_生死の予測(client: TestClient) -> None:
    response = client.post("/survived", json=PASSENGER)
    assert (response.status_code, response.json()) == (200, {"survived": True})


def test_年齢と港は省ける(client: TestClient) -> None:
    response = client.post("/survived", json=without(PASSENGER, "age", "embarked"))
    assert response.status_code == 200


def test_健康状態(client: TestClient) -> None:
    response = client.get("/health")
    assert response.text == '{"status":"ok","models":{"cinema":true,"survived":true}}'


# --8<-- [end:test-success]


# --8<-- [start:test-422]
@pytest.mark.parametrize(
    ("path", "body", "reasons"),
    [
        ("/cinema/sales", {**MOVIE, "sns1": -1.0}, ["sns1 は 0 以上にしてください"]),
        ("/cinema/sales", {**MOVIE, "original": 2}, ["original は 0、1 のどれかにしてください"]),
        ("/cinema/sales", {**MOVIE, "sns2": None}, ["sns2 は必須です"]),
        (
            "/cinema/sales",
            {"sns1": -1, "sns2": 2000, "actor": 300, "original": 2},
            ["sns1 は 0 以上にしてください", "original は 0、1 のどれかにしてください"],
        ),
        ("/survived", {**PASSENGER, "pclass": 4}, ["pclass は 1、2、3 のどれかにしてください"]),
        (
            "/survived",
            {**PASSENGER, "sex": "unknown"},
            ["sex は female、male のどれかにしてください"],
        ),
        (
            "/survived",
            {**PASSENGER, "embarked": "X"},
            ["embarked は C、Q、S のどれかにしてください"],
        ),
        ("/survived", {**PASSENGER, "fare": -5.0}, ["fare は 0 以上にしてください"]),
        (
            "/survived",
            {**without(PASSENGER, "pclass"), "fare": -8},
            ["pclass は必須です", "fare は 0 以上にしてください"],
        ),
        (
            "/survived",
            {**PASSENGER, "pclass": 4, "fare": -1},
            ["pclass は 1、2、3 のどれかにしてください", "fare は 0 以上にしてください"],
        ),
    ],
)
def test_決まりに合わない値は理由をすべて決まった順に返す(
    client: TestClient, path: str, body: dict[str, Any], reasons: list[str]
) -> None:
    response = client.post(path, json=body)
    assert (response.status_code, response.json()) == (422, {"detail": reasons})


@pytest.mark.parametrize(
    "content",
    [
        b"{",
        b"[1, 2]",
        b"",
        b'{"sns1": 200, "sns2": 500, "actor": "\xe5\xa4\x9a\xe3\x81\x84", "original": 1}',
        b'{"sns1": 200, "sns2": 500, "actor": 3000, "original": 1.5}',
        b'{"sns1": true, "sns2": 500, "actor": 3000, "original": 1}',
        b'{"sns1": NaN, "sns2": 500, "actor": 3000, "original": 1}',
        b'{"sns1": Infinity, "sns2": 500, "actor": 3000, "original": 1}',
        b'{"sns1": 1e400, "sns2": 500, "actor": 3000, "original": 1}',
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe",
    ],
)
def test_読めないボディと型の違う値は1つの理由だけを返す(
    client: TestClient, content: bytes
) -> None:
    response = client.post("/cinema/sales", content=content)
    assert (response.status_code, response.json()) == (422, {"detail": UNREADABLE})


# --8<-- [end:test-422]


# --8<-- [start:test-other-errors]
def test_モデルが無ければ503で場所を書かない() -> None:
    client = TestClient(create_app(PredictionService(StubStore())))
    response = client.post("/cinema/sales", json=MOVIE)
    assert (response.status_code, response.json()) == (
        503,
        {"detail": "学習済みモデル cinema が見つかりません"},
    )
    health = client.get("/health")
    assert (health.status_code, health.json()["status"]) == (200, "degraded")


def test_知らないパスは404(client: TestClient) -> None:
    response = client.get("/nowhere")
    assert (response.status_code, response.json()) == (404, {"detail": "見つかりません"})


def test_許していないメソッドは405でAllowを付ける(client: TestClient) -> None:
    response = client.get("/cinema/sales")
    assert (response.status_code, response.json()) == (405, {"detail": "許していないメソッドです"})
    assert response.headers["allow"] == "POST"


def test_1MiBを超えるボディは413(client: TestClient) -> None:
    response = client.post("/cinema/sales", content=b" " * (1024 * 1024 + 1))
    assert response.status_code == 413


def test_何千桁のContent_Lengthも500にせず413(client: TestClient) -> None:
    headers = {"content-length": "9" * 5000}  # int にすると ValueError になる桁数
    response = client.post("/cinema/sales", content=b"{}", headers=headers)
    assert (response.status_code, response.json()) == (
        413,
        {"detail": "ボディが大きすぎます（1 MiB まで）"},
    )


def test_思いがけない失敗は500で中身を見せずログに1行だけ書く(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Broken:
        def predict_sales(self, movie: object) -> float:
            raise RuntimeError("秘密の内部の事情 /srv/models")

    store = StubStore(Broken(), StubSurvivalModel())  # type: ignore[arg-type]
    client = TestClient(create_app(PredictionService(store)), raise_server_exceptions=False)
    with caplog.at_level(logging.INFO, logger="getting_started_ml.chapter15"):
        response = client.post("/cinema/sales", json=MOVIE)
    assert (response.status_code, response.json()) == (500, {"detail": "予測できませんでした"})
    assert [(r.levelname, r.exc_info) for r in caplog.records] == [("ERROR", None)]
    assert "RuntimeError: 秘密の内部の事情" in caplog.text  # ログには書く（応答には書かない）


def test_先に切れた接続には答えずログに1行だけ書く(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/survived",
        "headers": [],
        "query_string": b"",
    }
    with caplog.at_level(logging.INFO, logger="getting_started_ml.chapter15"):
        asyncio.run(client.app(scope, receive, send))  # type: ignore[arg-type]
    assert sent == []
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records] == [
        ("INFO", "応答の前に接続が切れました: POST /survived", None)
    ]


# --8<-- [end:test-other-errors]


# --8<-- [start:test-document]
def test_日本語はエスケープせずUTF_8で返す(client: TestClient) -> None:
    response = client.post("/cinema/sales", content=b"{")
    assert "JSON の形式".encode() in response.content


def test_OpenAPIの文書にボディの形を載せる(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    movie = document["paths"]["/cinema/sales"]["post"]["requestBody"]["content"]
    schema = movie["application/json"]["schema"]
    assert schema["required"] == ["sns1", "sns2", "actor", "original"]
    assert schema["properties"]["original"] == {"type": "integer", "enum": [0, 1]}


# --8<-- [end:test-document]


# --8<-- [start:test-huge-numbers]
HUGE = 10**350  # JSON の整数に桁の上限は無い。float にすると溢れる


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/cinema/sales", {**MOVIE, "sns1": HUGE}),
        ("/cinema/sales", {**MOVIE, "actor": -HUGE}),
        ("/survived", {**PASSENGER, "fare": HUGE}),
        ("/survived", {**PASSENGER, "age": HUGE}),
        ("/survived", {**PASSENGER, "sib_sp": HUGE}),
        ("/survived", {**PASSENGER, "parch": HUGE}),
    ],
)
def test_floatにできない長い整数は読めない数として422(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    response = client.post(path, json=body)
    assert (response.status_code, response.json()) == (422, {"detail": UNREADABLE})


def test_予測が有限の数にならなければ422で理由を返す(tmp_path: Path) -> None:
    client = TestClient(create_app(PredictionService(store_with_invented_models(tmp_path))))
    body = {"sns1": 1e308, "sns2": 1e308, "actor": 1e308, "original": 1}
    response = client.post("/cinema/sales", json=body)
    assert (response.status_code, response.json()) == (422, {"detail": [NOT_FINITE]})
    assert client.post("/survived", json={**PASSENGER, "age": 1e308, "fare": 1e308}).json() in (
        {"survived": True},
        {"survived": False},
    )


def test_切片が溢れるモデルのファイルでも健康状態は200でdegraded(tmp_path: Path) -> None:
    store = store_with_invented_models(tmp_path)
    path = store.path_of("cinema")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["payload"]["intercept"] = 10**400
    document["sha256"] = digest(document["payload"])
    path.write_text(json.dumps(document), encoding="utf-8")
    client = TestClient(create_app(PredictionService(store)))
    health = client.get("/health")
    assert (health.status_code, health.json()["status"]) == (200, "degraded")
    assert client.post("/cinema/sales", json=MOVIE).status_code == 503


# --8<-- [end:test-huge-numbers]
