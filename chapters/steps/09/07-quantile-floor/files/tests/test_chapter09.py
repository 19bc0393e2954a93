"""第 9 章: ダミー変数と標準化のテスト。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter09 import Standardizer, dummy_categories, quantile


def features(columns: tuple[str, ...], *rows: tuple[float, ...]) -> list[Features]:
    """同じ列名の特徴量の行を並べる。"""
    return [Features(columns, row) for row in rows]


def test_カテゴリは並べ替えて先頭を落とす() -> None:
    assert dummy_categories(["low", "high", "very_low", "low"]) == ["low", "very_low"]


def test_空の値はカテゴリに数えない() -> None:
    assert dummy_categories(["low", "", "high"]) == ["low"]


def test_訓練データの平均と母標準偏差を学ぶ() -> None:
    rows = features(("RM", "LSTAT"), (1.0, 10.0), (2.0, 10.0), (3.0, 40.0))

    scaler = Standardizer.fit(rows)

    assert scaler.means == {"RM": 2.0, "LSTAT": 20.0}
    assert scaler.stds == pytest.approx(
        {"RM": math.sqrt(2 / 3), "LSTAT": math.sqrt(200)}, rel=1e-12
    )


def test_ほかのデータも訓練データの統計で標準化する() -> None:
    scaler = Standardizer.fit(features(("RM", "LSTAT"), (1.0, 10.0), (2.0, 10.0), (3.0, 40.0)))

    [row] = scaler.transform(features(("RM", "LSTAT"), (4.0, 20.0)))

    assert row.columns == ("RM", "LSTAT")
    assert row.values == pytest.approx((2 / math.sqrt(2 / 3), 0.0), rel=1e-12)


def test_ばらつきの無い列の標準偏差は1にする() -> None:
    rows = features(("RM", "CHAS"), (1.0, 0.0), (3.0, 0.0))

    scaler = Standardizer.fit(rows)

    assert scaler.stds["CHAS"] == 1.0
    assert [row.value("CHAS") for row in scaler.transform(rows)] == [0.0, 0.0]


def test_分位数は両隣を線形に補間する() -> None:
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.25) == 1.75
