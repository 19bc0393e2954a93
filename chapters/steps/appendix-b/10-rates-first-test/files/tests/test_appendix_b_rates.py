"""付録 B: Fβ・特異度・偽陽性率と、しきい値 1 つの動作点のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_b.rates import f_beta
from getting_started_ml.chapter11 import ConfusionMatrix, f1_score

CM = ConfusionMatrix(tp=6, fp=2, fn=4, tn=8)  # 適合率 6/8、再現率 6/10、特異度 8/10


def test_Fβは適合率と再現率の重み付き調和平均() -> None:
    p, r = 6 / 8, 6 / 10
    assert f_beta(CM, 2.0) == pytest.approx(5 * p * r / (4 * p + r))
    assert f_beta(CM, 0.5) == pytest.approx(1.25 * p * r / (0.25 * p + r))
    assert f_beta(CM, 1.0) == pytest.approx(f1_score(CM))
