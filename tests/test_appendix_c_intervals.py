# --8<-- [start:header]
"""付録 C: 1 つの正解率の区間と、その本当の被覆率のテスト。"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_c import (
    MAX_BINOMIAL_N,
    binomial_pmf,
    interval_coverage,
    required_size,
    wald_interval,
    wilson_interval,
    z_value,
)

# --8<-- [end:header]


# --8<-- [start:test-first]
def test_1問も正解しなければ素朴な区間は幅が0になる() -> None:
    interval = wald_interval(0, 10)
    assert (interval.low, interval.high) == (0.0, 0.0)


def test_10問すべて不正解でもWilsonの上端は0より大きい() -> None:
    assert wilson_interval(0, 10).high == pytest.approx(0.2775, abs=5e-5)


# --8<-- [end:test-first]


# --8<-- [start:test-wald]
def test_95パーセントのzは1_96() -> None:
    assert z_value(0.95) == pytest.approx(1.959963984540054, rel=1e-12)


def test_素朴な区間は割合の左右に同じ幅をとる() -> None:
    interval = wald_interval(70, 100)
    assert interval.high - 0.7 == pytest.approx(0.7 - interval.low, rel=1e-12)
    assert interval.high - 0.7 == pytest.approx(0.0898, abs=5e-5)  # 資料の表の ±0.0898


def test_素朴な区間は端で1を超える() -> None:
    assert wald_interval(99, 100).high > 1


# --8<-- [end:test-wald]


# --8<-- [start:test-wilson]
def test_Wilsonの区間は中心を半分の側へ寄せる() -> None:
    interval = wilson_interval(95, 100)
    assert interval.high < 1
    assert (interval.low + interval.high) / 2 < 0.95


def test_Wilsonの区間は全問正解でも1を超えない() -> None:
    # 全問正解なら下端は n / (n + z²)、上端はちょうど 1。
    z = z_value(0.95)
    interval = wilson_interval(100, 100)
    assert interval.low == pytest.approx(100 / (100 + z * z), rel=1e-12)
    assert interval.high == 1.0


def test_Wilsonの区間は1問も正解しなければ下端がちょうど0() -> None:
    assert wilson_interval(0, 40).low == 0.0


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2000), data=st.data())
def test_Wilsonの区間は0と1の間にあり測った割合を含む(n: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, n))
    interval = wilson_interval(successes, n)
    assert 0.0 <= interval.low <= successes / n <= interval.high <= 1.0


# --8<-- [end:test-wilson]


# --8<-- [start:test-coverage]
@pytest.mark.parametrize(
    ("p", "n", "wald", "wilson"),
    [
        (0.50, 100, 0.9431, 0.9431),
        (0.70, 100, 0.9502, 0.9372),
        (0.70, 30, 0.9529, 0.9298),
        (0.95, 100, 0.8775, 0.9659),
        (0.95, 1000, 0.9417, 0.9504),
    ],
)
def test_被覆率は資料の表と4桁まで同じ(p: float, n: int, wald: float, wilson: float) -> None:
    assert interval_coverage(p, n, "wald") == pytest.approx(wald, abs=5e-5)
    assert interval_coverage(p, n, "wilson") == pytest.approx(wilson, abs=5e-5)


def test_正解率095を100問で測ると4回に1回は上端が1を超える() -> None:
    probabilities = binomial_pmf(100, 0.95)
    over = math.fsum(
        probability
        for successes, probability in enumerate(probabilities)
        if wald_interval(successes, 100).high > 1
    )
    assert over == pytest.approx(0.2519, abs=5e-5)


# --8<-- [end:test-coverage]


def test_二項分布の確率は足すと1() -> None:
    assert math.fsum(binomial_pmf(1000, 0.3)) == pytest.approx(1.0, abs=1e-12)


def test_確率が0か1なら二項分布は1点に集まる() -> None:
    assert binomial_pmf(3, 0.0) == [1.0, 0.0, 0.0, 0.0]
    assert binomial_pmf(3, 1.0) == [0.0, 0.0, 0.0, 1.0]


def test_大きなnでも確率があふれない() -> None:
    assert math.fsum(binomial_pmf(20_000, 0.7)) == pytest.approx(1.0, abs=1e-9)


def test_二項分布を数える件数には上限がある() -> None:
    # 上限が無いと、差分テストが引いた n = 10**12 で止まらなかった
    assert len(binomial_pmf(MAX_BINOMIAL_N, 0.5)) == MAX_BINOMIAL_N + 1
    with pytest.raises(ValueError, match=r"n は 100,000 以下です.*n=100,001）"):
        binomial_pmf(MAX_BINOMIAL_N + 1, 0.5)


def test_正解数が件数を超えれば両方の値を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"successes は n 以下です（successes=5、n=4）"):
        wilson_interval(5, 4)


def test_件数が0なら失敗する() -> None:
    with pytest.raises(ValueError, match=r"n は 1 以上"):
        wald_interval(0, 0)


def test_正解数が小数なら型の誤り() -> None:
    with pytest.raises(TypeError, match=r"successes は整数"):
        wilson_interval(2.5, 10)  # type: ignore[arg-type]


def test_知らない区間の名前は失敗する() -> None:
    with pytest.raises(ValueError, match=r"method は wald か wilson"):
        interval_coverage(0.5, 10, "exact")


@pytest.mark.parametrize("confidence", [0.0, 1.0, -0.1, math.nan])
def test_信頼度は0と1の間(confidence: float) -> None:
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(5, 10, confidence)


# --8<-- [start:test-required-size]
def test_欲しい幅から要る件数は資料の表と同じ() -> None:
    # 資料は z を 1.96 に丸めている。0.005 の行だけ、丸めない分位点では 1 件少なくなる。
    widths = (0.05, 0.02, 0.01, 0.005)
    assert [required_size(w, 0.7, z=1.96) for w in widths] == [323, 2017, 8068, 32270]
    assert [required_size(w, 0.7) for w in widths] == [323, 2017, 8068, 32269]


def test_1000問の正解率の区間は資料と同じ() -> None:
    a, b = wald_interval(679, 1000), wald_interval(721, 1000)
    assert (round(a.low, 4), round(a.high, 4)) == (0.6501, 0.7079)
    assert (round(b.low, 4), round(b.high, 4)) == (0.6932, 0.7488)
    assert round(a.high - b.low, 4) == 0.0147  # 2 つの区間は重なる


# --8<-- [end:test-required-size]
