# --8<-- [start:header]
"""付録 C の学習用テスト: 自作の統計を scipy と突き合わせる。"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from getting_started_ml.appendix_c import (
    binomial_pmf,
    mcnemar_exact,
    paired_t_interval,
    t_quantile,
    wilson_interval,
    z_value,
)

# --8<-- [end:header]


# --8<-- [start:test-scipy]
def test_McNemarの正確検定はscipyの二項検定と同じ() -> None:
    # 食い違い 132 問の振り分けを、表の出る確率 1/2 の二項検定にかける。
    assert mcnemar_exact(45, 87) == pytest.approx(stats.binomtest(45, 132, 0.5).pvalue, rel=1e-12)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 200), st.integers(0, 200))
def test_McNemarはどのbとcでもscipyと同じ(b: int, c: int) -> None:
    expected = 1.0 if b + c == 0 else stats.binomtest(b, b + c, 0.5).pvalue
    assert mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-9)


def test_Wilsonの区間はscipyのwilsonと同じ() -> None:
    scipy_interval = stats.binomtest(95, 100).proportion_ci(0.95, method="wilson")
    ours = wilson_interval(95, 100)
    assert ours.low == pytest.approx(scipy_interval.low, rel=1e-12)
    assert ours.high == pytest.approx(scipy_interval.high, rel=1e-12)


def test_5組の差のt区間はscipyのttest_relの区間と同じ() -> None:
    # B − A の向きにするため、B を先に渡す（ここでは A をすべて 0 とした差そのもの）。
    differences = [0.4, 0.3, 0.1, 0.5, 0.1]
    expected = stats.ttest_rel(differences, [0.0] * 5).confidence_interval(0.95)
    ours = paired_t_interval(differences)
    assert ours.low == pytest.approx(expected.low, rel=1e-12)
    assert ours.high == pytest.approx(expected.high, rel=1e-12)


# --8<-- [end:test-scipy]


# --8<-- [start:test-t-scipy]
@pytest.mark.parametrize("df", [1, 2, 4, 9, 49, 500])
@pytest.mark.parametrize("q", [0.8, 0.975, 0.995])
def test_tの分位点はscipyと同じ(df: int, q: float) -> None:
    assert t_quantile(q, df) == pytest.approx(stats.t.ppf(q, df), rel=1e-10)


# --8<-- [end:test-t-scipy]


def test_zの値はscipyの正規分布と同じ() -> None:
    assert z_value(0.9) == pytest.approx(stats.norm.ppf(0.95), rel=1e-12)


def test_二項分布の確率はscipyと同じ() -> None:
    ours = binomial_pmf(500, 0.7)
    expected = [float(stats.binom.pmf(k, 500, 0.7)) for k in range(501)]
    assert ours == pytest.approx(expected, rel=1e-9, abs=1e-300)
