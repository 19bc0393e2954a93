# --8<-- [start:header]
"""付録 B: 層化 k 分割、1 つ抜き、時系列、グループの分け方と、入れ子の交差検証のテスト。"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.model_selection import GroupKFold, LeaveOneOut, StratifiedKFold, TimeSeriesSplit

from getting_started_ml.appendix_b.splitting import (
    best_setting,
    group_k_fold,
    leave_one_out,
    nested_cross_validation,
    stratified_k_fold,
    survived_depth_selection,
    time_series_split,
)
from getting_started_ml.chapter11 import Fold, accuracy, k_fold, k_fold_sequential

# --8<-- [end:header]


# --8<-- [start:helpers]
def assert_partition(folds: Sequence[Fold], n_samples: int) -> None:
    """どの行もちょうど 1 回テストになり、訓練はテスト以外のすべて。"""
    tests = [p for fold in folds for p in fold.test]
    assert sorted(tests) == list(range(n_samples))
    for fold in folds:
        assert sorted(fold.train + fold.test) == list(range(n_samples))


def class_counts_per_fold(
    tests: Sequence[Sequence[int]], labels: Sequence[Hashable]
) -> dict[Hashable, list[int]]:
    """クラスごとに、各分割のテストに入った件数を小さい順に並べる。"""
    return {
        label: sorted(sum(1 for p in test if labels[p] == label) for test in tests)
        for label in set(labels)
    }


labels_strategy = st.lists(st.sampled_from("aab"), min_size=6, max_size=40)

# --8<-- [end:helpers]


# --8<-- [start:test-stratified]
@settings(max_examples=60, deadline=None)
@given(labels_strategy, st.integers(2, 5), st.integers(0, 1000))
def test_層化k分割はどの分割でもクラスの件数の差が1以内(
    labels: list[str], n_splits: int, seed: int
) -> None:
    folds = stratified_k_fold(labels, n_splits, seed)
    assert_partition(folds, len(labels))
    counts = class_counts_per_fold([fold.test for fold in folds], labels)
    for per_fold in counts.values():
        assert max(per_fold) - min(per_fold) <= 1


@settings(max_examples=60, deadline=None)
@given(labels_strategy, st.integers(2, 5), st.integers(0, 1000))
def test_層化k分割のクラスの件数はscikit_learnのStratifiedKFoldと同じ(
    labels: list[str], n_splits: int, seed: int
) -> None:
    counts = Counter(labels)
    if min(counts.values()) < n_splits:
        return  # scikit-learn は、どの分割にも入れないほど少ないクラスがあると警告する
    theirs = [list(test) for _, test in StratifiedKFold(n_splits).split(labels, labels)]
    ours = [fold.test for fold in stratified_k_fold(labels, n_splits, seed)]
    # 件数の並びは同じ。どの行がどの分割に入るかは、並べ替えの乱数が違うので一致しない。
    assert class_counts_per_fold(ours, labels) == class_counts_per_fold(theirs, labels)


# --8<-- [end:test-stratified]


# --8<-- [start:test-others]
@given(st.integers(2, 30))
def test_1つ抜きは並べ替えないk分割のkをNにしたものでscikit_learnと同じ(n: int) -> None:
    folds = leave_one_out(n)
    assert folds == k_fold_sequential(n, n)
    assert [fold.test for fold in folds] == [list(t) for _, t in LeaveOneOut().split(range(n))]
    assert [sorted(fold.train) for fold in folds] == [
        list(train) for train, _ in LeaveOneOut().split(range(n))
    ]


@settings(max_examples=20, deadline=None)
@given(st.integers(3, 60), st.integers(2, 6))
@example(3, 2)  # 1 つの分割に 1 件
@example(7, 6)  # 分割が 6 つで、どれも 1 件
@example(13, 5)  # 割り切れない件数
@example(60, 2)
@example(60, 6)
def test_時系列の分割は未来を訓練に入れずscikit_learnのTimeSeriesSplitと同じ(
    n: int, n_splits: int
) -> None:
    if n // (n_splits + 1) == 0:
        return
    folds = time_series_split(n, n_splits)
    for fold in folds:
        assert max(fold.train) < min(fold.test)
    expected = [(list(a), list(b)) for a, b in TimeSeriesSplit(n_splits).split(range(n))]
    assert [(fold.train, fold.test) for fold in folds] == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=4, max_size=40), st.integers(2, 4), st.integers(0, 99))
def test_グループ分割は同じグループを2つの分割に入れない(
    groups: list[int], n_splits: int, seed: int
) -> None:
    if len(set(groups)) < n_splits:
        return
    folds = group_k_fold(groups, n_splits, seed)
    assert_partition(folds, len(groups))
    owners = [{groups[p] for p in fold.test} for fold in folds]
    assert sum(len(owner) for owner in owners) == len(set(groups))
    # scikit-learn の GroupKFold も同じ約束を守る（どのグループがどの分割かは違いうる）。
    theirs = [
        {groups[p] for p in test} for _, test in GroupKFold(n_splits).split(groups, groups=groups)
    ]
    assert sum(len(owner) for owner in theirs) == len(set(groups))


# --8<-- [end:test-others]


# --8<-- [start:test-nested]
def constant_trainer(answer: str):  # type: ignore[no-untyped-def]
    """いつも answer と答えるモデルを作る関数（設定が答えそのもの）。"""
    return lambda x, t: lambda rows: [answer] * len(rows)


def test_入れ子の交差検証は外側の訓練だけで設定を選ぶ() -> None:
    x = list(range(12))
    t = ["a"] * 8 + ["b"] * 4
    outer = k_fold(12, 3, 0)
    result = nested_cross_validation(
        constant_trainer, ["b", "a"], x, t, metric=accuracy, outer=outer, inner_splits=2, seed=0
    )
    assert result.chosen == ["a", "a", "a"]
    assert result.scores == [sum(t[p] == "a" for p in fold.test) / 4 for fold in outer]
    assert result.mean == pytest.approx(8 / 12)


def test_同点なら先の設定を選ぶ() -> None:
    # どちらの分割も a と b が同じ数なので、「いつも a」も「いつも b」も平均の正解率は 0.5。
    t = ["a", "b"] * 3
    chosen, score = best_setting(
        constant_trainer, ["b", "a"], list(range(6)), t, metric=accuracy, folds=k_fold(6, 2, 0)
    )
    assert (chosen, score) == ("b", 0.5)


def test_NaNの設定は比べられないので失敗する() -> None:
    with pytest.raises(ValueError, match="settings の 1 番目が NaN"):
        best_setting(
            lambda _: constant_trainer("a"),
            [1.0, math.nan],
            list(range(6)),
            ["a", "b"] * 3,
            metric=accuracy,
            folds=k_fold(6, 2, 0),
        )


@pytest.mark.data("Survived.csv")
def test_Survivedの木の深さを入れ子の交差検証で選ぶ() -> None:
    selection = survived_depth_selection()
    assert selection.single_split[0] == 3
    assert selection.single_split[1] == pytest.approx(0.8268156424581006)
    assert selection.same_folds[0] == 3
    assert selection.same_folds[1] == pytest.approx(0.8024417801770134)
    assert selection.nested.chosen == [1, 3, 1, 3, 1]
    assert selection.nested.mean == pytest.approx(0.7934781244115248)
    # 選ぶのに使った分割でそのまま採点すると、選び方の分だけ楽観的になる。
    assert selection.nested.mean < selection.same_folds[1]


# --8<-- [end:test-nested]
