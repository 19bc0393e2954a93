"""付録 B: 決定係数 R² の読み方と、損失の最尤推定としての読み方のテスト。"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import laplace, norm

from getting_started_ml.appendix_b.likelihood import (
    gaussian_negative_log_likelihood,
    laplace_negative_log_likelihood,
)


def test_負の対数尤度はscipyの確率密度から求めた値と同じ() -> None:
    residuals = [0.5, -1.0, 2.0]
    assert gaussian_negative_log_likelihood(residuals, 1.5) == pytest.approx(
        -float(np.sum(norm.logpdf(residuals, scale=1.5))), rel=1e-9
    )
    assert laplace_negative_log_likelihood(residuals, 1.5) == pytest.approx(
        -float(np.sum(laplace.logpdf(residuals, scale=1.5))), rel=1e-9
    )
