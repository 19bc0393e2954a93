"""第 12 章: リッジ回帰とラッソ回帰のテスト（書き始め）。"""

from __future__ import annotations

import pytest

from getting_started_ml.chapter12.regularization import fit_ridge


def test_alpha_0なら直線の傾きと切片を取り戻す() -> None:
    model = fit_ridge([[1.0], [2.0], [3.0]], [3.0, 5.0, 7.0], 0.0)

    assert model.coefficients == pytest.approx([2.0], rel=1e-12)
    assert model.intercept == pytest.approx(1.0, rel=1e-12)
