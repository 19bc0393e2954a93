"""付録 B: コサイン類似度、Simpson 係数、ROUGE-N、FID のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_b.similarity import cosine_distance, cosine_similarity


def test_コサイン類似度は向きだけを見る() -> None:
    assert cosine_similarity([1, 0], [0, 2]) == 0.0
    assert cosine_similarity([1, 2], [3, 6]) == pytest.approx(1.0)
    assert cosine_distance([1, 2], [-2, -4]) == pytest.approx(2.0)
