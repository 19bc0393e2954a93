# --8<-- [start:header]
"""付録 B: バイアス²・バリアンス・雑音への分解のテスト。"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_b.bias_variance import (
    TEST_POINTS,
    Decomposition,
    decompose,
    predictions_by_set,
)
from getting_started_ml.appendix_b.generalization import NOISE_SD, true_curve

# --8<-- [end:header]


# --8<-- [start:fixtures]
@pytest.fixture(scope="module")
def simple() -> Decomposition:
    return decompose(1)


@pytest.fixture(scope="module")
def complex_() -> Decomposition:
    return decompose(9)


# --8<-- [end:fixtures]


# --8<-- [start:test-decomposition]
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 9), st.integers(0, 1000))
def test_真の値からのずれの二乗はバイアス2乗とバリアンスにちょうど分かれる(
    degree: int, seed: int
) -> None:
    predictions, _ = predictions_by_set(degree, 0.0, 20, 12, seed)
    truth = np.array([true_curve(x) for x in TEST_POINTS])
    bias_squared = (predictions.mean(axis=0) - truth) ** 2
    variance = np.var(predictions, axis=0)  # numpy の分散（ddof=0）
    assert np.mean((predictions - truth) ** 2) == pytest.approx(
        float(np.mean(bias_squared + variance)), rel=1e-9
    )


@pytest.mark.parametrize("degree", [1, 9])
def test_3つを足すと実測した二乗誤差の期待値になる(degree: int) -> None:
    parts = decompose(degree)
    assert parts.noise == NOISE_SD**2
    # 実測は新しい雑音での平均なので、標準誤差の 4 倍の幅で一致を確かめる。
    assert parts.expected_error == pytest.approx(parts.total, abs=4 * parts.standard_error)


def test_単純なモデルはバイアスが大きく複雑なモデルはバリアンスが大きい(
    simple: Decomposition, complex_: Decomposition
) -> None:
    assert simple.bias_squared > 100 * complex_.bias_squared
    assert complex_.variance > 3 * simple.variance
    assert simple.bias_squared > simple.variance
    assert complex_.variance > complex_.bias_squared


def test_罰則はバイアスを少し増やしバリアンスを大きく減らす(complex_: Decomposition) -> None:
    penalized = decompose(9, penalty=1e-3)
    assert penalized.bias_squared > complex_.bias_squared
    assert complex_.variance - penalized.variance > penalized.bias_squared - complex_.bias_squared
    assert penalized.total < complex_.total


# --8<-- [end:test-decomposition]


# --8<-- [start:test-more]
def test_組が1つでは散らばりが求まらない() -> None:
    with pytest.raises(ValueError, match="n_sets は 2 以上"):
        decompose(1, n_sets=1)


def test_どのモデルも同じ新しい雑音で測りその大きさは0_0625より少し小さい() -> None:
    # 本文の「実測がどれも少し小さい」理由: 種が同じなので、どの次数でも同じ雑音を引いている。
    _, fresh_simple = predictions_by_set(1, 0.0, 100, 25, 0)
    _, fresh_complex = predictions_by_set(9, 1e-3, 100, 25, 0)
    assert (fresh_simple == fresh_complex).all()
    truth = np.array([true_curve(x) for x in TEST_POINTS])
    assert float(np.mean((fresh_simple - truth) ** 2)) == pytest.approx(0.0614, abs=5e-5)


# --8<-- [end:test-more]
