"""第 15 章の公開関数の頑健さ: 悪い入力には正しい値か、名前を書いた ValueError / TypeError。"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter15.infrastructure import (
    SALES_KIND,
    FileModelStore,
    check_pipeline,
    envelope,
    linear_model_from_payload,
    open_envelope,
)
from getting_started_ml.chapter15.server import protocol_with
from getting_started_ml.chapter15.validation import (
    UNREADABLE,
    movie_from,
    parse_object,
    passenger_from,
)

json_like = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4)),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children)
    ),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.binary(max_size=40), json_like.map(lambda v: json.dumps(v).encode())))
def test_ボディの読み取りは値か約束の例外だけ(body: bytes) -> None:
    names = [UNREADABLE, "は必須です", "は 0 以上", "のどれか"]
    call_safely(lambda: parse_object(body), names=names)
    call_safely(lambda: movie_from(body), names=names)
    call_safely(lambda: passenger_from(body), names=names)


@settings(max_examples=80, deadline=None)
@given(json_like)
def test_モデルのファイルの読み取りは値か約束の例外だけ(payload: Any) -> None:
    names = ["JSON", "format", "kind", "SHA-256", "有限", "intercept", "係数", "切片"]
    text = call_safely(lambda: envelope(SALES_KIND, payload), names=["Out of range", "NaN"])
    if text is not None:
        opened = call_safely(lambda: open_envelope(text, SALES_KIND), names=names)
        if opened is not None:
            call_safely(lambda: linear_model_from_payload(opened), names=names)
    call_safely(lambda: open_envelope(json.dumps(payload), SALES_KIND), names=names)


seconds_like = st.one_of(
    st.floats(), st.integers(-5, 5), st.booleans(), st.none(), st.text(max_size=3)
)


@settings(max_examples=60, deadline=None)
@given(seconds_like)
def test_秒数の引数は値か約束の例外だけ(seconds: Any) -> None:
    names = ["秒数", "read_timeout", "settle_seconds"]
    call_safely(lambda: protocol_with(seconds), names=names)
    call_safely(lambda: FileModelStore(".", settle_seconds=seconds), names=names)


@settings(max_examples=30, deadline=None)
@given(json_like)
def test_パイプラインの意味の検査は学習済みのパイプラインだけを受け取る(value: Any) -> None:
    call_safely(lambda: check_pipeline(value), names=["FittedPipeline"])
