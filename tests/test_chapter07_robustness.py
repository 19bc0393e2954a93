"""頑健さのテスト（第 7 章）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
第 7 章の公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.chapter02 import feature_rows, tables
from support.robustness import (
    call_safely,
    finite_numbers,
    number_lists,
    numbers_or_wrong,
    uncalled_names,
)

from getting_started_ml import chapter07
from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter07 import LinearModel, Matrix

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(
    entries=st.lists(st.lists(numbers_or_wrong(allow_nan=True), max_size=3), max_size=3),
)
def test_chapter07_matrix(entries: list[list[Any]]) -> None:
    names = ["行列", "行", "列"]
    matrix = call_safely(lambda: Matrix.of(entries), names=names)
    call_safely(lambda: chapter07.require_rectangle(entries), names=names)
    for value in (value for row in entries for value in row):
        call_safely(partial(chapter07.value_of, value, 1), names=names, allow_nan=True)
    if matrix is None:
        return
    assert matrix.shape == (len(entries), len(entries[0]))
    assert matrix.transpose().transpose() == matrix
    call_safely(lambda: matrix @ matrix.transpose(), names=names)
    call_safely(lambda: matrix.get(5, 5), names=names, allowed=(IndexError,))
    assert chapter07.shape_text(matrix.shape)
    assert matrix.column(0) == [row[0] for row in matrix.to_list()]
    rhs = Matrix.column_vector(*([1.0] * matrix.shape[0]))
    solution = call_safely(lambda: matrix.solve(rhs), names=["連立方程式", "ピボット", "行列"])
    if solution is not None:
        assert all(math.isfinite(v) for v in solution.column(0))
    scales = call_safely(lambda: chapter07.pivot_scales(matrix), names=["正方行列"])
    if scales is not None:
        assert all(scale >= 0.0 for scale in scales)
        assert chapter07.singular_tolerance(scales, 0, 0) >= 0.0
    assert 0 <= chapter07.pivot_row(matrix.to_list(), 0) < matrix.shape[0]


@fuzz
@given(size=st.integers(1, 3), data=st.data())
def test_chapter07_gauss_steps(size: int, data: st.DataObject) -> None:
    augmented = [[data.draw(finite_numbers()) for _ in range(size + 1)] for _ in range(size)]
    failed = call_safely(
        lambda: chapter07.eliminate_forward(augmented, size, [1.0] * size), names=["ピボット"]
    )
    del failed
    call_safely(lambda: chapter07.require_augmented(augmented, size), names=["拡大係数行列"])
    call_safely(lambda: chapter07.require_augmented(augmented[:-1], size), names=["拡大係数行列"])
    if all(abs(augmented[i][i]) > 1e-12 for i in range(size)):
        call_safely(
            lambda: chapter07.back_substitute(augmented, size), names=["行列"], allow_nan=True
        )


@fuzz
@given(actual=number_lists(allow_nan=True), predicted=number_lists(allow_nan=True))
def test_chapter07_metrics(actual: list[Any], predicted: list[Any]) -> None:
    names = ["正解", "予測"]
    call_safely(lambda: chapter07.require_scores(actual, predicted), names=names)
    call_safely(lambda: chapter07.residuals(actual, predicted), names=names)
    mae = call_safely(lambda: chapter07.mean_absolute_error(actual, predicted), names=names)
    rmse = call_safely(lambda: chapter07.root_mean_squared_error(actual, predicted), names=names)
    call_safely(lambda: chapter07.r2_score(actual, predicted), names=[*names, "R²"])
    for value in (mae, rmse):
        if value is not None:
            assert value >= 0.0


@fuzz
@given(
    x=feature_rows(),
    t=st.lists(finite_numbers(), max_size=7),
    columns=st.one_of(st.none(), st.lists(st.sampled_from(["a", "b", "z"]), max_size=3)),
)
def test_chapter07_fit(x: list[Features], t: list[float], columns: Any) -> None:
    names = ["特徴量", "正解", "訓練データ", "列", "DᵀD", "行列", "ピボット"]
    model = call_safely(lambda: chapter07.fit_linear_regression(x, t, columns), names=names)
    call_safely(lambda: chapter07.design_matrix(x, columns or ["a"]), names=names)
    if model is not None:
        assert math.isfinite(model.intercept)
        call_safely(lambda: model.predict(x), names=["列"], allow_nan=True)


@fuzz
@given(
    intercept=numbers_or_wrong(),
    columns=st.lists(st.sampled_from(["a", "b"]), max_size=3),
    values=st.lists(finite_numbers(), max_size=3),
)
def test_chapter07_linear_model(intercept: Any, columns: list[str], values: list[float]) -> None:
    model = call_safely(
        lambda: LinearModel.of(intercept, columns, values),
        names=["列名", "係数", "intercept", "切片"],
    )
    if model is not None:
        assert chapter07.format_coefficients(model.coefficients).count("=") == len(columns)


@fuzz
@given(table=tables())
def test_chapter07_outliers_and_prepare(table: Table) -> None:
    renamed = Table.of(["SNS2", "sales", "SNS1"], [row.cells for row in table.rows])
    names = ["列", "sales", "SNS", "行", "欠損", "訓練", "test_size"]
    kept = call_safely(lambda: chapter07.remove_outliers(renamed), names=names)
    if kept is not None:
        assert len(kept) <= len(renamed)
    call_safely(lambda: chapter07.target_values(list(renamed.rows)), names=names)
    call_safely(lambda: chapter07.prepare_cinema(renamed), names=names)
    for row in renamed.rows:
        call_safely(partial(chapter07.is_outlier, row), names=names)


def test_chapter07_singular_design_error() -> None:
    error = chapter07.singular_design_error(["a"], chapter07.SingularMatrixError("x", 1))
    assert "a の列" in str(error)


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {
    "SingularMatrixError": "例外の型",
    "main": "章のコマンド（データの有無は test_cli_startup と黄金ファイルのテスト）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.chapter07", source, EXEMPT) == []
