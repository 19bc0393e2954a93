"""第 7 章のテスト（途中の版）。"""

from __future__ import annotations

from getting_started_ml.chapter07 import Matrix


def test_2行2列の積() -> None:
    product = Matrix.of([[1, 2], [3, 4]]) @ Matrix.of([[5, 6], [7, 8]])
    assert product == Matrix.of([[19, 22], [43, 50]])
