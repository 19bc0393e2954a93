# --8<-- [start:header]
"""付録 B: Fβ・特異度・偽陽性率と、しきい値 1 つの動作点のテスト。"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.metrics import fbeta_score, recall_score

from getting_started_ml.appendix_b.ranking import pr_curve
from getting_started_ml.appendix_b.rates import (
    f_beta,
    false_positive_rate,
    operating_point,
    specificity,
)
from getting_started_ml.chapter11 import ConfusionMatrix, f1_score, precision, recall, roc_curve

CM = ConfusionMatrix(tp=6, fp=2, fn=4, tn=8)  # 適合率 6/8、再現率 6/10、特異度 8/10

matrices = st.builds(
    ConfusionMatrix, st.integers(0, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30)
)

# --8<-- [end:header]


# --8<-- [start:test-rates]
def test_Fβは適合率と再現率の重み付き調和平均() -> None:
    p, r = 6 / 8, 6 / 10
    assert f_beta(CM, 2.0) == pytest.approx(5 * p * r / (4 * p + r))
    assert f_beta(CM, 0.5) == pytest.approx(1.25 * p * r / (0.25 * p + r))
    assert f_beta(CM, 1.0) == pytest.approx(f1_score(CM))


def test_βが2なら再現率寄り0_5なら適合率寄り() -> None:
    # この例は適合率（0.75）が再現率（0.6）より高い。F2 は再現率に、F0.5 は適合率に近づく。
    assert recall(CM) < f_beta(CM, 2.0) < f1_score(CM) < f_beta(CM, 0.5) < precision(CM)


def test_特異度と偽陽性率は足して1() -> None:
    assert specificity(CM) == pytest.approx(0.8)
    assert false_positive_rate(CM) == pytest.approx(0.2)


@given(matrices)
def test_どの混同行列でも特異度は1から偽陽性率を引いたもの(cm: ConfusionMatrix) -> None:
    if cm.fp + cm.tn:
        assert specificity(cm) == pytest.approx(1 - false_positive_rate(cm))


@settings(max_examples=20, deadline=None)
@given(matrices, st.sampled_from([0.5, 1.0, 2.0, 3.0]))
@example(ConfusionMatrix(0, 0, 0, 0), 1.0)  # 1 件も無い
@example(ConfusionMatrix(0, 5, 5, 0), 2.0)  # 真陽性が無い（適合率と再現率が 0）
@example(ConfusionMatrix(5, 0, 0, 0), 0.5)  # 負例が無い（特異度を 0 で割る）
@example(ConfusionMatrix(0, 0, 0, 7), 3.0)  # 正例が無い
@example(ConfusionMatrix(30, 1, 29, 30), 0.5)
def test_Fβと特異度はscikit_learnと同じ(cm: ConfusionMatrix, beta: float) -> None:
    actual = [1] * cm.tp + [0] * cm.fp + [1] * cm.fn + [0] * cm.tn
    predicted = [1] * cm.tp + [1] * cm.fp + [0] * cm.fn + [0] * cm.tn
    if not actual:
        return
    assert f_beta(cm, beta) == pytest.approx(
        fbeta_score(actual, predicted, beta=beta, zero_division=0.0), rel=1e-12
    )
    # 特異度は「負例を正例とみなした再現率」。
    assert specificity(cm) == pytest.approx(
        recall_score(actual, predicted, pos_label=0, zero_division=0.0), rel=1e-12
    )


# --8<-- [end:test-rates]


# --8<-- [start:test-operating-point]
scored_rows = st.lists(
    st.tuples(st.integers(0, 10).map(lambda v: v / 10), st.booleans()), min_size=2, max_size=30
).filter(lambda rows: 0 < sum(label for _, label in rows) < len(rows))


@settings(max_examples=60, deadline=None)
@given(scored_rows)
def test_動作点はROC曲線とPR曲線の点の上にある(rows: list[tuple[float, bool]]) -> None:
    scores = [score for score, _ in rows]
    labels = [label for _, label in rows]
    roc = {
        p.threshold: (p.false_positive_rate, p.true_positive_rate)
        for p in roc_curve(scores, labels)
    }
    pr = {p.threshold: (p.recall, p.precision) for p in pr_curve(scores, labels)}
    for threshold in set(scores):
        point = operating_point(scores, labels, threshold)
        assert point.roc == pytest.approx(roc[threshold])
        assert point.pr == pytest.approx(pr[threshold])


# --8<-- [end:test-operating-point]


# --8<-- [start:test-errors]
def test_βが0以下なら失敗する() -> None:
    with pytest.raises(ValueError, match="beta は正の数"):
        f_beta(CM, 0.0)


# --8<-- [end:test-errors]
