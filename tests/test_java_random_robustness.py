"""頑健さのテスト（java_random）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
getting_started_ml.java_randomの公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import (
    call_safely,
    counts,
    uncalled_names,
    wrong_types,
)

from getting_started_ml.java_random import JavaRandom, require_int, shuffle, shuffled_positions

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(seed=st.one_of(st.integers(), wrong_types()), bound=counts())
def test_JavaRandom(seed: Any, bound: Any) -> None:
    random_ = call_safely(lambda: JavaRandom(seed), names=["seed", "種"])
    if random_ is None:
        return
    value = call_safely(lambda: random_.next_int(bound), names=["bound"])
    if value is not None and bound is not None:
        assert 0 <= value < bound
    bits = call_safely(lambda: random_.next_bits(bound), names=["bits"])
    if bits is not None:
        assert 1 <= bound <= 32
    assert 0.0 <= random_.next_double() < 1.0
    assert math.isfinite(random_.next_gaussian())
    assert isinstance(random_.next_boolean(), bool)
    assert -(2**63) <= random_.next_long() < 2**63


@fuzz
@given(items=st.lists(st.integers(), max_size=8), seed=st.one_of(st.integers(), wrong_types()))
def test_shuffle(items: list[int], seed: Any) -> None:
    result = call_safely(lambda: shuffle(items, seed), names=["seed", "種"])
    if result is not None:
        assert sorted(result) == sorted(items)


@fuzz
@given(n=counts(), seed=st.one_of(st.integers(), wrong_types()))
def test_shuffled_positions(n: Any, seed: Any) -> None:
    result = call_safely(lambda: shuffled_positions(n, seed), names=["n", "seed"])
    if result is not None:
        assert sorted(result) == list(range(n))


@fuzz
@given(value=st.one_of(st.integers(), wrong_types(), st.floats()))
def test_require_int(value: Any) -> None:
    call_safely(lambda: require_int(value, "引数"), names=["引数"])


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.java_random", source, EXEMPT) == []
