"""頑健さのテスト（numeric）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
getting_started_ml.numericの公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from support.robustness import (
    call_safely,
    counts,
    number_lists,
    numbers_or_wrong,
    uncalled_names,
)

from getting_started_ml import numeric

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(values=number_lists())
def test_kahan_sum_and_mean(values: list[Any]) -> None:
    total = call_safely(lambda: numeric.kahan_sum(values), names=["番目"])
    mean = call_safely(lambda: numeric.kahan_mean(values), names=["番目", "空"])
    clean = [float(v) for v in values if isinstance(v, float) and math.isfinite(v)]
    if total is not None and len(clean) == len(values) and all(abs(v) < 1e300 for v in clean):
        scale = max([abs(v) for v in clean], default=0.0)
        assert total == pytest.approx(math.fsum(clean), rel=1e-9, abs=1e-9 * scale)
    if mean is not None:
        assert values


@fuzz
@given(values=number_lists(allow_nan=True))
def test_is_constant_and_mean_and_std(values: list[Any]) -> None:
    names = ["番目", "空", "列 a"]
    constant = call_safely(lambda: numeric.is_constant(values), names=names)
    result = call_safely(lambda: numeric.mean_and_std(values, "列 a"), names=names)
    if result is not None:
        mean, std = result
        assert math.isfinite(mean)
        assert std >= 0.0
        assert (std == 0.0) == bool(constant)


@fuzz
@given(value=numbers_or_wrong(allow_nan=True), digits=counts())
def test_format_fixed(value: Any, digits: Any) -> None:
    text = call_safely(lambda: numeric.format_fixed(value, digits), names=["value", "digits"])
    if text is not None:
        assert text.count(".") == (1 if digits > 0 else 0)


@fuzz
@given(value=numbers_or_wrong(allow_nan=True))
def test_check_format_arguments(value: Any) -> None:
    call_safely(lambda: numeric.check_format_arguments(value, 2), names=["value"])


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.numeric", source, EXEMPT) == []
