# --8<-- [start:header]
"""付録 B: コサイン類似度、Simpson 係数、ROUGE-N、FID のテスト。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from scipy.linalg import sqrtm
from scipy.spatial.distance import cosine as scipy_cosine
from sklearn.metrics.pairwise import cosine_similarity as sklearn_cosine_similarity

from getting_started_ml.appendix_b.losses import bleu, rouge_n
from getting_started_ml.appendix_b.overlap import dice, iou, simpson
from getting_started_ml.appendix_b.similarity import (
    Gaussian,
    cosine_distance,
    cosine_similarity,
    fid,
    fit_gaussian,
    frechet_distance,
    gaussian_rows,
)

REFERENCES = [
    ["the", "cat", "is", "on", "the", "mat"],
    ["there", "is", "a", "cat", "on", "the", "mat"],
]
CANDIDATE = ["the", "cat", "sat", "on", "the", "mat"]
vectors = st.lists(st.floats(-100, 100), min_size=1, max_size=8)

# --8<-- [end:header]


# --8<-- [start:test-cosine]
def test_コサイン類似度は向きだけを見る() -> None:
    assert cosine_similarity([1, 0], [0, 2]) == 0.0
    assert cosine_similarity([1, 2], [3, 6]) == pytest.approx(1.0)
    assert cosine_distance([1, 2], [-2, -4]) == pytest.approx(2.0)


@settings(max_examples=60, deadline=None)
@given(st.data(), vectors)
def test_コサインはscipyとscikit_learnと同じ(data: st.DataObject, a: list[float]) -> None:
    b = data.draw(st.lists(st.floats(-100, 100), min_size=len(a), max_size=len(a)))
    assume(math.hypot(*a) > 1e-3 and math.hypot(*b) > 1e-3)
    assert cosine_distance(a, b) == pytest.approx(scipy_cosine(a, b), abs=1e-12)
    assert cosine_similarity(a, b) == pytest.approx(
        float(sklearn_cosine_similarity([a], [b])[0, 0]), abs=1e-12
    )


def test_零ベクトルの向きは決まらない() -> None:
    with pytest.raises(ValueError, match="零ベクトル"):
        cosine_similarity([0, 0], [1, 2])


# --8<-- [end:test-cosine]


# --8<-- [start:test-simpson]
def test_Simpson係数は一方が他方に含まれれば1() -> None:
    assert simpson({1, 2}, {1, 2, 3, 4}) == 1.0
    assert iou({1, 2}, {1, 2, 3, 4}) == 0.5
    assert dice({1, 2}, {1, 2, 3, 4}) == pytest.approx(2 / 3)


@settings(max_examples=20, deadline=None)
@given(st.sets(st.integers(0, 15)), st.sets(st.integers(0, 15)))
@example({3}, {3})  # 同じ集合（3 つとも 1）
@example({0, 1}, {2, 3, 4})  # 重ならない（3 つとも 0）
@example({1, 2}, set(range(16)))  # 一方が他方に含まれる
@example({0}, {0, 1})  # 1 要素と 2 要素
def test_Simpson係数はDice以上でDiceはIoU以上(truth: set[int], prediction: set[int]) -> None:
    # 分母が min ≤ 平均 ≤ 合併 の順に大きくなるので、値はその逆の順になる。
    assume(truth and prediction)
    assert simpson(truth, prediction) >= dice(truth, prediction) - 1e-12
    assert dice(truth, prediction) >= iou(truth, prediction) - 1e-12
    assert simpson(truth, prediction) == pytest.approx(
        len(truth & prediction) / min(len(truth), len(prediction))
    )


# --8<-- [end:test-simpson]


# --8<-- [start:test-rouge]
def test_ROUGE_1は参照文の語のうち生成文にある割合() -> None:
    # 参照文 1: the×2, cat, on, mat の 5 語が生成文にある（is は無い）→ 5/6。
    # 参照文 2: cat, on, the, mat の 4 語（there, is, a は無い）→ 4/7。合わせて 9/13。
    assert rouge_n(CANDIDATE, REFERENCES, 1) == pytest.approx(9 / 13)


def test_ROUGE_2は参照文の2_gramのうち生成文にある割合() -> None:
    # 生成文の 2-gram: the cat, cat sat, sat on, on the, the mat。
    # 参照文 1 の 5 個のうち the cat, on the, the mat の 3 個、参照文 2 の 6 個のうち on the,
    # the mat の 2 個 → 5/11。
    assert rouge_n(CANDIDATE, REFERENCES, 2) == pytest.approx(5 / 11)


def test_短い生成文はBLEUの適合率では満点でもROUGEの再現率は低い() -> None:
    short = ["the", "cat"]
    assert bleu(short, REFERENCES, 1) == pytest.approx(math.exp(1 - 6 / 2))  # 罰則だけが効く
    # the と cat は参照文 1 にも 2 にも 1 回ずつ数えられる（生成文に 1 回ずつなので）→ 4/13。
    assert rouge_n(short, REFERENCES, 1) == pytest.approx(4 / 13)


# --8<-- [end:test-rouge]


# --8<-- [start:test-fid]
@settings(max_examples=40, deadline=None)
@given(st.floats(-5, 5), st.floats(0.1, 5), st.floats(-5, 5), st.floats(0.1, 5))
def test_1次元のフレシェ距離は平均の差と標準偏差の差の2乗の和(
    m1: float, s1: float, m2: float, s2: float
) -> None:
    p = Gaussian(np.array([m1]), np.array([[s1 * s1]]))
    q = Gaussian(np.array([m2]), np.array([[s2 * s2]]))
    assert frechet_distance(p, q) == pytest.approx((m1 - m2) ** 2 + (s1 - s2) ** 2, abs=1e-9)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_FIDはscipyのsqrtmで求めた値と同じ(seed_a: int, seed_b: int) -> None:
    p = fit_gaussian(gaussian_rows(30, 0.0, 1.0, seed_a))
    q = fit_gaussian(gaussian_rows(30, 0.5, 2.0, seed_b))
    root = np.real(sqrtm(p.covariance @ q.covariance))
    expected = float(
        np.sum((p.mean - q.mean) ** 2) + np.trace(p.covariance + q.covariance - 2 * root)
    )
    assert frechet_distance(p, q) == pytest.approx(expected, rel=1e-9, abs=1e-9)


def test_同じ分布から引いた2組のFIDは小さく平均がずれると大きい() -> None:
    same = fid(gaussian_rows(500, 0.0, 1.0, 1), gaussian_rows(500, 0.0, 1.0, 2))
    shifted = fid(gaussian_rows(500, 0.0, 1.0, 1), gaussian_rows(500, 1.0, 1.0, 2))
    assert same < 0.05
    # 2 軸とも平均が 1 ずれれば、|μ の差|² は 2。
    assert shifted == pytest.approx(2.0 + same, abs=0.1)
    assert fid(gaussian_rows(50, 0.0, 1.0, 1), gaussian_rows(50, 0.0, 1.0, 1)) == pytest.approx(
        0.0, abs=1e-9
    )


def test_少ない行で求めたFIDは高めに偏る() -> None:
    def average_fid(n_rows: int) -> float:
        pairs = [(2 * k + 1, 2 * k + 2) for k in range(5)]
        return float(
            np.mean(
                [
                    fid(gaussian_rows(n_rows, 0, 1, a), gaussian_rows(n_rows, 0, 1, b))
                    for a, b in pairs
                ]
            )
        )

    # 同じ分布どうしなら本当の距離は 0。推定した平均と共分散の揺れが、行が少ないほど大きく残る。
    assert average_fid(50) > 5 * average_fid(500)


# --8<-- [end:test-fid]
