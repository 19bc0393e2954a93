"""付録 C: 1 つの正解率の区間と、その本当の被覆率のテスト。"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from getting_started_ml.appendix_c import wald_interval, wilson_interval


def test_1問も正解しなければ素朴な区間は幅が0になる() -> None:
    interval = wald_interval(0, 10)
    assert (interval.low, interval.high) == (0.0, 0.0)


def test_10問すべて不正解でもWilsonの上端は0より大きい() -> None:
    assert wilson_interval(0, 10).high == pytest.approx(0.2775, abs=5e-5)


@given(n=st.integers(1, 2000), data=st.data())
def test_Wilsonの区間は0と1の間にあり測った割合を含む(n: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, n))
    interval = wilson_interval(successes, n)
    assert 0.0 <= interval.low <= successes / n <= interval.high <= 1.0
