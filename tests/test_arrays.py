"""リストと numpy の配列の受け渡し（arrays）: 入口で表を確かめて、有限の float の行にそろえる。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from getting_started_ml.arrays import as_array, as_rows

finite = st.floats(min_value=-1e300, max_value=1e300, allow_nan=False)


# --8<-- [start:test-as-rows]
def test_リストのリストは有限のfloatの行のリストになる() -> None:
    rows = as_rows([[1, 2.5], [3, -4]])

    assert rows == [[1.0, 2.5], [3.0, -4.0]]
    assert all(type(value) is float for row in rows for value in row)


def test_numpyの2次元配列も整数の配列も同じ行になる() -> None:
    expected = [[1.0, 2.0], [3.0, 6.0]]

    assert as_rows(np.array([[1, 2], [3, 6]])) == expected
    assert as_rows(np.array([[1, 2], [3, 6]], dtype=np.float32)) == expected
    assert as_rows(np.array([[1, 2], [3, 6]], dtype=np.uint8)) == expected


def test_渡したリストを書き換えても結果は変わらない() -> None:
    original = [[1.0, 2.0]]
    rows = as_rows(original)
    original[0][0] = 99.0

    assert rows == [[1.0, 2.0]]


def test_空の表や長さの違う行は何行目かを書いて断る() -> None:
    with pytest.raises(ValueError, match="points に行が 1 つもありません"):
        as_rows([], "points")
    with pytest.raises(ValueError, match="x に列が 1 つもありません"):
        as_rows([[], []])
    with pytest.raises(ValueError, match="x の 3 行目の長さが 1 で、1 行目の 2 と違います"):
        as_rows([[1, 2], [3, 4], [5]])


def test_有限でない数や数でないセルは何行目かを書いて断る() -> None:
    with pytest.raises(ValueError, match="x の 2 行目に有限でない数があります（nan）"):
        as_rows([[1.0], [math.nan]])
    with pytest.raises(ValueError, match="有限でない数があります（inf）"):
        as_rows(np.array([[1.0], [np.inf]]))
    with pytest.raises(TypeError, match="x の 1 行目に数でないセルがあります（'1'）"):
        as_rows([["1"]])
    with pytest.raises(TypeError, match="x の 1 行目に数でないセルがあります（True）"):
        as_rows([[True, 1.0]])
    with pytest.raises(TypeError, match="数でないセル"):
        as_rows(np.array([[True, False]]))


def test_表でないものは型を書いて断る() -> None:
    with pytest.raises(TypeError, match=r"x は数の行の並び.*（str）"):
        as_rows("1,2")
    with pytest.raises(TypeError, match=r"x は数の行の並び.*（NoneType）"):
        as_rows(None)
    with pytest.raises(TypeError, match="x の 1 行目は数の並びです（float）"):
        as_rows([1.0, 2.0])
    with pytest.raises(TypeError, match="x の 1 行目は数の並びです（float64）"):
        as_rows(np.array([1.0, 2.0]))  # 1 次元の配列は表ではない


# --8<-- [end:test-as-rows]


def test_as_arrayはfloat64の2次元配列にする() -> None:
    array = as_array([[1, 2], [3, 4]], "points")

    assert array.dtype == np.float64
    assert array.shape == (2, 2)
    assert array.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(ValueError, match="points の 2 行目の長さ"):
        as_array([[1, 2], [3]], "points")


@given(
    hnp.arrays(
        np.float64,
        hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=6),
        elements=finite,
    )
)
def test_有限の2次元配列ならnumpyのasarrayと同じ値になる(values: np.ndarray) -> None:
    assert np.array_equal(as_array(values), np.asarray(values, dtype=np.float64))
    assert as_rows(values) == values.tolist()
    assert np.array_equal(as_array(values.tolist()), values)
