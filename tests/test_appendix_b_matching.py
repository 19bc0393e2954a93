# --8<-- [start:header]
"""付録 B: 検出と正解の箱の対応づけ、101 点補間の AP、COCO 式の AP@[.50:.95] のテスト。"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_b.matching import (
    Detection,
    coco_average_precision,
    detection_average_precision,
    match_detections,
)
from getting_started_ml.appendix_b.overlap import Box
from getting_started_ml.appendix_b.ranking import average_precision_101pt, detection_labels

# 正解の箱 3 つ（A, B, C）と、信頼度つきの検出 5 つ。
TRUTHS = [Box(0, 0, 2, 2), Box(3, 3, 5, 5), Box(6, 0, 8, 2)]
DETECTIONS = [
    Detection(0.6, Box(6, 0, 8, 2.5)),  # C と IoU 0.8
    Detection(0.9, Box(0, 0, 2, 2.2)),  # A と IoU 0.909
    Detection(0.8, Box(0.1, 0, 2.1, 2)),  # A と IoU 0.905（A は 0.9 の検出が先に取る）
    Detection(0.7, Box(3.5, 3.5, 5.5, 5.5)),  # B と IoU 0.391
    Detection(0.5, Box(10, 10, 11, 11)),  # どれとも重ならない
]
HITS = (True, True, False, False, False, True, True, False, False, True)

# --8<-- [end:header]


# --8<-- [start:test-matching]
def test_信頼度の高い順に1つの正解には1つの検出だけを対応づける() -> None:
    matching = match_detections(DETECTIONS, TRUTHS)
    assert matching.scores == [0.9, 0.8, 0.7, 0.6, 0.5]
    assert matching.hits == [True, False, False, True, False]
    assert matching.n_truths == 3


def test_しきい値を下げると重なりの小さい検出も当たる() -> None:
    assert match_detections(DETECTIONS, TRUTHS, 0.35).hits == [True, False, True, True, False]


def test_当たり外れから求めるAPは見つからなかった正解も分母に数える() -> None:
    # 再現率 1/3 までは適合率 1、2/3 までは 0.5、B を見つけていないので 2/3 より先は 0。
    assert detection_average_precision(DETECTIONS, TRUTHS) == pytest.approx((34 + 33 * 0.5) / 101)


# --8<-- [end:test-matching]


# --8<-- [start:test-coco]
def test_101点補間のAPは資料の10件の検出で0_7313() -> None:
    scores, labels = detection_labels(HITS)
    # 再現率 0〜0.40 の 41 か所で 1、0.41〜0.80 の 40 か所で 4/7、0.81〜1.0 の 20 か所で 0.5。
    assert average_precision_101pt(scores, labels) == pytest.approx(
        (41 + 40 * 4 / 7 + 20 * 0.5) / 101
    )
    assert round(average_precision_101pt(scores, labels), 4) == 0.7313


def test_COCOのAPはIoUのしきい値10段階のAPの平均() -> None:
    # A の検出（IoU 0.909）は 0.90 まで、C の検出（IoU 0.8）は 0.80 まで当たる。
    # 0.50〜0.80 の 7 段階で 0.5、0.85 と 0.90 で 34/101、0.95 で 0。
    expected = (7 * (34 + 33 * 0.5) / 101 + 2 * 34 / 101 + 0) / 10
    assert coco_average_precision(DETECTIONS, TRUTHS) == pytest.approx(expected)


def cocoeval_style_ap(hits: list[bool], n_truths: int, levels: np.ndarray) -> float:
    """pycocotools の COCOeval.accumulate と同じ手順で 101 点補間の AP を求める（比べるため）。"""
    tp = np.cumsum(hits)
    fp = np.cumsum([not hit for hit in hits])
    recall = tp / n_truths
    precision = list(tp / (tp + fp))
    for i in range(len(precision) - 1, 0, -1):
        precision[i - 1] = max(precision[i - 1], precision[i])
    positions = np.searchsorted(recall, levels, side="left")
    return float(np.mean([precision[p] if p < len(precision) else 0.0 for p in positions]))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=30), st.integers(0, 10))
def test_101点補間のAPはpycocotoolsの手順と同じ(hits: list[bool], missed: int) -> None:
    n_truths = sum(hits) + missed
    if n_truths == 0:
        return
    scores, labels = detection_labels(hits)
    # 再現率の 101 か所は k/100 で作る。pycocotools は np.linspace(0, 1, 101) を使い、その 0.70 は
    # 0.7000000000000001 なので、再現率がちょうど 0.7 の点を「届いていない」と読んでしまう。
    exact_levels = np.arange(101) / 100
    assert average_precision_101pt(scores, labels, n_truths) == pytest.approx(
        cocoeval_style_ap(hits, n_truths, exact_levels), abs=1e-12
    )


def test_pycocotoolsの再現率の目盛りは浮動小数で少しずれる() -> None:
    # 7 件目までに 10 個中 7 個を見つける例。再現率 0.7 での適合率 1 を linspace の目盛りは読まない
    hits = [True] * 7 + [False] + [True] * 3
    scores, labels = detection_labels(hits)
    ours = average_precision_101pt(scores, labels)
    assert cocoeval_style_ap(hits, 10, np.linspace(0.0, 1.0, 101)) == pytest.approx(
        ours - (1 - 10 / 11) / 101
    )


# --8<-- [end:test-coco]

# --8<-- [start:test-property]
boxes = st.builds(
    lambda x, y, w, h: Box(x, y, x + w, y + h),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(1, 3),
    st.integers(1, 3),
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 100), boxes), max_size=8),
    st.lists(boxes, min_size=1, max_size=5),
    st.sampled_from([0.3, 0.5, 0.75]),
)
def test_当たりの数は正解の数を超えず信頼度の順に並ぶ(
    found: list[tuple[int, Box]], truths: list[Box], threshold: float
) -> None:
    detections = [Detection(score / 100, box) for score, box in found]
    matching = match_detections(detections, truths, threshold)
    assert sum(matching.hits) <= len(truths)
    assert matching.scores == sorted(matching.scores, reverse=True)


# --8<-- [end:test-property]
