# --8<-- [start:header]
"""付録 B: PR 曲線と平均適合率（AP・mAP）のテスト。"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, precision_recall_curve

from getting_started_ml.appendix_b.ranking import (
    PrPoint,
    average_precision,
    average_precision_11pt,
    average_precision_all_points,
    detection_labels,
    mean_average_precision,
    pr_curve,
)
from getting_started_ml.chapter11 import auc, roc_curve

# 資料の例: 信頼度の高い順に並べた 10 件の検出の当たり外れ（正解の物体は 5 個）
HITS = (True, True, False, False, False, True, True, False, False, True)

# --8<-- [end:header]


# --8<-- [start:test-ap]
def test_11点補間のAPは資料の例と同じ() -> None:
    scores, labels = detection_labels(HITS)
    # 再現率 0〜0.4 で 1、0.5〜0.8 で 4/7、0.9 と 1.0 で 1/2 の 11 点の平均。
    assert average_precision_11pt(scores, labels) == pytest.approx((5 + 4 * 4 / 7 + 1) / 11)
    assert round(average_precision_11pt(scores, labels), 3) == 0.753


def test_全点補間のAPは補間した階段の面積() -> None:
    scores, labels = detection_labels(HITS)
    assert average_precision_all_points(scores, labels) == pytest.approx(
        0.4 * 1 + 0.4 * 4 / 7 + 0.2 * 0.5
    )


def test_補間しないAPは正解を見つけた順位の適合率の平均() -> None:
    scores, labels = detection_labels(HITS)
    assert average_precision(scores, labels) == pytest.approx((1 + 1 + 3 / 6 + 4 / 7 + 5 / 10) / 5)


def test_mAPはクラスごとのAPの平均() -> None:
    assert round(mean_average_precision([0.753, 0.990, 0.683]), 3) == 0.809


# --8<-- [end:test-ap]


# --8<-- [start:test-pr-curve]
def test_同じスコアは1つの点にまとめる() -> None:
    assert pr_curve([0.9, 0.5, 0.5, 0.1], [True, False, True, False]) == [
        PrPoint(0.9, 0.5, 1.0),
        PrPoint(0.5, 1.0, 2 / 3),
        PrPoint(0.1, 1.0, 0.5),
    ]


def test_見つからなかった正解があれば再現率は1に届かない() -> None:
    scores, labels = detection_labels((True, False, True))
    assert pr_curve(scores, labels, n_positive=4)[-1].recall == 0.5


def test_正例が無ければ失敗する() -> None:
    with pytest.raises(ValueError, match="n_positive"):
        average_precision([0.3, 0.2], [False, False])


def test_件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"スコア 2 件、正解 1 件"):
        pr_curve([0.3, 0.2], [True])


# --8<-- [end:test-pr-curve]


# --8<-- [start:test-sklearn-ap]
scored_rows = st.lists(
    st.tuples(st.integers(0, 20).map(lambda v: v / 20), st.booleans()), min_size=1, max_size=40
).filter(lambda rows: any(label for _, label in rows))


@settings(max_examples=20, deadline=None)
@given(scored_rows)
@example([(0.5, True)])  # 1 件
@example([(0.5, True), (0.5, False)])  # 正例と負例が同じスコア
@example([(1.0, False), (0.0, True)])  # 正例が最下位
@example([(0.3, True)] * 3 + [(0.3, False)] * 2 + [(0.9, False), (0.0, True)])  # 同点の塊
def test_補間しないAPはscikit_learnのaverage_precision_scoreと同じ(
    rows: list[tuple[float, bool]],
) -> None:
    scores = [score for score, _ in rows]
    labels = [label for _, label in rows]
    assert average_precision(scores, labels) == pytest.approx(
        average_precision_score(labels, scores), rel=1e-12
    )


@settings(max_examples=40, deadline=None)
@given(scored_rows)
def test_PR曲線の点はscikit_learnと同じ(rows: list[tuple[float, bool]]) -> None:
    scores = [score for score, _ in rows]
    labels = [label for _, label in rows]
    precision, recall, thresholds = precision_recall_curve(labels, scores)
    # scikit-learn は低いしきい値から並べ、最後に (再現率 0, 適合率 1) の点を足す。
    expected = [
        (float(t), float(r), float(p))
        for t, r, p in zip(thresholds, recall[:-1], precision[:-1], strict=True)
    ]
    ours = [(p.threshold, p.recall, p.precision) for p in pr_curve(scores, labels)]
    assert [value for point in sorted(ours) for value in point] == pytest.approx(
        [value for point in sorted(expected) for value in point]
    )


# --8<-- [end:test-sklearn-ap]


# --8<-- [start:test-seed-mail]
def test_資料の7件のメールの表とAUCを再現する() -> None:
    # スコアの高い順に並べた 7 件（1 は迷惑メール）。陽性 3 件、陰性 4 件。
    labels = [True, False, True, True, False, False, False]
    scores = [float(7 - rank) for rank in range(7)]
    points = pr_curve(scores, labels)
    assert [point.precision for point in points] == pytest.approx(
        [1, 1 / 2, 2 / 3, 3 / 4, 3 / 5, 3 / 6, 3 / 7]
    )
    assert [point.recall for point in points] == pytest.approx([1 / 3, 1 / 3, 2 / 3, 1, 1, 1, 1])
    # AUC は、陽性が陰性より高い組の割合 (4 + 3 + 3) / 12 = 5/6。第 11 章の roc_curve と auc で。
    assert auc(roc_curve(scores, labels)) == pytest.approx(5 / 6)


# --8<-- [end:test-seed-mail]
