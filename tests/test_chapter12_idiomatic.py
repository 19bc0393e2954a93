# --8<-- [start:header]
"""第 12 章: pandas と scikit-learn で書いた実験が、自作の実験と同じ結論になること。"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from getting_started_ml.chapter12 import (
    BOSTON,
    LASSO_ALPHA,
    BostonDataset,
    best_experiment,
    compare_on_test,
    fit_lasso,
    load_boston,
    validation_experiments,
)
from getting_started_ml.chapter12.idiomatic import IdiomaticResult, idiomatic_experiment, main


@pytest.fixture(scope="module")
def ours() -> BostonDataset:
    return load_boston()


@pytest.fixture(scope="module")
def theirs() -> IdiomaticResult:
    return idiomatic_experiment()


# --8<-- [end:header]


# --8<-- [start:test-idiomatic]
@pytest.mark.data(BOSTON)
def test_alphaごとの表は自作と同じ(ours: BostonDataset, theirs: IdiomaticResult) -> None:
    experiments = validation_experiments(ours)

    assert theirs.kept_rows == 98
    assert list(theirs.scores["alpha"]) == [e.alpha for e in experiments]
    # 同じ連立方程式を別の手順で解くので、違いは丸めだけ
    assert list(theirs.scores["train"]) == pytest.approx(
        [e.train_score for e in experiments], rel=1e-9
    )
    assert list(theirs.scores["validation"]) == pytest.approx(
        [e.validation_score for e in experiments], rel=1e-9
    )
    assert list(theirs.scores["abs_sum"]) == pytest.approx(
        [e.coefficient_abs_sum for e in experiments], rel=1e-9
    )
    assert theirs.chosen_alpha == best_experiment(experiments).alpha == 10.0


@pytest.mark.data(BOSTON)
def test_テストのR2は自作と同じ(ours: BostonDataset, theirs: IdiomaticResult) -> None:
    comparison = compare_on_test(ours, theirs.chosen_alpha)

    assert theirs.linear_test_score == pytest.approx(comparison.linear_score(), rel=1e-9)
    assert theirs.ridge_test_score == pytest.approx(comparison.ridge_score(), rel=1e-9)


@pytest.mark.data(BOSTON)
def test_既定のLassoは係数が少し違うが0になる列は同じ(
    ours: BostonDataset, theirs: IdiomaticResult
) -> None:
    own = fit_lasso(ours.x_train, ours.t_train, LASSO_ALPHA)
    gaps = [abs(a - b) for a, b in zip(own.coefficients, theirs.lasso_coefficients, strict=True)]

    # Lasso の既定 tol=1e-4 は早めに止まるので、係数の差は 1e-3 の桁（実測 1.19e-3）
    assert max(gaps) == pytest.approx(1.19e-3, abs=1e-4)
    assert theirs.lasso_zero_names == ["PTRATIO^2", "PTRATIO LSTAT", "LSTAT^2"]


@pytest.mark.data(BOSTON)
def test_表示は章のコマンドの出力と1文字も違わない(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main()  # 別のプロセスにせず、読み込み済みの pandas と scikit-learn をそのまま使う

    assert capsys.readouterr().out == golden("chapter12")


# --8<-- [end:test-idiomatic]
