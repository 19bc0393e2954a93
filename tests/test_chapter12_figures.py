# --8<-- [start:header]
"""第 12 章の図: 対数の並び、数値の埋め込み、リポジトリにある図と実データの照合。"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed
from support.figures import assert_same_numbers

from getting_started_ml.chapter12 import BOSTON, BostonDataset, load_boston
from getting_started_ml.chapter12.figures import (
    COEFFICIENT_PATHS_FIGURE,
    VALIDATION_CURVE_FIGURE,
    CoefficientPathData,
    ValidationCurveData,
    coefficient_path_data,
    coefficient_paths_svg,
    log_grid,
    validation_curve_data,
    validation_curve_svg,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

CURVE_EXAMPLE = ValidationCurveData(
    alphas=[0.1, 1.0, 10.0],
    train_scores=[0.9, 0.85, 0.6],
    validation_scores=[0.7, 0.75, 0.5],
    linear_train_score=0.91,
    linear_validation_score=0.69,
    chosen_alpha=1.0,
)
PATH_EXAMPLE = CoefficientPathData(
    feature_names=["a", "b"],
    ridge_alphas=[0.1, 10.0],
    ridge_coefficients=[[2.0, -1.0], [0.5, -0.25]],
    lasso_alphas=[0.1, 1.0],
    lasso_coefficients=[[1.5, -0.5], [0.5, 0.0]],
    lasso_sweeps=[12, 3],
)
# --8<-- [end:header]


# --8<-- [start:test-figures]
def test_対数の並びは1桁あたり同じ点の数() -> None:
    assert log_grid(-1, 1, 2) == pytest.approx([0.1, 10**-0.5, 1.0, 10**0.5, 10.0], rel=1e-15)


def test_描いた数値をSVGに埋め込み描き直しても同じバイト列になる() -> None:
    first = validation_curve_svg(CURVE_EXAMPLE)

    assert embedded_data(first) == CURVE_EXAMPLE
    assert embedded_data(coefficient_paths_svg(PATH_EXAMPLE)) == PATH_EXAMPLE
    assert validation_curve_svg(CURVE_EXAMPLE) == first
    assert "<dc:date>" not in first


@pytest.mark.data(BOSTON)
def test_図の数値はデータから求め直した数値と一致する() -> None:
    dataset: BostonDataset = load_boston()
    curve = embedded_data((FIGURES_DIR / VALIDATION_CURVE_FIGURE).read_text(encoding="utf-8"))
    paths = embedded_data((FIGURES_DIR / COEFFICIENT_PATHS_FIGURE).read_text(encoding="utf-8"))

    assert_same_numbers(curve, validation_curve_data(dataset))
    assert_same_numbers(paths, coefficient_path_data(dataset))
    # 細かい並びでも、検証の R² が最も高いのは表と同じ alpha 10
    best = max(range(len(curve["alphas"])), key=lambda i: curve["validation_scores"][i])
    assert curve["alphas"][best] == pytest.approx(10.0, rel=1e-12)
    assert curve["chosen_alpha"] == 10.0


def test_データが無ければ図を描かずに1行で失敗する(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    result = run_module("getting_started_ml.chapter12.figures", env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert BOSTON in result.stderr
    assert "Traceback" not in result.stderr


# --8<-- [end:test-figures]
