"""第 8 章の公開関数の頑健さ: 悪い入力には、何が悪いかを書いた ValueError か TypeError だけ。"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter08 import (
    FEATURES,
    ClassWeight,
    DummyEncoder,
    Evaluation,
    GroupMedianImputer,
    MostFrequentImputer,
    Pipeline,
    WeightedTreeClassifier,
    age_from_json,
    balanced_weights,
    binary_label,
    check_header,
    dummies_from_json,
    embarked_from_json,
    evaluation_line,
    gini_of_weights,
    group_key,
    median,
    pipeline_from_json,
    pipeline_to_json,
    repeated_sums,
    replace_column,
    require_rows,
    survived_label,
    to_features,
    tree_from_json,
    tree_to_json,
    weighted_gini,
    weighted_majority,
)

FAST = settings(max_examples=25, deadline=None)

cells = st.sampled_from(["", " ", "1", "2", "3", "0.5", "-4", "35", "male", "female", "S", "nan"])
labels = st.lists(st.integers(0, 2), max_size=8)
weights = st.lists(
    st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, 1.0, 2.5]), max_size=8
)
depths = st.none() | st.integers(-2, 4) | st.sampled_from([2.5, True])
class_weights = st.sampled_from([ClassWeight.NONE, ClassWeight.BALANCED, "balanced"])
NAMES = [
    "列",
    "行",
    "欠損",
    "中央値",
    "最頻値",
    "重み",
    "ラベル",
    "正解",
    "max_depth",
    "class_weight",
]


def tables(columns: list[str]) -> st.SearchStrategy[Table]:
    """列がそろった、セルが文字列の小さな表（行が無いこともある）。"""
    rows = st.lists(st.lists(cells, min_size=len(columns), max_size=len(columns)), max_size=6)
    return rows.map(lambda body: Table.of(columns, body))


@FAST
@given(labels, weights)
def test_重み付きのジニ不純度と多数決(t: list[int], w: list[float]) -> None:
    gini = call_safely(lambda: weighted_gini(t, w), names=NAMES)
    if gini is not None:
        assert -1e-12 <= gini <= 1.0
    call_safely(lambda: weighted_majority(t, w), names=NAMES)
    assert len(balanced_weights(t)) == len(t)


@FAST
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), max_size=6))
def test_中央値(values: list[float]) -> None:
    call_safely(lambda: median(values), names=NAMES)


@FAST
@given(tables(["Pclass", "Sex", "Age"]), tables(["Pclass", "Sex", "Age"]))
def test_グループの中央値の補完器(train: Table, other: Table) -> None:
    imputer = GroupMedianImputer("Age", ("Pclass", "Sex"))
    fitted = call_safely(lambda: imputer.fit(train), names=NAMES)
    if fitted is not None:
        call_safely(lambda: fitted.transform(other), names=NAMES)
    call_safely(lambda: GroupMedianImputer("Age", ("Deck",)).fit(train), names=NAMES)


@FAST
@given(tables(["Embarked", "Sex"]), tables(["Embarked", "Sex"]))
def test_最頻値の補完器とダミー変数(train: Table, other: Table) -> None:
    imputer = call_safely(lambda: MostFrequentImputer("Embarked").fit(train), names=NAMES)
    if imputer is not None:
        call_safely(lambda: imputer.transform(other), names=NAMES)
    encoder = call_safely(lambda: DummyEncoder(("Embarked", "Sex")).fit(train), names=NAMES)
    if encoder is not None:
        call_safely(lambda: encoder.transform(other), names=NAMES)
    call_safely(lambda: to_features(other), names=NAMES)


@FAST
@given(
    st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), max_size=8),
    labels,
    depths,
    class_weights,
)
def test_重み付きの決定木(
    rows: list[tuple[float, float]], t: list[int], depth: object, weight: object
) -> None:
    x = [Features(("a", "b"), row) for row in rows]

    def fit_and_predict() -> list[int]:
        model = WeightedTreeClassifier[int](depth, weight)  # type: ignore[arg-type]
        return model.fit(x, t).predict(x)

    predicted = call_safely(fit_and_predict, names=NAMES)
    if predicted is not None:
        assert set(predicted) <= set(t)


@FAST
@given(tables(list(FEATURES)), tables(list(FEATURES)), labels, depths, class_weights)
def test_パイプライン(
    train: Table, other: Table, t: list[int], depth: object, weight: object
) -> None:
    def fit_save_load_predict() -> list[int]:
        fitted = Pipeline.build(depth, weight).fit(train, t)  # type: ignore[arg-type]
        loaded = pipeline_from_json(pipeline_to_json(fitted))
        predicted = fitted.predict(other)
        assert loaded.predict(other) == predicted
        return predicted

    call_safely(fit_save_load_predict, names=NAMES)


SAVED = json.loads(
    pipeline_to_json(
        Pipeline.build(2, ClassWeight.BALANCED).fit(
            Table.of(
                FEATURES,
                [
                    ("1", "female", "30", "0", "0", "80", "C"),
                    ("3", "male", "", "1", "0", "7", "S"),
                    ("3", "female", "22", "0", "1", "9", ""),
                ],
            ),
            [1, 0, 1],
        )
    )
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.5, 1e308])
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


@FAST
@given(st.sampled_from(sorted(SAVED)), json_values)
def test_壊れたJSONを読む(key: str, value: object) -> None:
    document = {**SAVED, key: value}
    text = json.dumps(document)
    call_safely(lambda: pipeline_from_json(text), names=["パイプラインの JSON"])
    call_safely(lambda: pipeline_from_json(text[: len(text) // 2]), names=["パイプラインの JSON"])


AGES = Table.of(("Age",), [["30"]])


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: group_key(None, ("Sex",)), "row"),  # type: ignore[arg-type]
        (lambda: survived_label(None), "row"),  # type: ignore[arg-type]
        (lambda: binary_label(None, "y"), "row"),  # type: ignore[arg-type]
        (lambda: replace_column(None, "Age", ["1"]), "table"),  # type: ignore[arg-type]
        (lambda: replace_column(AGES, None, ["1"]), "column"),  # type: ignore[arg-type]
        (lambda: require_rows(None, "補完"), "table"),  # type: ignore[arg-type]
        (lambda: tree_to_json(None), "tree"),  # type: ignore[arg-type]
        (lambda: check_header(None), "reader"),  # type: ignore[arg-type]
        (lambda: age_from_json({}), "reader"),  # type: ignore[arg-type]
        (lambda: embarked_from_json(""), "reader"),  # type: ignore[arg-type]
        (lambda: dummies_from_json([]), "reader"),  # type: ignore[arg-type]
        (lambda: tree_from_json(None, 3, FEATURES), "reader"),  # type: ignore[arg-type]
        (lambda: evaluation_line("NONE", Evaluation(1.0, 1.0, 0, 0)), "class_weight"),  # type: ignore[arg-type]
        (lambda: evaluation_line(ClassWeight.NONE, None), "result"),  # type: ignore[arg-type]
    ],
)
def test_部品の関数も入口で型を確かめ_引数の名前を書く(
    call: Callable[[], object], name: str
) -> None:
    with pytest.raises(TypeError, match=name):
        call()


def test_重みの合計がNaNか0なら重み付きのジニ不純度を求めない() -> None:
    with pytest.raises(ValueError, match="重みの合計は有限の正の数"):
        gini_of_weights([math.nan])
    with pytest.raises(ValueError, match="重みの合計は有限の正の数"):
        gini_of_weights([0.0, 0.0])
    assert gini_of_weights([1.0, 1.0]) == 0.5


def test_0か1のセルだけを正解のラベルにする() -> None:
    rows = Table.of(("y",), [[" 1 "], ["0"], ["2"]]).rows

    assert [binary_label(row, "y") for row in rows[:2]] == [1, 0]
    with pytest.raises(ValueError, match="列 y のセル '2' は 0 でも 1 でもありません"):
        binary_label(rows[2], "y")


def test_同じ重みを足した表は入口で重みと個数を確かめる() -> None:
    assert repeated_sums(0.1, 3) == [0.0, 0.1, 0.2, 0.30000000000000004]
    assert repeated_sums(0.0, 2) == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="weight"):
        repeated_sums(math.nan, 3)
    with pytest.raises(ValueError, match="weight"):
        repeated_sums(-1.0, 3)
    with pytest.raises(ValueError, match="count"):
        repeated_sums(1.0, -1)
    with pytest.raises(TypeError, match="count"):
        repeated_sums(1.0, 2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="count が大きすぎて"):
        repeated_sums(1.0, 2**70)  # 止まらずに、作る前に断る
