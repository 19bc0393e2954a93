"""付録 B: バイアス²・バリアンス・雑音への分解のテスト。"""

from __future__ import annotations

import numpy as np
import pytest

from getting_started_ml.appendix_b.bias_variance import TEST_POINTS, predictions_by_set
from getting_started_ml.appendix_b.generalization import true_curve


def test_真の値からのずれの二乗はバイアス2乗とバリアンスにちょうど分かれる() -> None:
    predictions, _ = predictions_by_set(3, 0.0, 20, 12, seed=0)
    truth = np.array([true_curve(x) for x in TEST_POINTS])
    bias_squared = (predictions.mean(axis=0) - truth) ** 2
    variance = np.var(predictions, axis=0)  # numpy の分散（ddof=0）
    assert np.mean((predictions - truth) ** 2) == pytest.approx(
        float(np.mean(bias_squared + variance)), rel=1e-9
    )
