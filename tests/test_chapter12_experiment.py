# --8<-- [start:header]
"""第 12 章: Boston.csv での実験（件数・派生値・テストデータの比較・章のコマンドの出力）。"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

from getting_started_ml.chapter02 import Table, split_train_test
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12 import (
    ALPHAS,
    BOSTON,
    FEATURES,
    LASSO_ALPHA,
    BostonDataset,
    PolynomialScaler,
    compare_on_test,
    fit_lasso,
    fit_ridge,
    load_boston,
    outlier_rows,
    three_way_positions,
    validation_experiments,
    zero_coefficient_names,
)
from getting_started_ml.chapter12.features import column_values, remove_outliers

RunModule = Callable[..., Completed]


@pytest.fixture(scope="module")
def boston() -> BostonDataset:
    return load_boston()


# --8<-- [end:header]


# --8<-- [start:test-data]
def test_章の定数() -> None:
    assert ALPHAS == (0.0, 0.1, 1.0, 10.0, 100.0)
    assert (BOSTON, LASSO_ALPHA) == ("Boston.csv", 0.5)


def test_テストデータの比較は同じ訓練データで学習した2つのモデルの予測() -> None:
    x = [[float(i), float(i % 3)] for i in range(8)]
    t = [2.0 * row[0] - row[1] + (0.5 if i % 2 else -0.5) for i, row in enumerate(x)]
    dataset = BostonDataset(x, t, x[:3], t[:3], x[3:6], t[3:6], ["a", "b"])
    comparison = compare_on_test(dataset, 5.0)

    assert comparison.actual == t[3:6]
    assert comparison.linear == fit_ridge(x, t, 0.0).predict(x[3:6])
    assert comparison.ridge == fit_ridge(x, t, 5.0).predict(x[3:6])
    assert comparison.ridge_score() == r2_score(t[3:6], comparison.ridge)
    with pytest.raises(ValueError, match="alpha は 0 以上"):
        compare_on_test(dataset, -1.0)


@pytest.mark.data(BOSTON)
def test_外れ値2件を除き47件と21件と30件に分ける(boston: BostonDataset) -> None:
    table = Table.load(BOSTON)

    assert outlier_rows(table) == [0, 11]
    assert [len(boston.t_train), len(boston.t_valid), len(boston.t_test)] == [47, 21, 30]


@pytest.mark.data(BOSTON)
def test_分割の位置は派生値と同じ() -> None:
    positions = three_way_positions(98)
    outer = split_train_test(list(range(98)), list(range(98)), 0.3, 0)
    inner = split_train_test(list(range(68)), list(range(68)), 0.3, 0)

    assert positions.test == outer.x_test
    assert outer.x_test[:10] == [74, 2, 0, 90, 59, 14, 47, 60, 73, 1]
    assert inner.x_test == [
        7,
        14,
        41,
        6,
        44,
        61,
        35,
        27,
        49,
        17,
        45,
        33,
        39,
        25,
        1,
        56,
        40,
        47,
        19,
        34,
        52,
    ]
    assert positions.validation == [outer.x_train[i] for i in inner.x_test]


@pytest.mark.data(BOSTON)
def test_標準化の平均と標準偏差は訓練データの47件から() -> None:
    kept = remove_outliers(Table.load(BOSTON))
    x = list(zip(*(column_values(kept, column) for column in FEATURES), strict=True))
    scaler = PolynomialScaler.fit([x[i] for i in three_way_positions(98).train], FEATURES)

    assert scaler.means == pytest.approx(
        (6.146063829787234, 18.60851063829788, 13.267872340425525), rel=1e-12
    )
    assert scaler.stds == pytest.approx(
        (0.7098144020005936, 1.7412186716931286, 7.157490329262783), rel=1e-12
    )


@pytest.mark.data(BOSTON)
def test_訓練データの二乗の列の平均は元の列の平均の二乗より大きい() -> None:
    kept = remove_outliers(Table.load(BOSTON))
    train = three_way_positions(98).train
    for column, mean, mean_of_squares in [("RM", 6.1, 38.3), ("LSTAT", 13.3, 227.3)]:
        values = [column_values(kept, column)[i] for i in train]

        # 12.8 節の数。二乗の平均は、平均の二乗に分散を足した値
        assert round(sum(values) / len(values), 1) == mean
        assert round(sum(v * v for v in values) / len(values), 1) == mean_of_squares


@pytest.mark.data(BOSTON)
def test_alphaごとの訓練と検証のR2と係数の絶対値の合計(boston: BostonDataset) -> None:
    results = validation_experiments(boston)

    assert [
        (r.alpha, r.train_score, r.validation_score, r.coefficient_abs_sum) for r in results
    ] == [
        pytest.approx((0.0, 0.8827383009036031, 0.7271819498904368, 14.187156309001312), rel=1e-12),
        pytest.approx((0.1, 0.8827313638739093, 0.7273655817817088, 14.103747303418158), rel=1e-12),
        pytest.approx((1.0, 0.8822996504878396, 0.7287611024304117, 13.593648753719267), rel=1e-12),
        pytest.approx(
            (10.0, 0.8680682921033418, 0.7349030899922468, 11.572565684836148), rel=1e-12
        ),
        pytest.approx(
            (100.0, 0.6583091141228852, 0.5984517088250385, 5.684075735024177), rel=1e-12
        ),
    ]


@pytest.mark.data(BOSTON)
def test_テストデータの行ごとの予測とR2(boston: BostonDataset) -> None:
    comparison = compare_on_test(boston, 10.0)

    assert len(comparison.actual) == len(comparison.linear) == len(comparison.ridge) == 30
    assert comparison.linear_score() == pytest.approx(0.5223840345867209, rel=1e-12)
    assert comparison.ridge_score() == pytest.approx(0.6243459776218868, rel=1e-12)


@pytest.mark.data(BOSTON)
def test_alpha_10のリッジ回帰の係数と切片(boston: BostonDataset) -> None:
    model = fit_ridge(boston.x_train, boston.t_train, 10.0)

    assert model.coefficients == pytest.approx(
        [
            3.1900301645024784,
            -1.7028036565913076,
            -2.5808092589921965,
            0.5479471736912035,
            -1.0461051248272162,
            -1.0153553018561572,
            -0.3321495188696776,
            -0.7056433938853488,
            0.45172209162056065,
        ],
        rel=1e-12,
    )
    assert model.intercept == pytest.approx(20.49549461089489, rel=1e-12)


@pytest.mark.data(BOSTON)
def test_ラッソ回帰は89周で止まり3つの係数をちょうど0にする(boston: BostonDataset) -> None:
    model = fit_lasso(boston.x_train, boston.t_train, LASSO_ALPHA)

    assert (model.sweeps, model.converged) == (89, True)
    # 止めるしきい値が 1e-10 なので、足し算の順による差はそれより十分小さい
    assert model.coefficients == pytest.approx(
        [
            3.6290249248086703,
            -1.1931440295137388,
            -2.6054118104655815,
            0.25167966487523824,
            -0.1266901419602427,
            -1.9802242741235434,
            0.0,
            0.0,
            0.0,
        ],
        rel=1e-12,
    )
    assert model.intercept == pytest.approx(20.251911603314728, rel=1e-12)
    assert zero_coefficient_names(model.coefficients, boston.feature_names) == [
        "PTRATIO^2",
        "PTRATIO LSTAT",
        "LSTAT^2",
    ]


@pytest.mark.data(BOSTON)
def test_ラッソ回帰の0の係数はalphaを少し動かしても同じ(boston: BostonDataset) -> None:
    n = len(boston.t_train)
    for penalty in (20.0, 30.0):  # 1/2 の目的関数での λ。alpha = λ / n
        model = fit_lasso(boston.x_train, boston.t_train, penalty / n)
        assert zero_coefficient_names(model.coefficients, boston.feature_names) == [
            "PTRATIO^2",
            "PTRATIO LSTAT",
            "LSTAT^2",
        ]


@pytest.mark.data(BOSTON)
def test_章のコマンドの出力(run_module: RunModule, golden: Callable[[str], str]) -> None:
    assert run_module("getting_started_ml.chapter12").stdout == golden("chapter12")


def test_データが無ければ1行の説明で終わる(run_module: RunModule, tmp_path: Path) -> None:
    result = run_module("getting_started_ml.chapter12", env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert BOSTON in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:test-data]
