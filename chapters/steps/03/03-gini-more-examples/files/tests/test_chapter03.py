"""第 3 章のテスト: ジニ不純度、最良の分割、決定木、表示、scikit-learn との突き合わせ。"""

from __future__ import annotations

# --8<-- [start:imports]
import pytest

from getting_started_ml.chapter03 import gini

# --8<-- [end:imports]


def test_一種類だけならジニ不純度は0() -> None:
    assert gini(["s", "s", "s"]) == 0.0


def test_二種類が半分ずつならジニ不純度は0_5() -> None:
    assert gini(["setosa", "virginica"]) == 0.5


def test_三種類が一つずつならジニ不純度は3分の2() -> None:
    assert gini(["a", "b", "c"]) == pytest.approx(2 / 3, abs=1e-12)
