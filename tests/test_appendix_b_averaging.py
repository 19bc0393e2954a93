# --8<-- [start:header]
"""付録 B: 多クラスの適合率・再現率・F 値の平均のテスト。"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, precision_recall_fscore_support

from getting_started_ml.appendix_b.averaging import (
    ClassCounts,
    Scores,
    class_counts,
    precision_recall_f1,
    scores_of,
)

ACTUAL = ["a", "a", "b", "c", "c", "c", "b"]
PREDICTED = ["a", "b", "b", "c", "a", "c", "c"]

# --8<-- [end:header]


# --8<-- [start:test-average]
def test_クラスごとにtpとfpとfnを数える() -> None:
    assert class_counts(ACTUAL, PREDICTED) == {
        "a": ClassCounts(tp=1, fp=1, fn=1),
        "b": ClassCounts(tp=1, fp=1, fn=1),
        "c": ClassCounts(tp=2, fp=1, fn=1),
    }


def test_マクロ平均はクラスごとの値の単純平均() -> None:
    scores = precision_recall_f1(ACTUAL, PREDICTED, "macro")
    assert scores.precision == pytest.approx((1 / 2 + 1 / 2 + 2 / 3) / 3)


def test_ミクロ平均は件数を足してから計算する() -> None:
    scores = precision_recall_f1(ACTUAL, PREDICTED, "micro")
    assert scores.precision == pytest.approx(4 / 7)


def test_重み付き平均は正解の件数で重みを付ける() -> None:
    scores = precision_recall_f1(ACTUAL, PREDICTED, "weighted")
    assert scores.recall == pytest.approx((2 * 1 / 2 + 2 * 1 / 2 + 3 * 2 / 3) / 7)


def test_知らない平均の名前は失敗する() -> None:
    with pytest.raises(ValueError, match="average は macro・micro・weighted"):
        precision_recall_f1(ACTUAL, PREDICTED, "samples")


# --8<-- [end:test-average]

# --8<-- [start:test-sklearn-average]
labels = st.lists(st.sampled_from("xyz"), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.data(), labels, st.sampled_from(["macro", "micro", "weighted"]))
def test_3つの平均はscikit_learnと同じ(
    data: st.DataObject, actual: list[str], average: str
) -> None:
    predicted = data.draw(
        st.lists(st.sampled_from("xyz"), min_size=len(actual), max_size=len(actual))
    )
    expected = precision_recall_fscore_support(
        actual, predicted, average=average, zero_division=0.0
    )
    ours = precision_recall_f1(actual, predicted, average)
    assert (ours.precision, ours.recall, ours.f1) == pytest.approx(expected[:3], rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.data(), labels)
def test_ミクロ平均は正解率と同じ(data: st.DataObject, actual: list[str]) -> None:
    predicted = data.draw(
        st.lists(st.sampled_from("xyz"), min_size=len(actual), max_size=len(actual))
    )
    scores = precision_recall_f1(actual, predicted, "micro")
    assert scores.precision == scores.recall == pytest.approx(accuracy_score(actual, predicted))


# --8<-- [end:test-sklearn-average]


# --8<-- [start:test-scores]
@pytest.mark.parametrize(
    ("tp", "fp", "fn", "message"),
    [
        (1, -1, 0, r"fp は 0 以上"),
        (-1, 0, 0, r"tp は 0 以上"),
        (1, 0, -3, r"fn は 0 以上"),
        (1.5, 0, 0, r"tp は整数"),
        (None, 0, 0, r"tp は整数"),
        (True, 0, 0, r"tp は整数"),
    ],
)
def test_件数が負や整数でなければ名前を書いて失敗する(
    tp: object, fp: object, fn: object, message: str
) -> None:
    # 以前は scores_of(3, -1, 0) が適合率 1.5 を返した
    with pytest.raises((ValueError, TypeError), match=message):
        scores_of(tp, fp, fn)  # type: ignore[arg-type]


def test_件数から3つの指標を求める() -> None:
    assert scores_of(3, 1, 2) == Scores(0.75, 0.6, 6 / 9)
    assert scores_of(0, 0, 0) == Scores(0.0, 0.0, 0.0)


# --8<-- [end:test-scores]
