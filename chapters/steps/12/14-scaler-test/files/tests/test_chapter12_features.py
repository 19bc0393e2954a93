"""第 12 章: 標準化してから作る 2 次の特徴量（書き始め）。"""

from __future__ import annotations


def test_標準化してから2次の項を作る() -> None:
    from getting_started_ml.chapter12.features import PolynomialScaler  # noqa: PLC0415

    scaler = PolynomialScaler.fit([[1.0, 10.0], [3.0, 30.0]], ["a", "b"])

    assert (scaler.means, scaler.stds) == ((2.0, 20.0), (1.0, 10.0))
    assert scaler.feature_names() == ["a", "b", "a^2", "a b", "b^2"]
    assert scaler.transform([[4.0, 10.0]]) == [[2.0, -1.0, 4.0, -2.0, 1.0]]
