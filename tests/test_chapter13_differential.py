"""差分テスト: 第 13 章の主成分分析（ヤコビ法）を numpy の eigh と scikit-learn の PCA と比べる。

生成する入力: 2〜30 行・1〜6 列の正規乱数に、表全体の尺度（1e-150〜1e150 の 10 のべき乗）、
一定の列、ほかの列の定数倍の列（共線）を混ぜたもの。列が行より多い（n_features > n_samples）
こともある。fit_pca は 2 のべき乗で割ってから計算するので、どの尺度でも同じ割合で答える。

約束の違いと許容誤差:
- 寄与率は、固有値の和で割った値を絶対誤差 1e-12 で比べる（numpy は三重対角化、自作は回転。
  違いは丸め数回分だが、尺度の大きく違う列では小さい固有値の相対誤差が大きくなる）。
- 固有値が重なる（差が最大の固有値の 1e-6 倍未満）主成分は向きが 1 つに決まらないので、
  主成分は、前後の固有値から離れたものだけを、符号をそろえて絶対誤差 1e-6 で比べる。
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.decomposition import PCA

from getting_started_ml.chapter13 import fit_pca, jacobi_eigen, normalize_signs, standardize

GAP = 1e-6


@st.composite
def tables(draw: st.DrawFn) -> np.ndarray:
    """尺度の違う列、一定の列、共線の列を混ぜた表（すべての列が一定にはしない）。"""
    n = draw(st.integers(2, 30))
    width = draw(st.integers(1, 6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, width))
    for j in range(width):
        kind = draw(st.sampled_from(["normal", "constant", "collinear"]))
        if kind == "constant":
            x[:, j] = 0.1
        elif kind == "collinear" and j > 0:
            x[:, j] = 3.0 * x[:, 0]
    exponent = draw(st.integers(-150, 150))
    x *= 10.0**exponent
    if np.ptp(x, axis=0).max() == 0.0:
        x[0, 0] += 10.0**exponent
    return x


def distinct_positions(values: np.ndarray) -> list[int]:
    """前後の固有値から、最大の固有値の GAP 倍以上離れている位置。"""
    scale = max(abs(values[0]), 1e-300)
    gaps = np.abs(np.diff(values)) / scale
    return [
        i
        for i in range(len(values))
        if (i == 0 or gaps[i - 1] > GAP) and (i == len(values) - 1 or gaps[i] > GAP)
    ]


@settings(max_examples=40, deadline=None)
@given(tables())
def test_寄与率と離れた固有値の主成分はnumpyのeighと同じ(x: np.ndarray) -> None:
    ours = fit_pca(x, x.shape[1])
    covariance = np.cov(x, rowvar=False, ddof=1).reshape(x.shape[1], x.shape[1])
    scale = float(np.abs(covariance).max())
    values, vectors = np.linalg.eigh(covariance / scale)  # 尺度をそろえてから解く
    values, vectors = values[::-1], vectors[:, ::-1]

    assert ours.explained_variance_ratio == pytest.approx(
        (values / values.sum()).tolist(), abs=1e-12
    )
    theirs = np.array(normalize_signs(vectors.T.tolist()))
    mine = np.array(ours.components)
    for i in distinct_positions(values):
        assert mine[i] == pytest.approx(theirs[i], abs=1e-6)


@settings(max_examples=25, deadline=None)
@given(tables())
def test_ふつうの尺度ではscikit_learnのPCAと分散も同じ(x: np.ndarray) -> None:
    x = x / np.abs(x).max()  # scikit-learn は尺度をそろえずに特異値分解するので、1 前後に
    ours = fit_pca(x, x.shape[1])
    library = PCA().fit(x)
    k = len(library.explained_variance_)  # scikit-learn は min(行, 列) 個しか返さない
    assert ours.explained_variance[:k] == pytest.approx(
        library.explained_variance_.tolist(), rel=1e-9, abs=1e-12
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.integers(0, 2**32 - 1), st.integers(-160, 160))
def test_ヤコビ法の固有値はどの尺度でもnumpyのeighと同じ割合(
    width: int, seed: int, exponent: int
) -> None:
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(width, width))
    symmetric = (a + a.T) * 10.0**exponent
    ours = jacobi_eigen(symmetric.tolist())
    theirs = np.linalg.eigh(symmetric / 10.0**exponent)[0][::-1]
    assert np.array(ours.values) / 10.0**exponent == pytest.approx(theirs, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(tables())
def test_標準化はStandardScalerと同じで一定の列は0(x: np.ndarray) -> None:
    from sklearn.preprocessing import StandardScaler  # noqa: PLC0415

    x = x / np.abs(x).max()
    ours = np.array(standardize(x))
    theirs = StandardScaler().fit_transform(x)
    constant = np.ptp(x, axis=0) == 0.0
    assert np.all(ours[:, constant] == 0.0)  # scikit-learn は平均の丸め分（1e-17 ほど）が残る
    assert ours[:, ~constant] == pytest.approx(theirs[:, ~constant], abs=1e-9)
