"""付録 C の木: 付録 A の numpy の木は、付録 C が使う 100 本すべてで第 3 章の木と同じ。

付録 C は第 11 章の Survived の交差検証（種 0〜9、5 分割、深さ 2 と 3）で 100 本の木を使う。
深さ 3 の木を付録 A の numpy の木で育て、深さ 2 の木はそれを truncate で切り詰めて作る。
純 Python の第 3 章の木の代わりにこうしても数が 1 ビットも動かないことを、
木（しきい値と不純度の float まで）と予測を == で比べて確かめる。
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_a import grow_weighted_numpy, predict_rows, truncate
from getting_started_ml.appendix_c.applied import (
    BASELINE_DEPTH,
    CANDIDATE_DEPTH,
    FOLD_SEEDS,
    NumberRows,
    fast_tree_trainer,
    paired_tree_trainer,
)
from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Tree, build_tree, feature_rows, predict_one
from getting_started_ml.chapter08 import ClassWeight, class_weights
from getting_started_ml.chapter11 import N_SPLITS, SURVIVED_FEATURES, LabeledData, k_fold, pick

Chapter3Tree = Callable[[int, int, int], Tree[str]]
"""種・分割の番号・深さから、第 3 章の build_tree が育てた木を返すもの。"""


@pytest.fixture(scope="module")
def chapter3_tree(survived: LabeledData[str]) -> Chapter3Tree:
    """種 seed の fold 番目の訓練データで、第 3 章の build_tree が育てた深さ depth の木。

    比べる相手の木は、このファイルのテストで同じ分割と深さを何度も使うので 1 度だけ育てる
    （survived はセッションで 1 つの第 11 章の Survived）。付録 A・C の木は、どのテストでも
    新しく育てる。
    """

    @functools.cache
    def grow(seed: int, fold: int, depth: int) -> Tree[str]:
        train = k_fold(len(survived.x), N_SPLITS, seed)[fold].train
        x, t = pick(survived.x, train), pick(survived.t, train)
        return build_tree(x, t, SURVIVED_FEATURES, depth)

    return grow


@pytest.mark.data("Survived.csv")
def test_付録Cの100本の木はどれも第3章の木と同じ(
    survived: LabeledData[str], chapter3_tree: Chapter3Tree
) -> None:
    columns = SURVIVED_FEATURES
    compared = 0
    for seed in FOLD_SEEDS:
        for number, fold in enumerate(k_fold(len(survived.x), N_SPLITS, seed)):
            x, t = pick(survived.x, fold.train), pick(survived.t, fold.train)
            rows = feature_rows(x, columns)
            weights = class_weights(t, ClassWeight.NONE)
            deep = grow_weighted_numpy(rows, t, columns, weights, CANDIDATE_DEPTH)
            shallow = truncate(deep, BASELINE_DEPTH, rows, t, columns=columns, weights=weights)
            assert deep == chapter3_tree(seed, number, CANDIDATE_DEPTH)
            assert shallow == chapter3_tree(seed, number, BASELINE_DEPTH)
            compared += 2
    assert compared == 100


@pytest.mark.data("Survived.csv")
def test_付録Cの木の予測は第11章の木の予測と同じ(
    survived: LabeledData[str], chapter3_tree: Chapter3Tree
) -> None:
    fold = k_fold(len(survived.x), N_SPLITS, 0)[0]
    x, t = pick(survived.x, fold.train), pick(survived.t, fold.train)
    test_rows = pick(survived.x, fold.test)
    tree = chapter3_tree(0, 0, CANDIDATE_DEPTH)

    predicted = fast_tree_trainer(SURVIVED_FEATURES, CANDIDATE_DEPTH)(x, t)(test_rows)

    assert list(predicted) == [predict_one(tree, row) for row in test_rows]
    assert list(predicted) == predict_rows(
        tree, feature_rows(test_rows, SURVIVED_FEATURES), SURVIVED_FEATURES
    )


@pytest.mark.data("Survived.csv")
def test_2つの深さを1度に学習した予測は第11章の木の予測の組と同じ(
    survived: LabeledData[str], chapter3_tree: Chapter3Tree
) -> None:
    columns = SURVIVED_FEATURES
    both = paired_tree_trainer(columns, (BASELINE_DEPTH, CANDIDATE_DEPTH))
    for seed in (0, 7):
        for number, fold in enumerate(k_fold(len(survived.x), N_SPLITS, seed)):
            x, t = pick(survived.x, fold.train), pick(survived.t, fold.train)
            test_rows = pick(survived.x, fold.test)
            shallow = chapter3_tree(seed, number, BASELINE_DEPTH)
            deep = chapter3_tree(seed, number, CANDIDATE_DEPTH)

            predicted = both(x, t)(test_rows)

            assert predicted == [
                (predict_one(shallow, row), predict_one(deep, row)) for row in test_rows
            ]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 3), st.sampled_from("abc")),
        min_size=1,
        max_size=30,
    ),
    st.integers(0, 3),
    st.integers(0, 2),
)
def test_2つの深さを1度に学習した木は深さごとに育てた第3章の木と同じ(
    data: list[tuple[int, int, str]], shallow: int, extra: int
) -> None:
    columns = ("p", "q")
    x = [Features(columns, (float(p), float(q))) for p, q, _ in data]
    t = [label for _, _, label in data]
    deep = shallow + extra
    shallow_tree = build_tree(x, t, columns, shallow)
    deep_tree = build_tree(x, t, columns, deep)

    predicted = paired_tree_trainer(columns, (shallow, deep))(x, t)(x)

    assert predicted == [(predict_one(shallow_tree, r), predict_one(deep_tree, r)) for r in x]


def test_2つの深さの組が浅い順でなければ学習する前に止める() -> None:
    for depths in ((3, 2), (-1, 2)):
        with pytest.raises(ValueError, match="depths"):
            paired_tree_trainer(("a",), depths)


def test_数の行は一度だけ直して使い回してもfeature_rowsと同じ() -> None:
    columns = ("a", "b")
    x = [Features(columns, (float(i), float(i % 3))) for i in range(6)]
    number_rows = NumberRows(columns)

    first = number_rows(x[:4])
    second = number_rows([x[5], x[1], x[5]])

    assert [tuple(row) for row in first.tolist()] == feature_rows(x[:4], columns)
    assert [tuple(row) for row in second.tolist()] == feature_rows([x[5], x[1], x[5]], columns)
    assert number_rows([]).shape == (0, 2)
    with pytest.raises(ValueError, match="有限"):
        number_rows([Features(columns, (math.inf, 1.0))])
    with pytest.raises(ValueError, match="number_rows"):
        fast_tree_trainer(("b",), 2, number_rows)
    with pytest.raises(ValueError, match="number_rows"):
        paired_tree_trainer(("b",), (1, 2), number_rows)
