"""付録 B: 検出と正解の箱の対応づけ、101 点補間の AP、COCO 式の AP@[.50:.95] のテスト。"""

from __future__ import annotations

from getting_started_ml.appendix_b.matching import Detection, match_detections
from getting_started_ml.appendix_b.overlap import Box

# 正解の箱 3 つ（A, B, C）と、信頼度つきの検出 5 つ。
TRUTHS = [Box(0, 0, 2, 2), Box(3, 3, 5, 5), Box(6, 0, 8, 2)]
DETECTIONS = [
    Detection(0.6, Box(6, 0, 8, 2.5)),  # C と IoU 0.8
    Detection(0.9, Box(0, 0, 2, 2.2)),  # A と IoU 0.909
    Detection(0.8, Box(0.1, 0, 2.1, 2)),  # A と IoU 0.905（A は 0.9 の検出が先に取る）
    Detection(0.7, Box(3.5, 3.5, 5.5, 5.5)),  # B と IoU 0.391
    Detection(0.5, Box(10, 10, 11, 11)),  # どれとも重ならない
]


def test_信頼度の高い順に1つの正解には1つの検出だけを対応づける() -> None:
    matching = match_detections(DETECTIONS, TRUTHS)
    assert matching.scores == [0.9, 0.8, 0.7, 0.6, 0.5]
    assert matching.hits == [True, False, False, True, False]
    assert matching.n_truths == 3
