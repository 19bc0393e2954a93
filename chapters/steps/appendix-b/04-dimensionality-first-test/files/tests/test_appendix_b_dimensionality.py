"""付録 B: 次元の呪い（区画の数、内接球の体積の割合、距離の集中）のテスト。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.appendix_b.dimensionality import ball_volume_ratio


def test_内接球の体積の割合は資料の値() -> None:
    assert ball_volume_ratio(2) == pytest.approx(math.pi / 4, rel=1e-12)
    assert round(ball_volume_ratio(2), 2) == 0.79
    assert ball_volume_ratio(10) == pytest.approx(math.pi**5 / 120 / 2**10, rel=1e-12)
    assert round(ball_volume_ratio(10), 4) == 0.0025
