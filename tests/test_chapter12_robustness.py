"""第 12 章の公開関数の頑健さ: 悪い入力には、正しい値か、何が悪いかを書いた例外だけを返す。"""

from __future__ import annotations

import math
import sys
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely, time_limit

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import Matrix
from getting_started_ml.chapter12 import (
    Experiment,
    LassoConvergenceWarning,
    LassoModel,
    PolynomialScaler,
    RegularizedModel,
    best_experiment,
    centre,
    dot,
    fit_lasso,
    fit_ridge,
    identity,
    index_pairs,
    matrix_add,
    matrix_scale,
    outlier_rows,
    run_ridge_experiments,
    soft_threshold,
    three_way_positions,
    zero_coefficient_names,
)

FAST = settings(max_examples=30, deadline=None)

# 有限の値が多めで、ときどき NaN・無限大・数でないもの・巨大な値が混ざる
cells = st.one_of(
    st.floats(-1e3, 1e3),
    st.floats(-1e3, 1e3),
    st.floats(-1e3, 1e3),
    st.sampled_from([float("nan"), float("inf"), 1e300, 0.0]),
    st.sampled_from(["1.0", None, True]),
)
rows = st.lists(st.lists(cells, min_size=0, max_size=3), min_size=0, max_size=6)
targets = st.lists(cells, min_size=0, max_size=6)
alphas = st.one_of(st.floats(-1.0, 1e3), st.sampled_from([float("nan"), float("inf"), "1", None]))

INPUT_NAMES = ["x", "t", "alpha", "値が大きすぎて", "桁が違いすぎて"]


def quietly(call: Any) -> Any:
    """周回の上限に届いたときの警告は、許されたふるまいなので黙らせる。"""

    def run() -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", LassoConvergenceWarning)
            return call()

    return run


@FAST
@given(rows, targets, alphas)
def test_リッジ回帰とラッソ回帰(x: Any, t: Any, alpha: Any) -> None:
    model = call_safely(lambda: fit_ridge(x, t, alpha), names=INPUT_NAMES)
    if model is not None:
        call_safely(lambda: model.predict(x), names=["x"])
    call_safely(quietly(lambda: fit_lasso(x, t, alpha)), names=INPUT_NAMES)


@FAST
@given(rows, st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=3), st.floats(-1e3, 1e3))
def test_モデルの予測(x: Any, coefficients: list[float], intercept: float) -> None:
    call_safely(lambda: RegularizedModel(coefficients, intercept).predict(x), names=["x"])


@FAST
@given(cells, cells)
def test_軟しきい値(value: Any, threshold: Any) -> None:
    call_safely(lambda: soft_threshold(value, threshold), names=["value", "threshold"])


@FAST
@given(rows, st.lists(st.sampled_from(["a", "b", "c"]), max_size=3), rows)
def test_標準化と2次の項(x: Any, names: list[str], other: Any) -> None:
    scaler = call_safely(lambda: PolynomialScaler.fit(x, names), names=["x", "names", "列"])
    if scaler is not None:
        call_safely(lambda: scaler.transform(other), names=["x"])


@FAST
@given(rows, targets, rows, targets, st.lists(alphas, max_size=3))
def test_alphaごとの実験(x: Any, t: Any, x_valid: Any, t_valid: Any, alpha_list: Any) -> None:
    call_safely(
        lambda: run_ridge_experiments(x, t, x_valid, t_valid, alpha_list),
        names=[*INPUT_NAMES, "t_train", "t_valid", "正解"],
    )


@FAST
@given(st.lists(st.tuples(st.floats(0, 10), st.floats(-1, 1)), max_size=4))
def test_実験を選ぶ(scores: list[tuple[float, float]]) -> None:
    experiments = [Experiment(alpha, 0.0, score, 0.0) for alpha, score in scores]
    call_safely(lambda: best_experiment(experiments), names=["experiments"])


@FAST
@given(st.lists(st.floats(-2, 2), max_size=4), st.lists(st.sampled_from(["a", "b"]), max_size=4))
def test_係数が0の名前(coefficients: list[float], names: list[str]) -> None:
    call_safely(
        lambda: zero_coefficient_names(coefficients, names), names=["coefficients", "names"]
    )


@FAST
@given(st.integers(-3, 60), st.floats(-0.5, 1.5), st.floats(-0.5, 1.5), st.integers(0, 5))
def test_3つへの分割(n: int, test_size: float, validation_size: float, seed: int) -> None:
    call_safely(
        lambda: three_way_positions(n, test_size, validation_size, seed),
        names=["test_size", "件数"],
    )


@FAST
@given(st.integers(-2, 4), st.floats(-1e3, 1e3))
def test_行列の小道具(n: int, factor: float) -> None:
    unit = call_safely(lambda: identity(n), names=["n="])
    if unit is not None:
        call_safely(lambda: matrix_add(unit, Matrix.of([[1.0]])), names=["行列の和"])
        call_safely(lambda: matrix_scale(unit, factor), names=["行列"])


