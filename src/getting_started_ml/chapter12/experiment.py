# --8<-- [start:header]
"""第 12 章: Boston.csv で、線形回帰・リッジ回帰・ラッソ回帰を比べる。

alpha は検証データで選び、テストデータは最後に 1 度だけ使う。どのモデルも訓練データ（47 件）
だけで学習し、訓練と検証を合わせて学習し直すことはしない。
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12.features import BostonDataset, outlier_rows, prepare_boston
from getting_started_ml.chapter12.lasso import fit_lasso
from getting_started_ml.chapter12.regularization import fit_ridge, require_alpha
from getting_started_ml.chapter12.selection import (
    Experiment,
    best_experiment,
    run_ridge_experiments,
    zero_coefficient_names,
)
from getting_started_ml.numeric import format_fixed

BOSTON = "Boston.csv"
ALPHAS = (0.0, 0.1, 1.0, 10.0, 100.0)
LASSO_ALPHA = 0.5
# --8<-- [end:header]


# --8<-- [start:public]
def load_boston() -> BostonDataset:
    """Boston.csv を読み、外れ値の除去・3 つへの分割・2 次の特徴量まで済ませる。"""
    return prepare_boston(Table.load(BOSTON))


def validation_experiments(
    dataset: BostonDataset, alphas: Sequence[float] = ALPHAS
) -> tuple[Experiment, ...]:
    """alpha ごとの訓練と検証の R²（検証データでの選択に使う値）。"""
    require_dataset(dataset)
    return run_ridge_experiments(
        dataset.x_train, dataset.t_train, dataset.x_valid, dataset.t_valid, alphas
    )


@dataclass(frozen=True)
class TestComparison:
    """テストデータの行ごとの正解と、線形回帰（alpha 0）と選んだ alpha のリッジ回帰の予測。"""

    alpha: float
    actual: list[float]
    linear: list[float]
    ridge: list[float]

    def linear_score(self) -> float:
        """線形回帰のテストデータの R²。"""
        return r2_score(self.actual, self.linear)

    def ridge_score(self) -> float:
        """リッジ回帰のテストデータの R²。"""
        return r2_score(self.actual, self.ridge)


def compare_on_test(dataset: BostonDataset, alpha: float) -> TestComparison:
    """訓練データだけで alpha 0 と alpha のモデルを学習し、テストデータの行ごとに予測する。"""
    require_dataset(dataset)
    chosen = require_alpha(alpha)
    linear = fit_ridge(dataset.x_train, dataset.t_train, 0.0)
    ridge = fit_ridge(dataset.x_train, dataset.t_train, chosen)
    return TestComparison(
        chosen,
        list(dataset.t_test),
        linear.predict(dataset.x_test),
        ridge.predict(dataset.x_test),
    )


# --8<-- [end:public]


# --8<-- [start:require-dataset]
def require_dataset(dataset: object) -> None:
    """dataset が BostonDataset でなければ、型を書いた TypeError を投げる。"""
    if not isinstance(dataset, BostonDataset):
        raise TypeError(f"dataset は BostonDataset です（{type(dataset).__name__}）")


# --8<-- [end:require-dataset]


# --8<-- [start:main]
TABLE_HEADER = "alpha  訓練 R²  検証 R²  係数の絶対値の合計"


def experiment_line(experiment: Experiment) -> str:
    """alpha を幅 5 の右寄せで、R² を 4 桁、係数の絶対値の合計を 3 桁で並べる。"""
    if not isinstance(experiment, Experiment):
        raise TypeError(f"experiment は Experiment です（{type(experiment).__name__}）")
    return (
        f"{format_fixed(experiment.alpha, 1):>5}  {format_fixed(experiment.train_score, 4)}"
        f"  {format_fixed(experiment.validation_score, 4)}"
        f"  {format_fixed(experiment.coefficient_abs_sum, 3)}"
    )


def main() -> None:
    """外れ値の除去から alpha の選択、テストでの比較、ラッソ回帰の 0 の係数までを表示する。"""
    table = Table.load(BOSTON)
    removed = len(outlier_rows(table))
    dataset = prepare_boston(table)
    experiments = validation_experiments(dataset)
    best = best_experiment(experiments)
    comparison = compare_on_test(dataset, best.alpha)
    lasso = fit_lasso(dataset.x_train, dataset.t_train, LASSO_ALPHA)
    zeros = zero_coefficient_names(lasso.coefficients, dataset.feature_names)
    print(f"データ件数: {len(table) - removed}（外れ値 {removed} 件を除外）")
    print(
        f"訓練データ: {len(dataset.t_train)} 件, 検証データ: {len(dataset.t_valid)} 件, "
        f"テストデータ: {len(dataset.t_test)} 件"
    )
    print(f"特徴量: {', '.join(dataset.feature_names)}")
    print(TABLE_HEADER)
    for experiment in experiments:
        print(experiment_line(experiment))
    print(f"検証データで選んだ alpha: {best.alpha!r}")
    print(
        f"テストデータの決定係数: 線形回帰 {format_fixed(comparison.linear_score(), 4)}, "
        f"リッジ回帰 {format_fixed(comparison.ridge_score(), 4)}"
    )
    print(f"ラッソ回帰（alpha={LASSO_ALPHA!r}）で係数が 0 になった特徴量: {', '.join(zeros)}")


# --8<-- [end:main]
