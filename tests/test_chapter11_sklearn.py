# --8<-- [start:header]
"""第 11 章の学習用テスト: 自作の評価指標・ROC・K 分割・交差検証を scikit-learn と突き合わせる。

scikit-learn は答え合わせの相手で、本体のコードは scikit-learn を使わない。
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import KFold
from sklearn.model_selection import cross_validate as sklearn_cross_validate
from sklearn.tree import DecisionTreeClassifier

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
    accuracy,
    auc,
    confusion_matrix,
    cross_validate,
    f1_score,
    k_fold,
    k_fold_sequential,
    linear_trainer,
    mean_squared_error,
    plain_mean,
    precision,
    recall,
    roc_curve,
    survived_metrics,
    tree_trainer,
)

ACTUAL = ["1", "1", "1", "0", "0", "0", "1", "0"]
PREDICTED = ["1", "0", "1", "1", "0", "0", "0", "0"]

# --8<-- [end:header]


# --8<-- [start:test-sklearn-confusion-matrix]
def test_scikit_learnの混同行列は負例が先で行が正解() -> None:
    cm = confusion_matrix(ACTUAL, PREDICTED, "1")
    assert cm == ConfusionMatrix(tp=2, fp=1, fn=2, tn=3)
    # labels=[負例, 正例] の順なら [[tn, fp], [fn, tp]]。自作の (tp, fp, fn, tn) とは並びが逆。
    theirs = skm.confusion_matrix(ACTUAL, PREDICTED, labels=["0", "1"])
    assert theirs.tolist() == [[cm.tn, cm.fp], [cm.fn, cm.tp]]
    # labels の順を逆にすると、行も列も入れ替わる。
    swapped = skm.confusion_matrix(ACTUAL, PREDICTED, labels=["1", "0"])
    assert swapped.tolist() == [[cm.tp, cm.fn], [cm.fp, cm.tn]]


# --8<-- [end:test-sklearn-confusion-matrix]


# --8<-- [start:test-sklearn-scores]
def test_適合率と再現率とF値はscikit_learnと一致する() -> None:
    cm = confusion_matrix(ACTUAL, PREDICTED, "1")
    # 計算の順序がわずかに違う（F 値は 2tp / (2tp + fp + fn)）ので、相対 1e-12 で比べる。
    assert skm.precision_score(ACTUAL, PREDICTED, pos_label="1") == pytest.approx(
        precision(cm), rel=1e-12
    )
    assert skm.recall_score(ACTUAL, PREDICTED, pos_label="1") == pytest.approx(
        recall(cm), rel=1e-12
    )
    assert skm.f1_score(ACTUAL, PREDICTED, pos_label="1") == pytest.approx(f1_score(cm), rel=1e-12)
    assert skm.accuracy_score(ACTUAL, PREDICTED) == accuracy(ACTUAL, PREDICTED)


def test_分母が0のときscikit_learnは警告して0を返す() -> None:
    actual = ["1", "1", "0"]
    never_positive = ["0", "0", "0"]
    # 既定の zero_division="warn" は 0.0 を返すが、UndefinedMetricWarning を出す。
    # pytest の設定（filterwarnings = error）では警告は失敗になるので、ここで受け止める。
    with pytest.warns(UndefinedMetricWarning, match="ill-defined"):
        assert skm.precision_score(actual, never_positive, pos_label="1") == 0.0
    # zero_division=0.0 を明示すれば警告は出ず、自作の ratio と同じ 0.0 になる。
    theirs = skm.precision_score(actual, never_positive, pos_label="1", zero_division=0.0)
    assert theirs == precision(confusion_matrix(actual, never_positive, "1")) == 0.0


def test_scikit_learnの指標はfloat32ではなくPythonのfloatで返る() -> None:
    # 分類の指標も回帰の指標も、戻り値は Python の float（64 ビット）。
    scores = [
        skm.accuracy_score(ACTUAL, PREDICTED),
        skm.precision_score(ACTUAL, PREDICTED, pos_label="1"),
        skm.recall_score(ACTUAL, PREDICTED, pos_label="1"),
        skm.f1_score(ACTUAL, PREDICTED, pos_label="1"),
        skm.roc_auc_score([1, 0, 1], [0.2, 0.3, 0.9]),
        skm.mean_squared_error([1.0, 2.0], [1.5, 2.5]),
    ]
    assert [type(score) for score in scores] == [float] * 6


def test_float32の入力では回帰の指標の精度がfloat32に落ちる() -> None:
    actual = [0.1, 0.7]
    predicted = [0.2, 0.3]
    ours = mean_squared_error(actual, predicted)
    as_float32 = skm.mean_squared_error(
        np.array(actual, dtype=np.float32), np.array(predicted, dtype=np.float32)
    )
    # 型は float のままだが、値は float32 の精度（有効数字 7 桁ほど）しかない。
    assert type(as_float32) is float
    assert as_float32 != ours
    assert as_float32 == pytest.approx(ours, rel=1e-6)
    assert skm.mean_squared_error(actual, predicted) == pytest.approx(ours, rel=1e-15)


# --8<-- [end:test-sklearn-scores]


# --8<-- [start:test-sklearn-roc]
def test_scikit_learnのroc_curveは原点を無限大のしきい値で始める() -> None:
    _, _, thresholds = skm.roc_curve([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1])
    assert thresholds[0] == math.inf
    assert roc_curve([0.9, 0.8, 0.2, 0.1], [True, True, False, False])[0].threshold == math.inf


def test_scikit_learnは一直線上の点を省くので点の数ではなくAUCを比べる() -> None:
    scores = [0.9, 0.8, 0.7, 0.1]
    labels = [True, True, True, False]
    ours = roc_curve(scores, labels)
    fpr, tpr, thresholds = skm.roc_curve(labels, scores)
    _, _, all_thresholds = skm.roc_curve(labels, scores, drop_intermediate=False)
    # 自作はしきい値ごとに 1 点。drop_intermediate=False の scikit-learn も同じ点を返す。
    assert (
        [point.threshold for point in ours]
        == all_thresholds.tolist()
        == [math.inf, 0.9, 0.8, 0.7, 0.1]
    )
    # 既定では、縦の線分の途中にある 0.8 の点が省かれる。面積は変わらない。
    assert thresholds.tolist() == [math.inf, 0.9, 0.7, 0.1]
    assert auc(ours) == float(np.trapezoid(tpr, fpr)) == 1.0


@pytest.mark.parametrize(
    ("scores", "labels", "expected"),
    [
        ([0.5, 0.5, 0.5, 0.5], [True, True, False, False], 0.5),
        ([0.1, 0.4, 0.35, 0.8], [False, False, True, True], 0.75),
        ([0.5, 0.5, 0.2, 0.9, 0.5], [True, False, False, True, True], 5 / 6),
    ],
)
def test_同点のスコアがあってもAUCはroc_auc_scoreと一致する(
    scores: list[float], labels: list[bool], expected: float
) -> None:
    ours = auc(roc_curve(scores, labels))
    # 台形の足し方の順序が違うだけなので、相対 1e-12 で比べる。
    assert ours == pytest.approx(skm.roc_auc_score(labels, scores), rel=1e-12)
    assert ours == pytest.approx(expected, rel=1e-12)


# --8<-- [end:test-sklearn-roc]


# --8<-- [start:test-sklearn-kfold]
@pytest.mark.parametrize(("n_samples", "n_splits"), [(10, 3), (7, 2), (11, 4), (100, 5), (891, 5)])
def test_KFoldも余りを先頭の分割から配る(n_samples: int, n_splits: int) -> None:
    theirs = [test.tolist() for _, test in KFold(n_splits=n_splits).split(range(n_samples))]
    # 並べ替えない KFold は、並べ替えない自作の分割と位置まで一致する。
    assert theirs == [fold.test for fold in k_fold_sequential(n_samples, n_splits)]
    # 並べ替える自作の分割とは、件数だけが一致する。
    assert [len(test) for test in theirs] == [
        len(fold.test) for fold in k_fold(n_samples, n_splits, 0)
    ]


def test_KFoldの並べ替えは別の乱数なので自作の分割を渡す() -> None:
    theirs = [
        test.tolist()
        for _, test in KFold(n_splits=3, shuffle=True, random_state=0).split(range(10))
    ]
    assert theirs != [fold.test for fold in k_fold(10, 3, 0)]


# --8<-- [end:test-sklearn-kfold]


# --8<-- [start:test-property]
binary_labels = st.sampled_from(["0", "1"])
label_pairs = st.lists(st.tuples(binary_labels, binary_labels), min_size=1, max_size=40)


@settings(max_examples=30)
@given(label_pairs)
@example([("0", "0")])  # 正例が無い（適合率も再現率も 0 で割る）
@example([("1", "1")])
@example([("0", "1"), ("1", "0")])  # 真陽性が無い（F 値の分母の p + r が 0）
@example([("0", "0"), ("0", "1"), ("1", "0"), ("1", "1"), ("1", "1")])
def test_2値の指標はどんなラベルの並びでもscikit_learnと一致する(
    pairs: list[tuple[str, str]],
) -> None:
    actual = [truth for truth, _ in pairs]
    predicted = [guess for _, guess in pairs]
    cm = confusion_matrix(actual, predicted, "1")
    options = {"pos_label": "1", "zero_division": 0.0}
    # 正解率は同じ割り算なのでビットまで一致する。F 値は式の形が違う（自作は 2pr / (p + r)、
    # scikit-learn は 2tp / (2tp + fp + fn)）ので末尾の桁がずれうる。3 つとも相対 1e-12 で比べる。
    assert accuracy(actual, predicted) == skm.accuracy_score(actual, predicted)
    assert precision(cm) == pytest.approx(
        skm.precision_score(actual, predicted, **options), rel=1e-12
    )
    assert recall(cm) == pytest.approx(skm.recall_score(actual, predicted, **options), rel=1e-12)
    assert f1_score(cm) == pytest.approx(skm.f1_score(actual, predicted, **options), rel=1e-12)


@settings(max_examples=30)
@given(st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from("abc")), min_size=1, max_size=40))
@example([("b", "c")])  # 正例 "a" がどちらにも無い
@example([("a", "a")])
@example([(truth, guess) for truth in "abc" for guess in "abc"])  # 9 通りの組すべて
def test_3値でも正例以外を負例とみなせばscikit_learnの1対他と一致する(
    pairs: list[tuple[str, str]],
) -> None:
    actual = [truth for truth, _ in pairs]
    predicted = [guess for _, guess in pairs]
    cm = confusion_matrix(actual, predicted, "a")
    # labels=["a"] と average="micro" で、"a" を正例、"b" と "c" をまとめて負例にした値になる。
    # 割り算は同じ形なので、丸めの違いは出ない見込みだが、上と同じ相対 1e-12 で比べる。
    options = {"labels": ["a"], "average": "micro", "zero_division": 0.0}
    assert precision(cm) == pytest.approx(
        skm.precision_score(actual, predicted, **options), rel=1e-12
    )
    assert recall(cm) == pytest.approx(skm.recall_score(actual, predicted, **options), rel=1e-12)


values = st.floats(min_value=-1e6, max_value=1e6)


@given(st.lists(st.tuples(values, values), min_size=1, max_size=40))
def test_平均二乗誤差はどんな数の並びでもscikit_learnと一致する(
    pairs: list[tuple[float, float]],
) -> None:
    actual = [truth for truth, _ in pairs]
    predicted = [guess for _, guess in pairs]
    # 自作は Kahan の和、scikit-learn は numpy の和（ペアごとの和）なので、足し方の違う分だけ
    # 末尾の桁がずれうる。相対 1e-12 と、誤差がすべて 0 に近いとき用の絶対 1e-9 で比べる。
    theirs = skm.mean_squared_error(actual, predicted)
    assert mean_squared_error(actual, predicted) == pytest.approx(theirs, rel=1e-12, abs=1e-9)


# --8<-- [end:test-property]


# 実データ（survived・cinema）は tests/conftest.py のフィクスチャで 1 回だけ読む。


# --8<-- [start:helpers]
def as_matrix(data: LabeledData[str] | LabeledData[float]) -> np.ndarray:
    return np.array([row.values for row in data.x])


def as_cv(folds: Sequence[Fold]) -> list[tuple[list[int], list[int]]]:
    """自作の分け方を、scikit-learn の cv に渡せる (訓練, テスト) の組にする。"""
    return [(fold.train, fold.test) for fold in folds]


# --8<-- [end:helpers]


# --8<-- [start:test-sklearn-cross-validate]
@pytest.mark.data("Survived.csv")
def test_自作の分け方を渡せばDecisionTreeClassifierと分割ごとに一致する(
    survived: LabeledData[str],
) -> None:
    folds = k_fold(len(survived.x), N_SPLITS, SEED)
    positive = {"pos_label": SURVIVED_POSITIVE, "zero_division": 0.0}
    theirs = sklearn_cross_validate(
        DecisionTreeClassifier(max_depth=TREE_DEPTH, random_state=0),
        as_matrix(survived),
        np.array(survived.t),
        cv=as_cv(folds),
        scoring={
            "正解率": "accuracy",
            "適合率": skm.make_scorer(skm.precision_score, **positive),
            "再現率": skm.make_scorer(skm.recall_score, **positive),
            "F値": skm.make_scorer(skm.f1_score, **positive),
        },
    )
    trainer = tree_trainer(SURVIVED_FEATURES, TREE_DEPTH)
    for name, metric in survived_metrics():
        ours = list(cross_validate(trainer, survived.x, survived.t, folds, metric))
        # 同じ行で同じ木ができるので、違いは F 値の式の順序による丸めだけ（相対 1e-12）。
        assert ours == pytest.approx(theirs[f"test_{name}"].tolist(), rel=1e-12), name
    accuracies = theirs["test_正解率"].tolist()
    assert plain_mean(accuracies) == 0.7811185738497268


@pytest.mark.data("cinema.csv")
def test_自作の分け方を渡せばLinearRegressionと分割ごとに一致する(
    cinema: LabeledData[float],
) -> None:
    folds = k_fold(len(cinema.x), N_SPLITS, SEED)
    theirs = sklearn_cross_validate(
        LinearRegression(),
        as_matrix(cinema),
        np.array(cinema.t),
        cv=as_cv(folds),
        scoring=["neg_root_mean_squared_error", "neg_mean_absolute_error"],
    )
    trainer = linear_trainer(CINEMA_FEATURES)
    rmse = list(cross_validate(trainer, cinema.x, cinema.t, folds, root_mean_squared_error))
    mae = list(cross_validate(trainer, cinema.x, cinema.t, folds, mean_absolute_error))
    # 自作はガウスの消去法、scikit-learn は最小二乗法の別の解き方なので、係数が末尾の桁で
    # ずれる。分割ごとの誤差は相対 1e-9 の範囲で一致する。scikit-learn の値は符号が逆。
    assert rmse == pytest.approx((-theirs["test_neg_root_mean_squared_error"]).tolist(), rel=1e-9)
    assert mae == pytest.approx((-theirs["test_neg_mean_absolute_error"]).tolist(), rel=1e-9)


# --8<-- [end:test-sklearn-cross-validate]
