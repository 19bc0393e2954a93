# --8<-- [start:header]
"""第 15 章: 約束の性質のテスト。どんなボディにも、約束の形の応答だけを返す（500 は出ない）。"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.chapter15 import (
    StubSalesModel,
    StubStore,
    StubSurvivalModel,
    store_with_invented_models,
)

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import ModelStore, PredictionNotFiniteError
from getting_started_ml.chapter15.experiment import train_and_save_models
from getting_started_ml.chapter15.infrastructure import FileModelStore
from getting_started_ml.chapter15.presentation import create_app
from getting_started_ml.chapter15.validation import MOVIE, PASSENGER, UNREADABLE, Schema

REASON = re.compile(r"^[a-z_0-9]+ は(必須です| 0 以上にしてください| .+ のどれかにしてください)$")
NOT_FINITE = str(PredictionNotFiniteError())


def client_for(store: ModelStore) -> TestClient:
    """store のモデルで答えるアプリ。500 も例外にせず応答として受け取る。"""
    return TestClient(create_app(PredictionService(store)), raise_server_exceptions=False)


CLIENT = client_for(StubStore(StubSalesModel(), StubSurvivalModel()))


# --8<-- [end:header]

# --8<-- [start:json-numbers]
json_numbers = st.one_of(
    st.integers(-5, 5),
    st.integers(),  # 桁の多い整数も
    st.integers(10**300, 10**400).map(lambda n: n * (-1) ** (n % 2)),  # float にすると溢れる整数
    st.floats(allow_nan=False, allow_infinity=False),  # 1.7976931348623157e308 まで
    st.sampled_from([1e308, -1e308, -0.0, 5e-324, 2.2250738585072014e-308, 2.0**53 + 1]),
)
# --8<-- [end:json-numbers]

# --8<-- [start:strategies]
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        json_numbers,
        st.sampled_from(["male", "female", "C", "Q", "S", "X", "多い", ""]),
    ),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children)
    ),
    max_leaves=5,
)


def bodies(schema: Schema) -> st.SearchStrategy[dict[str, Any]]:
    """欄の一部を、正しい値・境目の値・型の違う値・null で埋めたボディ。知らない欄も混ぜる。"""
    names = [spec.name for spec in schema.fields]
    return st.dictionaries(
        st.sampled_from([*names, "extra"]),
        st.one_of(
            st.integers(-2, 4), st.sampled_from([0.0, -0.5, 1e308]), json_numbers, json_values
        ),
        max_size=len(names) + 1,
    )


OPENAPI = CLIENT.get("/openapi.json").json()
JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "integer": int,
    "number": (int, float),
    "string": str,
    "boolean": bool,
    "object": dict,
}


def value_for(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """OpenAPI の 1 つの欄の形から、合う値と外れた値（範囲外、型違い、null）を作る。"""
    if "anyOf" in schema:
        return st.one_of(*(value_for(option) for option in schema["anyOf"]))
    if schema.get("type") == "null":
        return st.none()
    if "enum" in schema:
        fitting: st.SearchStrategy[Any] = st.sampled_from(schema["enum"])
    elif schema["type"] == "integer":
        fitting = st.integers(schema.get("minimum"))
    elif schema["type"] == "number":
        fitting = st.floats(schema.get("minimum"), allow_nan=False, allow_infinity=False)
    else:
        fitting = st.text(max_size=4)
    return st.one_of(fitting, json_values)


def bodies_from_openapi(path: str) -> st.SearchStrategy[dict[str, Any]]:
    """OpenAPI の文書に載せたボディの形から、欄を省いたり外れた値を入れたりしたボディを作る。"""
    content = OPENAPI["paths"][path]["post"]["requestBody"]["content"]
    properties = content["application/json"]["schema"]["properties"]
    return st.fixed_dictionaries(
        {}, optional={name: value_for(schema) for name, schema in properties.items()}
    )


def matches(schema: dict[str, Any], value: Any) -> bool:
    """応答のボディが、OpenAPI の文書の形（必須の欄と、その型）に合うか。"""
    if schema.get("type") == "object":
        return isinstance(value, dict) and all(
            name in value and matches(schema["properties"].get(name, {}), value[name])
            for name in schema.get("required", [])
        )
    expected = JSON_TYPES.get(schema.get("type", ""))
    return expected is None or (
        isinstance(value, expected)
        and not (schema["type"] in ("integer", "number") and isinstance(value, bool))
    )


# --8<-- [end:strategies]


# --8<-- [start:test-openapi]
PATHS = st.sampled_from(["/cinema/sales", "/survived"])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PATHS.flatmap(lambda path: st.tuples(st.just(path), bodies_from_openapi(path))))
@example(("/cinema/sales", {}))  # どの欄も無い
@example(("/cinema/sales", {"sns1": 1e308, "sns2": 1e308, "actor": 1e308, "original": 1}))
@example(("/survived", {"pclass": 2, "sex": "male", "sib_sp": 0, "parch": 0, "fare": 7.25}))
@example(("/survived", {"pclass": 1, "sex": None, "age": None, "fare": -1.0, "embarked": 0}))
def test_OpenAPIの文書から作ったボディに文書の形で答える(case: tuple[str, dict[str, Any]]) -> None:
    path, body = case
    response = CLIENT.post(path, json=body)
    responses = OPENAPI["paths"][path]["post"]["responses"]
    assert str(response.status_code) in responses, response.text
    declared = responses[str(response.status_code)]["content"]["application/json"]["schema"]
    assert matches(declared, response.json()), response.text


# --8<-- [end:test-openapi]


# --8<-- [start:test-contract]
Route = tuple[str, Schema]
ROUTES = st.sampled_from([("/cinema/sales", MOVIE), ("/survived", PASSENGER)])
ROUTED_BODIES = ROUTES.flatmap(lambda route: st.tuples(st.just(route), bodies(route[1])))
"""経路（パスと決まり）と、その決まりで作ったボディの組。"""
EDGE_BODIES: list[tuple[Route, dict[str, Any]]] = [
    (("/cinema/sales", MOVIE), {}),  # どの欄も無い
    (("/cinema/sales", MOVIE), {"sns1": 1e308, "sns2": 1e308, "actor": 1e308, "original": 1}),
    (("/cinema/sales", MOVIE), {"sns1": 10**400, "sns2": 0, "actor": 0, "original": 0}),
    (
        ("/cinema/sales", MOVIE),
        {"sns1": -0.0, "sns2": 5e-324, "actor": 2**53 + 1, "original": 1},
    ),
    (
        ("/survived", PASSENGER),
        {"pclass": 1, "sex": "female", "sib_sp": 10**300, "parch": 0, "fare": 1e308},
    ),
    (
        ("/survived", PASSENGER),
        {"pclass": 3, "sex": "male", "sib_sp": 0, "parch": 0, "fare": -1e308, "age": 10**300},
    ),
    (
        ("/survived", PASSENGER),
        {
            "pclass": True,
            "sex": "多い",
            "age": -0.5,
            "sib_sp": [],
            "parch": {"": None},
            "fare": "X",
            "embarked": "",
            "extra": None,
        },
    ),
    (
        ("/survived", PASSENGER),
        {"pclass": 5, "sex": "多い", "age": -0.5, "sib_sp": -1, "parch": -2, "embarked": "X"},
    ),
]
"""乱数に任せず毎回送るボディ（溢れる数、float にすると溢れる整数、非正規数、理由の多いボディ）。"""


def with_edge_bodies(test: Callable[..., None]) -> Callable[..., None]:
    """EDGE_BODIES を、hypothesis の @example として test に付ける。"""
    for case in EDGE_BODIES:
        test = example(case=case)(test)
    return test


def check_contract(client: TestClient, route: Route, body: dict[str, Any]) -> None:
    """ボディを送り、200 か 422 が約束の形で返ることを確かめる。"""
    path, _ = route
    response = client.post(path, content=json.dumps(body).encode())
    assert response.status_code in (200, 422), response.text
    document = response.json()
    if response.status_code == 200:
        assert set(document) == ({"sales"} if path == "/cinema/sales" else {"survived"})
    else:
        reasons = document["detail"]
        assert reasons in ([UNREADABLE], [NOT_FINITE]) or all(REASON.match(r) for r in reasons)
        assert len(reasons) == len(set(reasons))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=ROUTED_BODIES)
@with_edge_bodies
def test_どんなボディにも200か422だけを約束の形で返す(case: tuple[Route, dict[str, Any]]) -> None:
    check_contract(CLIENT, *case)


@pytest.fixture(scope="module")
def invented_client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """架空の 2 つのモデルをファイルに置いた置き場で答えるアプリ（本物のモデルの計算を通る）。"""
    return client_for(store_with_invented_models(tmp_path_factory.mktemp("models")))


@pytest.fixture(scope="module")
def real_client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """実データで学習したモデルで答えるアプリ。data マーカーと一緒に使う。"""
    store = FileModelStore(tmp_path_factory.mktemp("models"))
    train_and_save_models(store)
    return client_for(store)


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=ROUTED_BODIES)
@with_edge_bodies
def test_ファイルのモデルでもどんなボディにも200か422で答える(
    invented_client: TestClient, case: tuple[Route, dict[str, Any]]
) -> None:
    check_contract(invented_client, *case)


@pytest.mark.data("cinema.csv", "Survived.csv")
@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=ROUTED_BODIES)
@with_edge_bodies
def test_実データのモデルでもどんなボディにも200か422で答える(
    real_client: TestClient, case: tuple[Route, dict[str, Any]]
) -> None:
    check_contract(real_client, *case)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=64))
def test_どんなバイト列にも422か200で答える(content: bytes) -> None:
    response = CLIENT.post("/survived", content=content)
    assert response.status_code in (200, 422)


# --8<-- [end:test-contract]
