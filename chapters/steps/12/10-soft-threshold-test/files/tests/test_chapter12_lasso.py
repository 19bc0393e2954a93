"""第 12 章: 軟しきい値とラッソ回帰のテスト（書き始め）。"""

from __future__ import annotations

from getting_started_ml.chapter12.lasso import soft_threshold


def test_軟しきい値はしきい値の内側を0にし外側をしきい値だけ縮める() -> None:
    assert soft_threshold(5.0, 2.0) == 3.0
    assert soft_threshold(-5.0, 2.0) == -3.0
    assert soft_threshold(1.5, 2.0) == 0.0
    assert soft_threshold(-2.0, 2.0) == 0.0
    assert soft_threshold(0.7, 0.0) == 0.7
