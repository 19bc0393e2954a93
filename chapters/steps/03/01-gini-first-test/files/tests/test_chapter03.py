"""第 3 章のテスト: ジニ不純度、最良の分割、決定木、表示、scikit-learn との突き合わせ。"""

from __future__ import annotations

# --8<-- [start:imports]
from getting_started_ml.chapter03 import gini

# --8<-- [end:imports]


def test_一種類だけならジニ不純度は0() -> None:
    assert gini(["s", "s", "s"]) == 0.0
