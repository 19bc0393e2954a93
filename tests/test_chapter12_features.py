# --8<-- [start:header]
"""第 12 章: 外れ値の除去、3 つへの分割、標準化してから作る 2 次の特徴量。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter12.features import (
    FEATURES,
    OUTLIER_THRESHOLD,
    SEED,
    TARGET,
    TEST_SIZE,
    VALIDATION_SIZE,
    PolynomialScaler,
    outlier_rows,
    prepare_boston,
    remove_outliers,
    sample_std,
    three_way_positions,
)

HEADER = "CRIME,RM,PTRATIO,LSTAT,PRICE"


def boston_like(rows: list[tuple[float, float, float, float]]) -> Table:
    """第 12 章が読む 4 列（と、使わない CRIME）だけの、テストのために作った表。"""
    lines = [f"low,{rm},{ptratio},{lstat},{price}" for rm, ptratio, lstat, price in rows]
    return Table.parse("\n".join([HEADER, *lines]) + "\n")


# --8<-- [end:header]


# --8<-- [start:test-scaler]
def test_標準化してから2次の項を作る() -> None:
    scaler = PolynomialScaler.fit([[1.0, 10.0], [3.0, 30.0]], ["a", "b"])

    assert (scaler.means, scaler.stds) == ((2.0, 20.0), (1.0, 10.0))
    assert scaler.feature_names() == ["a", "b", "a^2", "a b", "b^2"]
    assert scaler.transform([[4.0, 10.0]]) == [[2.0, -1.0, 4.0, -2.0, 1.0]]


def test_3列なら2次の項は6つでscikit_learnと同じ順() -> None:
    scaler = PolynomialScaler.fit([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0]], list(FEATURES))

    assert scaler.feature_names() == [
        "RM",
        "PTRATIO",
        "LSTAT",
        "RM^2",
        "RM PTRATIO",
        "RM LSTAT",
        "PTRATIO^2",
        "PTRATIO LSTAT",
        "LSTAT^2",
    ]


def test_訓練データで一定の列は標準化できない() -> None:
    with pytest.raises(ValueError, match=r"列 b は訓練データで一定（5.0）"):
        PolynomialScaler.fit([[1.0, 5.0], [2.0, 5.0]], ["a", "b"])


def test_平均がビットまで一致しなくても一定の列は標準化できない() -> None:
    # 0.1 を 3 つ足して 3 で割ると 0.10000000000000002。標準偏差は 0 でなく 1.4e-17 になる。
    with pytest.raises(ValueError, match=r"列 a は訓練データで一定（0.1）"):
        PolynomialScaler.fit([[0.1, 1.0], [0.1, 2.0], [0.1, 3.0]], ["a", "b"])


def test_列の数が学習と違えば変換できない() -> None:
    scaler = PolynomialScaler.fit([[1.0, 10.0], [3.0, 30.0]], ["a", "b"])
    with pytest.raises(ValueError, match="x の列の数 1 が、学習した列の数 2 と違います"):
        scaler.transform([[1.0]])
    with pytest.raises(ValueError, match="names の数 1 が x の列の数 2 と違います"):
        PolynomialScaler.fit([[1.0, 10.0], [3.0, 30.0]], ["a"])


# --8<-- [end:test-scaler]


# --8<-- [start:test-outliers]
def test_標本標準偏差はn引く1で割る() -> None:
    assert sample_std([1.0, 2.0, 3.0, 4.0]) == pytest.approx(math.sqrt(5 / 3), rel=1e-15)


def test_zの絶対値がしきい値を超える行を除く() -> None:
    rows = [(1.0, 1.0, 1.0, 1.0)] * 9 + [(100.0, 1.0, 1.0, 1.0)]
    table = boston_like(rows)

    assert outlier_rows(table, threshold=2.0) == [9]
    assert len(remove_outliers(table, threshold=2.0)) == 9
    # 10 行のうち 1 行だけ外れた値の z は (n−1)/√n ≈ 2.85 なので、しきい値 3 では残る
    assert outlier_rows(table) == []


def test_どの列で外れても除き残りはファイルの順() -> None:
    rows = [(1.0, 1.0, 1.0, 1.0)] * 12
    rows[3] = (1.0, 1.0, 1.0, 50.0)
    rows[7] = (1.0, -40.0, 1.0, 1.0)
    table = boston_like(rows)
    kept = remove_outliers(table, threshold=2.0)

    assert outlier_rows(table, threshold=2.0) == [3, 7]
    assert [row.number(TARGET) for row in kept.rows] == [1.0] * 10


def test_欠損があれば行と列を書いて失敗する() -> None:
    table = Table.parse(f"{HEADER}\nlow,6.0,15.0,,20.0\nlow,6.1,15.0,5.0,21.0\n")
    with pytest.raises(ValueError, match="0 行目の LSTAT が欠損しています"):
        remove_outliers(table)


# --8<-- [end:test-outliers]


# --8<-- [start:test-split]
def test_3つに分けた位置は重ならず全体をおおう() -> None:
    positions = three_way_positions(20)

    assert (len(positions.train), len(positions.validation), len(positions.test)) == (9, 5, 6)
    assert sorted(positions.train + positions.validation + positions.test) == list(range(20))


def test_内側の分割は外側の訓練データの並びを同じ種でもう1度分ける() -> None:
    # 外側: 10 件を種 0 で並べ替えた [4, 8, 9, 6, 3, 5, 2, 1, 7, 0] の最後の 3 件がテスト。
    # 内側: 残りの L = [4, 8, 9, 6, 3, 5, 2] の位置 0..6 を種 0 で並べ替えると
    # [1, 0, 3, 2, 6, 4, 5]。最後の ceil(7 × 0.3) = 3 件 [6, 4, 5] が検証で、L[6], L[4], L[5]。
    positions = three_way_positions(10)

    assert positions.test == [1, 7, 0]
    assert positions.validation == [2, 3, 5]
    assert positions.train == [8, 4, 6, 9]


def test_章の定数() -> None:
    assert FEATURES == ("RM", "PTRATIO", "LSTAT")
    assert (TARGET, OUTLIER_THRESHOLD, TEST_SIZE, VALIDATION_SIZE, SEED) == (
        "PRICE",
        3.0,
        0.3,
        0.3,
        0,
    )


# --8<-- [end:test-split]


# --8<-- [start:test-prepare]
def test_前処理は訓練データの統計だけで3つとも変換する() -> None:
    values = [float(i) for i in range(20)]
    rows = [(5.0 + v / 10, 15.0 + (v % 7), 10.0 + (v * 3) % 11, 20.0 + v) for v in values]
    dataset = prepare_boston(boston_like(rows))
    positions = three_way_positions(20)
    scaler = PolynomialScaler.fit([rows[i][:3] for i in positions.train], FEATURES)

    assert dataset.x_test == scaler.transform([rows[i][:3] for i in positions.test])
    assert dataset.t_valid == [rows[i][3] for i in positions.validation]
    assert dataset.feature_names == scaler.feature_names()
    assert sum(row[0] for row in dataset.x_train) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_訓練データが0件になる件数は三分割せずに失敗する(n: int) -> None:
    with pytest.raises(ValueError, match=rf"n={n} .*訓練データが 0 件"):
        three_way_positions(n)


# --8<-- [end:test-prepare]
