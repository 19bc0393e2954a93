"""付録 A の公開関数の頑健さ: 悪い入力には、何が悪いかを書いた ValueError か TypeError だけ。"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.appendix_a.experiment import (
    FEATURES,
    DepthResult,
    Scores,
    bank_label,
    build_pipeline,
    number_rows,
    report_lines,
    score,
    select_best,
    split_three_way,
)
from getting_started_ml.appendix_a.fast_tree import (
    TwoValued,
    best_splits,
    count_and_first,
    divide,
    encode,
    find_boundaries,
    first_minimum,
    grow_level,
    grow_weighted_numpy,
    in_order,
    kahan_columns,
    label_counts,
    predict_rows,
    root_level,
    side_sums,
    sorted_candidates,
    to_matrix,
    truncate,
    two_label_counts,
    two_valued_candidates,
    weighted_part,
    weights_in_order,
)
from getting_started_ml.appendix_a.idiomatic import three_way_positions
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter03 import Leaf, Node, Split

FAST = settings(max_examples=25, deadline=None)
NAMES = [
    "件数",
    "行",
    "列",
    "重み",
    "有限",
    "max_depth",
    "depth",
    "test_size",
    "Table",
    "results",
    "正解",
    "配列の形",
]

numbers = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, 1.0, 2.5])
cells = st.sampled_from(["", "1", "2.5", "no", "yes", "z", "may", "nan", "-3"])


@FAST
@given(
    st.lists(st.lists(numbers, min_size=0, max_size=3), max_size=6),
    st.lists(st.sampled_from(["a", "b"]), max_size=6),
    st.dictionaries(st.sampled_from(["a", "b"]), numbers),
    st.none() | st.integers(-2, 3) | st.sampled_from([True, 2.5, "1"]),
)
def test_numpyの木(
    rows: list[list[float]], labels: list[str], weights: dict[str, float], depth: int | None
) -> None:
    columns = ("x", "y")
    tuples = [tuple(row) for row in rows]
    tree = call_safely(
        lambda: grow_weighted_numpy(tuples, labels, columns, weights, depth), names=NAMES
    )
    if tree is not None:
        predicted = call_safely(lambda: predict_rows(tree, tuples, columns), names=NAMES)
        assert predicted is None or len(predicted) == len(tuples)


@FAST
@given(st.lists(numbers, min_size=1, max_size=4))
def test_配列の上のKahanの和(values: list[float]) -> None:

    finite = [v for v in values if abs(v) < 1e300]
    if finite:
        array = np.array([finite])
        call_safely(lambda: kahan_columns(array, np.ones_like(array, dtype=bool)), names=NAMES)


@FAST
@given(st.lists(st.sampled_from([0, 1]), max_size=6), st.lists(st.sampled_from([0, 1]), max_size=6))
def test_スコア(actual: list[int], predicted: list[int]) -> None:
    call_safely(lambda: score(actual, predicted), names=NAMES)


@FAST
@given(st.lists(st.tuples(st.integers(1, 5), st.floats(0, 1)), max_size=4))
def test_深さの選択(pairs: list[tuple[int, float]]) -> None:
    zero = Scores(0.0, 0.0, 0.0, 0.0)
    results = [DepthResult(d, zero, Scores(0.0, 0.0, 0.0, f1)) for d, f1 in pairs]
    call_safely(lambda: select_best(results), names=NAMES)


@FAST
@given(
    st.integers(0, 30),
    st.floats(allow_nan=True) | st.sampled_from([0.1, 0.5]),
    st.floats(allow_nan=True) | st.sampled_from([0.2, 0.5]),
    st.integers(0, 3),
)
def test_三分割(n: int, test_size: float, validation_size: float, seed: int) -> None:
    table = Table.of(("id",), [[str(i)] for i in range(n)])
    call_safely(
        lambda: split_three_way(table, [0] * n, test_size, validation_size, seed), names=NAMES
    )
    call_safely(lambda: three_way_positions(n, test_size, validation_size, seed), names=NAMES)


@FAST
@given(
    st.lists(st.lists(cells, min_size=len(FEATURES), max_size=len(FEATURES)), max_size=6),
    st.integers(-1, 3) | st.sampled_from([True, 2.5]),
)
def test_パイプライン(body: list[list[str]], depth: int) -> None:
    table = Table.of(FEATURES, body)
    labels = [i % 2 for i in range(len(body))]
    fitted = call_safely(lambda: build_pipeline(depth).fit(table, labels), names=NAMES)
    if fitted is not None:
        call_safely(lambda: fitted.predict(table), names=NAMES)


@FAST
@given(
    st.lists(st.lists(numbers, min_size=0, max_size=3), max_size=4),
    st.sampled_from([(2,), (2, 3), (3, 2), (1, 2, 2), (0, 2)]),
)
def test_行列の配列(rows: list[list[float]], shape: tuple[int, ...]) -> None:
    columns = ("x", "y")
    matrix = np.ones(shape)
    call_safely(lambda: to_matrix([tuple(row) for row in rows], columns), names=NAMES)
    call_safely(lambda: to_matrix(matrix, columns), names=NAMES)
    labels = ["a"] * (shape[0] if len(shape) > 1 else 2)
    tree = call_safely(
        lambda: grow_weighted_numpy(matrix, labels, columns, {"a": 1.0}, None), names=NAMES
    )
    if tree is not None:
        call_safely(lambda: predict_rows(tree, matrix, columns), names=NAMES)


def test_木が使う列が無ければ名前を書く() -> None:
    tree = Node(Split("z", 0.0, 0.0), Leaf(1), Leaf(2))
    call_safely(lambda: predict_rows(tree, [(1.0,)], ("x",)), names=["columns"])


EMPTY = np.zeros(0)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: bank_label(None), "row"),  # type: ignore[arg-type]
        (lambda: number_rows([]), "table"),  # type: ignore[arg-type]
        (lambda: report_lines(None), "experiment"),  # type: ignore[arg-type]
        (lambda: kahan_columns([1.0], EMPTY), "values"),  # type: ignore[arg-type]
        (lambda: weighted_part(EMPTY, None), "present"),  # type: ignore[arg-type]
        (lambda: find_boundaries(EMPTY, None), "level"),  # type: ignore[arg-type]
        (lambda: best_splits(None, None, None), "encoded"),  # type: ignore[arg-type]
        (lambda: first_minimum([], EMPTY, 0), "node"),  # type: ignore[arg-type]
        (lambda: side_sums(None, EMPTY, []), "candidates"),  # type: ignore[arg-type]
        (lambda: sorted_candidates(None, None, None), "encoded"),  # type: ignore[arg-type]
        (lambda: two_valued_candidates(None, None), "encoded"),  # type: ignore[arg-type]
        (lambda: count_and_first([], EMPTY, EMPTY, 0), "flags"),  # type: ignore[arg-type]
        (lambda: weights_in_order([EMPTY], EMPTY, None), "order"),  # type: ignore[arg-type]
        (lambda: TwoValued.of([[1.0]]), "values"),  # type: ignore[arg-type]
        (lambda: label_counts([], None, 2), "ys"),  # type: ignore[arg-type]
        (lambda: two_label_counts(EMPTY, None, EMPTY), "boundaries"),  # type: ignore[arg-type]
        (lambda: in_order(EMPTY, []), "order"),  # type: ignore[arg-type]
        (lambda: encode([], [], {}), "values"),  # type: ignore[arg-type]
        (lambda: root_level(None, may_split=True), "encoded"),  # type: ignore[arg-type]
        (lambda: grow_level(None, None, None, None, limit=None), "encoded"),  # type: ignore[arg-type]
        (lambda: divide(None, None, EMPTY, None), "level"),  # type: ignore[arg-type]
        (lambda: predict_rows([], [], []), "tree"),  # type: ignore[arg-type]
    ],
)
def test_部品の関数も入口で型を確かめ_引数の名前を書く(
    call: Callable[[], object], name: str
) -> None:
    with pytest.raises(TypeError, match=name):
        call()


def test_切り詰める深さは0以上の整数() -> None:
    rows, labels, weights = [(1.0,), (2.0,)], [0, 1], {0: 1.0, 1: 1.0}
    tree = Node(Split("x", 1.5, 0.0), Leaf(0), Leaf(1))

    assert truncate(tree, 0, rows, labels, columns=("x",), weights=weights) == Leaf(0)
    with pytest.raises(ValueError, match="depth"):
        truncate(tree, -1, rows, labels, columns=("x",), weights=weights)
    with pytest.raises(TypeError, match="depth"):
        truncate(tree, 2.5, rows, labels, columns=("x",), weights=weights)  # type: ignore[arg-type]
