# --8<-- [start:header]
"""第 12 章のモデル選択: alpha ごとの実験を値として記録し、検証データで 1 つ選ぶ。"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12.regularization import (
    FloatRows,
    FloatValues,
    fit_ridge,
    float_values,
    require_alpha,
)
from getting_started_ml.checks import require_candidates

# --8<-- [end:header]


# --8<-- [start:experiment]
@dataclass(frozen=True)
class Experiment:
    """1 つの alpha で学習した結果。訓練と検証の R² と、係数の絶対値の合計。"""

    alpha: float
    train_score: float
    validation_score: float
    coefficient_abs_sum: float


def run_ridge_experiments(
    x_train: FloatRows,
    t_train: FloatValues,
    x_valid: FloatRows,
    t_valid: FloatValues,
    alphas: Iterable[float],
) -> tuple[Experiment, ...]:
    """alpha ごとに訓練データだけでリッジ回帰を学習し、訓練と検証の R² を記録する。"""
    train_targets, valid_targets = (
        float_values(t_train, "t_train"),
        float_values(t_valid, "t_valid"),
    )
    experiments = []
    for alpha in alphas:
        model = fit_ridge(x_train, train_targets, require_alpha(alpha))
        experiments.append(
            Experiment(
                float(alpha),
                r2_score(train_targets, model.predict(x_train)),
                r2_score(valid_targets, model.predict(x_valid)),
                model.coefficient_abs_sum(),
            )
        )
    return tuple(experiments)


def best_experiment(experiments: Sequence[Experiment]) -> Experiment:
    """検証の R² が最も高い実験。同じ値なら先の実験（小さい alpha）が勝つ。"""
    experiments = require_candidates(experiments, Experiment, "experiments")
    unscored = [e.alpha for e in experiments if math.isnan(e.validation_score)]
    if unscored:  # NaN は比べると常に偽なので、max の答えが並び順で変わってしまう
        raise ValueError(f"experiments の検証の R² が NaN です（alpha={unscored}）")
    # max は最大の値が複数あれば最初のものを返す。それが「先の実験が勝つ」にあたる。
    return max(experiments, key=lambda experiment: experiment.validation_score)


# --8<-- [end:experiment]


# --8<-- [start:zero-names]
def zero_coefficient_names(coefficients: Sequence[float], names: Sequence[str]) -> list[str]:
    """係数がちょうど 0.0 の特徴量の名前を、列の順に並べる（-0.0 も 0 に数える）。"""
    if len(coefficients) != len(names):
        raise ValueError(
            f"coefficients と names の数が違います"
            f"（coefficients {len(coefficients)} 個、names {len(names)} 個）"
        )
    return [name for weight, name in zip(coefficients, names, strict=True) if weight == 0.0]


# --8<-- [end:zero-names]
