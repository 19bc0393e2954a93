"""頑健さのテスト（checks）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
getting_started_ml.checksの公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.robustness import (
    call_safely,
    counts,
    labels,
    number_lists,
    numbers_or_wrong,
    uncalled_names,
    wrong_types,
)

from getting_started_ml import checks

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(value=numbers_or_wrong(allow_nan=True))
def test_as_float_and_require_real(value: Any) -> None:
    call_safely(lambda: checks.require_real(value, "引数"), names=["引数"])
    call_safely(lambda: checks.as_float(value, "引数"), names=["引数"], allow_nan=True)


@fuzz
@given(first=st.one_of(labels(), wrong_types()), second=st.one_of(labels(), wrong_types()))
def test_require_same_length_and_no_nan(first: Any, second: Any) -> None:
    call_safely(lambda: checks.require_same_length(first, second, "左", "右"), names=["左", "右"])
    call_safely(lambda: checks.require_no_nan(first, "左"), names=["左"])


@fuzz
@given(value=numbers_or_wrong(allow_nan=True))
def test_require_number_finite_and_probabilities(value: Any) -> None:
    number = call_safely(lambda: checks.require_number(value, "引数"), names=["引数"])
    if number is not None:
        assert not math.isnan(number)
    finite = call_safely(lambda: checks.require_finite(value, "引数"), names=["引数"])
    if finite is not None:
        assert math.isfinite(finite)
    closed = call_safely(lambda: checks.require_probability(value, "引数"), names=["引数"])
    if closed is not None:
        assert 0.0 <= closed <= 1.0
    opened = call_safely(lambda: checks.require_open_probability(value, "引数"), names=["引数"])
    if opened is not None:
        assert 0.0 < opened < 1.0


@fuzz
@given(value=counts(), minimum=st.integers(-2, 3))
def test_require_count(value: Any, minimum: int) -> None:
    count = call_safely(
        lambda: checks.require_count(value, "件数", minimum=minimum), names=["件数"]
    )
    if count is not None:
        assert count >= minimum


@fuzz
@given(values=st.one_of(number_lists(allow_nan=True), labels(), wrong_types(), st.text(max_size=3)))
@example(values=[math.nan])
def test_require_sequence_numbers_and_flags(values: Any) -> None:
    # 列であることだけを確かめ、要素は見ない（NaN の要素もそのまま返す）
    call_safely(lambda: checks.require_sequence(values, "列"), names=["列"], allow_nan=True)
    numbers = call_safely(lambda: checks.require_numbers(values, "列"), names=["列"])
    if numbers is not None:
        assert all(math.isfinite(number) for number in numbers)
    flags = call_safely(lambda: checks.require_flags(values, "列"), names=["列"])
    if flags is not None:
        assert all(isinstance(flag, bool) for flag in flags)
    candidates = call_safely(lambda: checks.require_candidates(values, str, "列"), names=["列"])
    if candidates is not None:
        assert candidates
        assert all(isinstance(candidate, str) for candidate in candidates)


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.checks", source, EXEMPT) == []
