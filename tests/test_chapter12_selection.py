# --8<-- [start:header]
"""第 12 章: 実験の記録、検証データでの選択、係数が 0 の特徴量。"""

from __future__ import annotations

import dataclasses
import math

import pytest

from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12.regularization import fit_ridge
from getting_started_ml.chapter12.selection import (
    Experiment,
    best_experiment,
    run_ridge_experiments,
    zero_coefficient_names,
)


def experiments(*scores: tuple[float, float]) -> list[Experiment]:
    """(alpha, 検証の R²) の組から実験を作る。ほかの欄は使わないので 0。"""
    return [Experiment(alpha, 0.0, score, 0.0) for alpha, score in scores]


# --8<-- [end:header]


# --8<-- [start:test-selection]
def test_実験は書き換えられない値() -> None:
    experiment = Experiment(0.1, 0.9, 0.7, 3.0)

    assert experiment == Experiment(0.1, 0.9, 0.7, 3.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        experiment.alpha = 1.0  # type: ignore[misc]


def test_alphaごとに訓練データだけで学習して訓練と検証のR2を記録する() -> None:
    x_train = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 5.0]]
    t_train = [4.1, 3.2, 6.0, 8.9, 8.0]
    x_valid = [[1.0, 2.0], [4.0, 1.0]]
    t_valid = [5.0, 14.0]
    results = run_ridge_experiments(x_train, t_train, x_valid, t_valid, [0.0, 10.0])
    model = fit_ridge(x_train, t_train, 10.0)

    assert [result.alpha for result in results] == [0.0, 10.0]
    assert results[1] == Experiment(
        10.0,
        r2_score(t_train, model.predict(x_train)),
        r2_score(t_valid, model.predict(x_valid)),
        model.coefficient_abs_sum(),
    )
    assert results[0].train_score > results[1].train_score


def test_検証のR2が最も高い実験を選ぶ() -> None:
    assert best_experiment(experiments((0.1, 0.7), (1.0, 0.6))).alpha == 0.1
    assert best_experiment(experiments((0.1, 0.5), (1.0, 0.8), (10.0, 0.6))).alpha == 1.0


def test_同じ値なら先の実験を選ぶ() -> None:
    assert best_experiment(experiments((0.1, 0.8), (1.0, 0.8))).alpha == 0.1


def test_実験が無ければ選べない() -> None:
    with pytest.raises(ValueError, match="experiments が空"):
        best_experiment([])


def test_係数がちょうど0の特徴量の名前を列の順に返す() -> None:
    assert zero_coefficient_names([0.0, 1.5, -0.0], ["RM", "LSTAT", "RM^2"]) == ["RM", "RM^2"]
    assert zero_coefficient_names([1e-300], ["RM"]) == []


def test_係数と名前の数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match=r"coefficients 2 個、names 1 個"):
        zero_coefficient_names([0.0, 1.0], ["RM"])


@pytest.mark.parametrize("position", [0, 1])
def test_検証のR2がNaNの実験があれば選ばずに失敗する(position: int) -> None:
    scores = [(0.1, 0.5), (1.0, 0.8)]
    scores[position] = (scores[position][0], math.nan)
    with pytest.raises(ValueError, match=r"experiments .*NaN"):
        best_experiment(experiments(*scores))


# --8<-- [end:test-selection]
