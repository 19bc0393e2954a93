# --8<-- [start:header]
"""第 10 章の学習用テスト: 自作のモデルを scikit-learn と scipy に突き合わせる。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import softmax as scipy_softmax
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression as SkLogisticRegression
from sklearn.metrics import log_loss
from sklearn.tree import DecisionTreeClassifier
from support.chapter10 import SETOSA, VIRGINICA, columns_of, iris_logistic, iris_split

from getting_started_ml.chapter03 import NotFittedError, build_tree, predict_one
from getting_started_ml.chapter10 import (
    LibraryClassifier,
    Predictions,
    Score,
    as_matrix,
    cross_entropy,
    fit_and_predict,
    softmax,
    tree_importances,
)

IRIS = "iris.csv"

# --8<-- [end:header]


# --8<-- [start:test-sklearn-softmax]
@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-700, 700), min_size=1, max_size=6))
def test_学習用_softmaxはscipyと一致する(z: list[float]) -> None:
    # 同じ式（最大値を引いて exp、和で割る）。違いうるのは exp と和の最後の数ビットだけ
    assert softmax(z) == pytest.approx(list(scipy_softmax(z)), rel=1e-12, abs=1e-300)


def test_学習用_交差エントロピーはlog_lossとほぼ一致する() -> None:
    probabilities = [[0.7, 0.2, 0.1], [0.1, 0.6, 0.3], [0.25, 0.25, 0.5]]
    targets = [0, 1, 2]

    theirs = log_loss(targets, probabilities, labels=[0, 1, 2])

    # log(0) よけの 1e-12 の分（確率 0.5 前後なら 2e-12 ほど）だけ自作のほうが小さい
    assert cross_entropy(probabilities, targets) == pytest.approx(theirs, abs=1e-11)
    assert cross_entropy(probabilities, targets) < theirs


# --8<-- [end:test-sklearn-softmax]


# --8<-- [start:test-sklearn-logistic]
@pytest.mark.data(IRIS)
def test_学習用_正則化なしのLogisticRegressionと予測がすべて一致する() -> None:
    split = iris_split()
    own = iris_logistic()
    library = LibraryClassifier(SkLogisticRegression(C=np.inf, max_iter=10_000))

    assert fit_and_predict(library, split) == Predictions(
        own.predict(split.x_train), own.predict(split.x_test)
    )
    score = Score.evaluate(library, split)
    assert (score.train, score.test) == pytest.approx((96 / 105, 41 / 45), abs=1e-12)


@pytest.mark.data(IRIS)
def test_学習用_scikit_learnは最後まで解くので損失は自作の5000回より小さい() -> None:
    split = iris_split()
    own = iris_logistic()
    library = SkLogisticRegression(C=np.inf, max_iter=10_000)
    x = as_matrix(split.x_train, split.x_train[0].columns)

    library.fit(x, split.t_train)

    assert list(library.classes_) == list(own.classes)  # どちらもクラスを名前の順に並べる
    theirs = log_loss(split.t_train, library.predict_proba(x), labels=library.classes_)
    assert theirs < own.losses[-1] < own.losses[999]


@pytest.mark.data(IRIS)
def test_学習用_既定のLogisticRegressionは正則化するので正解率が下がる() -> None:
    split = iris_split()

    score = Score.evaluate(LibraryClassifier(SkLogisticRegression()), split)

    assert (score.train, score.test) == pytest.approx((94 / 105, 40 / 45), abs=1e-12)


# --8<-- [end:test-sklearn-logistic]


# --8<-- [start:test-sklearn-forest]
@pytest.mark.data(IRIS)
def test_学習用_RandomForestClassifierとは正解率だけを比べる() -> None:
    split = iris_split()
    library = LibraryClassifier(RandomForestClassifier(n_estimators=100, random_state=0))

    score = Score.evaluate(library, split)

    # 行の引き方（numpy の乱数）も列の選び方（分割ごと）も違うので、予測は比べない
    assert (score.train, score.test) == pytest.approx((105 / 105, 44 / 45), abs=1e-12)


@pytest.mark.data(IRIS)
def test_学習用_深さ2の木の重要度はDecisionTreeClassifierと一致する() -> None:
    split = iris_split()
    columns = split.x_train[0].columns
    own = build_tree(split.x_train, split.t_train, columns, 2)
    library = DecisionTreeClassifier(max_depth=2, random_state=0)

    library.fit(as_matrix(split.x_train, columns), split.t_train)

    assert list(tree_importances(own, split.x_train, split.t_train).values()) == [0, 0, 0, 1]
    assert list(library.feature_importances_) == [0, 0, 0, 1]


@pytest.mark.data(IRIS)
def test_学習用_制限なしの木は予測が同じでも同点の分割で重要度が変わる() -> None:
    split = iris_split()
    columns = split.x_train[0].columns
    own = build_tree(split.x_train, split.t_train, columns, None)
    library = DecisionTreeClassifier(random_state=0)
    library.fit(as_matrix(split.x_train, columns), split.t_train)

    for x in (split.x_train, split.x_test):
        assert [predict_one(own, row) for row in x] == list(library.predict(as_matrix(x, columns)))
    own_importances = list(tree_importances(own, split.x_train, split.t_train).values())
    assert own_importances == pytest.approx([0.0789, 0.0324, 0.0615, 0.8273], abs=5e-5)
    assert list(library.feature_importances_) == pytest.approx(
        [0.0646, 0.0133, 0.0805, 0.8416], abs=5e-5
    )


# --8<-- [end:test-sklearn-forest]


def test_包んだライブラリのモデルも学習の前には予測できない() -> None:
    with pytest.raises(NotFittedError, match="fit"):
        LibraryClassifier(DecisionTreeClassifier()).predict(columns_of(a=[0.1]))


def test_包んだライブラリのモデルは列の順で学習し文字列を返す() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9], 花弁長さ=[0.5, 0.5, 0.5, 0.5])
    model = LibraryClassifier(DecisionTreeClassifier(max_depth=1, random_state=0))

    predictions = model.fit(x, [SETOSA, SETOSA, VIRGINICA, VIRGINICA]).predict(x[:1] + x[3:])

    assert predictions == [SETOSA, VIRGINICA]
    assert all(type(label) is str for label in predictions)
    assert math.isclose(model.estimator.tree_.threshold[0], 0.5, abs_tol=1e-6)  # type: ignore[attr-defined]
