# --8<-- [start:header]
"""第 8 章のテスト: 補完器、ダミー変数、重み付きの決定木、パイプライン、評価、保存と読み込み。"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import (
    DecisionTree,
    Leaf,
    Node,
    NotFittedError,
    Split,
    Tree,
    depth_of,
    gini,
)
from getting_started_ml.chapter08 import (
    FEATURES,
    ClassWeight,
    DummyEncoder,
    Evaluation,
    FittedPipeline,
    GroupMedianImputer,
    MostFrequentImputer,
    Pipeline,
    PipelineFormatError,
    TableSplit,
    WeightedTreeClassifier,
    balanced_weights,
    class_weights,
    grow_weighted,
    json_text,
    json_value,
    label_weight_sums,
    load_pipeline,
    median,
    pipeline_from_json,
    pipeline_to_json,
    save_pipeline,
    select_columns,
    to_features,
    weighted_best_split,
    weighted_gini,
    weighted_majority,
)
from getting_started_ml.numeric import kahan_sum

AGE_COLUMNS = ("Pclass", "Sex", "Age")


def table(columns: Sequence[str], *rows: Sequence[str]) -> Table:
    """列名とセル（文字列）の並びから表を作る。空文字は欠損値。"""
    return Table.of(columns, rows)


def column(data: Table, name: str) -> list[str]:
    """表の 1 列を文字列のまま取り出す。"""
    return [row.text(name) for row in data.rows]


def ages(data: Table) -> list[float]:
    """Age の列を数にして取り出す。"""
    return [float(cell) for cell in column(data, "Age")]


def fit_ages(data: Table) -> Table:
    """(Pclass, Sex) ごとの中央値で Age を埋める補完器を、data で学習して data を変換する。"""
    return GroupMedianImputer("Age", ("Pclass", "Sex")).fit(data).transform(data)


# --8<-- [end:header]


# --8<-- [start:test-group-median]
def test_年齢の欠損は同じグループの中央値で埋める() -> None:
    data = table(AGE_COLUMNS, ("1", "female", "20"), ("1", "female", "30"),
                 ("1", "female", "70"), ("1", "female", ""))  # fmt: skip

    assert ages(fit_ages(data)) == [20, 30, 70, 30]


def test_違うグループには違う中央値を使う() -> None:
    data = table(
        AGE_COLUMNS,
        ("1", "female", "40"), ("1", "female", "50"), ("1", "female", ""),
        ("3", "male", "10"), ("3", "male", "20"), ("3", "male", ""),
    )  # fmt: skip

    assert ages(fit_ages(data)) == [40, 50, 45, 10, 20, 15]


def test_訓練データで学習した中央値でほかのデータを埋める() -> None:
    train = table(AGE_COLUMNS, ("2", "male", "30"), ("2", "male", "34"))
    imputer = GroupMedianImputer("Age", ("Pclass", "Sex")).fit(train)

    assert ages(imputer.transform(table(AGE_COLUMNS, ("2", "male", "")))) == [32]


def test_訓練データに無いグループには全体の中央値を使う() -> None:
    train = table(AGE_COLUMNS, ("1", "female", "30"), ("1", "female", "40"), ("3", "male", "20"))
    imputer = GroupMedianImputer("Age", ("Pclass", "Sex")).fit(train)

    assert imputer.overall_median == 30
    assert ages(imputer.transform(table(AGE_COLUMNS, ("2", "female", "")))) == [30]


def test_値の無いグループも全体の中央値で埋め_元の表は変えない() -> None:
    data = table(AGE_COLUMNS, ("1", "female", "30"), ("1", "female", "40"), ("2", "female", ""))

    assert ages(fit_ages(data)) == [30, 40, 35]
    assert column(data, "Age") == ["30", "40", ""]


# --8<-- [end:test-group-median]


# --8<-- [start:test-group-key]
def test_埋めた値は小数の文字列で_グループの鍵は文字列のまま() -> None:
    train = table(AGE_COLUMNS, ("1", "female", "35"), ("1.0", "female", "99"))
    imputer = GroupMedianImputer("Age", ("Pclass", "Sex")).fit(train)

    assert imputer.medians == {("1", "female"): 35.0, ("1.0", "female"): 99.0}
    assert column(imputer.transform(table(AGE_COLUMNS, ("1", "female", ""))), "Age") == ["35.0"]


def test_中央値は偶数個なら真ん中の2つの平均() -> None:
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5
    with pytest.raises(ValueError, match="中央値"):
        median([])


@pytest.mark.parametrize(
    "values", [[math.nan, 1.0, 2.0], [1.0, math.nan, 2.0], [1.0, 2.0, math.nan]]
)
def test_NaNがあると並べる順が決まらないので中央値を求めない(values: list[float]) -> None:
    with pytest.raises(ValueError, match="NaN"):
        median(values)


# --8<-- [end:test-group-key]


# --8<-- [start:test-most-frequent]
def test_乗船港の欠損はいちばん多い値で埋める() -> None:
    train = table(["Embarked"], ["S"], ["C"], ["S"], [""])
    imputer = MostFrequentImputer("Embarked").fit(train)

    assert imputer.most_frequent == "S"
    assert column(imputer.transform(table(["Embarked"], [""], ["Q"])), "Embarked") == ["S", "Q"]


def test_最頻値が同数なら先に現れた値() -> None:
    train = table(["Embarked"], ["Q"], ["C"], ["C"], ["Q"])

    assert MostFrequentImputer("Embarked").fit(train).most_frequent == "Q"


# --8<-- [end:test-most-frequent]


# --8<-- [start:test-dummy]
def test_カテゴリの列を0と1の列にする() -> None:
    data = table(["Pclass", "Sex"], ["1", "female"], ["3", "male"], ["2", "male"])
    encoded = DummyEncoder(("Sex",)).fit(data).transform(data)

    assert encoded.columns == ("Pclass", "Sex_male")
    assert column(encoded, "Sex_male") == ["0", "1", "1"]


def test_ほかのデータにも訓練データと同じ列を作る() -> None:
    train = table(["Embarked"], ["C"], ["Q"], ["S"])
    encoded = DummyEncoder(("Embarked",)).fit(train).transform(table(["Embarked"], ["S"], ["S"]))

    assert encoded.columns == ("Embarked_Q", "Embarked_S")
    assert column(encoded, "Embarked_Q") == ["0", "0"]
    assert column(encoded, "Embarked_S") == ["1", "1"]


def test_訓練データに無いカテゴリはすべて0になる() -> None:
    train = table(["Embarked"], ["C"], ["Q"], ["S"])
    encoded = DummyEncoder(("Embarked",)).fit(train).transform(table(["Embarked"], ["X"]))

    assert [row.cells for row in encoded.rows] == [("0", "0")]


def test_ダミー変数にする列に欠損値が残っていれば失敗する() -> None:
    encoder = DummyEncoder(("Sex",)).fit(table(["Sex"], ["female"], ["male"]))

    with pytest.raises(ValueError, match="列 Sex に欠損値"):
        encoder.transform(table(["Sex"], [""]))


# --8<-- [end:test-dummy]


# --8<-- [start:test-to-features]
def test_すべての列を数にする_欠損値が残っていれば失敗する() -> None:
    assert to_features(table(["a", "b"], ["1", "2.5"])) == [Features(("a", "b"), (1.0, 2.5))]
    with pytest.raises(ValueError, match="1 行目の列 b に欠損値"):
        to_features(table(["a", "b"], ["1", ""]))


# --8<-- [end:test-to-features]


# --8<-- [start:test-weighted-gini]
def test_重みがすべて1なら第3章のジニ不純度と同じ() -> None:
    assert weighted_gini([0, 1, 1], [1.0, 1.0, 1.0]) == gini(["0", "1", "1"])


def test_重み付きのジニ不純度() -> None:
    # 重みの合計は 0 が 1、1 が 3。1 − (1/4)² − (3/4)² = 0.375
    assert weighted_gini([0, 1], [1.0, 3.0]) == pytest.approx(0.375, abs=1e-12)


def test_釣り合いの重みはクラスごとの合計をそろえる() -> None:
    weights = balanced_weights([0, 0, 0, 1])

    assert weights == pytest.approx([4 / 6, 4 / 6, 4 / 6, 2.0], abs=1e-12)
    assert sum(weights[:3]) == pytest.approx(weights[3], abs=1e-12)


def test_重み付きの多数決は重みの合計で決め_同じなら先に現れたほう() -> None:
    assert weighted_majority([0, 0, 0, 1], [1.0, 1.0, 1.0, 2.0]) == 0
    assert weighted_majority([0, 0, 0, 1], [1.0, 1.0, 1.0, 3.0]) == 0
    assert weighted_majority([0, 0, 0, 1], [1.0, 1.0, 1.0, 3.5]) == 1


def test_重みの数がラベルと違えば失敗する() -> None:
    with pytest.raises(ValueError, match=r"ラベル 2 件、重み 3 件"):
        weighted_gini([0, 1], [1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match=r"ラベル 1 件、重み 0 件"):
        weighted_majority([0], [])


# --8<-- [end:test-weighted-gini]


# --8<-- [start:fare-rows]
def fare_rows(*fares: float) -> list[Features]:
    return [Features(("Fare",), (fare,)) for fare in fares]


FARE_AGE = [
    Features(("Fare", "Age"), values)
    for values in [(8, 30), (9, 22), (13, 18), (20, 45), (60, 25), (80, 33)]
]
FARE_AGE_LABELS = [0, 0, 1, 0, 1, 1]
# --8<-- [end:fare-rows]


# --8<-- [start:test-weighted-tree]
@pytest.mark.parametrize("depth", [1, 2, None])
def test_重みが無ければ第3章の決定木と同じ(depth: int | None) -> None:
    ours = WeightedTreeClassifier[int](depth, ClassWeight.NONE).fit(FARE_AGE, FARE_AGE_LABELS)
    chapter3 = DecisionTree[int](depth).fit(FARE_AGE, FARE_AGE_LABELS)

    assert ours.tree == chapter3.tree
    assert ours.predict(FARE_AGE) == chapter3.predict(FARE_AGE)


def test_釣り合いの重みで少ないクラスの葉に変わる() -> None:
    x, t = fare_rows(1, 1, 1, 1, 2, 2, 2), [0, 0, 0, 0, 0, 0, 1]
    plain = WeightedTreeClassifier[int](1, ClassWeight.NONE).fit(x, t)
    balanced = WeightedTreeClassifier[int](1, ClassWeight.BALANCED).fit(x, t)

    assert plain.predict(fare_rows(1, 2)) == [0, 0]
    assert balanced.predict(fare_rows(1, 2)) == [0, 1]
    assert balanced.weights == {0: 7 / 12, 1: 3.5}


def test_深さの上限は0以上で_0なら葉1枚の木() -> None:
    x, t = fare_rows(1, 1, 2), [0, 0, 1]

    assert WeightedTreeClassifier[int](0).fit(x, t).tree == Leaf(0)
    with pytest.raises(ValueError, match="max_depth=-1"):
        WeightedTreeClassifier[int](-1)
    with pytest.raises(TypeError, match="max_depth"):
        WeightedTreeClassifier[int](2.5)  # type: ignore[arg-type]


def test_学習の前に予測すると失敗する() -> None:
    with pytest.raises(NotFittedError, match="fit"):
        WeightedTreeClassifier[int](2).predict(fare_rows(1))


def test_行が無ければ学習できない() -> None:
    with pytest.raises(ValueError, match="行が 1 つもない"):
        WeightedTreeClassifier[int](2).fit([], [])


# --8<-- [end:test-weighted-tree]


# --8<-- [start:test-naive-split]
def naive_best_split(
    rows: Sequence[tuple[float, ...]], labels: Sequence[int], weights: dict[int, float]
) -> Split | None:
    """境界ごとに左右を切り出し、weighted_gini で数え直す素直な版（速い版の答え合わせ用）。"""
    row_weights = [weights[label] for label in labels]
    if weighted_gini(labels, row_weights) == 0.0:
        return None
    node_weight = kahan_sum(label_weight_sums(labels, row_weights).values())
    best: Split | None = None
    for position, column in enumerate(["a", "b"]):
        order = sorted(range(len(rows)), key=lambda i: rows[i][position])
        xs = [rows[i][position] for i in order]
        ys = [labels[i] for i in order]
        ws = [row_weights[i] for i in order]
        for i in range(1, len(xs)):
            if xs[i] == xs[i - 1]:
                continue
            left = kahan_sum(label_weight_sums(ys[:i], ws[:i]).values())
            right = kahan_sum(label_weight_sums(ys[i:], ws[i:]).values())
            impurity = (
                left * weighted_gini(ys[:i], ws[:i]) + right * weighted_gini(ys[i:], ws[i:])
            ) / node_weight
            if best is None or impurity < best.impurity:
                best = Split(column, (xs[i - 1] + xs[i]) / 2, impurity)
    return best


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2)), min_size=1, max_size=30
    ),
    st.sampled_from(list(ClassWeight)),
)
def test_持ち回りの速い分割は素直な版とビットまで一致する(
    data: list[tuple[int, int, int]], class_weight: ClassWeight
) -> None:
    rows = [(float(a), float(b)) for a, b, _ in data]
    labels = [label for _, _, label in data]
    weights = class_weights(labels, class_weight)

    assert weighted_best_split(rows, labels, ["a", "b"], weights) == naive_best_split(
        rows, labels, weights
    )


# --8<-- [end:test-naive-split]


# --8<-- [start:passengers]
PASSENGERS = table(
    FEATURES,
    ("1", "female", "30", "0", "0", "80", "C"),
    ("2", "female", "", "1", "0", "20", "S"),
    ("3", "female", "22", "0", "1", "9", ""),
    ("3", "female", "18", "0", "0", "8", "Q"),
    ("1", "male", "45", "0", "0", "60", "S"),
    ("2", "male", "", "0", "0", "13", "S"),
    ("3", "male", "25", "1", "0", "7", "S"),
    ("3", "male", "33", "0", "0", "8", ""),
)
SURVIVED = [1, 1, 1, 1, 0, 0, 0, 0]
NEW_PASSENGERS = table(
    FEATURES,
    ("2", "female", "", "0", "0", "12", ""),
    ("1", "male", "", "1", "1", "70", "C"),
)


def fitted_example(class_weight: ClassWeight = ClassWeight.NONE) -> FittedPipeline:
    return Pipeline.build(3, class_weight).fit(PASSENGERS, SURVIVED)


# --8<-- [end:passengers]


# --8<-- [start:test-pipeline]
def test_パイプラインは欠損値のある生の行から予測する() -> None:
    assert fitted_example().predict(NEW_PASSENGERS) == [1, 0]


def test_パイプラインはすべてを訓練データだけから学習する() -> None:
    fitted = fitted_example()

    assert ("2", "female") not in fitted.age.medians  # 訓練データでは 2 等の女性の年齢がすべて欠損
    assert fitted.age.overall_median == 27.5
    assert fitted.embarked.most_frequent == "S"
    assert fitted.dummies.dummies == {"Sex": ["male"], "Embarked": ["Q", "S"]}
    assert fitted.transform(NEW_PASSENGERS).columns == (
        "Pclass", "Age", "SibSp", "Parch", "Fare", "Sex_male", "Embarked_Q", "Embarked_S",
    )  # fmt: skip
    assert fitted.features(NEW_PASSENGERS)[0].values == (2, 27.5, 0, 0, 12, 0, 0, 1)


# --8<-- [end:test-pipeline]


# --8<-- [start:test-evaluation]
def test_評価は正解率と見つけた生存者の数() -> None:
    split = TableSplit(PASSENGERS, NEW_PASSENGERS, SURVIVED, [1, 1])

    assert Evaluation.evaluate(Pipeline.build(3, ClassWeight.NONE), split) == Evaluation(
        1.0, 0.5, 1, 2
    )


# --8<-- [end:test-evaluation]


# --8<-- [start:test-pipeline-errors]


def test_学習前のパイプラインで予測すると失敗する() -> None:
    with pytest.raises(NotFittedError, match="FittedPipeline"):
        Pipeline.build(3, ClassWeight.NONE).predict(NEW_PASSENGERS)


def test_パイプラインの入口で悪い入力を止める() -> None:
    pipeline = Pipeline.build(3, ClassWeight.NONE)
    with pytest.raises(ValueError, match="max_depth=-1"):
        Pipeline.build(-1, ClassWeight.NONE)
    with pytest.raises(TypeError, match="class_weight"):
        Pipeline.build(3, "balanced")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"特徴量 8 件、正解 7 件"):
        pipeline.fit(PASSENGERS, SURVIVED[:7])
    with pytest.raises(ValueError, match="列 Fare, Embarked がありません"):
        pipeline.fit(select_columns(PASSENGERS, FEATURES[:5]), SURVIVED)
    with pytest.raises(ValueError, match="行が 1 つもない"):
        pipeline.fit(table(FEATURES), [])
    with pytest.raises(TypeError, match="int"):
        pipeline.fit(PASSENGERS, ["1"] * 8)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="table は第 2 章の Table"):
        pipeline.fit([["1", "female"]], [1])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pipeline は学習前の Pipeline"):
        Evaluation.evaluate(fitted_example(), TableSplit(PASSENGERS, PASSENGERS, [], []))  # type: ignore[arg-type]


def test_予測する行の数の列に欠損値があれば失敗する() -> None:
    broken = table(FEATURES, ("2", "female", "", "0", "0", "", "S"))

    with pytest.raises(ValueError, match="列 Fare に欠損値"):
        fitted_example().predict(broken)


# --8<-- [end:test-pipeline-errors]


# --8<-- [start:test-save-load]
def test_保存して読み込んだパイプラインは同じ予測を返す(tmp_path: Path) -> None:
    for class_weight in ClassWeight:
        fitted = fitted_example(class_weight)
        loaded = load_pipeline(save_pipeline(fitted, tmp_path / "survived.json"))

        assert loaded == fitted
        assert loaded.predict(NEW_PASSENGERS) == fitted.predict(NEW_PASSENGERS)
        assert loaded.predict(PASSENGERS) == fitted.predict(PASSENGERS)


def test_保存するJSONには種類と版の番号がある() -> None:
    document = json.loads(pipeline_to_json(fitted_example()))

    assert document["kind"] == "getting_started_ml.chapter08.FittedPipeline"
    assert document["schema_version"] == 1
    assert document["features"] == list(FEATURES)
    assert document["model"]["class_weight"] == "NONE"


def broken_json(change: str) -> str:
    """保存した JSON の一部を書き換える。"""
    document = json.loads(pipeline_to_json(fitted_example()))
    if change == "version":
        document["schema_version"] = 2
    elif change == "kind":
        document["kind"] = "sklearn.pipeline.Pipeline"
    elif change == "tree":
        document["model"]["tree"] = {"feature": "Age", "threshold": 1.0}
    elif change == "median":
        document["age"]["overall_median"] = "28"
    elif change == "weight":
        document["model"]["class_weight"] = "balanced"
    elif change == "feature":
        document["model"]["tree"]["feature"] = "Cabin"
    elif change == "depth":
        tree = document["model"]["tree"]
        document["model"]["max_depth"] = 1
        document["model"]["tree"] = {
            "feature": "Age", "threshold": 1.0, "impurity": 0.0, "left": tree, "right": tree
        }  # fmt: skip
    elif change == "dummies":
        document["dummies"] = {"Sex": ["male"]}
    elif change == "huge":
        document["model"]["tree"]["threshold"] = "HUGE"
    return json.dumps(document).replace('"HUGE"', "1e400")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("version", "schema_version 2 は読めません"),
        ("kind", "種類 kind"),
        ("tree", "model.tree に impurity がありません"),
        ("median", "age.overall_median は数ではありません"),
        ("weight", "model.class_weight は NONE, BALANCED のどれか"),
        ("feature", "列 Cabin は特徴量にありません"),
        ("depth", "深さの上限を超えています"),
        ("dummies", "dummies の列が Sex, Embarked ではありません"),
        ("huge", "model.tree.threshold は有限の数ではありません"),
    ],
)
def test_形の違うJSONは何が違うかを書いて失敗する(change: str, message: str) -> None:
    with pytest.raises(PipelineFormatError, match=message):
        pipeline_from_json(broken_json(change))


def test_JSONでないものや有限でない数は読まない() -> None:
    with pytest.raises(PipelineFormatError, match="JSON の文法の誤り"):
        pipeline_from_json("{")
    with pytest.raises(PipelineFormatError, match="NaN"):
        pipeline_from_json(pipeline_to_json(fitted_example()).replace("27.5", "NaN", 1))
    with pytest.raises(TypeError, match="FittedPipeline"):
        pipeline_to_json(Pipeline.build(3, ClassWeight.NONE))  # type: ignore[arg-type]


# --8<-- [end:test-save-load]


def test_深さの上限が0なのに木が節のJSONは読まない() -> None:
    document = json.loads(pipeline_to_json(fitted_example()))
    document["model"]["max_depth"] = 0  # 深さ 0 の木は葉 1 枚のはず

    with pytest.raises(PipelineFormatError, match=r"model\.tree の木が深さの上限を超えています"):
        pipeline_from_json(json.dumps(document))


def test_深さ0のパイプラインは葉1枚の木で_JSONで往復する() -> None:
    fitted = Pipeline.build(0, ClassWeight.BALANCED).fit(PASSENGERS, SURVIVED)
    loaded = pipeline_from_json(pipeline_to_json(fitted))

    assert isinstance(fitted.tree, Leaf)
    assert loaded == fitted
    assert loaded.predict(NEW_PASSENGERS) == [fitted.tree.label] * len(NEW_PASSENGERS.rows)


def test_木の葉と節はJSONで往復する() -> None:
    fitted = fitted_example()

    assert isinstance(fitted.tree, Node)
    assert pipeline_from_json(pipeline_to_json(fitted)).tree == fitted.tree
    single = FittedPipeline(
        fitted.age, fitted.embarked, fitted.dummies, Leaf(1), 1, ClassWeight.BALANCED
    )
    assert pipeline_from_json(pipeline_to_json(single)) == single


def test_負の深さでは重み付きの木を育てない() -> None:
    with pytest.raises(ValueError, match="depth"):
        grow_weighted([(1.0,), (2.0,)], ["a", "b"], ("x",), {"a": 1.0, "b": 1.0}, -1)


def test_ラベルにNaNがあれば重み付きの木を学習しない() -> None:
    x = [Features(("x",), (float(value),)) for value in range(3)]
    with pytest.raises(ValueError, match="NaN"):
        WeightedTreeClassifier[float](None).fit(x, [1.0, math.nan, math.nan])


def test_再帰の上限より深い重み付きの木も育てる() -> None:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    n = 200
    x = [Features(("x",), (float(i),)) for i in range(n)]
    t = [i % 2 for i in range(n)]
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 50)  # いまの深さ + 50 段までしか再帰できない
    try:
        model = WeightedTreeClassifier[int](None, ClassWeight.BALANCED).fit(x, t)
        predicted = model.predict(x)
    finally:
        sys.setrecursionlimit(previous)
    assert model.tree is not None
    assert depth_of(model.tree) == n - 1
    assert predicted == t


DEEP = 1_200
"""保存する木の深さ（再帰の既定の上限 1,000 段より深い）。"""


def deep_pipeline(depth: int = DEEP) -> FittedPipeline:
    """深さの上限の無いパイプラインに、Age で 1 段ずつ切る深さ depth の木を入れる。"""
    fitted = fitted_example()
    tree: Tree[int] = Leaf(0)
    for level in range(depth):
        tree = Node(Split("Age", float(level), 0.5), Leaf(level % 2), tree)
    return FittedPipeline(fitted.age, fitted.embarked, fitted.dummies, tree, None, ClassWeight.NONE)


def test_再帰の上限より深い木も保存して読み込める(tmp_path: Path) -> None:
    deep = deep_pipeline()

    try:
        loaded: FittedPipeline | None = load_pipeline(save_pipeline(deep, tmp_path / "deep.json"))
    except RecursionError:  # pytest がトレースバックの 1,000 段を比べ続けないよう、外で失敗にする
        loaded = None
    assert loaded is not None, "保存か読み込みが再帰の上限に届きました"
    assert loaded == deep
    assert depth_of(loaded.tree) == DEEP
    assert loaded.predict(PASSENGERS) == deep.predict(PASSENGERS)


@pytest.mark.parametrize("class_weight", list(ClassWeight))
def test_保存するJSONは標準のjsonで書いたものと1バイトも変わらない(
    class_weight: ClassWeight,
) -> None:
    text = pipeline_to_json(fitted_example(class_weight))
    again = json.dumps(json.loads(text), ensure_ascii=False, indent=2, allow_nan=False) + "\n"

    assert text == again
    assert (
        pipeline_to_json(deep_pipeline(50))
        == json.dumps(json.loads(pipeline_to_json(deep_pipeline(50))), ensure_ascii=False, indent=2)
        + "\n"
    )


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=20,
)


# 乱数の例は 70。どの型にも出る端を固定する: 空の入れ物と入れ子、負のゼロ・最小と最大の float・
# 指数で書かれる float・64 ビットを超える整数、エスケープの要る文字と日本語、空のキー、真偽と 1。
@settings(max_examples=70, deadline=None)
@given(json_values)
@example([[], {}, [[[[]]]], {"": {"": []}}])
@example([-0.0, 5e-324, 1.7976931348623157e308, 1e16, 1e-7, -(2**100), 0])
@example({'"\\/\b\f\n\r\t\u0000\u001f': "é あ\u2028\U0001f600", "a": [True, 1, False, 0, None]})
@example("")
@example(-0.0)
def test_再帰しないJSONの読み書きは標準のjsonと同じ(value: object) -> None:
    pretty = json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False)
    compact = json.dumps(value, separators=(",", ":"))

    assert json_text(value) == pretty
    assert json_value(pretty) == json.loads(pretty)
    assert json_value(compact) == json.loads(compact)
    assert json_value(f" \n{compact}\t") == json.loads(compact)


@pytest.mark.parametrize(
    "text", ["", "{", "[1,]", '{"a" 1}', '{"a": 1,}', "[1 2]", "01", '"a', "tru", "[] []"]
)
def test_再帰しないJSONの読み込みは文法の誤りを標準のjsonと同じく断る(text: str) -> None:
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    with pytest.raises(json.JSONDecodeError):
        json_value(text)


def test_JSONの数と定数() -> None:
    assert json_value('[1, -0.5, 2e3, true, null, "\\u00e9"]') == [1, -0.5, 2000.0, True, None, "é"]
    assert json_value("1e400") == math.inf  # json.loads と同じ。Reader.number が有限でないと断る
    with pytest.raises(PipelineFormatError, match="有限でない数 NaN"):
        json_value("[NaN]")
