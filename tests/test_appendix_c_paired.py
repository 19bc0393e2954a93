# --8<-- [start:header]
"""付録 C: 2 つのモデルを同じ問題で比べる道具のテスト。"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_c import (
    Discordance,
    discordance,
    mcnemar_exact,
    paired_difference,
    required_pairs,
    separate_difference,
    sign_flip_test,
    sign_flip_test_reference,
)
from getting_started_ml.appendix_c.java_stream import (
    java_booleans,
    java_doubles,
    java_ints,
    java_states,
)
from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:test-discordance]
def test_正誤の組み合わせを4つに数える() -> None:
    actual = ["1", "0", "1", "0", "1"]
    a = ["1", "0", "0", "1", "0"]
    b = ["1", "1", "1", "1", "0"]
    assert discordance(actual, a, b) == Discordance(both=1, only_a=1, only_b=1, neither=2)


def test_予測の件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"正解 2 件、B の予測 1 件"):
        discordance(["1", "0"], ["1", "0"], ["1"])


# --8<-- [end:test-discordance]


# --8<-- [start:test-z-tests]
def test_別々に測ったものとして比べると差はぎりぎり有意() -> None:
    result = separate_difference(679, 721, 1000)
    assert (round(result.standard_error, 5), round(result.z, 3)) == (0.02047, 2.052)
    assert round(result.p_value, 4) == 0.0402


def test_同じ問題で対にして比べると標準誤差は1_79分の1() -> None:
    result = paired_difference(45, 87, 1000)
    assert (round(result.standard_error, 5), round(result.z, 3)) == (0.01142, 3.678)
    assert round(result.p_value, 6) == 0.000235
    separate = separate_difference(679, 721, 1000)
    assert round(separate.standard_error / result.standard_error, 2) == 1.79


# --8<-- [end:test-z-tests]


# --8<-- [start:test-mcnemar]
def test_McNemarの正確検定は資料の値と同じ() -> None:
    assert mcnemar_exact(45, 87) == pytest.approx(3.232e-4, rel=1e-3)


def test_食い違いが半々ならp値は1() -> None:
    assert mcnemar_exact(10, 10) == 1.0
    assert mcnemar_exact(0, 0) == 1.0


def test_食い違いがすべて片側なら両側の確率を足す() -> None:
    assert mcnemar_exact(0, 5) == pytest.approx(2 / 32)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 300), st.integers(0, 300))
def test_McNemarのp値は入れ替えても同じで1以下(b: int, c: int) -> None:
    assert mcnemar_exact(b, c) == mcnemar_exact(c, b)
    assert 0.0 < mcnemar_exact(b, c) <= 1.0


# --8<-- [end:test-mcnemar]


def test_食い違いが多ければ連分数で求めても整数で足した値と同じ() -> None:
    assert mcnemar_exact(1000, 1100) == pytest.approx(
        2 * sum(math.comb(2100, k) for k in range(1001)) / 2**2100, rel=1e-10
    )


def test_硬貨が多すぎれば回数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"n_resamples = 1000000"):
        sign_flip_test(45, 87, 1_000_000, 0)


# --8<-- [start:test-sign-flip]
@pytest.mark.parametrize(("b", "c", "seed"), [(45, 87, 0), (3, 9, 1), (10, 10, 2)])
def test_numpy版の符号の入れ替えは1枚ずつ投げた版と同じp値(b: int, c: int, seed: int) -> None:
    assert sign_flip_test(b, c, 500, seed) == sign_flip_test_reference(b, c, 500, seed)


def test_符号の入れ替えは正確検定に近づく() -> None:
    assert sign_flip_test(45, 87, 200_000, 0) == pytest.approx(mcnemar_exact(45, 87), abs=1e-4)


def test_食い違いが無ければ入れ替えられない() -> None:
    with pytest.raises(ValueError, match=r"b と c がどちらも 0"):
        sign_flip_test(0, 0, 10, 0)


# --8<-- [end:test-sign-flip]


@settings(max_examples=20, deadline=None)
@given(st.integers(-(2**63), 2**63 - 1), st.integers(0, 300))
def test_まとめて作った状態の列はJavaRandomと同じ(seed: int, count: int) -> None:
    random = JavaRandom(seed)
    assert [bool(value) for value in java_booleans(seed, count)] == [
        random.next_boolean() for _ in range(count)
    ]


def test_ブロックの境目をまたいでもJavaRandomと同じ() -> None:
    random = JavaRandom(42)
    expected = [random.next_double() for _ in range(70_000)]
    assert java_doubles(42, 70_000).tolist() == expected


@settings(max_examples=40, deadline=None)
@given(
    st.integers(-(2**63), 2**63 - 1),
    st.one_of(
        st.integers(1, 100),
        st.sampled_from([2**k for k in range(31)]),
        st.integers(2**30 + 1, 2**31 - 1),  # 引き直しが半分近く起きる大きさ
    ),
    st.integers(0, 300),
)
def test_まとめて引いた整数はJavaRandomのnextIntと同じ(seed: int, bound: int, count: int) -> None:
    random = JavaRandom(seed)
    assert java_ints(seed, bound, count).tolist() == [random.next_int(bound) for _ in range(count)]


def test_まとめて引く整数の上限が範囲の外なら止める() -> None:
    for bound in (0, -3, 2**31):
        with pytest.raises(ValueError, match="bound"):
            java_ints(0, bound, 5)
    with pytest.raises(TypeError, match="bound"):
        java_ints(0, 2.5, 5)  # type: ignore[arg-type]


def test_状態の列は48ビットに収まる() -> None:
    assert int(java_states(7, 1000).max()) < 2**48


# --8<-- [start:test-required-pairs]
def test_差001を見分ける問題数は資料と同じ() -> None:
    assert required_pairs(0.11, 0.01) == 4226
    assert required_pairs(0.11, 0.01, power=0.8) == 8634


def test_差が食い違い率より大きければ失敗する() -> None:
    with pytest.raises(ValueError, match=r"d は 0 でなく、絶対値が r 以下"):
        required_pairs(0.05, 0.1)


# --8<-- [end:test-required-pairs]


@pytest.mark.parametrize("d", [1e-160, 5e-324, 2.225073858507e-311, -1e-200])
def test_差がとても小さくても問題数を正確な整数で返す(d: float) -> None:
    # d² が float の下にあふれても（0 や非正規数）、割り算は分数で正確に行う
    z = NormalDist().inv_cdf(0.975)
    expected = math.ceil(Fraction(z * z * 0.5) / Fraction(d) ** 2)
    assert required_pairs(0.5, d) == expected
    assert required_pairs(0.5, d) > 10**300
