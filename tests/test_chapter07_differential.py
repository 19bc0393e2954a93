"""差分テスト: 第 7 章の線形回帰を numpy の lstsq と比べる。

生成する入力（tests/support/chapter07.py の designs）: 列ごとに尺度の違う（1e-100〜1e100 の
10 のべき乗）正規乱数の列、一定の列、ほかの列の定数倍の列（共線）。

約束の違いと許容誤差:
- 線形回帰は正規方程式、numpy の lstsq は特異値分解で解く。係数に列の尺度を掛けて
  そろえたうえで、相対 1e-6 で比べる（正規方程式は条件数の二乗の分だけ桁を失う。7.11 節）。
  自作は一定の列や共線の列を特異として断り、lstsq は最小ノルムの解を返すので、その場合は
  lstsq のランクが列の数より小さいことを確かめる。
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from support.chapter07 import designs

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter07 import SingularMatrixError, fit_linear_regression


@settings(max_examples=40, deadline=None)
@given(designs())
def test_線形回帰は尺度の違う列でもlstsqと同じで一次従属なら断る(
    data: tuple[np.ndarray, np.ndarray, np.ndarray, list[str]],
) -> None:
    x, t, scales, kinds = data
    rows = [Features(tuple(f"c{j}" for j in range(x.shape[1])), tuple(row)) for row in x.tolist()]
    design = np.hstack([np.ones((len(x), 1)), x / scales])  # 尺度をそろえた計画行列
    weights, _, rank, _ = np.linalg.lstsq(design, t)
    if any(kind != "normal" for kind in kinds):
        assert rank < design.shape[1]  # 一定の列は切片と、共線の列は 1 列目と一次従属
        with pytest.raises(SingularMatrixError):
            fit_linear_regression(rows, t.tolist())
        return
    model = fit_linear_regression(rows, t.tolist())
    ours = [
        model.intercept,
        *(w * s for w, s in zip(model.coefficients.values(), scales, strict=True)),
    ]
    assert ours == pytest.approx(weights.tolist(), rel=1e-6, abs=1e-9)
