"""第 9 章の公開関数の頑健さ: どんな入力にも、正しい値か、何が悪いかを書いた例外を返す。"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter02 import ColumnNotFoundError, Features, Table, TrainTestSplit
from getting_started_ml.chapter09 import (
    Standardizer,
    dummy_categories,
    encode_dummies,
    expand,
    iqr_outliers,
    join_weather,
    load_delimited,
    mean_count_by_weather,
    pairs_with_replacement,
    prepare_boston,
    quantile,
    remove_target_outliers,
    score_feature_set,
    select,
    term_name,
)

FAST = settings(max_examples=25, deadline=None)

anything = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-5, max_value=5),
    st.text(max_size=3),
    st.none(),
    st.booleans(),
)
numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-100, 100))
feature_values = st.one_of(st.floats(allow_nan=False, allow_infinity=True), st.integers(-100, 100))
"""Features に入れる値（無限大は入れられる。NaN は Features が作る時点で断る）。"""
cells = st.sampled_from(["", "low", "high", "very_low", "1", "2.5", "x"])
names = st.sampled_from(["RM", "LSTAT", "PTRATIO", "CRIME", "PRICE", "NOX"])


@FAST
@given(st.lists(anything, max_size=6))
def test_カテゴリはどんな値の並びにも答えるか型を書いて失敗する(values: list[Any]) -> None:
    result = call_safely(lambda: dummy_categories(values), names=["カテゴリの値"])
    if result is not None:
        assert result == sorted(result)
        assert all(value.strip() for value in result)


@FAST
@given(st.lists(st.tuples(cells, cells), max_size=5), st.lists(cells, max_size=3), names)
def test_ダミー変数の列は元の行の数と列を保つ(
    rows: list[tuple[str, str]], categories: list[str], column: str
) -> None:
    table = Table.of(["CRIME", "RM"], [list(row) for row in rows])
    if column not in table.columns:  # 表に無い列は、列の名前を書いた ColumnNotFoundError
        with pytest.raises(ColumnNotFoundError, match=column):
            encode_dummies(table, column, categories)
        return
    result = call_safely(
        lambda: encode_dummies(table, column, categories), names=["categories", "重複", "CRIME_"]
    )
    if result is not None:
        assert len(result) == len(table)
        assert len(result.columns) == 1 + len(categories)


@FAST
@given(st.lists(st.lists(feature_values, min_size=1, max_size=3), max_size=5))
def test_標準化は揃った有限の行だけから学ぶ(rows: list[list[float]]) -> None:
    data = [Features(tuple(f"c{i}" for i in range(len(row))), tuple(row)) for row in rows]
    names = ["空です", "列がそろっていません", "有限の数です", "分散が有限になりません"]
    result = call_safely(lambda: Standardizer.fit(data), names=names)
    if result is not None:
        assert all(std > 0.0 for std in result.stds.values())


@FAST
@given(
    st.lists(st.tuples(feature_values, feature_values), max_size=4),
    st.lists(names, max_size=3, unique=True),
)
def test_項の展開と選択は名前を書いて失敗する(
    rows: list[tuple[float, float]], columns: list[str]
) -> None:
    data = [Features(("RM", "LSTAT"), row) for row in rows]
    if data and not set(columns) <= {"RM", "LSTAT"}:  # 無い列は、列の名前を書いて止める
        with pytest.raises(ColumnNotFoundError, match="はありません"):
            expand(data, columns)
        return
    expanded = call_safely(lambda: expand(data, columns), names=["columns"], allow_nan=True)
    if expanded:
        terms = [term_name(a, b) for a, b in pairs_with_replacement(columns)]
        picked = call_safely(lambda: select(expanded, terms), names=["terms"], allow_nan=True)
        assert picked is not None
        assert picked[0].columns == tuple(terms)


@FAST
@given(st.lists(numbers, max_size=8), anything)
def test_分位数と外れ値は数でない入力や範囲の外のqを名前を書いて止める(
    values: list[Any], q: Any
) -> None:
    result = call_safely(lambda: quantile(values, q), names=["値", "q"])
    if result is not None:
        assert min(values) <= result <= max(values)
    flags = call_safely(lambda: iqr_outliers(values, q), names=["値", "k"])
    if flags is not None:
        assert len(flags) == len(values)


@FAST
@given(
    st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=8),
    st.integers(min_value=0, max_value=3),
)
def test_外れ値を除いてもテストデータはそのまま(train: list[float], extra: int) -> None:
    x = [Features(("RM",), (float(i),)) for i in range(len(train) + extra)]
    split = TrainTestSplit(x, [], train, [])
    result = call_safely(lambda: remove_target_outliers(split), names=["件数"])
    if extra:
        assert result is None  # 特徴量と正解の件数の違いは、両方の件数を書いて止める
    else:
        assert result is not None
        assert len(result.x_train) == len(result.t_train) <= len(train)


@FAST
@given(st.lists(st.tuples(cells, cells), max_size=5), st.lists(st.tuples(cells, cells), max_size=3))
def test_結合と集計は重複や欠損を書いて失敗する(
    bike_rows: list[tuple[str, str]], weather_rows: list[tuple[str, str]]
) -> None:
    bike = Table.of(["weather_id", "cnt"], [list(row) for row in bike_rows])
    weather = Table.of(["weather_id", "weather"], [list(row) for row in weather_rows])
    joined = call_safely(lambda: join_weather(bike, weather), names=["weather_id"])
    if joined is not None:
        assert len(joined) <= len(bike)
        call_safely(
            lambda: mean_count_by_weather(joined),
            names=["行が 1 つもない", "cnt", "weather"],
        )


@FAST
@given(
    st.lists(
        st.tuples(cells, st.floats(1, 9), st.floats(0, 1), st.floats(5, 50)),
        min_size=0,
        max_size=8,
    ),
    st.floats(min_value=-0.5, max_value=1.5),
)
def test_Bostonの前処理と採点は名前を書いて失敗する(
    rows: list[tuple[str, float, float, float]], test_size: float
) -> None:
    table = Table.of(
        ["CRIME", "RM", "LSTAT", "PRICE"], [[c, str(a), str(b), str(p)] for c, a, b, p in rows]
    )
    split = call_safely(
        lambda: prepare_boston(table, test_size=test_size),
        names=["行が 1 つもない", "test_size", "値が 1 つもない"],
    )
    if split is not None:
        call_safely(
            lambda: score_feature_set(split, ["RM", "LSTAT"], ["RM", "RM^2"]),
            names=["空", "訓練データ", "正解", "特異", "R²", "件数"],
        )


def test_読めないファイルは文字コードを書いて失敗する(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(b"a,b\n\xff\xfe,1\n")

    with pytest.raises(ValueError, match="utf-8 として読めません"):
        load_delimited(path, "utf-8", ",")
    with pytest.raises(ValueError, match="delimiter"):
        load_delimited(path, "utf-8", "")
    path.write_text("a,b\n1,2,3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="セルの数が 3"):
        load_delimited(path, "utf-8", ",")
