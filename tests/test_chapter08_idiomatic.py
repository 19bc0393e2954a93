# --8<-- [start:header]
"""第 8 章の学習用テスト: 自作の部品と、pandas と scikit-learn で書いた同じ実験を突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
import pytest
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.class_weight import compute_class_weight

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import Node, best_threshold
from getting_started_ml.chapter08 import (
    FEATURES,
    MAX_DEPTH,
    SURVIVED,
    ClassWeight,
    Evaluation,
    FittedPipeline,
    MostFrequentImputer,
    Pipeline,
    TableSplit,
    WeightedTreeClassifier,
    balanced_weights,
    split_survived,
)
from getting_started_ml.chapter08.idiomatic import (
    FrameSplit,
    build_pipeline,
    evaluate,
    load_survived,
    main,
    split_frame,
)

PASSENGER_ROWS = [
    ("1", "female", "30", "0", "0", "80", "C"),
    ("2", "female", "", "1", "0", "20", "S"),
    ("3", "female", "22", "0", "1", "9", ""),
    ("3", "female", "18", "0", "0", "8", "Q"),
    ("1", "male", "45", "0", "0", "60", "S"),
    ("2", "male", "", "0", "0", "13", "S"),
    ("3", "male", "25", "1", "0", "7", "S"),
    ("3", "male", "33", "0", "0", "8", ""),
]
SURVIVED_LABELS = [1, 1, 1, 1, 0, 0, 0, 0]


def frame_of(rows: Sequence[Sequence[str]]) -> pd.DataFrame:
    """文字列の行を、read_csv が読んだのと同じ型（数は数、空は欠損）の DataFrame にする。"""
    frame = pd.DataFrame(rows, columns=list(FEATURES)).replace("", np.nan)
    numbers = ["Pclass", "Age", "SibSp", "Parch", "Fare"]
    return frame.astype(dict.fromkeys(numbers, "float64")).astype({"Pclass": "int64"})


# 実データの準備は、使うテストが data マーカーを付け、モジュールで 1 回だけ行う。
@pytest.fixture(scope="module")
def ours() -> TableSplit:
    """自作の Table で読んで、本の位置で分けた Survived。"""
    return split_survived(Table.load(SURVIVED))


@pytest.fixture(scope="module")
def frames() -> FrameSplit:
    """pandas で読んで、本の位置で分けた Survived。"""
    return split_frame(load_survived())


@pytest.fixture(scope="module")
def plain(ours: TableSplit) -> FittedPipeline:
    """訓練データで学習した、重みなしの深さ 5 の自作のパイプライン（3 つのテストで使う）。"""
    return Pipeline.build(MAX_DEPTH, ClassWeight.NONE).fit(ours.x_train, ours.t_train)


# --8<-- [end:header]


# --8<-- [start:test-sklearn-weights]
def test_釣り合いの重みは_compute_class_weight_と同じ() -> None:
    labels = [0, 0, 0, 1, 1, 0, 0]
    theirs = compute_class_weight("balanced", classes=np.array([0, 1]), y=np.array(labels))

    # 同じ n / (クラスの数 · 件数) の割り算なので、許す誤差は 0
    assert balanced_weights([0, 1]) == [1.0, 1.0]
    assert balanced_weights(labels)[:4] == [theirs[0], theirs[0], theirs[0], theirs[1]]


def test_class_weight_balanced_の決定木は自作の重み付きの木と同じ予測() -> None:
    x = [Features(("Fare",), (fare,)) for fare in [1, 1, 1, 1, 2, 2, 2]]
    t = [0, 0, 0, 0, 0, 0, 1]
    theirs = DecisionTreeClassifier(max_depth=1, class_weight="balanced", random_state=0)
    theirs.fit(np.array([row.values for row in x]), t)
    ours = WeightedTreeClassifier[int](1, ClassWeight.BALANCED).fit(x, t)

    assert theirs.predict(np.array([[1.0], [2.0]])).tolist() == [0, 1]
    assert ours.predict(x) == theirs.predict(np.array([row.values for row in x])).tolist()


# --8<-- [end:test-sklearn-weights]


# --8<-- [start:test-sklearn-encoders]
def test_SimpleImputer_の最頻値は同数なら小さい値_自作は先に現れた値() -> None:
    values = [["Q"], ["C"], ["C"], ["Q"]]
    theirs = SimpleImputer(strategy="most_frequent").fit(np.array(values, dtype=object))
    ours = MostFrequentImputer("Embarked").fit(Table.of(["Embarked"], values))

    assert theirs.statistics_.tolist() == ["C"]
    assert ours.most_frequent == "Q"


def test_OneHotEncoder_は知らないカテゴリを警告してすべて0にする() -> None:
    encoder = OneHotEncoder(drop="first", handle_unknown="ignore", sparse_output=False)
    encoder.fit(np.array([["C"], ["Q"], ["S"]], dtype=object))

    with pytest.warns(UserWarning, match="unknown categories"):
        encoded = encoder.transform(np.array([["X"]], dtype=object))
    assert encoded.tolist() == [[0.0, 0.0]]
    assert encoder.get_feature_names_out(["Embarked"]).tolist() == ["Embarked_Q", "Embarked_S"]


def test_scikit_learn_の_Pipeline_は自作と同じ特徴量を作り同じ予測をする() -> None:
    x = frame_of(PASSENGER_ROWS)
    new = frame_of(
        [("2", "female", "", "0", "0", "12", ""), ("1", "male", "", "1", "1", "70", "C")]
    )
    theirs = build_pipeline(3, None).fit(x, SURVIVED_LABELS)
    ours = Pipeline.build(3, ClassWeight.NONE).fit(
        Table.of(FEATURES, PASSENGER_ROWS), SURVIVED_LABELS
    )
    table = Table.of(FEATURES, PASSENGER_ROWS)

    # 同じ値を同じ順に並べるだけなので、許す誤差は 0
    assert theirs[:-1].transform(x).tolist() == [list(row.values) for row in ours.features(table)]
    assert theirs[:-1].get_feature_names_out().tolist() == list(ours.features(table)[0].columns)
    assert theirs.predict(new).tolist() == [1, 0]


def test_性別が空欄の行は_scikit_learn_では警告して女性と同じ列になる() -> None:
    theirs = build_pipeline(3, None).fit(frame_of(PASSENGER_ROWS), SURVIVED_LABELS)
    blank_sex = frame_of([("3", "", "25", "0", "0", "8", "S")])

    with pytest.warns(UserWarning, match="unknown categories"):
        encoded = theirs[:-1].transform(blank_sex)
    assert encoded.tolist() == [[3.0, 25.0, 0.0, 0.0, 8.0, 0.0, 0.0, 1.0]]


# --8<-- [end:test-sklearn-encoders]


# --8<-- [start:test-sklearn-pandas-data]
@pytest.mark.data(SURVIVED)
def test_pandas_で読んで本の位置で分けると同じ行になる(
    ours: TableSplit, frames: FrameSplit
) -> None:
    assert frames.t_train.tolist() == ours.t_train
    assert frames.t_test.tolist() == ours.t_test
    assert frames.x_test["Fare"].tolist() == [float(row.text("Fare")) for row in ours.x_test.rows]


@pytest.mark.data(SURVIVED)
def test_実データでも前処理の結果は自作と同じ(
    ours: TableSplit, plain: FittedPipeline, frames: FrameSplit
) -> None:
    theirs = build_pipeline(MAX_DEPTH, None).fit(frames.x_train, frames.t_train)[:-1]

    # 同じ中央値・最頻値・列を学ぶので、許す誤差は 0
    for x_ours, x_theirs in [(ours.x_train, frames.x_train), (ours.x_test, frames.x_test)]:
        expected = [list(row.values) for row in plain.features(x_ours)]
        assert theirs.transform(x_theirs).tolist() == expected


@pytest.mark.data(SURVIVED)
def test_scikit_learn_の_Pipeline_の深さ5の評価(frames: FrameSplit) -> None:
    # BALANCED は自作と同じ木になり、4 つの数がすべて一致する（許す誤差 0）
    assert evaluate(frames, MAX_DEPTH, ClassWeight.BALANCED) == Evaluation(
        604 / 712, 144 / 179, 65, 79
    )
    # NONE はテストデータの 6 行で予測が食い違う（scikit-learn 1.9.1 での値。自作は 143/179）
    assert evaluate(frames, MAX_DEPTH, ClassWeight.NONE) == Evaluation(606 / 712, 141 / 179, 57, 79)


# --8<-- [end:test-sklearn-pandas-data]


# --8<-- [start:test-sklearn-data]
@pytest.mark.data(SURVIVED)
def test_random_state_を変えると重みなしの深さ5の食い違いが変わる(
    ours: TableSplit, plain: FittedPipeline
) -> None:
    x_train = np.array([row.values for row in plain.features(ours.x_train)])
    x_test = np.array([row.values for row in plain.features(ours.x_test)])
    predicted = np.array(plain.predict(ours.x_test))
    mismatches = []
    for seed in range(10):
        theirs = DecisionTreeClassifier(max_depth=MAX_DEPTH, random_state=seed)
        theirs.fit(x_train, ours.t_train)
        mismatches.append(int((theirs.predict(x_test) != predicted).sum()))

    # 列を調べる順が乱数で変わり、不純度が同じ候補のどれを選ぶかが変わる（scikit-learn 1.9.1）
    assert mismatches == [6, 2, 6, 6, 2, 6, 6, 6, 2, 6]


@pytest.mark.data(SURVIVED)
def test_重みなしの深さ5には不純度がまったく同じ2つの分割がある(
    ours: TableSplit, plain: FittedPipeline
) -> None:
    tree = plain.tree
    rows = list(zip(plain.features(ours.x_train), ours.t_train, strict=True))
    path = []
    for _ in range(3):  # 根から右へ 3 回進んだ節
        assert isinstance(tree, Node)
        split = tree.split
        path.append((split.feature, split.threshold))
        rows = [(x, t) for x, t in rows if x.value(split.feature) > split.threshold]
        tree = tree.right
    assert isinstance(tree, Node)
    fare = best_threshold("Fare", [x.value("Fare") for x, _ in rows], [t for _, t in rows])

    assert path == [
        ("Sex_male", 0.5),
        ("Age", 3.5),
        ("Pclass", 1.5),
    ]  # 3.5 歳を超える 2・3 等の男性
    assert (len(rows), tree.split.feature, tree.split.threshold) == (366, "Age", 9.5)
    assert fare is not None
    assert fare.impurity == tree.split.impurity == 0.2058730925043554  # 同点なので先の列 Age
    young = {i for i, (x, _) in enumerate(rows) if x.value("Age") <= 9.5}
    rich = {i for i, (x, _) in enumerate(rows) if x.value("Fare") > fare.threshold}
    survivors = {i for i, (_, t) in enumerate(rows) if t == 1}
    assert (len(young), len(young & survivors)) == (len(rich), len(rich & survivors)) == (11, 3)
    assert not young & rich  # 同じ大きさの組でも、入る乗客は別


def test_葉の同数は_scikit_learn_では小さいクラス_自作では先に現れたラベル() -> None:
    x = [Features(("a",), (0.0,)), Features(("a",), (0.0,))]
    theirs = DecisionTreeClassifier(max_depth=1, random_state=0).fit([[0.0], [0.0]], [1, 0])
    ours = WeightedTreeClassifier[int](1).fit(x, [1, 0])

    assert theirs.predict([[0.0]]).tolist() == [0]  # predict_proba の argmax は先頭のクラス
    assert ours.predict(x[:1]) == [1]


# --8<-- [end:test-sklearn-data]


@pytest.mark.data(SURVIVED)
def test_scikit_learn_版の出力は本文の出力と同じ(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main()  # 別のプロセスにせず、読み込み済みの pandas と scikit-learn をそのまま使う

    assert capsys.readouterr().out == golden("chapter08-idiomatic")
