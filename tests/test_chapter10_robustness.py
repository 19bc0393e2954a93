"""第 10 章の公開関数の頑健さ: 悪い入力には、正しい値か、何が悪いかを書いた例外だけを返す。"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter02 import Features, TrainTestSplit
from getting_started_ml.chapter03 import build_tree
from getting_started_ml.chapter10 import (
    LogisticRegression,
    RandomForest,
    Score,
    bootstrap_sample,
    cross_entropy,
    forest_importances,
    majority_vote,
    softmax,
    tree_importances,
)
from getting_started_ml.chapter10.idiomatic import split_positions
from getting_started_ml.java_random import JavaRandom

# 学習率が大きすぎて損失が行き来するときの警告は、許されたふるまい（値は有限のまま返る）
pytestmark = pytest.mark.filterwarnings(
    "ignore::getting_started_ml.chapter10.logistic.LogisticConvergenceWarning"
)

FAST = settings(max_examples=25, deadline=None)
COLUMNS = ("a", "b", "c")
DATA_NAMES = ["特徴量", "正解", "行", "列", "str"]

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-10, 10),
    st.integers(-5, 5),
)
labels = st.sampled_from(["s", "ve", "vi"])


@st.composite
def feature_rows(draw: st.DrawFn, min_size: int = 0) -> list[Features]:
    """列が 1〜3 個の行。ときどき列の欠けた行や、無限大が混じる（NaN は Features が断る）。"""
    width = draw(st.integers(1, 3))
    columns = COLUMNS[:width]
    n = draw(st.integers(min_size, 8))
    rows = []
    for _ in range(n):
        names = columns if draw(st.booleans()) or width == 1 else columns[:-1]
        values = tuple(draw(st.one_of(st.floats(0, 1), st.floats(allow_nan=False))) for _ in names)
        rows.append(Features(names, values))
    return rows


@st.composite
def clean_data(draw: st.DrawFn) -> tuple[list[Features], list[str]]:
    """列のそろった、有限の値の行と、同じ件数のラベル。"""
    width = draw(st.integers(1, 3))
    n = draw(st.integers(1, 8))
    x = [
        Features(COLUMNS[:width], tuple(draw(st.floats(-100, 100)) for _ in range(width)))
        for _ in range(n)
    ]
    return x, draw(st.lists(labels, min_size=n, max_size=n))


@FAST
@given(st.lists(numbers, max_size=5))
def test_softmaxは数の並びなら確率か理由つきの例外を返す(z: list[Any]) -> None:
    call_safely(lambda: softmax(z), names=["スコア"])


@FAST
@given(st.lists(st.lists(numbers, max_size=3), max_size=3), st.lists(numbers, max_size=3))
def test_交差エントロピーは件数と番号と確率を確かめる(p: list[Any], t: list[Any]) -> None:
    call_safely(lambda: cross_entropy(p, t), names=["確率", "正解"])


@FAST
@given(feature_rows(), st.lists(labels, max_size=8), st.one_of(numbers, st.just("1")), numbers)
def test_ロジスティック回帰は悪い設定とデータを入口で止める(
    x: list[Features], t: list[str], learning_rate: Any, epochs: Any
) -> None:
    def run() -> list[str]:
        model = LogisticRegression(learning_rate, epochs)  # epochs は -5〜5 の int か float
        return model.fit(x, t).predict(x)

    call_safely(run, names=["learning_rate", "epochs", *DATA_NAMES])


@FAST
@given(clean_data(), st.floats(0, 50))
def test_きれいなデータならロジスティック回帰はNaNなしで予測する(
    data: tuple[list[Features], list[str]], learning_rate: float
) -> None:
    x, t = data
    model = LogisticRegression(learning_rate, 20)

    predictions = call_safely(lambda: model.fit(x, t).predict(x), names=["learning_rate"])

    assert predictions is None or set(predictions) <= set(t)


forest_settings = st.tuples(
    st.integers(-1, 4),
    st.integers(-1, 4),
    st.one_of(st.none(), st.integers(-2, 3), st.just(1.5)),
    st.one_of(st.integers(-(2**63), 2**63), st.just(1.5)),
)


@FAST
@given(feature_rows(), st.lists(labels, max_size=8), forest_settings)
def test_ランダムフォレストは悪い設定とデータを入口で止める(
    x: list[Features], t: list[str], setting: tuple[int, int, Any, Any]
) -> None:
    n_estimators, max_features, depth, seed = setting

    def run() -> tuple[list[str], dict[str, float]]:
        forest = RandomForest(n_estimators, max_features, depth, seed).fit(x, t)
        return forest.predict(x), forest_importances(forest, x, t)

    call_safely(run, names=["n_estimators", "max_features", "max_depth", "seed", *DATA_NAMES])


@FAST
@given(clean_data(), st.integers(1, 3), st.integers(0, 2**31))
def test_きれいなデータなら森の重要度は合計1か全部0(
    data: tuple[list[Features], list[str]], n_estimators: int, seed: int
) -> None:
    x, t = data
    forest = RandomForest.of(n_estimators, 1, seed).fit(x, t)

    result = call_safely(lambda: forest_importances(forest, x, t), names=["行"])

    assert result is not None
    assert abs(sum(result.values()) - 1.0) < 1e-9 or set(result.values()) == {0.0}


@FAST
@given(clean_data(), feature_rows())
def test_1本の木の重要度は別の行を流しても理由つきの例外しか出さない(
    data: tuple[list[Features], list[str]], other: list[Features]
) -> None:
    x, t = data
    tree = build_tree(x, t, x[0].columns, None)
    call_safely(lambda: tree_importances(tree, other, t[: len(other)]), names=DATA_NAMES)


@FAST
@given(st.lists(st.lists(labels, max_size=4), max_size=4))
def test_多数決は件数のそろわない予測を止める(predictions: list[list[str]]) -> None:
    call_safely(lambda: majority_vote(predictions), names=["予測", "1 つもない"])


@FAST
@given(st.one_of(st.integers(-3, 300), st.booleans(), st.just(2.0)), st.integers(0, 9))
def test_ブートストラップは1以上のintだけを受け付ける(n: Any, seed: int) -> None:
    sample = call_safely(lambda: bootstrap_sample(n, JavaRandom(seed)), names=["n"])

    assert sample is None or (len(sample) == n and all(0 <= i < n for i in sample))


@FAST
@given(st.integers(-3, 400), st.floats(allow_nan=True), st.integers(0, 5))
def test_行の位置は件数と割合を確かめる(n: int, test_size: float, seed: int) -> None:
    result = call_safely(lambda: split_positions(n, test_size, seed), names=["n", "test_size"])

    assert result is None or sorted(result[0] + result[1]) == list(range(n))


@FAST
@given(clean_data(), clean_data())
def test_採点は件数と列のそろわない分け方を止める(
    train: tuple[list[Features], list[str]], test: tuple[list[Features], list[str]]
) -> None:
    split = TrainTestSplit(train[0], test[0], train[1], test[1][:-1])
    call_safely(
        lambda: Score.evaluate(RandomForest.of(2, 1, 0), split),
        names=["予測", "正解", *DATA_NAMES],
    )


def test_スコアがあふれる行の予測は理由を書いて止める() -> None:
    # hypothesis が見つけた例: 値 5e154 の行で 1 回だけ学習すると、予測のスコアがあふれる
    x = [Features(("a",), (0.0,))] * 6 + [Features(("a",), (5.0167423581515946e154,))]
    t = ["s"] * 6 + ["ve"]
    model = LogisticRegression(1.0, 1).fit(x, t)

    with pytest.raises(ValueError, match="特徴量の値が大きすぎて"):
        model.predict(x)
