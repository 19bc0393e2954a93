"""第 15 章: 約束の性質のテスト。どんな本文にも、約束の形の応答だけを返す（500 は出ない）。"""

from __future__ import annotations

import json
import re
from typing import Any

from chapter15_support import StubSalesModel, StubStore, StubSurvivalModel
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.presentation import create_app
from getting_started_ml.chapter15.validation import MOVIE, PASSENGER, UNREADABLE, Schema

CLIENT = TestClient(
    create_app(PredictionService(StubStore(StubSalesModel(), StubSurvivalModel()))),
    raise_server_exceptions=False,
)
REASON = re.compile(r"^[a-z_0-9]+ は(必須です| 0 以上にしてください| .+ のどれかにしてください)$")

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 5),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(["male", "female", "C", "Q", "S", "X", "多い", ""]),
    ),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children)
    ),
    max_leaves=5,
)


def bodies(schema: Schema) -> st.SearchStrategy[dict[str, Any]]:
    """欄の一部を、正しい値・境目の値・型の違う値・null で埋めた本文。知らない欄も混ぜる。"""
    names = [spec.name for spec in schema.fields]
    return st.dictionaries(
        st.sampled_from([*names, "extra"]),
        st.one_of(st.integers(-2, 4), st.sampled_from([0.0, -0.5, 1e308]), json_values),
        max_size=len(names) + 1,
    )


# --8<-- [start:test-contract]
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([("/cinema/sales", MOVIE), ("/survived", PASSENGER)]), st.data())
def test_どんな本文にも200か422だけを約束の形で返す(
    route: tuple[str, Schema], data: st.DataObject
) -> None:
    path, schema = route
    body = data.draw(bodies(schema))
    response = CLIENT.post(path, content=json.dumps(body).encode())
    assert response.status_code in (200, 422), response.text
    document = response.json()
    if response.status_code == 200:
        assert set(document) == ({"sales"} if path == "/cinema/sales" else {"survived"})
    else:
        reasons = document["detail"]
        assert reasons == [UNREADABLE] or all(REASON.match(reason) for reason in reasons)
        assert len(reasons) == len(set(reasons))


# --8<-- [end:test-contract]


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=64))
def test_どんなバイト列にも422か200で答える(content: bytes) -> None:
    response = CLIENT.post("/survived", content=content)
    assert response.status_code in (200, 422)
