"""頑健さのテスト（第 2 章）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
第 2 章の公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.chapter02 import CELLS, COLUMNS, tables
from support.robustness import (
    call_safely,
    counts,
    numbers_or_wrong,
    uncalled_names,
    wrong_types,
)

from getting_started_ml import chapter02
from getting_started_ml.chapter02 import Features, Table, TrainTestSplit

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


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
    features = call_safely(lambda: Features(tuple(columns), tuple(values)), names=["列名", "値"])
    if features is not None:
        call_safely(lambda: features.value("z"), names=["列 z"])


def test_補完が済んだ行はNaNを持たない() -> None:
    """Features の約束: 値に NaN は無い。無限大は持てる（使う側が列の名前を挙げて止める）。

    NaN は欠損値の印で、Features は「補完が済んだ行」なので、NaN が残っていれば補完を
    忘れている。黙って通すと、NaN はどの数とも < も == も成り立たないので、第 3 章の木の
    並べ替えや第 9 章の平均を、例外を出さずに狂わせる。そこで作る時点で、列の名前を挙げて
    止める（欠損値を持てる別の型や allow_missing は作らない: 本の中に、欠損値のまま学習する
    アルゴリズムは無い）。

    無限大は欠損値ではなく「大きすぎる値」なので持てる。木（第 3 章の feature_rows）・
    線形回帰（第 7 章の design_matrix）・付録の number_rows は、どれも有限でない値を列の
    名前を挙げて止め、そのことを確かめるテストは無限大の入った Features を作って渡す。
    """
    with pytest.raises(ValueError, match=r"列 b の値が NaN です（欠損値は補完してから"):
        Features(("a", "b"), (1.0, math.nan))
    assert Features(("a", "b"), (math.inf, -math.inf)).value("a") == math.inf


@fuzz
@given(value=st.one_of(tables(), wrong_types(), st.lists(wrong_types(), max_size=2)))
def test_chapter02_require_table_split_items(value: Any) -> None:
    table = call_safely(lambda: chapter02.require_table(value, "表"), names=["表"])
    if table is not None:
        assert table is value
        call_safely(lambda: chapter02.require_items(value.rows, chapter02.Row, "行"), names=["行"])
    call_safely(lambda: chapter02.require_split(value, "分割"), names=["分割"])
    call_safely(lambda: chapter02.require_items(value, chapter02.Row, "行"), names=["行"])


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {
    "ColumnNotFoundError": "例外の型",
    "TrainTestSplit": "値を持つだけのデータクラス",
    "main": "章のコマンド（データの有無は test_cli_startup と黄金ファイルのテスト）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.chapter02", source, EXEMPT) == []
