"""付録 B: PR 曲線と平均適合率（AP・mAP）のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_b import average_precision_11pt
from getting_started_ml.appendix_b.ranking import detection_labels

# 資料の例: 信頼度の高い順に並べた 10 件の検出の当たり外れ（正解の物体は 5 個）
HITS = (True, True, False, False, False, True, True, False, False, True)


def test_11点補間のAPは資料の例と同じ() -> None:
    scores, labels = detection_labels(HITS)
    # 再現率 0〜0.4 で 1、0.5〜0.8 で 4/7、0.9 と 1.0 で 1/2 の 11 点の平均。
    assert average_precision_11pt(scores, labels) == pytest.approx((5 + 4 * 4 / 7 + 1) / 11)
