"""付録 B: 過学習と学習不足（多項式の次数と L2 正則化）のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_b.generalization import Sample, fit_polynomial


def test_雑音の無い3次式なら係数をそのまま取り戻す() -> None:
    x = [i / 7 for i in range(8)]
    sample = Sample(x, [1 - 2 * v + 3 * v**3 for v in x])
    assert fit_polynomial(sample, 3) == pytest.approx([1, -2, 0, 3], abs=1e-9)
