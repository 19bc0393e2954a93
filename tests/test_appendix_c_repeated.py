# --8<-- [start:header]
"""付録 C: 繰り返した実行の差の t 区間のテスト。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.appendix_c import (
    corrected_resampled_t_interval,
    paired_t_interval,
    t_cdf,
    t_quantile,
)

# --8<-- [end:header]


# --8<-- [start:test-t-interval]
def test_5組の差の区間は資料の計算例と同じ() -> None:
    result = paired_t_interval([0.4, 0.3, 0.1, 0.5, 0.1])
    assert result.mean == pytest.approx(0.28, rel=1e-12)
    assert result.sd == pytest.approx(0.17888543819998318, rel=1e-12)
    assert (round(result.low, 3), round(result.high, 3)) == (0.058, 0.502)
    assert result.df == 4


def test_自由度4のtの分位点は2_776() -> None:
    assert t_quantile(0.975, 4) == pytest.approx(2.7764451051977987, rel=1e-12)


def test_1件では標準偏差が求められない() -> None:
    with pytest.raises(ValueError, match=r"differences は 2 件以上"):
        paired_t_interval([0.3])


# --8<-- [end:test-t-interval]


# --8<-- [start:test-t-distribution]
def test_tの分布関数は0で半分() -> None:
    assert t_cdf(0.0, 7) == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("df", [1, 2, 5, 30])
def test_tの分位点と分布関数は逆の関係(df: int) -> None:
    for q in (0.6, 0.9, 0.975, 0.995):
        assert t_cdf(t_quantile(q, df), df) == pytest.approx(q, abs=1e-12)


def test_自由度1のtはコーシー分布() -> None:
    assert t_quantile(0.75, 1) == pytest.approx(1.0, rel=1e-12)


# --8<-- [end:test-t-distribution]


def test_差にNaNがあれば失敗する() -> None:
    with pytest.raises(ValueError, match=r"differences の要素 は有限の数"):
        paired_t_interval([0.1, math.nan])


# --8<-- [start:test-corrected]
def test_重なりを補正すると幅が広がり中心は動かない() -> None:
    differences = [0.02, 0.03, 0.01, 0.025, 0.015, 0.02, 0.03, 0.01, 0.02, 0.025]
    plain = paired_t_interval(differences)
    corrected = corrected_resampled_t_interval(differences, 0.25)
    assert corrected.mean == plain.mean
    widening = (corrected.high - corrected.mean) / (plain.high - plain.mean)
    assert widening == pytest.approx(math.sqrt((1 / 10 + 0.25) / (1 / 10)), rel=1e-12)


# --8<-- [end:test-corrected]


@pytest.mark.parametrize(
    ("differences", "mean", "sd"),
    [
        ([0.0, 1.9e154], 0.95e154, 1.9e154 / math.sqrt(2)),
        ([1e300, 1e300, -1e300], 1e300 / 3, math.sqrt(4 / 3) * 1e300),
        ([1e-300, 3e-300], 2e-300, math.sqrt(2) * 1e-300),
    ],
)
def test_大きな差や小さな差でも平均と標準偏差はあふれない(
    differences: list[float], mean: float, sd: float
) -> None:
    result = paired_t_interval(differences)
    assert result.mean == pytest.approx(mean, rel=1e-12)
    assert result.sd == pytest.approx(sd, rel=1e-12)
    assert result.low < result.mean < result.high


def test_区間がfloatに収まらなければ失敗する() -> None:
    with pytest.raises(ValueError, match=r"differences .*float に収まりません"):
        paired_t_interval([1.7e308, -1.7e308])


def test_補正で区間がfloatに収まらなければ失敗する() -> None:
    with pytest.raises(ValueError, match=r"test_to_train .*float に収まりません"):
        corrected_resampled_t_interval([0.1, 0.2, 0.3], 1e308)


@pytest.mark.parametrize(
    ("t", "df", "message"),
    [
        (1.0, -1, r"df は 1 以上"),
        (1.0, 0, r"df は 1 以上"),
        (1.0, 2.5, r"df は整数"),
        (math.nan, 3, r"t は NaN でない数"),
        ("1", 3, r"t は数"),
    ],
)
def test_tの分布関数は悪い引数を名前を書いて断る(t: object, df: object, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        t_cdf(t, df)  # type: ignore[arg-type]


def test_tの分布関数は無限大で0と1() -> None:
    assert (t_cdf(-math.inf, 3), t_cdf(math.inf, 3)) == (0.0, 1.0)
    assert t_cdf(1e200, 3) == 1.0