@FAST
@given(
    st.lists(
        st.tuples(*[st.sampled_from(["", "1", "2.5", "-3", "x", "1e308"])] * 4),
        max_size=5,
    ),
    st.floats(-1.0, 5.0),
)
def test_外れ値(cells_by_row: list[tuple[str, ...]], threshold: float) -> None:
    text = "\n".join(["RM,PTRATIO,LSTAT,PRICE", *(",".join(row) for row in cells_by_row)])
    table = Table.parse(text + "\n")
    call_safely(
        lambda: outlier_rows(table, threshold=threshold),
        names=["threshold", "欠損", "数として読めません", "標本標準偏差", "行が 1 つもない"],
    )


# 頑健さの探り（tests/test_book_robustness_probe.py）が見つけた入力。どれも先に赤を見てから直した。


SIZED = [(identity, "n"), (index_pairs, "width")]


@pytest.mark.parametrize(("function", "name"), SIZED)
def test_リストに入らない大きさは作り始めずに失敗する(function: Any, name: str) -> None:
    with time_limit(), pytest.raises(ValueError, match=rf"大きすぎて.*（{name}={2**70}）"):
        function(2**70)
    with time_limit(), pytest.raises(ValueError, match="大きすぎて"):
        function(2 * math.isqrt(sys.maxsize) + 2)


@pytest.mark.parametrize(("function", "name"), SIZED)
@pytest.mark.parametrize("bad", [None, 2.0, True, "3"])
def test_次数や列の数が整数でなければTypeError(function: Any, name: str, bad: object) -> None:
    with pytest.raises(TypeError, match=f"{name} は整数です"):
        function(bad)


def test_列の数が0なら組は無く負なら失敗する() -> None:
    assert index_pairs(0) == []
    assert index_pairs(2) == [(0, 0), (0, 1), (1, 1)]
    with pytest.raises(ValueError, match=r"width は 0 以上です（width=-1）"):
        index_pairs(-1)


@pytest.mark.parametrize(
    ("rows", "targets", "message"),
    [
        ([], [], "x に行が 1 つもありません"),
        ("", "", "x は数の行の並び"),
        ({}, {}, "x に行が 1 つもありません"),
        ([[1.0], [2.0]], [1.0], r"x と t の件数が違います（x 2 行、t 1 件）"),
        ([[math.nan]], [1.0], "有限でない値 nan"),
    ],
)
def test_平均を引く関数も入口で確かめる(rows: Any, targets: Any, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        centre(rows, targets)


def test_平均を引く() -> None:
    data = centre([[1.0, 10.0], [3.0, 30.0]], [5.0, 7.0])

    assert data.x == [[-1.0, -10.0], [1.0, 10.0]]
    assert data.t == [-1.0, 1.0]
    assert (data.x_means, data.t_mean) == ([2.0, 20.0], 6.0)


def test_内積はNaNを黙って返さない() -> None:
    assert dot([1.0, 2.0], [3.0, 4.0]) == 11.0
    assert dot([math.inf], [2.0]) == math.inf  # 無限大は正しい値
    with pytest.raises(ValueError, match="a と b の内積が NaN"):
        dot([math.nan], [math.nan])
    with pytest.raises(ValueError, match="a と b の内積が NaN"):
        dot([math.inf, 1.0], [0.0, 1.0])  # inf·0


@pytest.mark.parametrize(
    ("coefficients", "intercept", "message"),
    [
        ([math.nan], 0.0, "coefficients に有限でない値 nan"),
        ([1.0], math.inf, "intercept に有限でない値 inf"),
        ([None], 0.0, "coefficients の値 None は実数ではありません"),
        ([1.0], [math.nan], "intercept の値 .* は実数ではありません"),
        (None, 0.0, "coefficients が数の並びではありません"),
    ],
)
def test_モデルは有限の係数と切片だけを持つ(
    coefficients: Any, intercept: Any, message: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        RegularizedModel(coefficients, intercept)
    with pytest.raises((ValueError, TypeError), match=message):
        LassoModel(coefficients, intercept, 1, True)


@pytest.mark.parametrize(
    ("sweeps", "converged", "message"),
    [
        (0, True, r"sweeps は 1 以上です（sweeps=0）"),
        (1.5, True, "sweeps は整数です"),
        (3, "yes", "converged は真偽値です"),
        (3, None, "converged は真偽値です"),
    ],
)
def test_ラッソのモデルは周回の数と収束したかを確かめる(
    sweeps: Any, converged: Any, message: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        LassoModel([1.0], 0.0, sweeps, converged)
    assert LassoModel([1.0], 0.5, 3, False).coefficients == [1.0]
