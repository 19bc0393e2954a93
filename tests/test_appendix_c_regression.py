# --8<-- [start:header]
"""付録 C: 第 12 章の主張（リッジ回帰の勝ちと alpha の選択）を確かめる道具のテスト。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_c.regression import (
    bootstrap_r2_differences,
    check_alpha_selection,
    check_ridge_claim,
    percentile,
    percentile_interval,
    resampled_positions,
)
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12 import load_boston
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:test-bootstrap]
def test_選び直す位置はJavaRandomのnextIntの順() -> None:
    random = JavaRandom(3)
    expected = [[random.next_int(5) for _ in range(5)] for _ in range(2)]
    assert resampled_positions(5, 2, 3) == expected


def test_同じ予測どうしの差はいつも0() -> None:
    actual = [float(value) for value in range(12)]
    predicted = [value + 0.5 for value in actual]
    assert set(bootstrap_r2_differences(actual, predicted, predicted, 50, 0)) == {0.0}


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 1000))
def test_numpyでまとめて求めたR2の差は1回ずつ求めた値と同じ(seed: int) -> None:
    actual = [3.0, 1.0, 4.0, 1.5, 5.0, 9.0, 2.0, 6.0]
    a = [2.5, 1.5, 3.0, 2.0, 5.5, 8.0, 2.5, 5.0]
    b = [3.5, 0.5, 4.5, 1.0, 4.0, 9.5, 1.0, 6.5]
    ours = bootstrap_r2_differences(actual, a, b, 5, seed)
    expected = []
    for positions in resampled_positions(len(actual), 5, seed):
        truth = [actual[i] for i in positions]
        if len(set(truth)) == 1:
            return  # 正解が 1 種類だけの選び直しでは R² が決まらない
        expected.append(
            r2_score(truth, [b[i] for i in positions]) - r2_score(truth, [a[i] for i in positions])
        )
    assert ours == pytest.approx(expected, rel=1e-9, abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=1, max_size=50))
def test_百分位の区間はnumpyの既定の分位点と同じ(values: list[float]) -> None:
    low, high = percentile_interval(values)
    assert low == pytest.approx(float(np.percentile(values, 2.5)), abs=1e-9)
    assert high == pytest.approx(float(np.percentile(values, 97.5)), abs=1e-9)


# --8<-- [end:test-bootstrap]


@pytest.mark.data("Boston.csv")
def test_第12章のリッジ回帰の勝ちは30件では確かめられない() -> None:
    claim = check_ridge_claim(load_boston())
    assert claim.alpha == 10.0
    assert (claim.ridge_closer, claim.linear_closer) == (18, 12)
    assert claim.sign_test_p == pytest.approx(0.361594608053565, rel=1e-12)
    low, high = claim.interval
    assert low < 0.0 < high  # 決定係数の差 0.102 は、0 を含む区間の中にある


@pytest.mark.data("Boston.csv")
def test_検証データ21件でのalphaの選択は半分ほどしか再現しない() -> None:
    claim = check_alpha_selection(load_boston())
    assert claim.chosen == 10.0
    assert sum(claim.wins.values()) == 2000
    assert claim.wins[10.0] == max(claim.wins.values())
    assert claim.wins[10.0] < 1200


@pytest.mark.data("Boston.csv")
def test_検証からテストへの下がり幅は選ばなかったalphaのほうが大きい() -> None:
    claim = check_alpha_selection(load_boston())
    drops = {
        alpha: round(claim.validation_scores[alpha] - claim.test_scores[alpha], 4)
        for alpha in claim.validation_scores
    }

    # 付録 C.9 の表。1 回の比較では、選んだことによる上げ底は測れない
    assert drops == {0.0: 0.2048, 0.1: 0.1976, 1.0: 0.1581, 10.0: 0.1106, 100.0: 0.1038}
    assert all(drops[claim.chosen] < drops[alpha] for alpha in (0.0, 0.1, 1.0))


def test_大きな値でもR2の差は単位を変えた値と同じ() -> None:
    # R² は単位によらない。2 乗があふれる大きさ（1e200）でも、1 の大きさと同じ差になる
    actual = [3.0, 1.0, 4.0, 1.5, 5.0]
    a = [2.5, 1.5, 3.0, 2.0, 5.5]
    b = [3.5, 0.5, 4.5, 1.0, 4.0]
    big_actual, big_a, big_b = ([value * 1e200 for value in values] for values in (actual, a, b))
    expected = bootstrap_r2_differences(actual, a, b, 20, 0)
    ours = bootstrap_r2_differences(big_actual, big_a, big_b, 20, 0)
    assert ours == pytest.approx(expected, rel=1e-12)


def test_予測が大きすぎてR2がfloatに収まらなければ失敗する() -> None:
    actual = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    with pytest.raises(ValueError, match=r"predicted_b .*R²"):
        bootstrap_r2_differences(actual, actual, [1e300, -1e300] * 3, 5, 0)


def test_百分位の区間は両端が大きくてもあふれない() -> None:
    low, high = percentile_interval([-1.5e308, 1.5e308])
    assert low == pytest.approx(-1.425e308)
    assert high == pytest.approx(1.425e308)


@pytest.mark.parametrize(
    ("ordered", "q", "message"),
    [
        ([], 0.5, r"ordered が空"),
        ([1.0, 2.0], 1.5, r"q は 0 以上 1 以下"),
        ([1.0, 2.0], math.nan, r"q は有限の数"),
        ([2.0, 1.0], 0.5, r"ordered は小さい順"),
    ],
)
def test_分位点は空の列や範囲外のqを断る(ordered: list[float], q: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        percentile(ordered, q)


def test_分位点は両隣を直線で補間する() -> None:
    assert percentile([1.0, 2.0, 4.0], 0.75) == 3.0
