# --8<-- [start:header]
"""付録 B: 重なり（IoU・Dice）、回帰の損失（Huber・Smooth L1）、言語の指標のテスト。"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import f1_score, jaccard_score, log_loss

from getting_started_ml.appendix_b.losses import (
    bleu,
    brevity_penalty,
    cross_entropy,
    huber,
    perplexity,
    smooth_l1,
)
from getting_started_ml.appendix_b.overlap import Box, dice, iou

REFERENCES = [
    ["the", "cat", "is", "on", "the", "mat"],
    ["there", "is", "a", "cat", "on", "the", "mat"],
]

# --8<-- [end:header]


# --8<-- [start:test-overlap]
def test_長方形のIoUは重なりを合併で割る() -> None:
    assert iou(Box(0, 0, 2, 2), Box(1, 1, 3, 3)) == pytest.approx(1 / 7)


def test_集合のDiceは重なりの2倍を大きさの和で割る() -> None:
    assert dice({1, 2, 3}, {2, 3, 4, 5}) == pytest.approx(4 / 7)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 15)), st.sets(st.integers(0, 15)))
def test_DiceはIoUから2J割る1足すJで決まる(truth: set[int], prediction: set[int]) -> None:
    j = iou(truth, prediction)
    assert dice(truth, prediction) == pytest.approx(2 * j / (1 + j))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=20), st.data())
def test_画素の集合のIoUとDiceはscikit_learnのjaccardとF値(
    truth_mask: list[bool], data: st.DataObject
) -> None:
    size = len(truth_mask)
    predicted_mask = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    truth = {i for i, on in enumerate(truth_mask) if on}
    prediction = {i for i, on in enumerate(predicted_mask) if on}
    assert iou(truth, prediction) == pytest.approx(
        jaccard_score(truth_mask, predicted_mask, zero_division=1.0)
    )
    assert dice(truth, prediction) == pytest.approx(
        f1_score(truth_mask, predicted_mask, zero_division=1.0)
    )


def test_長方形と集合は比べられない() -> None:
    with pytest.raises(TypeError, match="どちらも Box か、どちらも集合"):
        iou(Box(0, 0, 1, 1), {1})


def test_向きの逆な長方形は作れない() -> None:
    with pytest.raises(ValueError, match="x1 ≤ x2"):
        Box(2, 0, 1, 1)


# --8<-- [end:test-overlap]


# --8<-- [start:test-huber]
@settings(max_examples=60, deadline=None)
@given(st.floats(0.01, 100))
def test_Huber損失はδで値も傾きもつながる(delta: float) -> None:
    h = 1e-7 * delta
    assert huber(delta - h, delta) == pytest.approx(huber(delta, delta), rel=1e-6)
    assert huber(delta, delta) == pytest.approx(delta * delta / 2)
    slope_inside = (huber(delta, delta) - huber(delta - h, delta)) / h
    slope_outside = (huber(delta + h, delta) - huber(delta, delta)) / h
    assert slope_inside == pytest.approx(delta, rel=1e-4)
    assert slope_outside == pytest.approx(delta, rel=1e-4)


@given(st.floats(-50, 50))
def test_Smooth_L1はδが1のHuber損失(error: float) -> None:
    assert smooth_l1(error) == huber(error, 1.0)


def test_大きな誤差では線形に増える() -> None:
    assert huber(3.0, 2.0) == 2.0 * (3.0 - 1.0)


# --8<-- [end:test-huber]


# --8<-- [start:test-language]
@given(st.integers(1, 10_000))
def test_V語に一様なモデルのパープレキシティはV(vocabulary: int) -> None:
    assert perplexity([1 / vocabulary] * 7) == pytest.approx(vocabulary, rel=1e-12)


def test_交差エントロピーはscikit_learnのlog_lossと同じ() -> None:
    # 3 クラスの予測確率と正解。log_loss は正解に割り当てた確率の対数の平均の符号を変えたもの。
    probabilities = [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4], [0.5, 0.25, 0.25]]
    actual = [0, 1, 2, 1]
    assigned = [row[label] for row, label in zip(probabilities, actual, strict=True)]
    assert cross_entropy(assigned) == pytest.approx(
        log_loss(actual, probabilities, labels=[0, 1, 2]), rel=1e-12
    )


def test_BLEUは参照文に現れる回数で数えすぎを切る() -> None:
    # 「the」を 7 回並べた生成文: 1-gram の適合率は 7/7 ではなく 2/7（参照文の最大 2 回）。
    assert bleu(["the"] * 7, REFERENCES, 1) == pytest.approx(2 / 7)


def test_BLEUは2_gramまでの幾何平均() -> None:
    # the cat sat on the mat: 1-gram 5/6、2-gram 3/5、長さは参照文と同じ 6 なので罰則なし。
    assert bleu(["the", "cat", "sat", "on", "the", "mat"], REFERENCES, 2) == pytest.approx(
        math.sqrt(5 / 6 * 3 / 5)
    )


def test_BLEUは短い生成文に罰則をかける() -> None:
    assert brevity_penalty(2, 6) == pytest.approx(math.exp(1 - 6 / 2))
    assert bleu(["the", "cat"], REFERENCES, 2) == pytest.approx(math.exp(-2))


def test_一致する4_gramが無ければBLEUは0() -> None:
    assert bleu(["the", "cat", "sat", "on", "the", "mat"], REFERENCES) == 0.0


# --8<-- [end:test-language]


# --8<-- [start:test-errors]
@pytest.mark.parametrize(
    ("candidate", "reference", "message"),
    [
        (-1, 5, r"candidate_length は 0 以上"),
        (3, -1, r"reference_length は 0 以上"),
        (2.0, 5, r"candidate_length は整数"),
        (3, None, r"reference_length は整数"),
    ],
)
def test_短さの罰則は長さが負や整数でなければ失敗する(
    candidate: object, reference: object, message: str
) -> None:
    # 以前は brevity_penalty(-1, 5) が罰則なのに 1 を超える 403.4 を返した
    with pytest.raises((ValueError, TypeError), match=message):
        brevity_penalty(candidate, reference)  # type: ignore[arg-type]


def test_確率が小さすぎてパープレキシティがfloatに収まらなければ失敗する() -> None:
    assert perplexity([1e-300]) == pytest.approx(1e300)
    with pytest.raises(ValueError, match=r"probabilities .*float に収まりません"):
        perplexity([5e-324])


# --8<-- [end:test-errors]
