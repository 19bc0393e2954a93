"""第 3 章のテスト: ジニ不純度、最良の分割、決定木、表示、scikit-learn との突き合わせ。"""

from __future__ import annotations

# --8<-- [start:imports]
from collections.abc import Sequence

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    best_split,
    gini,
)

# --8<-- [end:imports]


def rows_of(columns: Sequence[str], *values: Sequence[float]) -> list[Features]:
    """列名と値の並びから、特徴量の行を作る。"""
    return [Features(tuple(columns), tuple(row)) for row in values]


def one_column(column: str, values: Sequence[float]) -> list[Features]:
    """1 列だけの特徴量の行を作る。"""
    return rows_of([column], *([value] for value in values))


def test_一種類だけならジニ不純度は0() -> None:
    assert gini(["s", "s", "s"]) == 0.0


def test_二種類が半分ずつならジニ不純度は0_5() -> None:
    assert gini(["setosa", "virginica"]) == 0.5


def test_三種類が一つずつならジニ不純度は3分の2() -> None:
    assert gini(["a", "b", "c"]) == pytest.approx(2 / 3, abs=1e-12)


def test_空ならジニ不純度は0() -> None:
    assert gini([]) == 0.0


def test_ジニ不純度は現れた順で最後の桁が変わる() -> None:
    # 割合はどちらも 0.2, 0.2, 0.6。足す順だけが違い、結果は 1 ulp ずれる
    assert gini(["a", "b", "c", "c", "c"]) == 0.56
    assert gini(["a", "c", "c", "c", "b"]) == 0.5599999999999999


def test_ラベルをきれいに分ける境界を見つける() -> None:
    x = one_column("花弁幅", [0.1, 0.2, 0.7, 0.8])

    split = best_split(x, ["s", "s", "v", "v"], ["花弁幅"])

    assert split is not None
    assert split.feature == "花弁幅"
    assert split.threshold == pytest.approx(0.45, abs=1e-12)  # 計算すると 0.44999999999999996
    assert split.impurity == 0.0


def test_複数の列から最良の列と境界を選ぶ() -> None:
    columns = ["がく片長さ", "花弁長さ"]
    x = rows_of(columns, [0.1, 0.2], [0.3, 0.1], [0.2, 0.9], [0.4, 0.6])

    split = best_split(x, ["s", "s", "v", "v"], columns)

    assert split is not None
    assert split.feature == "花弁長さ"
    assert split.threshold == pytest.approx(0.4, abs=1e-12)
