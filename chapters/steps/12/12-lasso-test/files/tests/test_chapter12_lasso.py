"""第 12 章: 軟しきい値とラッソ回帰のテスト（書き始め）。"""

from __future__ import annotations

# --8<-- [start:imports]
import pytest

from getting_started_ml.chapter12.lasso import soft_threshold
from getting_started_ml.chapter12.regularization import fit_ridge
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:imports]


# --8<-- [start:sparse-data]
def sparse_data(n: int = 50) -> tuple[list[list[float]], list[float]]:
    """t = 3·x0 − 2·x1 + 0.1·ノイズ。x2 と x3 は t に関係しない列（JavaRandom(0) の正規乱数）。"""
    random = JavaRandom(0)
    x = [[random.next_gaussian() for _ in range(4)] for _ in range(n)]
    t = [3 * row[0] - 2 * row[1] + 0.1 * random.next_gaussian() for row in x]
    return x, t


# --8<-- [end:sparse-data]


def test_軟しきい値はしきい値の内側を0にし外側をしきい値だけ縮める() -> None:
    assert soft_threshold(5.0, 2.0) == 3.0
    assert soft_threshold(-5.0, 2.0) == -3.0
    assert soft_threshold(1.5, 2.0) == 0.0
    assert soft_threshold(-2.0, 2.0) == 0.0
    assert soft_threshold(0.7, 0.0) == 0.7


# --8<-- [start:new-tests]
def test_ラッソは関係のない列の係数をちょうど0にする() -> None:
    from getting_started_ml.chapter12.lasso import fit_lasso  # noqa: PLC0415

    x, t = sparse_data()
    model = fit_lasso(x, t, 0.5)

    assert model.coefficients[2:] == [0.0, 0.0]
    assert model.coefficients[0] > 0 > model.coefficients[1]


def test_ラッソはalphaが小さければ最小二乗に近い() -> None:
    from getting_started_ml.chapter12.lasso import fit_lasso  # noqa: PLC0415

    x, t = sparse_data()
    ols = fit_ridge(x, t, 0.0)
    model = fit_lasso(x, t, 1e-9)

    assert model.coefficients == pytest.approx(ols.coefficients, abs=1e-7)
    assert model.intercept == pytest.approx(ols.intercept, abs=1e-7)


# --8<-- [end:new-tests]
