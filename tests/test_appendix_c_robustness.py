"""付録 C の公開関数の頑健さ: 悪い入力には正しい値か、名前を書いた ValueError / TypeError。"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.appendix_c import (
    best_of_k_exact,
    corrected_resampled_t_interval,
    discordance,
    interval_coverage,
    mcnemar_exact,
    paired_t_interval,
    required_pairs,
    sign_flip_test,
    t_quantile,
    wald_interval,
    wilson_interval,
)
from getting_started_ml.appendix_c.regression import (
    bootstrap_r2_differences,
    percentile_interval,
    resampled_positions,
)

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=3),
)
small_counts = st.one_of(st.integers(-5, 400), anything)
reals = st.one_of(st.floats(-2, 2), anything)


@settings(max_examples=60, deadline=None)
@given(small_counts, small_counts, reals)
def test_区間の関数(successes: Any, n: Any, confidence: Any) -> None:
    names = ["successes", "n", "confidence"]
    for interval in (wald_interval, wilson_interval):
        result = call_safely(partial(interval, successes, n, confidence), names=names)
        if result is not None:
            assert result.low <= result.high


@settings(max_examples=40, deadline=None)
@given(reals, small_counts, st.one_of(st.sampled_from(["wald", "wilson", "x"]), anything))
@example(0.5, 10**12, "wald")  # 上限が無いと 1 つずつ数えて止まらなかった
def test_被覆率(p: Any, n: Any, method: Any) -> None:
    result = call_safely(lambda: interval_coverage(p, n, method), names=["p", "n", "method"])
    if result is not None:
        assert 0.0 <= result <= 1.0 + 1e-12


@settings(max_examples=60, deadline=None)
@given(small_counts, small_counts, st.one_of(st.integers(-2, 50), anything), st.integers(0, 9))
@example(10**6, 0, 50, 0)  # 硬貨 5,000 万枚: 混んだ機械では壁時計の 2 秒を超えた
def test_McNemarと符号の入れ替え(b: Any, c: Any, resamples: Any, seed: int) -> None:
    names = ["b", "c", "n_resamples"]
    exact = call_safely(lambda: mcnemar_exact(b, c), names=names)
    if exact is not None:
        assert 0.0 <= exact <= 1.0  # 食い違いが極端に偏ると 0 にアンダーフローしてよい
    # 上限（5,000 万枚）近くの硬貨を投げるのは正しい使い方で、CPU で 1.5 秒ほどかかる
    flipped = call_safely(lambda: sign_flip_test(b, c, resamples, seed), names=names, seconds=10.0)
    if flipped is not None:
        assert 0.0 <= flipped <= 1.0


@settings(max_examples=40, deadline=None)
@given(reals, reals, st.one_of(st.none(), reals))
@example(0.5, 2.225073858507e-311, None)  # d² が 0 にアンダーフローした（ZeroDivisionError）
@example(0.5, 5.116421800092228e-212, None)
def test_要る問題数(r: Any, d: Any, power: Any) -> None:
    result = call_safely(lambda: required_pairs(r, d, power), names=["r", "d", "power"])
    if result is not None:
        assert result >= 1


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.lists(reals, max_size=6), anything), reals)
@example([0.0, 1.9e154], 0.5)  # 2 乗の和があふれた（OverflowError）
def test_t区間(differences: Any, ratio: Any) -> None:
    names = ["differences", "confidence", "test_to_train"]
    result = call_safely(lambda: paired_t_interval(differences), names=names)
    if result is not None:
        assert result.low <= result.mean <= result.high
    call_safely(lambda: corrected_resampled_t_interval(differences, ratio), names=names)


@settings(max_examples=40, deadline=None)
@given(reals, st.one_of(st.integers(-3, 300), anything))
def test_tの分位点(q: Any, df: Any) -> None:
    result = call_safely(lambda: t_quantile(q, df), names=["q", "df"])
    if result is not None:
        assert math.isfinite(result)


@settings(max_examples=30, deadline=None)
@given(st.one_of(st.integers(-2, 60), anything), st.one_of(st.integers(-2, 600), anything), reals)
def test_選択の偏り(k: Any, n_questions: Any, p: Any) -> None:
    result = call_safely(
        lambda: best_of_k_exact(k, n_questions, p), names=["k", "n_questions", "p"]
    )
    if result is not None:
        assert 0.0 <= result.best_score <= 1.0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("ab"), max_size=4), st.lists(st.sampled_from("ab"), max_size=4))
def test_食い違いの数え方(actual: list[str], predicted: list[str]) -> None:
    result = call_safely(lambda: discordance(actual, predicted, actual), names=["正解", "予測"])
    if result is not None:
        assert result.only_a == result.neither == 0  # B は正解そのもの


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(st.lists(reals, max_size=5), anything),
    st.one_of(st.lists(reals, max_size=5), anything),
    st.one_of(st.integers(-2, 20), anything),
)
@example([1e200, -1e200, 0.0], [0.0, 0.0, 0.0], 1)  # 2 乗があふれた（RuntimeWarning）
@example([-1.5e308, 1.5e308], [0.0, 0.0], 1)  # 分位点の補間で差があふれた（inf）
@example([1.0, 1e-200, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], 1)  # 行の幅の 2 乗が 0 になり、0 で割った
def test_ブートストラップ(actual: Any, predicted: Any, resamples: Any) -> None:
    names = ["actual", "predicted_a", "n_resamples", "values", "正解", "R² が定義できません"]
    call_safely(lambda: resampled_positions(3, resamples, 0), names=names)
    interval = call_safely(lambda: percentile_interval(actual), names=names)
    if interval is not None:
        assert all(math.isfinite(end) for end in interval)
    call_safely(lambda: bootstrap_r2_differences(actual, predicted, predicted, 3, 0), names=names)
