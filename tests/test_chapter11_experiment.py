# --8<-- [start:header]
"""第 11 章: 実データでの交差検証のテスト（前処理・モデルの包み方・評価・表示）。"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import pytest
from conftest import Completed, RunWithoutData

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter03 import Node, build_tree
from getting_started_ml.chapter07 import mean_absolute_error, root_mean_squared_error
from getting_started_ml.chapter11 import (
    CINEMA_FEATURES,
    N_SPLITS,
    SEED,
    SURVIVED_FEATURES,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    ConfusionMatrix,
    Fold,
    LabeledData,
    Predictor,
    cinema_metrics,
    confusion_matrix,
    cross_validate,
    evaluate,
    k_fold,
    linear_trainer,
    mean_squared_error,
    plain_mean,
    prepare_survived,
    prepare_whole_cinema,
    survived_metrics,
    tree_trainer,
)

RunModule = Callable[..., Completed]

SURVIVED_HEADER = "PassengerId,Survived,Pclass,Sex,Age"
CINEMA_HEADER = "cinema_id,SNS1,SNS2,actor,original,sales"

# --8<-- [end:header]


def features(columns: Sequence[str], *rows: Sequence[float]) -> list[Features]:
    return [Features(tuple(columns), tuple(row)) for row in rows]


# 前処理（小さな作りものの表で）


def test_Survivedは3列の特徴量と文字列の正解になる() -> None:
    table = Table.parse(f"{SURVIVED_HEADER}\n1,0,3,male,22\n2,1,1,female,38\n3,1,3,female,\n")
    data = prepare_survived(table)
    assert data.x[0] == Features(("Pclass", "Age", "male"), (3.0, 22.0, 1.0))
    assert data.x[1] == Features(("Pclass", "Age", "male"), (1.0, 38.0, 0.0))
    assert data.t == ["0", "1", "1"]


def test_Survivedの年齢の欠損は全行の平均で埋める() -> None:
    table = Table.parse(f"{SURVIVED_HEADER}\n1,0,3,male,20\n2,1,1,female,\n3,1,2,female,41\n")
    assert prepare_survived(table).x[1].value("Age") == 30.5


def test_Survivedの性別はmaleだけが1() -> None:
    table = Table.parse(f"{SURVIVED_HEADER}\n1,0,3,male,1\n2,1,1,female,2\n3,1,2,,3\n")
    assert [row.value("male") for row in prepare_survived(table).x] == [1.0, 0.0, 0.0]


def test_Survivedの客室等級が欠損していれば失敗する() -> None:
    table = Table.parse(f"{SURVIVED_HEADER}\n1,0,,male,22\n")
    with pytest.raises(ValueError, match="Pclass"):
        prepare_survived(table)


def test_cinemaは外れ値も除かず欠損を全行の平均で埋める() -> None:
    # 2 行目は第 7 章なら外れ値（SNS2 が 1000 を超え、sales が 8500 未満）として除かれる行。
    table = Table.parse(
        f"{CINEMA_HEADER}\n1,100,200,,40,9000\n2,,2000,3000,50,1000\n3,300,400,5000,60,9500\n"
    )
    data = prepare_whole_cinema(table)
    assert len(data.x) == 3
    assert data.x[0] == Features(CINEMA_FEATURES, (100.0, 200.0, 4000.0, 40.0))
    assert data.x[1] == Features(CINEMA_FEATURES, (200.0, 2000.0, 3000.0, 50.0))
    assert data.t == [9000.0, 1000.0, 9500.0]


def test_行のない表は評価できない() -> None:
    with pytest.raises(ValueError, match="行が 1 つもない"):
        prepare_survived(Table.parse(SURVIVED_HEADER))
    with pytest.raises(ValueError, match="行が 1 つもない"):
        prepare_whole_cinema(Table.parse(CINEMA_HEADER))


def test_特徴量と正解の件数がそろわないデータは作れない() -> None:
    with pytest.raises(ValueError, match=r"特徴量 1 件、正解 2 件"):
        LabeledData(features(["a"], [1.0]), ["0", "1"])


# モデルの包み方


def test_決定木の学習関数は第3章の木で予測する() -> None:
    x = features(["a"], [1.0], [2.0], [3.0], [4.0])
    t = ["n", "n", "y", "y"]
    predict = tree_trainer(["a"], 1)(x, t)
    assert predict(features(["a"], [0.0], [2.4], [2.6], [9.0])) == ["n", "n", "y", "y"]


def test_線形回帰の学習関数は第7章の回帰で予測する() -> None:
    x = features(["a", "b"], [1.0, 0.0], [2.0, 1.0], [3.0, 5.0], [4.0, 2.0], [5.0, 3.0])
    t = [2 * row.value("a") - row.value("b") + 1 for row in x]
    predict = linear_trainer(["a", "b"])(x, t)
    assert predict(features(["a", "b"], [10.0, 4.0])) == pytest.approx([17.0], rel=1e-9)


def test_回帰も分類と同じ交差検証で採点できる() -> None:
    x = features(["a"], *([float(value)] for value in range(1, 13)))
    t = [2.0 * row.value("a") + 1.0 for row in x]
    scores = list(cross_validate(linear_trainer(["a"]), x, t, k_fold(12, 3, 0), mean_squared_error))
    assert len(scores) == 3
    assert all(score < 1e-20 for score in scores)


# 評価


def test_指標は表示する順に並ぶ() -> None:
    assert [name for name, _ in survived_metrics()] == ["正解率", "適合率", "再現率", "F値"]
    assert [name for name, _ in cinema_metrics()] == ["RMSE", "MAE"]


def test_cinemaの指標は第7章の関数そのもの() -> None:
    assert [metric for _, metric in cinema_metrics()] == [
        root_mean_squared_error,
        mean_absolute_error,
    ]


def test_Survivedの指標は生存を正例にする() -> None:
    actual = ["1", "1", "0", "0"]
    predicted = ["1", "0", "1", "1"]
    scores = {name: metric(actual, predicted) for name, metric in survived_metrics()}
    assert scores == pytest.approx({"正解率": 0.25, "適合率": 1 / 3, "再現率": 0.5, "F値": 0.4})


def constant_trainer(x: Sequence[Features], t: Sequence[str]) -> Predictor[Features, str]:
    """いつも "1" と予測するモデル。"""
    return lambda rows: ["1" for _ in rows]


def test_評価は同じ分け方で指標ごとに分割の平均を求める() -> None:
    x = features(["a"], *([float(value)] for value in range(10)))
    t = ["1", "0", "1", "1", "0", "0", "1", "0", "1", "1"]
    folds = k_fold(10, N_SPLITS, SEED)
    per_fold = [
        sum(1 for position in fold.test if t[position] == "1") / len(fold.test) for fold in folds
    ]
    results = evaluate(constant_trainer, LabeledData(x, t), survived_metrics())
    assert [name for name, _ in results] == ["正解率", "適合率", "再現率", "F値"]
    expected = plain_mean(per_fold)
    assert [value for _, value in results[:3]] == pytest.approx([expected, expected, 1.0])


def test_分割の数と種を変えるとその分け方で評価する() -> None:
    x = features(["a"], *([float(value)] for value in range(11)))
    t = ["1", "0", "1", "1", "0", "0", "1", "0", "1", "1", "0"]
    folds = k_fold(11, 3, 7)
    per_fold = [
        sum(1 for position in fold.test if t[position] == "1") / len(fold.test) for fold in folds
    ]
    results = evaluate(
        constant_trainer, LabeledData(x, t), survived_metrics()[:1], n_splits=3, seed=7
    )
    assert results == [("正解率", plain_mean(per_fold))]
    assert results != evaluate(constant_trainer, LabeledData(x, t), survived_metrics()[:1])


def test_平均は左から順に足して割る() -> None:
    assert plain_mean([1.0, 2.0, 4.0]) == 7 / 3
    # 0.1 を 10 回そのまま足すと 1.0 にならない。Java の単純な足し算と同じ結果になる。
    assert plain_mean([0.1] * 10) == 0.9999999999999999 / 10


def test_章の定数() -> None:
    assert (N_SPLITS, SEED, TREE_DEPTH, SURVIVED_POSITIVE) == (5, 0, 2, "1")
    assert SURVIVED_FEATURES == ("Pclass", "Age", "male")
    assert CINEMA_FEATURES == ("SNS1", "SNS2", "actor", "original")


# 実データ（survived・cinema）は tests/conftest.py のフィクスチャで 1 回だけ読む。


@pytest.fixture(scope="module")
def survived_folds() -> list[Fold]:
    return k_fold(891, N_SPLITS, SEED)


@pytest.fixture(scope="module")
def survived_predictions(
    survived: LabeledData[str], survived_folds: list[Fold]
) -> list[tuple[list[str], list[Hashable]]]:
    """分割ごとの（正解, 予測）。木は分割ごとに 1 回だけ育てる。"""
    trainer = tree_trainer(SURVIVED_FEATURES, TREE_DEPTH)
    results = []
    for fold in survived_folds:
        predict = trainer([survived.x[i] for i in fold.train], [survived.t[i] for i in fold.train])
        actual = [survived.t[i] for i in fold.test]
        results.append((actual, list(predict([survived.x[i] for i in fold.test]))))
    return results


@pytest.mark.data("Survived.csv")
def test_Survivedは891行3列で年齢の欠損は全行の平均(survived: LabeledData[str]) -> None:
    table = Table.load("Survived.csv")
    assert len(survived.x) == 891
    assert {row.columns for row in survived.x} == {SURVIVED_FEATURES}
    blank = [i for i, row in enumerate(table.rows) if row.is_missing("Age")]
    assert len(blank) == 177
    assert {survived.x[i].value("Age") for i in blank} == {29.69911764705882}
    assert survived.t.count("1") == 342
    assert survived.t.count("0") == 549


@pytest.mark.data("Survived.csv")
def test_Survivedの分割ごとの混同行列(
    survived_predictions: list[tuple[list[str], list[Hashable]]],
) -> None:
    matrices = [
        confusion_matrix(actual, predicted, SURVIVED_POSITIVE)
        for actual, predicted in survived_predictions
    ]
    assert matrices == [
        ConfusionMatrix(51, 19, 16, 93),
        ConfusionMatrix(42, 21, 20, 95),
        ConfusionMatrix(50, 18, 21, 89),
        ConfusionMatrix(31, 6, 33, 108),
        ConfusionMatrix(41, 4, 37, 96),
    ]


@pytest.mark.data("Survived.csv")
def test_Survivedの深さ2の木はどの分割でも性別で分かれる(
    survived: LabeledData[str], survived_folds: list[Fold]
) -> None:
    male_thresholds = []
    for fold in survived_folds:
        x = [survived.x[i] for i in fold.train]
        tree = build_tree(x, [survived.t[i] for i in fold.train], SURVIVED_FEATURES, TREE_DEPTH)
        assert isinstance(tree, Node)
        assert (tree.split.feature, tree.split.threshold) == ("male", 0.5)
        assert isinstance(tree.left, Node)
        assert (tree.left.split.feature, tree.left.split.threshold) == ("Pclass", 2.5)
        assert isinstance(tree.right, Node)
        assert tree.right.split.feature == "Age"
        male_thresholds.append(tree.right.split.threshold)
    assert male_thresholds == [13.0, 13.0, 6.5, 13.0, 3.5]


@pytest.mark.data("Survived.csv")
def test_Survivedの交差検証の平均(survived: LabeledData[str]) -> None:
    results = evaluate(tree_trainer(SURVIVED_FEATURES, TREE_DEPTH), survived, survived_metrics())
    assert [name for name, _ in results] == ["正解率", "適合率", "再現率", "F値"]
    # 正解率は 5 つの値を左から順に足した平均で、ビットまで一致する（Kahan なら …269）。
    assert results[0][1] == 0.7811185738497268
    assert [value for _, value in results[1:]] == pytest.approx(
        [0.7758962323668206, 0.6305709524886315, 0.6832956121364381], rel=1e-12
    )


@pytest.mark.data("cinema.csv")
def test_cinemaは全100行で欠損を全行の平均で埋める(cinema: LabeledData[float]) -> None:
    table = Table.load("cinema.csv")
    assert len(cinema.x) == 100
    sns1_blank = next(i for i, row in enumerate(table.rows) if row.is_missing("SNS1"))
    actor_blank = next(i for i, row in enumerate(table.rows) if row.is_missing("actor"))
    assert cinema.x[sns1_blank].value("SNS1") == 370.73737373737373
    # Kahan の和で求めた平均。素朴な和では …894 になる。
    assert cinema.x[actor_blank].value("actor") == 9817.539305989898


@pytest.mark.data("cinema.csv")
def test_cinemaの分割ごとのRMSEとMAEと平均(cinema: LabeledData[float]) -> None:
    folds = k_fold(100, N_SPLITS, SEED)
    assert [len(fold.test) for fold in folds] == [20] * 5
    trainer = linear_trainer(CINEMA_FEATURES)
    rmse = list(cross_validate(trainer, cinema.x, cinema.t, folds, root_mean_squared_error))
    mae = list(cross_validate(trainer, cinema.x, cinema.t, folds, mean_absolute_error))
    # 表の値は小数 2 桁に丸めてあるので、0.005 の幅で比べる。
    assert rmse == pytest.approx([397.07, 372.91, 435.30, 397.02, 426.53], abs=0.005)
    assert mae == pytest.approx([321.90, 334.25, 345.63, 276.23, 329.64], abs=0.005)
    # 平均の末尾の桁は連立方程式の解き方で変わるので、相対 1e-11 で比べる。
    assert plain_mean(rmse) == pytest.approx(405.765064078838, rel=1e-11)
    assert plain_mean(mae) == pytest.approx(321.530726288347, rel=1e-11)


@pytest.mark.data("Survived.csv", "cinema.csv")
def test_章のコマンドの出力(run_module: RunModule, golden: Callable[[str], str]) -> None:
    assert run_module("getting_started_ml.chapter11").stdout == golden("chapter11")


def test_データが無ければ1行の説明で終わる(run_module_without_data: RunWithoutData) -> None:
    completed = run_module_without_data("getting_started_ml.chapter11")

    assert (completed.returncode, completed.stdout) == (1, "")
    assert "Survived.csv" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_空の平均は0で割らずに失敗する() -> None:
    with pytest.raises(ValueError, match="0 件"):
        plain_mean([])


def test_正と負の無限大の平均はNaNにせず失敗する() -> None:
    with pytest.raises(ValueError, match="inf"):
        plain_mean([math.inf, -math.inf])
