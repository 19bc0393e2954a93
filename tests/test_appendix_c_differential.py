"""差分テスト: 付録 C の区間と検定と必要な件数を scipy（と numpy・scikit-learn）と比べる。

生成する入力: 1〜10^7 の件数、0 問や全問正解、偏った食い違い（b = 0 や b ≫ c）、0 と 1 の
すぐそばの確率（1e-300、1 − 1e-16）、1e-200〜1e200 の t、2〜30 件の差に 2 の 500 乗までの
尺度（約 1e-150〜1e150）、同点だらけや全部同じ値の並び、n = 1, 2。

約束の違いと許容誤差:
- 分布の関数（t の累積分布・分位点・不完全ベータ関数・二項分布の確率）は相対 1e-9 で比べる
  （自作は連分数と二分法、scipy は Cephes/Boost。どちらも 1e-12 ほどまで正しい）。
  t の累積分布は、小さい側の裾（t ≤ 0）を相対誤差で比べるので、1e-300 の裾まで確かめる。
- t の分位点は、1e-150 より小さい下の裾（自由度 2 以上）では、自作の値を scipy の t.cdf に
  戻して q と相対 1e-9 で比べる。scipy の t.ppf はそこで inf やずれた値を返す（自由度 3、
  q = 1e-300 で inf）。
- z の値は √2·erfinv(confidence) と相対 1e-12・絶対 1e-15 で比べる。confidence が 0 に近いと
  (1 + confidence)/2 の丸めで相対誤差が大きくなるが、絶対誤差は 1e-16 ほどにとどまる。
- confidence が 0.999 を超えると、自作の z の値は裾の確率 (1 − confidence)/2 から求め、scipy の
  proportion_ci は丸めた (1 + confidence)/2 から求める（1 − 1e-9 で 1e-9 ずれる）。Wilson の区間は
  0.999 まで比べ、素朴な区間は scipy の norm.isf（裾から求める）で立てた式と比べる。
- 必要な件数は、scipy の分位点で正確な分数の式を立て、切り上げた値と比べる。分位点の末尾の桁の
  違いで切り上げが変わらないよう、式の値の相対 1e-12 の幅を許す。
- t 区間は、scipy を、差を 2 のべき乗で割った値（誤差なく割れる）に使い、掛け戻して比べる
  （scipy は 1e154 を超える値の 2 乗であふれる）。差がすべて同じとき、自作は幅 0 の区間を返し、
  scipy は警告する（比べない）。
- 分位点は numpy の quantile（method="linear"）と同じ定義。これも 2 のべき乗で割って比べる
  （numpy は ±1.7e308 の補間で差が無限大になり inf を返す。自作は有限の値を返す）。
- 決定係数は r2_score と相対 1e-9。正解がすべて同じ行は、自作は ValueError、scikit-learn は
  force_finite で 0 か 1 にする（比べない）。
- 符号の入れ替えの p 値は乱数で決まるので、scipy の二項検定の p 値と、標準誤差の 5 倍 +
  1/回数 の幅で比べる（自作の乱数は java.util.Random）。
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from scipy import special, stats
from sklearn.metrics import confusion_matrix, r2_score

from getting_started_ml.appendix_c import (
    best_of_k_exact,
    binomial_pmf,
    bootstrap_r2_differences,
    corrected_resampled_t_interval,
    discordance,
    interval_coverage,
    mcnemar_exact,
    paired_difference,
    paired_t_interval,
    percentile,
    percentile_interval,
    regularized_incomplete_beta,
    required_pairs,
    required_size,
    resampled_positions,
    resampled_r2,
    separate_difference,
    sign_flip_test,
    t_cdf,
    t_quantile,
    wald_interval,
    wilson_interval,
    z_value,
)

DISTRIBUTION = 1e-9
TAIL_CONFIDENCE = 0.999
"""z_value が裾の確率から z を求めはじめる境（intervals の _TAIL_CONFIDENCE）。"""


def scaled(exponent_limit: int) -> st.SearchStrategy[float]:
    """-1000〜1000 の数に 10^(±exponent_limit) までの 10 のべき乗を掛けた数。"""
    return st.tuples(st.floats(-1000, 1000), st.integers(-exponent_limit, exponent_limit)).map(
        lambda pair: pair[0] * 10.0 ** pair[1]
    )


confidences = st.one_of(
    st.floats(1e-6, 1 - 1e-12), st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 1 - 1e-16])
)


@settings(max_examples=60, deadline=None)
@given(confidences)
@example(1 - 1e-16)  # (1 + c)/2 が 1.0 に丸まる
@example(1 - 1e-15)  # (1 + c)/2 の丸めで裾の確率が 1 割ずれる
@example(1e-300)
def test_zの値はscipyのerfinvと同じ(confidence: float) -> None:
    expected = math.sqrt(2) * float(special.erfinv(confidence))
    assert z_value(confidence) == pytest.approx(expected, rel=1e-12, abs=1e-15)


@settings(max_examples=60, deadline=None)
@given(scaled(200), st.integers(1, 10**6))
@example(-1e200, 1)  # t² があふれる。コーシー分布の裾は 1/(π|t|) で、まだ 0 ではない
@example(-1e160, 1)
@example(1e200, 1)
@example(-1e-200, 3)
@example(5.960464477539063e-08, 5)  # 0 の近く。丸めた x から 1 − x を引くと 7e-10 ずれていた
@example(-30.0, 10**6)  # 正規分布に近い、1e-197 の裾
@example(-5.4e17, 18)  # 裾が非正規数
@example(0.0, 1)
@example(1.58e-09, 1)
def test_tの累積分布はscipyと同じ(t: float, df: int) -> None:
    if abs(t) > 1e150:
        # scipy の t.cdf も t² があふれて −1e160 で 0 を返す。自由度 1 はコーシー分布（atan で
        # 求める）と比べる。自由度 2 以上の裾は 1e-300 より小さい。
        if df == 1:
            assert t_cdf(t, df) == pytest.approx(float(stats.cauchy.cdf(t)), rel=DISTRIBUTION)
        else:
            assert min(t_cdf(t, df), 1 - t_cdf(t, df)) <= 1e-300
        return
    if abs(t) < 1e-5:
        # 0 のごく近くでは scipy は 0.5 を返す（t = 1.58e-9、自由度 1 で 5e-10 ずれる）。
        # 0.5 + t × 密度(0) と比べる（次の項は t³ の大きさで、1e-15 より小さい）。
        expected = 0.5 + t * float(stats.t.pdf(0.0, df))
        assert t_cdf(t, df) == pytest.approx(expected, rel=0.0, abs=1e-15)
        return
    expected = float(stats.t.cdf(t, df))
    # 1e-300 より小さい裾は非正規数の桁しか残らない（scipy は 0 を返すことがある）。
    assert t_cdf(t, df) == pytest.approx(expected, rel=DISTRIBUTION, abs=1e-300)


probabilities = st.one_of(
    st.floats(1e-300, 1 - 1e-12), st.sampled_from([1e-300, 1e-100, 0.5, 0.975, 1 - 1e-12])
)


@settings(max_examples=30, deadline=None)
@given(probabilities, st.integers(1, 10_000))
@example(1e-300, 1)  # 答えは −3.18e299。t² があふれるところで止まってはならない
@example(1e-300, 50)
@example(0.975, 10_000)
@example(0.999999999999, 1)  # 上の裾。1 − 裾 の丸めで 5e-5 ずれていた
@example(0.5, 1)
@example(1e-300, 3)  # scipy の t.ppf は inf を返す（答えは −1.03e100）
@example(1e-200, 3)  # scipy の t.ppf は答えの半分ほどの −2.4e66 を返す
def test_tの分位点はscipyと同じ(q: float, df: int) -> None:
    if q < 1e-150 and df > 1:
        # scipy の t.ppf は 1e-160 より小さい裾で、自由度によって inf やずれた値を返す。そこでは
        # 自作の分位点を scipy の累積分布（1e-300 の裾まで正しい）に戻して q と比べる。
        assert float(stats.t.cdf(t_quantile(q, df), df)) == pytest.approx(q, rel=DISTRIBUTION)
        return
    if abs(q - 0.5) < 1e-6:
        # 0.5 の近くは (q − 0.5) / 密度(0) と比べる（scipy は 0 の近くで 1e-12 ほどずれる）。
        expected = (q - 0.5) / float(stats.t.pdf(0.0, df))
        assert t_quantile(q, df) == pytest.approx(expected, rel=1e-9, abs=1e-15)
        return
    expected = float(stats.t.ppf(q, df))
    assert t_quantile(q, df) == pytest.approx(expected, rel=DISTRIBUTION, abs=1e-12)


shapes = st.one_of(
    st.floats(1e-3, 1e7),
    st.sampled_from([1e-3, 0.5, 1.0, 14.9, 15.0, 1e5, 1e7]),
)
unit = st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 1e-300, 0.5, 1 - 1e-12, 1.0]))


@settings(max_examples=60, deadline=None)
@given(unit, shapes, shapes)
@example(0.5, 1e7, 1e7)  # lgamma の差で 1e-8 の桁を失っていた
@example(0.5, 5_000_000.0, 4_990_001.0)
@example(1e-10, 1.0, 1e7)
@example(1e-10, 20.0, 30.0)
@example(5e-324, 0.5, 0.25)
@example(5e-324, 69.0, 1221713.0)  # B(a, b) が 0 に下にあふれる（比べる側の式は対数で立てる）
def test_不完全ベータ関数はscipyのbetaincと同じ(x: float, a: float, b: float) -> None:
    expected = float(special.betainc(a, b, x))
    if 0 < x < sys.float_info.min:
        # scipy の betainc は非正規数の x で桁を失う（x = 5e-324、a = 0.5、b = 0.25 で 2%）。
        # そこでは級数の初項 x^a / (a·B(a, b)) と比べる（残りの項は x 倍小さい）。
        expected = math.exp(a * math.log(x) - math.log(a) - float(special.betaln(a, b)))
    assert regularized_incomplete_beta(x, a, b) == pytest.approx(
        expected, rel=DISTRIBUTION, abs=1e-300
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5_000_000), st.integers(0, 5_000_000))
@example(45, 87)  # 本文の例
@example(0, 0)
@example(0, 1)
@example(0, 3000)  # 偏った食い違い（p 値は 1e-900 より小さく、0 になる）
@example(1000, 1001)  # 整数で足す最後の数の近く
@example(1001, 1001)
@example(3_000_000, 3_010_000)  # 連分数で求める数（1.4e-8 ずれていた）
@example(5_000_000, 4_990_000)
def test_McNemarの正確検定はscipyの二項検定と同じ(b: int, c: int) -> None:
    expected = 1.0 if b + c == 0 else float(stats.binomtest(b, b + c).pvalue)
    assert mcnemar_exact(b, c) == pytest.approx(expected, rel=DISTRIBUTION, abs=1e-300)


@st.composite
def successes_and_n(draw: st.DrawFn) -> tuple[int, int]:
    """件数 n（1〜10^6）と正解数（0 と n も出る）。"""
    n = draw(st.one_of(st.integers(1, 50), st.integers(1, 10**6)))
    return draw(st.one_of(st.integers(0, n), st.sampled_from([0, n]))), n


@settings(max_examples=40, deadline=None)
@given(successes_and_n(), confidences.filter(lambda c: c <= TAIL_CONFIDENCE))
@example((0, 1), 0.95)
@example((1, 1), 0.95)
@example((1, 2), 0.99)
@example((10**6, 10**6), 0.5)
def test_Wilsonの区間と素朴な区間はscipyと同じ(case: tuple[int, int], confidence: float) -> None:
    successes, n = case
    theirs = stats.binomtest(successes, n).proportion_ci(confidence, method="wilson")
    ours = wilson_interval(successes, n, confidence)
    assert (ours.low, ours.high) == pytest.approx((theirs.low, theirs.high), rel=1e-12, abs=1e-15)
    share = successes / n
    half = float(stats.norm.isf((1 - confidence) / 2)) * math.sqrt(share * (1 - share) / n)
    wald = wald_interval(successes, n, confidence)
    assert (wald.low, wald.high) == pytest.approx(
        (share - half, share + half), rel=1e-12, abs=1e-15
    )


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 3000),
    # scipy（Boost）の binom.pmf は p < 1e-300 ほどで OverflowError になるので、そこは生成しない。
    st.one_of(st.floats(1e-300, 1.0), st.sampled_from([0.0, 1.0, 1e-300, 1 - 1e-16, 0.5])),
)
@example(1, 0.5)
@example(2000, 1e-300)
@example(3000, 1 - 1e-16)
def test_二項分布の確率はscipyと同じ(n: int, p: float) -> None:
    expected = stats.binom.pmf(np.arange(n + 1), n, p)
    assert binomial_pmf(n, p) == pytest.approx(expected.tolist(), rel=DISTRIBUTION, abs=1e-300)


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 80), st.floats(0.001, 0.999), st.sampled_from(["wald", "wilson"]))
@example(1, 0.5, "wilson")
@example(2, 0.999, "wald")
def test_区間の被覆率はscipyの区間と確率から数えた値と同じ(n: int, p: float, method: str) -> None:
    z = float(stats.norm.ppf(0.975))
    covered = 0.0
    for k in range(n + 1):
        if method == "wilson":
            ci = stats.binomtest(k, n).proportion_ci(0.95, method="wilson")
            low, high = float(ci.low), float(ci.high)
        else:
            half = z * math.sqrt(k / n * (1 - k / n) / n)
            low, high = k / n - half, k / n + half
        if low <= p <= high:
            covered += float(stats.binom.pmf(k, n, p))
    assert interval_coverage(p, n, method) == pytest.approx(covered, rel=1e-9, abs=1e-12)


def assert_ceiling(ours: int, exact: Fraction) -> None:
    """ours が exact の切り上げ（exact の相対 1e-12 の揺れは許す）であること。"""
    slack = exact * Fraction(1, 10**12)
    assert exact - slack <= ours < exact + slack + 1


@settings(max_examples=60, deadline=None)
@given(
    st.floats(1e-300, 1.0).filter(lambda h: h > 0),
    st.floats(1e-6, 1 - 1e-6),
    st.one_of(st.none(), st.floats(0.0, 1e200)),
)
@example(1e-200, 0.5, None)  # 幅の 2 乗が 0 に下にあふれる
@example(1e-160, 0.5, None)  # 答えが float の最大値を超える
@example(0.1, 0.5, 1e200)  # z の 2 乗があふれる
@example(0.05, 0.5, 1.96)  # 資料の表の例（385）
@example(1.0, 0.5, 1e-300)  # z の 2 乗が 0 に下にあふれても、1 件は要る
@example(2.2195963999790408e-160, 0.5, 2.9787720758993713e-120)  # 幅の 2 乗が非正規数
def test_要る件数はscipyの分位点で立てた分数の式の切り上げ(
    half_width: float, p: float, z: float | None
) -> None:
    quantile = Fraction(float(stats.norm.ppf(0.975)) if z is None else z)
    exact = quantile**2 * Fraction(p) * (1 - Fraction(p)) / Fraction(half_width) ** 2
    assert_ceiling(required_size(half_width, p, z), exact)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(1e-6, 1 - 1e-6),
    st.floats(1e-300, 1.0),
    st.one_of(st.none(), st.floats(0.01, 0.99)),
    st.floats(0.5, 0.999),
)
@example(0.11, 0.01, None, 0.95)  # 本文の例
@example(0.5, 1e-200, 0.8, 0.95)
def test_対にした比較で要る問題数はscipyの分位点で立てた式の切り上げ(
    r: float, fraction: float, power: float | None, confidence: float
) -> None:
    d = r * fraction
    assume(d > 0)
    z = float(stats.norm.ppf((1 + confidence) / 2))
    if power is not None:
        z += float(stats.norm.ppf(power))
    exact = Fraction(z) ** 2 * Fraction(r) / Fraction(d) ** 2
    assert_ceiling(required_pairs(r, d, power, confidence), exact)


@st.composite
def differences(draw: st.DrawFn) -> tuple[list[float], int]:
    """2〜30 件の差（少ない種類から選ぶと同点が多い）と、掛ける 2 のべき乗の指数。"""
    n = draw(st.integers(2, 30))
    kinds = draw(st.sampled_from([2, 3, 1000]))
    values = draw(st.lists(st.integers(-kinds, kinds), min_size=n, max_size=n))
    assume(len(set(values)) > 1)
    mantissas = [value / kinds + draw(st.floats(-1e-3, 1e-3)) for value in values]
    return mantissas, draw(st.integers(-500, 500))


@settings(max_examples=40, deadline=None)
@given(differences(), st.sampled_from([0.8, 0.9, 0.95, 0.99]), st.floats(0.01, 10.0))
@example(([0.4, 0.3, 0.1, 0.5, 0.1], 0), 0.95, 0.25)  # 本文の 5 組
@example(([0.0, 1.0], 500), 0.95, 1.0)  # n = 2、約 3e150
@example(([0.0, 1.0], -500), 0.95, 1.0)
def test_対にしたt区間はscipyのttest_relの区間と同じ(
    case: tuple[list[float], int], confidence: float, test_to_train: float
) -> None:
    mantissas, exponent = case
    values = [math.ldexp(value, exponent) for value in mantissas]
    theirs = stats.ttest_rel(mantissas, [0.0] * len(mantissas)).confidence_interval(confidence)
    ours = paired_t_interval(values, confidence)
    spread = max(abs(v) for v in mantissas)
    scale = math.ldexp(1.0, exponent)
    assert (ours.low / scale, ours.high / scale) == pytest.approx(
        (theirs.low, theirs.high), rel=1e-10, abs=1e-12 * spread
    )
    # 補正した区間: 標準誤差に √(1/n + n_test/n_train) / √(1/n) を掛ける（Nadeau と Bengio）。
    n = len(values)
    half = (
        float(stats.t.ppf((1 + confidence) / 2, n - 1))
        * float(np.std(mantissas, ddof=1))
        * math.sqrt(1 / n + test_to_train)
    )
    mean = float(np.mean(mantissas))
    corrected = corrected_resampled_t_interval(values, test_to_train, confidence)
    assert (corrected.low / scale, corrected.high / scale) == pytest.approx(
        (mean - half, mean + half), rel=1e-10, abs=1e-12 * spread
    )


@st.composite
def three_predictions(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    """正解と 2 つの予測（1〜40 問、1〜4 種類のラベル）。"""
    n = draw(st.integers(1, 40))
    label = st.integers(0, draw(st.integers(0, 3)))
    return tuple(draw(st.lists(label, min_size=n, max_size=n)) for _ in range(3))  # type: ignore[return-value]


@settings(max_examples=40, deadline=None)
@given(three_predictions())
@example(([1], [1], [0]))
@example(([0] * 40, [0] * 40, [0] * 40))
@example(([0, 1, 0, 0, 1, 1], [0, 1, 0, 0, 1, 1], [1, 0, 1, 1, 0, 0]))  # 食い違いがすべて A の側
def test_食い違いの表と対にしたz検定はscikit_learnとscipyと同じ(
    case: tuple[list[int], list[int], list[int]],
) -> None:
    actual, a, b = case
    counts = discordance(actual, a, b)
    right_a = [x == y for x, y in zip(a, actual, strict=True)]
    right_b = [x == y for x, y in zip(b, actual, strict=True)]
    # 行が A の正誤、列が B の正誤（False が先）。
    table = confusion_matrix(right_a, right_b, labels=[False, True])
    assert table.tolist() == [[counts.neither, counts.only_b], [counts.only_a, counts.both]]
    n = len(actual)
    per_question = np.array(right_b, dtype=float) - np.array(right_a, dtype=float)
    if n < 2:
        return  # 標準誤差が決まらない（自作は n ≥ 2 を求める）
    if np.ptp(per_question) == 0:
        # 1 問ごとの差がすべて同じ（食い違いが無いか、すべて同じ向き）。scipy の sem は 0 で、
        # z は ±inf か NaN になる。自作は理由を書いて失敗する。
        with pytest.raises(ValueError, match="標準誤差が 0"):
            paired_difference(counts.only_a, counts.only_b, n)
        return
    paired = paired_difference(counts.only_a, counts.only_b, n)
    error = float(stats.sem(per_question))
    assert paired.standard_error == pytest.approx(error, rel=1e-12)
    assert paired.z == pytest.approx(per_question.mean() / error, rel=1e-12)
    assert paired.p_value == pytest.approx(2 * stats.norm.sf(abs(paired.z)), rel=1e-9, abs=1e-15)
    separate_error = math.sqrt(float(np.var(right_a)) / n + float(np.var(right_b)) / n)
    if separate_error > 0:
        separate = separate_difference(sum(right_a), sum(right_b), n)
        assert separate.standard_error == pytest.approx(separate_error, rel=1e-12)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 2**31))
@example(0, 1, 0)
@example(30, 0, 1)
def test_符号の入れ替えのp値はscipyの二項検定のp値に近い(b: int, c: int, seed: int) -> None:
    assume(b + c > 0)
    resamples = 2000
    expected = float(stats.binomtest(b, b + c).pvalue)
    margin = 5 * math.sqrt(expected * (1 - expected) / resamples) + 1 / resamples
    assert sign_flip_test(b, c, resamples, seed) == pytest.approx(expected, abs=margin)


@st.composite
def sorted_values(draw: st.DrawFn) -> tuple[list[float], int]:
    """1〜30 個の小さい順の値（同点が多い）と、掛ける 2 のべき乗の指数。"""
    n = draw(st.integers(1, 30))
    # 小数は 1e-6 刻み。2 の −1000 乗を掛けても非正規数にならない（桁が欠けない）大きさにする。
    fraction = st.integers(-(10**6), 10**6).map(lambda k: k / 10**6)
    values = draw(st.lists(st.integers(-3, 3).map(float) | fraction, min_size=n, max_size=n))
    return sorted(values), draw(st.integers(-1000, 1020))


@settings(max_examples=60, deadline=None)
@given(sorted_values(), st.floats(0.0, 1.0), st.floats(0.0, 0.999))
@example(([-1.0, 1.0], 1023), 0.3, 0.95)  # ±8.99e307: 差をとると無限大になる
@example(([5.0], 0), 0.5, 0.9)  # 1 個
def test_分位点とその区間はnumpyのquantileと同じ(
    case: tuple[list[float], int], q: float, confidence: float
) -> None:
    mantissas, exponent = case
    values = [math.ldexp(v, exponent) for v in mantissas]
    scale = math.ldexp(1.0, exponent)
    spread = max(abs(v) for v in mantissas)
    expected = float(np.quantile(mantissas, q, method="linear"))
    assert percentile(values, q) / scale == pytest.approx(expected, rel=1e-12, abs=1e-15 * spread)
    low, high = percentile_interval(values[::-1], confidence)
    ends = np.quantile(mantissas, [(1 - confidence) / 2, (1 + confidence) / 2], method="linear")
    assert (low / scale, high / scale) == pytest.approx(
        ends.tolist(), rel=1e-12, abs=1e-15 * spread
    )


@st.composite
def regression_rows(draw: st.DrawFn) -> tuple[list[float], list[float], list[float], int]:
    """2〜20 行の正解と 2 つの予測（同点が多い）、種。値は 1e-150〜1e150 の尺度。"""
    n = draw(st.integers(2, 20))
    scale = 10.0 ** draw(st.integers(-150, 150))
    value = (st.integers(-3, 3).map(float) | st.floats(-10, 10)).map(lambda v: v * scale)
    rows = [draw(st.lists(value, min_size=n, max_size=n)) for _ in range(3)]
    return rows[0], rows[1], rows[2], draw(st.integers(0, 2**31))


@settings(max_examples=15, deadline=None)
@given(regression_rows())
@example(([1e150, -1e150, 0.0], [0.0, 0.0, 0.0], [1e150, -1e150, 1.0], 0))
@example(([0.0, 0.0, 0.0, 3e-33, 0.0, 0.0, 3e-33, 3e-33, 3e-33], [0.0] * 9, [0.0] * 9, 0))
# 正解 0 と 6.6e-194 だけの行がある。幅の 2 乗が 0 に下にあふれ、0 で割っていた
@example(([0.0] * 5 + [1.0, 6.572470553743142e-194], [0.0] * 7, [0.0] * 6 + [1.0], 0))
def test_選び直した決定係数はscikit_learnのr2_scoreと同じ(
    case: tuple[list[float], list[float], list[float], int],
) -> None:
    actual, predicted_a, predicted_b, seed = case
    resamples = 10
    positions = resampled_positions(len(actual), resamples, seed)
    truth = np.array(actual)
    if any(np.ptp(truth[row]) == 0 for row in positions):
        with pytest.raises(ValueError, match="R²"):
            bootstrap_r2_differences(actual, predicted_a, predicted_b, resamples, seed)
        return
    scale = float(np.max(np.abs(truth)))
    normalized = [np.array(v) / scale for v in (actual, predicted_a, predicted_b)]

    def rescaled(values: np.ndarray, row: list[int]) -> np.ndarray:
        # R² は単位によらない。行の正解の幅の 2 の累乗で割り、幅の 2 乗が下にあふれないようにする
        exponent = math.frexp(float(np.ptp(normalized[0][row])))[1]
        with np.errstate(over="ignore"):
            result: np.ndarray = np.ldexp(values[row], -exponent)
        return result

    def library(values: np.ndarray, row: list[int]) -> float:
        guess = rescaled(values, row)
        if not np.all(np.isfinite(guess)):
            return -math.inf  # 予測が正解の幅よりはるかに外れ、R² が float に収まらない
        with np.errstate(over="ignore"):
            return float(r2_score(rescaled(normalized[0], row), guess))

    expected = [library(normalized[2], row) - library(normalized[1], row) for row in positions]
    if not all(math.isfinite(value) for value in expected):
        with pytest.raises(ValueError, match="R²"):
            bootstrap_r2_differences(actual, predicted_a, predicted_b, resamples, seed)
        return
    ours = bootstrap_r2_differences(actual, predicted_a, predicted_b, resamples, seed)
    assert ours == pytest.approx(expected, rel=1e-9, abs=1e-9)
    one = resampled_r2(normalized[0].tolist(), normalized[1].tolist(), np.array(positions))
    assert one.tolist() == pytest.approx(
        [library(normalized[1], row) for row in positions], rel=1e-9, abs=1e-9
    )


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 20), st.integers(1, 300), st.floats(0.01, 0.99))
@example(1, 1, 0.5)
@example(20, 300, 0.99)
@example(18, 130, 0.984375)  # しきい値が問題数を超え、累積確率が丸めで 1 をわずかに超える
@example(9, 229, 0.984375)  # しきい値が問題数を超える（有意と出る割合は 0。1e-12 残っていた）
def test_最良のk個の期待値はscipyの二項分布の累積確率から求めた値と同じ(
    k: int, n_questions: int, p: float
) -> None:
    cdf = stats.binom.cdf(np.arange(n_questions + 1), n_questions, p)
    below = np.concatenate([[0.0], cdf[:-1]])
    best = float(np.sum(np.arange(n_questions + 1) / n_questions * (cdf**k - below**k)))
    result = best_of_k_exact(k, n_questions, p)
    assert result.best_score == pytest.approx(best, rel=1e-9, abs=1e-12)
    assert result.remeasured == p
    # 有意と出る割合: k 個のうち 1 つでも、片側 2.5% の正規近似の境を超える確率。
    z = float(stats.norm.ppf(0.975))
    threshold = math.floor(n_questions * p + z * math.sqrt(n_questions * p * (1 - p))) + 1
    not_significant = float(stats.binom.cdf(threshold - 1, n_questions, p))
    assert result.significant_share == pytest.approx(1 - not_significant**k, rel=1e-9, abs=1e-12)


@settings(max_examples=30, deadline=None)
@given(successes_and_n(), st.floats(0.999, 1 - 1e-15))
@example((0, 1), 1 - 1e-15)
@example((5, 10), 0.9999999)
def test_1に近い信頼度のWilsonの区間は裾から求めたzで立てた式と同じ(
    case: tuple[int, int], confidence: float
) -> None:
    successes, n = case
    # scipy の proportion_ci は丸めた (1 + c)/2 から z を求めるので、裾から求めた z で式を立てる。
    z = float(stats.norm.isf((1 - confidence) / 2))
    share = successes / n
    center = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    ours = wilson_interval(successes, n, confidence)
    expected_low = 0.0 if successes == 0 else max(0.0, center - half)
    expected_high = 1.0 if successes == n else min(1.0, center + half)
    assert (ours.low, ours.high) == pytest.approx(
        (expected_low, expected_high), rel=1e-12, abs=1e-15
    )
