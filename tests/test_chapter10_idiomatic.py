# --8<-- [start:header]
"""第 10 章「scikit-learn と pandas で書くと」のテスト。数ごとに許す誤差を書く。"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pandas as pd
import pytest
from support.chapter10 import iris_logistic, iris_split

from getting_started_ml.chapter02 import (
    TARGET,
    Table,
    column_means,
    split_features_and_target,
    split_train_test,
)
from getting_started_ml.chapter10.idiomatic import (
    FOREST,
    IrisData,
    importances,
    library_models,
    library_scores,
    load_iris_frame,
    main,
    split_and_fill,
    split_positions,
)

IRIS = "iris.csv"

# --8<-- [end:header]


# --8<-- [start:iris-data]
@cache
def iris_data() -> IrisData:
    return split_and_fill(load_iris_frame(), 0.3, 0)


# --8<-- [end:iris-data]


# --8<-- [start:test-positions]
def test_行の位置は第2章の分け方と同じ() -> None:
    x = list(range(150))

    train, test = split_positions(150, 0.3, 0)

    split = split_train_test(x, x, 0.3, 0)
    assert (train, test) == (split.x_train, split.x_test)
    assert train[:10] == [43, 76, 49, 85, 134, 122, 110, 130, 82, 78]
    assert test[:10] == [20, 137, 35, 64, 30, 111, 66, 39, 69, 62]


# --8<-- [end:test-positions]


# --8<-- [start:test-idiomatic-data]
@pytest.mark.data(IRIS)
def test_pandasの平均はKahanの平均と最後の桁だけ違いうる() -> None:
    table = Table.load(IRIS)
    columns, rows, labels = split_features_and_target(table, TARGET)
    ours = column_means(split_train_test(rows, labels, 0.3, 0).x_train, columns)
    train, _ = split_positions(150, 0.3, 0)

    theirs = load_iris_frame().drop(columns=TARGET).iloc[train].mean()

    # pandas は numpy の和（2 つずつ組にして足す）で、Kahan の和とは丸めが違う
    assert [float(theirs[c]) for c in columns] == pytest.approx(list(ours.values()), abs=1e-15)
    assert [float(theirs[c]) == ours[c] for c in columns] == [False, True, False, True]


@pytest.mark.data(IRIS)
def test_pandasで分けて埋めた表は本の分け方と同じ行になる() -> None:
    data, split = iris_data(), iris_split()

    assert list(data.t_train) == split.t_train
    assert list(data.t_test) == split.t_test
    for frame, rows in ((data.x_train, split.x_train), (data.x_test, split.x_test)):
        assert list(frame.columns) == list(rows[0].columns)
        for values, row in zip(frame.itertuples(index=False), rows, strict=True):
            assert list(values) == pytest.approx(list(row.values), abs=1e-15)


# --8<-- [end:test-idiomatic-data]


# --8<-- [start:test-idiomatic-scores]
@pytest.mark.data(IRIS)
def test_ライブラリのモデルの正解率() -> None:
    scores = library_scores(iris_data(), library_models())

    assert list(scores.index) == [
        "LogisticRegression()",
        "LogisticRegression(C=np.inf)",
        "RandomForestClassifier(100)",
    ]
    expected = [[94 / 105, 40 / 45], [96 / 105, 41 / 45], [105 / 105, 44 / 45]]
    assert scores.to_numpy().tolist() == [pytest.approx(row, abs=1e-12) for row in expected]


@pytest.mark.data(IRIS)
def test_正則化なしのLogisticRegressionは自作と同じ予測になる() -> None:
    data, split, own = iris_data(), iris_split(), iris_logistic()
    model = library_models()["LogisticRegression(C=np.inf)"].fit(data.x_train, data.t_train)

    assert list(model.predict(data.x_train)) == own.predict(split.x_train)
    assert list(model.predict(data.x_test)) == own.predict(split.x_test)


@pytest.mark.data(IRIS)
def test_RandomForestClassifierの重要度() -> None:
    data = iris_data()
    forest = library_models()[FOREST].fit(data.x_train, data.t_train)

    result = importances(forest, data)

    assert isinstance(result, pd.Series)
    assert list(result.index) == ["がく片長さ", "がく片幅", "花弁長さ", "花弁幅"]
    # scikit-learn 自身の乱数で行と列を引くので、版を固定したうえで表示の 4 桁で比べる
    assert result.tolist() == pytest.approx([0.1874, 0.0596, 0.1875, 0.5656], abs=5e-5)
    assert result.sum() == pytest.approx(1.0, abs=1e-12)


# --8<-- [end:test-idiomatic-scores]


def test_空の表や正解の列の無い表は分けられない() -> None:
    with pytest.raises(ValueError, match="行が 1 つもない"):
        split_and_fill(pd.DataFrame({TARGET: []}), 0.3, 0)
    with pytest.raises(ValueError, match=f"列 {TARGET} がありません"):
        split_and_fill(pd.DataFrame({"a": [1.0, 2.0]}), 0.3, 0)


@pytest.mark.data(IRIS)
def test_書き方を変えたコマンドの出力(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    # 別のプロセスで動かすと pandas と scikit-learn の読み込みだけで時間がかかるので、ここで呼ぶ
    main()

    assert capsys.readouterr().out == golden("chapter10-idiomatic")
