"""頑健さのテスト: 第 1・2・3・7・11 章と共通部品の公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。新しい章は、公開関数をここ（か章ごとの
test_robustness_chapterNN.py）に足し、下の COVERED に名前を書く。

すべての章と付録の公開関数は、tests/test_robustness_probe.py が悪い値を 1 つずつ渡して
確かめる（呼ばれていない関数が無いこと、外すなら理由があることも、そこで確かめる）。
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import (
    WRONG_TYPES,
    call_safely,
    contains_nan,
    counts,
    extreme_numbers,
    finite_numbers,
    labels,
    wrong_types,
)

from getting_started_ml import chapter01, chapter02, chapter03, chapter07, checks, dataset, numeric
from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter03 import DecisionTree, Leaf, Node, Split
from getting_started_ml.chapter07 import LinearModel, Matrix
from getting_started_ml.chapter11 import cross_validation, experiment, metrics, roc
from getting_started_ml.dataset import DataError
from getting_started_ml.java_random import JavaRandom, require_int, shuffle, shuffled_positions

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


# --- 入力を作る部品 -------------------------------------------------------------------

CELLS = ["", " ", "1", "-2.5", "0", "nan", "inf", "-inf", "1e309", "abc", "1e308", "3"]
COLUMNS = ["a", "b", "c"]


def numbers_or_wrong(*, allow_nan: bool = False) -> st.SearchStrategy[object]:
    """数（極端な値も含む）か、型の違う値。"""
    return st.one_of(extreme_numbers(allow_nan=allow_nan), wrong_types())


def number_lists(*, allow_nan: bool = False) -> st.SearchStrategy[list[Any]]:
    """数の並び（ときどき型の違う値が混ざる）。"""
    return st.lists(
        st.one_of(extreme_numbers(allow_nan=allow_nan), wrong_types().filter(lambda _: True)),
        max_size=6,
    ) | st.lists(extreme_numbers(allow_nan=allow_nan), max_size=6)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """列 a・b・c と、欠損・文字・無限大の混ざったセルの表。"""
    n_rows = draw(st.integers(0, 6))
    rows = [[draw(st.sampled_from(CELLS)) for _ in COLUMNS] for _ in range(n_rows)]
    return Table.of(COLUMNS, rows)


@st.composite
def feature_rows(draw: st.DrawFn, columns: Sequence[str] = ("a", "b")) -> list[Features]:
    """列名のそろった特徴量の行（値は極端な数も含む）。"""
    n_rows = draw(st.integers(0, 7))
    values = st.one_of(finite_numbers(), st.sampled_from([math.inf, 1e308, 0.0, 1.0]))
    return [Features(tuple(columns), tuple(draw(values) for _ in columns)) for _ in range(n_rows)]


def not_nan(values: Sequence[object]) -> bool:
    """並びに NaN が無いか。"""
    return not contains_nan(list(values))


# --- java_random --------------------------------------------------------------------


@fuzz
@given(seed=st.one_of(st.integers(), wrong_types()), bound=counts())
def test_JavaRandom(seed: Any, bound: Any) -> None:
    random_ = call_safely(lambda: JavaRandom(seed), names=["seed", "種"])
    if random_ is None:
        return
    value = call_safely(lambda: random_.next_int(bound), names=["bound"])
    if value is not None and bound is not None:
        assert 0 <= value < bound
    bits = call_safely(lambda: random_.next_bits(bound), names=["bits"])
    if bits is not None:
        assert 1 <= bound <= 32
    assert 0.0 <= random_.next_double() < 1.0
    assert math.isfinite(random_.next_gaussian())
    assert isinstance(random_.next_boolean(), bool)
    assert -(2**63) <= random_.next_long() < 2**63


@fuzz
@given(items=st.lists(st.integers(), max_size=8), seed=st.one_of(st.integers(), wrong_types()))
def test_shuffle(items: list[int], seed: Any) -> None:
    result = call_safely(lambda: shuffle(items, seed), names=["seed", "種"])
    if result is not None:
        assert sorted(result) == sorted(items)


@fuzz
@given(n=counts(), seed=st.one_of(st.integers(), wrong_types()))
def test_shuffled_positions(n: Any, seed: Any) -> None:
    result = call_safely(lambda: shuffled_positions(n, seed), names=["n", "seed"])
    if result is not None:
        assert sorted(result) == list(range(n))


@fuzz
@given(value=st.one_of(st.integers(), wrong_types(), st.floats()))
def test_require_int(value: Any) -> None:
    call_safely(lambda: require_int(value, "引数"), names=["引数"])


# --- numeric ------------------------------------------------------------------------


@fuzz
@given(values=number_lists())
def test_kahan_sum_and_mean(values: list[Any]) -> None:
    total = call_safely(lambda: numeric.kahan_sum(values), names=["番目"])
    mean = call_safely(lambda: numeric.kahan_mean(values), names=["番目", "空"])
    clean = [float(v) for v in values if isinstance(v, float) and math.isfinite(v)]
    if total is not None and len(clean) == len(values) and all(abs(v) < 1e300 for v in clean):
        scale = max([abs(v) for v in clean], default=0.0)
        assert total == pytest.approx(math.fsum(clean), rel=1e-9, abs=1e-9 * scale)
    if mean is not None:
        assert values


@fuzz
@given(values=number_lists(allow_nan=True))
def test_is_constant_and_mean_and_std(values: list[Any]) -> None:
    names = ["番目", "空", "列 a"]
    constant = call_safely(lambda: numeric.is_constant(values), names=names)
    result = call_safely(lambda: numeric.mean_and_std(values, "列 a"), names=names)
    if result is not None:
        mean, std = result
        assert math.isfinite(mean)
        assert std >= 0.0
        assert (std == 0.0) == bool(constant)


@fuzz
@given(value=numbers_or_wrong(allow_nan=True), digits=counts())
def test_format_fixed(value: Any, digits: Any) -> None:
    text = call_safely(lambda: numeric.format_fixed(value, digits), names=["value", "digits"])
    if text is not None:
        assert text.count(".") == (1 if digits > 0 else 0)


@fuzz
@given(value=numbers_or_wrong(allow_nan=True))
def test_as_float_and_require_real(value: Any) -> None:
    call_safely(lambda: checks.require_real(value, "引数"), names=["引数"])
    call_safely(lambda: checks.as_float(value, "引数"), names=["引数"], allow_nan=True)
    call_safely(lambda: numeric.check_format_arguments(value, 2), names=["value"])


@fuzz
@given(first=st.one_of(labels(), wrong_types()), second=st.one_of(labels(), wrong_types()))
def test_require_same_length_and_no_nan(first: Any, second: Any) -> None:
    call_safely(lambda: checks.require_same_length(first, second, "左", "右"), names=["左", "右"])
    call_safely(lambda: checks.require_no_nan(first, "左"), names=["左"])


# --- dataset ------------------------------------------------------------------------

DATA_ERRORS = (ValueError, TypeError, DataError)


@fuzz
@given(
    text=st.one_of(st.text(alphabet="a,b\t\n1 ", max_size=30), wrong_types()),
    separator=st.sampled_from([",", "\t", "", None]),
)
def test_parse_records_and_require_text(text: Any, separator: Any) -> None:
    records = call_safely(
        lambda: dataset.parse_records(text, separator, "試し"),
        names=["text", "separator", "試し"],
    )
    if records is not None:
        assert all(len(row) == len(records.header) for row in records.rows)
    call_safely(lambda: dataset.require_text(text, separator), names=["text", "separator"])


@fuzz
@given(
    name=st.one_of(st.sampled_from([*dataset.DATA_FILES, "x.csv"]), wrong_types()),
    content=st.one_of(st.binary(max_size=20), wrong_types()),
)
def test_data_file_decode_and_checksum(name: Any, content: Any) -> None:
    names = ["name", "content", "データファイル", str(name)]
    call_safely(lambda: dataset.data_file(name), names=names, allowed=DATA_ERRORS)
    call_safely(lambda: dataset.sha256_of(content), names=["content"])
    call_safely(lambda: dataset.require_bytes(content), names=["content"])
    call_safely(lambda: dataset.decode(name, content, "試し"), names=names, allowed=DATA_ERRORS)
    call_safely(
        lambda: dataset.verify_checksum(name, content, "試し"), names=names, allowed=DATA_ERRORS
    )


def test_データの場所の関数は今の環境で値を返す(tmp_path: Path) -> None:
    location = dataset.data_location()
    assert dataset.data_dir() == location.directory
    assert dataset.is_checkout(dataset.PROJECT_ROOT)
    assert "iris.csv" in dataset.missing_file_message("iris.csv", tmp_path / "absent")
    assert "ファイル" in dataset.not_a_folder_message(tmp_path)
    dataset.require_folder(tmp_path)
    dataset.require_path(tmp_path)
    for wrong in WRONG_TYPES:
        call_safely(lambda w=wrong: dataset.require_folder(w), names=["directory"])  # type: ignore[misc]


# --- 第 1 章 -------------------------------------------------------------------------


@fuzz
@given(text=st.one_of(st.text(alphabet="身長体重年代派閥,\n1x ", max_size=40), wrong_types()))
def test_chapter01_parse_people(text: Any) -> None:
    header = ",".join(chapter01.COLUMNS) + "\n"
    call_safely(lambda: chapter01.parse_people(text), names=["text", "文字列", "列"])
    if isinstance(text, str):
        call_safely(lambda: chapter01.parse_people(header + text), names=["文字列", "列"])


@fuzz
@given(header=st.lists(st.sampled_from([*chapter01.COLUMNS, "x"]), max_size=5))
def test_chapter01_column_positions_and_person_from(header: list[str]) -> None:
    positions = call_safely(lambda: chapter01.column_positions(header, "試し"), names=["列"])
    if positions is None:
        return
    cells = ["170", "60", "20", "きのこ", ""][: len(header)]
    call_safely(lambda: chapter01.person_from(cells, positions, "試し"), names=["試し", "cells"])
    call_safely(
        lambda: chapter01.integer_cell(cells, positions, chapter01.HEIGHT, "試し"),
        names=["試し", "cells"],
    )


@fuzz
@given(
    argument=st.one_of(
        wrong_types(), st.builds(chapter01.Features, st.integers(), st.integers(), st.integers())
    )
)
def test_chapter01_predict_and_split(argument: Any) -> None:
    label = call_safely(lambda: chapter01.predict_by_rule(argument), names=["features"])
    if label is not None:
        assert label in (chapter01.KINOKO, chapter01.TAKENOKO)
    people = [chapter01.Person(170, 60, 20, "きのこ")]
    assert chapter01.split_features_and_labels(people) == (
        [chapter01.Features(170, 60, 20)],
        ["きのこ"],
    )
    call_safely(lambda: chapter01.split_features_and_labels([argument]), names=["people", "Person"])


@fuzz
@given(predicted=st.one_of(labels(), wrong_types()), truth=st.one_of(labels(), wrong_types()))
def test_chapter01_accuracy(predicted: Any, truth: Any) -> None:
    value = call_safely(lambda: chapter01.accuracy(predicted, truth), names=["予測", "正解"])
    if value is not None:
        assert value == sum(p == t for p, t in zip(predicted, truth, strict=True)) / len(truth)


# --- 第 2 章 -------------------------------------------------------------------------


@fuzz
@given(
    columns=st.lists(st.sampled_from(["a", "b", "c", 1]), max_size=4),
    rows=st.lists(st.lists(st.sampled_from(CELLS), max_size=4), max_size=4),
)
def test_chapter02_table_of_and_index(columns: Any, rows: list[list[str]]) -> None:
    table = call_safely(lambda: Table.of(columns, rows), names=["列", "行", "columns", "rows"])
    if table is None:
        return
    assert all(len(row.cells) == len(columns) for row in table.rows)
    assert sum(table.count_missing().values()) >= 0
    index = chapter02.column_index(table.columns)
    call_safely(lambda: chapter02.position_of(index, "z"), names=["列 z"])


@fuzz
@given(text=st.one_of(st.text(alphabet="ab,\n1 ", max_size=30), wrong_types()))
def test_chapter02_table_parse(text: Any) -> None:
    call_safely(lambda: Table.parse(text), names=["text", "文字列", "列", "行"])


@fuzz
@given(table=tables(), column=st.sampled_from(["a", "z", None]))
def test_chapter02_row(table: Table, column: Any) -> None:
    for row in table.rows:
        value = call_safely(partial(row.number, column), names=["列", "column"])
        if value is not None:
            assert math.isfinite(value)
        call_safely(partial(row.is_missing, column), names=["列", "column"])
    index = chapter02.column_index(COLUMNS)
    candidates: list[tuple[Any, ...]] = [(), ("1", "2", "3"), ("1", 2, "3"), ("1", "2", "3", "4")]
    for cells in candidates:
        call_safely(partial(chapter02.Row, index, cells), names=["cells"])
        call_safely(partial(chapter02.require_cells, index, cells), names=["cells"])


@fuzz
@given(table=tables(), columns=st.lists(st.sampled_from(["a", "b", "z"]), max_size=3))
def test_chapter02_means_and_fill(table: Table, columns: list[str]) -> None:
    means = call_safely(lambda: chapter02.column_means(table.rows, columns), names=["列"])
    if means is None:
        return
    assert all(math.isfinite(mean) or abs(mean) == math.inf for mean in means.values())
    filled = call_safely(lambda: chapter02.fill_missing(table.rows, columns, means), names=["列"])
    if filled is not None:
        assert len(filled) == len(table.rows)
    call_safely(lambda: chapter02.fill_missing(table.rows, columns, {}), names=["列"])


@fuzz
@given(n=counts(), test_size=numbers_or_wrong(allow_nan=True))
def test_chapter02_count_test_rows(n: Any, test_size: Any) -> None:
    count = call_safely(
        lambda: chapter02.count_test_rows(n, test_size), names=["test_size", "n_samples"]
    )
    if count is not None:
        assert 0 <= count <= n


@fuzz
@given(
    x=st.lists(st.integers(), max_size=8),
    t=st.lists(st.integers(), max_size=8),
    test_size=numbers_or_wrong(),
    seed=st.one_of(st.integers(), wrong_types()),
)
def test_chapter02_split_train_test(x: list[int], t: list[int], test_size: Any, seed: Any) -> None:
    split = call_safely(
        lambda: chapter02.split_train_test(x, t, test_size, seed),
        names=["特徴量", "正解", "test_size", "seed"],
    )
    if split is not None:
        assert sorted(split.x_train + split.x_test) == sorted(x)


@fuzz
@given(
    table=tables(),
    target=st.sampled_from(["c", "z", None]),
    test_size=numbers_or_wrong(),
    seed=st.one_of(st.integers(), wrong_types()),
)
def test_chapter02_prepare(table: Table, target: Any, test_size: Any, seed: Any) -> None:
    names = ["列", "行", "test_size", "seed", "target", "訓練", "特徴量", "正解"]
    split = call_safely(lambda: chapter02.prepare(table, target, test_size, seed), names=names)
    if split is not None:
        assert len(split.x_train) + len(split.x_test) == len(table)
    call_safely(lambda: chapter02.prepare_iris(table), names=names)
    call_safely(lambda: chapter02.split_features_and_target(table, target), names=names)
    split_rows = TrainTestSplit(list(table.rows), [], [0] * len(table), [])
    call_safely(lambda: chapter02.fill_with_train_means(split_rows, ["a"]), names=names)


@fuzz
@given(
    columns=st.lists(st.sampled_from(["a", "b"]), max_size=3),
    values=st.lists(numbers_or_wrong(allow_nan=True), max_size=3),
)
def test_chapter02_features(columns: list[str], values: list[Any]) -> None:
    features = call_safely(
        lambda: Features(tuple(columns), tuple(values)), names=["列名", "値"], allow_nan=True
    )
    if features is not None:
        call_safely(lambda: features.value("z"), names=["列 z"])


@fuzz
@given(value=st.one_of(tables(), wrong_types(), st.lists(wrong_types(), max_size=2)))
def test_chapter02_require_table_split_items(value: Any) -> None:
    table = call_safely(lambda: chapter02.require_table(value, "表"), names=["表"])
    if table is not None:
        assert table is value
        call_safely(lambda: chapter02.require_items(value.rows, chapter02.Row, "行"), names=["行"])
    call_safely(lambda: chapter02.require_split(value, "分割"), names=["分割"])
    call_safely(lambda: chapter02.require_items(value, chapter02.Row, "行"), names=["行"])


# --- 第 3 章 -------------------------------------------------------------------------


@fuzz
@given(values=labels())
def test_chapter03_gini_and_majority(values: list[object]) -> None:
    hashable = [v for v in values if isinstance(v, Hashable)]
    impurity = call_safely(lambda: chapter03.gini(hashable), names=["ラベル"], allow_nan=True)
    if impurity is not None:
        assert 0.0 <= impurity < 1.0
    call_safely(lambda: chapter03.majority(hashable), names=["ラベル"], allow_nan=True)
    following = chapter03.next_positions_of_same_label(hashable)
    assert len(following) == len(hashable)


@fuzz
@given(counts_=st.lists(st.integers(-3, 5), max_size=4), total=counts())
def test_chapter03_gini_of_counts(counts_: list[int], total: Any) -> None:
    value = call_safely(
        lambda: chapter03.gini_of_counts(counts_, total), names=["件数", "counts", "total"]
    )
    if value is not None:
        assert 0.0 <= value <= 1.0


@fuzz
@given(x=feature_rows(), t=st.lists(st.sampled_from(["p", "q", "r"]), max_size=7), depth=counts())
def test_chapter03_build_tree_and_predict(x: list[Features], t: list[str], depth: Any) -> None:
    names = ["特徴量", "正解", "行", "max_depth", "深さ", "列"]
    call_safely(lambda: chapter03.best_split(x, t, ["a", "b"]), names=names)
    tree = call_safely(lambda: chapter03.build_tree(x, t, ["a", "b"], depth), names=names)
    if tree is None:
        return
    assert chapter03.depth_of(tree) <= depth if isinstance(depth, int) else True
    assert chapter03.format_tree(tree)
    for row in x:
        assert chapter03.predict_one(tree, row) in t
    model = call_safely(lambda: DecisionTree[str](depth).fit(x, t), names=names)
    if model is not None:
        assert model.predict(x) == [chapter03.predict_one(tree, row) for row in x]
    root = (chapter03.feature_rows(x, ["a", "b"]), list(t), depth)
    regrown = chapter03.grow_with_stack(root, lambda part: chapter03.divide(part, ("a", "b")))
    assert chapter03.format_tree(regrown) == chapter03.format_tree(tree)


@fuzz
@given(
    values=st.lists(extreme_numbers(allow_nan=True), max_size=6),
    labels_=st.lists(st.sampled_from(["p", "q"]), max_size=6),
)
def test_chapter03_best_threshold(values: list[Any], labels_: list[str]) -> None:
    names = ["値", "ラベル", "件数", "列"]
    call_safely(lambda: chapter03.best_threshold("a", values, labels_), names=names)
    call_safely(lambda: chapter03.require_finite_values(values, "a"), names=["列 a"])
    rows = [(v,) for v in values]
    call_safely(lambda: chapter03.find_best_split(rows, labels_, ["a"]), names=names)
    call_safely(lambda: list(chapter03.boundary_impurities(values, labels_)), names=names)
    call_safely(lambda: chapter03.grow(rows, labels_, ("a",), 2), names=names)


@fuzz
@given(depth=st.one_of(counts(), st.none()))
def test_chapter03_check_depth(depth: Any) -> None:
    checked = call_safely(lambda: chapter03.check_depth(depth), names=["max_depth", "深さ"])
    if checked is not None:
        assert checked >= 0


@fuzz
@given(x=feature_rows(("a",)), columns=st.lists(st.sampled_from(["a", "z"]), max_size=2))
def test_chapter03_feature_rows_and_pick(x: list[Features], columns: list[str]) -> None:
    call_safely(lambda: chapter03.feature_rows(x, columns), names=["列"])
    flags = [i % 2 == 0 for i in range(len(x))]
    assert len(chapter03.pick(x, flags, True)) == (len(x) + 1) // 2
    call_safely(lambda: chapter03.pick(x, flags[:-1], True), names=["zip", "argument"])


def test_chapter03_tree_types() -> None:
    tree: Node[str] = Node(Split("a", 0.5, 0.0), Leaf("p"), Leaf("q"))
    assert list(chapter03.tree_lines(tree, "")) == ["a <= 0.5000", "  p", "a > 0.5000", "  q"]
    call_safely(
        lambda: DecisionTree[str](1).predict([]), names=["fit"], allowed=(chapter03.NotFittedError,)
    )
    assert DecisionTree.unlimited().max_depth is None
    assert DecisionTree.with_max_depth(2).tree is None


# --- 第 7 章 -------------------------------------------------------------------------


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


# --- 第 11 章 ------------------------------------------------------------------------


@fuzz
@given(values=st.lists(st.one_of(st.integers(-3, 5), wrong_types()), min_size=4, max_size=4))
def test_chapter11_confusion_matrix_scores(values: list[Any]) -> None:
    cm: Any = call_safely(lambda: metrics.ConfusionMatrix(*values), names=["tp", "fp", "fn", "tn"])
    for score in (metrics.precision, metrics.recall, metrics.f1_score):
        value = call_safely(partial(score, cm), names=["cm", "ConfusionMatrix"])
        if value is not None:
            assert 0.0 <= value <= 1.0
    call_safely(lambda: metrics.require_confusion_matrix(cm), names=["cm"])


@fuzz
@given(actual=st.one_of(labels(), wrong_types()), predicted=st.one_of(labels(), wrong_types()))
def test_chapter11_label_metrics(actual: Any, predicted: Any) -> None:
    names = ["正解", "予測", "positive"]
    cm = call_safely(lambda: metrics.confusion_matrix(actual, predicted, "a"), names=names)
    value = call_safely(lambda: metrics.accuracy(actual, predicted), names=names)
    if value is not None and cm is not None:
        assert 0.0 <= value <= 1.0
        assert cm.tp + cm.fp + cm.fn + cm.tn == len(actual)
    scored = metrics.classification_metric(metrics.precision, "a")
    call_safely(lambda: scored(actual, predicted), names=names)
    call_safely(lambda: metrics.require_labels(actual, predicted), names=names)
    call_safely(lambda: metrics.require_same_nonempty_length(actual, predicted), names=names)


@fuzz
@given(actual=number_lists(), predicted=number_lists())
def test_chapter11_mean_squared_error(actual: list[Any], predicted: list[Any]) -> None:
    value = call_safely(
        lambda: metrics.mean_squared_error(actual, predicted), names=["正解", "予測"]
    )
    if value is not None:
        assert value >= 0.0
    call_safely(lambda: metrics.finite_values(actual, "正解"), names=["正解"])


@fuzz
@given(numerator=numbers_or_wrong(allow_nan=True), denominator=numbers_or_wrong(allow_nan=True))
def test_chapter11_ratio(numerator: Any, denominator: Any) -> None:
    call_safely(lambda: metrics.ratio(numerator, denominator), names=["numerator", "denominator"])


@fuzz
@given(
    scores=st.lists(extreme_numbers(allow_nan=True), max_size=6),
    flags=st.lists(st.booleans(), max_size=6),
)
def test_chapter11_roc_and_auc(scores: list[Any], flags: list[bool]) -> None:
    curve = call_safely(lambda: roc.roc_curve(scores, flags), names=["スコア", "ラベル", "正例"])
    call_safely(lambda: roc.require_finite_scores(scores), names=["スコア"])
    if curve is None:
        return
    area = roc.auc(curve)
    assert 0.0 <= area <= 1.0
    call_safely(lambda: roc.auc(curve[::-1]), names=["偽陽性率", "真陽性率"])
    roc.require_increasing(curve)


@fuzz
@given(
    threshold=numbers_or_wrong(allow_nan=True),
    fpr=numbers_or_wrong(allow_nan=True),
    tpr=numbers_or_wrong(allow_nan=True),
)
def test_chapter11_roc_point(threshold: Any, fpr: Any, tpr: Any) -> None:
    call_safely(
        lambda: roc.RocPoint(threshold, fpr, tpr),
        names=["threshold", "false_positive_rate", "true_positive_rate"],
    )


@fuzz
@given(n_samples=counts(), n_splits=counts(), seed=st.one_of(st.integers(), wrong_types()))
def test_chapter11_k_fold(n_samples: Any, n_splits: Any, seed: Any) -> None:
    names = ["n_samples", "n_splits", "seed", "分割", "行"]
    folds = call_safely(lambda: cross_validation.k_fold(n_samples, n_splits, seed), names=names)
    if folds is not None:
        assert sorted(p for fold in folds for p in fold.test) == list(range(n_samples))
    call_safely(lambda: cross_validation.k_fold_sequential(n_samples, n_splits), names=names)
    sizes = call_safely(lambda: cross_validation.fold_sizes(n_samples, n_splits), names=names)
    if sizes is not None:
        assert sum(sizes) == n_samples
    call_safely(lambda: cross_validation.check_splits(n_samples, n_splits), names=names)
    call_safely(lambda: cross_validation.require_counts(n_samples, n_splits), names=names)


@fuzz
@given(
    train=st.lists(st.one_of(st.integers(-2, 6), wrong_types()), max_size=4),
    test=st.lists(st.one_of(st.integers(-2, 6), wrong_types()), max_size=4),
    t=st.lists(finite_numbers(), min_size=5, max_size=5),
)
def test_chapter11_cross_validate(train: list[Any], test: list[Any], t: list[float]) -> None:
    x = list(range(5))
    fold = cross_validation.Fold(train, test)
    names = ["分割", "特徴量", "正解", "予測", "位置"]

    def trainer(xs: Sequence[int], ts: Sequence[float]) -> Callable[[Sequence[int]], list[float]]:
        return lambda rows: [0.0 for _ in rows]

    scores = call_safely(
        lambda: list(
            cross_validation.cross_validate(trainer, x, t, [fold], metrics.mean_squared_error)
        ),
        names=names,
    )
    if scores is not None:
        assert len(scores) == 1
        assert scores[0] >= 0.0
    call_safely(lambda: cross_validation.check_fold(fold, 5, 0), names=names)
    assert cross_validation.pick(["a", "b", "c"], [2, 0]) == ["c", "a"]
    assert len(cross_validation.folds_of([0, 1, 2, 3], 2)) == 2
    generated = cross_validation.fold_scores(trainer, x, t, [], metrics.mean_squared_error)
    assert list(generated) == []


@fuzz
@given(values=number_lists())
def test_chapter11_plain_mean(values: list[Any]) -> None:
    call_safely(lambda: experiment.plain_mean(values), names=["0 件", "番目", "平均"])


@fuzz
@given(table=tables())
def test_chapter11_prepare(table: Table) -> None:
    survived = Table.of(
        ["Pclass", "Age", "Sex"], [[r.cells[0], r.cells[1], "male"] for r in table.rows]
    )
    survived = Table.of([*survived.columns, "Survived"], [[*r.cells, "1"] for r in survived.rows])
    names = ["行", "列", "Pclass", "Age", "欠損", "平均"]
    data = call_safely(lambda: experiment.prepare_survived(survived), names=names)
    if data is not None:
        assert len(data.x) == len(survived)
        assert all(math.isfinite(v) for row in data.x for v in row.values)
    cinema = Table.of(
        [*experiment.CINEMA_FEATURES, "sales"],
        [[*r.cells, r.cells[0], r.cells[2]] for r in table.rows],
    )
    call_safely(lambda: experiment.prepare_whole_cinema(cinema), names=[*names, "sales", "SNS"])


def test_chapter11_trainers_and_evaluate() -> None:
    x = [Features(("a",), (float(i),)) for i in range(10)]
    t = [2.0 * i + 1.0 for i in range(10)]
    data = experiment.LabeledData(x, t)
    results = experiment.evaluate(
        experiment.linear_trainer(["a"]), data, experiment.cinema_metrics()
    )
    assert [name for name, _ in results] == ["RMSE", "MAE"]
    assert all(value == pytest.approx(0.0, abs=1e-9) for _, value in results)
    call_safely(
        lambda: experiment.evaluate(
            experiment.linear_trainer(["a"]),
            data,
            experiment.cinema_metrics(),
            n_splits=2.5,  # type: ignore[arg-type]
        ),
        names=["n_splits"],
    )
    labels_ = ["1" if i % 3 else "0" for i in range(10)]
    tree_data = experiment.LabeledData(x, labels_)
    tree_results = experiment.evaluate(
        experiment.tree_trainer(["a"], 2), tree_data, experiment.survived_metrics(), n_splits=2
    )
    assert all(0.0 <= value <= 1.0 for _, value in tree_results)
    call_safely(lambda: experiment.LabeledData(x, t[:3]), names=["特徴量", "正解"])
    assert experiment.joined([1, 2]) == "1, 2"


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

MODULES = [
    "getting_started_ml.java_random",
    "getting_started_ml.numeric",
    "getting_started_ml.dataset",
    "getting_started_ml.chapter01",
    "getting_started_ml.chapter02",
    "getting_started_ml.chapter03",
    "getting_started_ml.chapter07",
    "getting_started_ml.chapter11.metrics",
    "getting_started_ml.chapter11.roc",
    "getting_started_ml.chapter11.cross_validation",
    "getting_started_ml.chapter11.experiment",
]

EXEMPT = {
    # 例外の型、値を持つだけの型、ファイルを読む・表示するだけの入口（ほかのテストが受け持つ）。
    "DataError": "例外の型",
    "MissingDataFileError": "例外の型",
    "ChecksumMismatchError": "例外の型",
    "MalformedDataError": "例外の型",
    "ColumnNotFoundError": "例外の型",
    "NotFittedError": "例外の型",
    "SingularMatrixError": "例外の型",
    "DataFile": "値を持つだけのデータクラス",
    "DataLocation": "値を持つだけのデータクラス",
    "Records": "値を持つだけのデータクラス",
    "Person": "値を持つだけのデータクラス",
    "Split": "値を持つだけのデータクラス",
    "Leaf": "値を持つだけのデータクラス",
    "Node": "値を持つだけのデータクラス",
    "TrainTestSplit": "値を持つだけのデータクラス",
    "Fold": "値を持つだけのデータクラス（中身は cross_validate が確かめる）",
    "main": "章のコマンド（データの有無は test_startup と黄金ファイルのテスト）",
    "read_text": "ファイルを読む（test_dataset）",
    "read_records": "ファイルを読む（test_dataset）",
    "data_path": "ファイルを探す（test_dataset）",
    "load_people": "ファイルを読む（data テスト）",
    "print_results": "表示するだけ（黄金ファイルのテスト）",
    "sklearn_test_sizes": "scikit-learn を呼ぶだけ（黄金ファイルのテスト）",
    "survived_features": "prepare_survived の中で呼ばれる（test_chapter11_prepare）",
}


def public_names(module_name: str) -> list[str]:
    """モジュールで定義された、_ で始まらない関数とクラスの名前。"""
    module = importlib.import_module(module_name)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module_name
    ]


@pytest.mark.parametrize("module_name", MODULES)
def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く(module_name: str) -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    uncovered = [
        name
        for name in public_names(module_name)
        if name not in EXEMPT and not re.search(rf"[.( ]{name}[(.,)\[]", source)
    ]
    assert uncovered == []
