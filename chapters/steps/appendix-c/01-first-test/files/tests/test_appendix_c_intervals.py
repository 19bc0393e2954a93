"""付録 C: 1 つの正解率の区間と、その本当の被覆率のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_c import wald_interval, wilson_interval


def test_1問も正解しなければ素朴な区間は幅が0になる() -> None:
    interval = wald_interval(0, 10)
    assert (interval.low, interval.high) == (0.0, 0.0)


def test_10問すべて不正解でもWilsonの上端は0より大きい() -> None:
    assert wilson_interval(0, 10).high == pytest.approx(0.2775, abs=5e-5)
