"""第 7 章と第 12 章の差分テストの道具: 列ごとに尺度の違う難しい計画行列を作る戦略。"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st


@st.composite
def designs(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """尺度の違う列の表 x、正解 t、列の尺度、列の種類（normal / constant / collinear）。"""
    n = draw(st.integers(8, 40))
    width = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    x = rng.normal(size=(n, width)) + 2.0
    kinds = []
    for j in range(width):
        kind = draw(st.sampled_from(["normal", "normal", "constant", "collinear"]))
        kind = "normal" if kind == "collinear" and j == 0 else kind
        if kind == "constant":
            x[:, j] = 0.1
        elif kind == "collinear":
            x[:, j] = 3.0 * x[:, 0]
        kinds.append(kind)
    scales = np.array([10.0 ** draw(st.integers(-100, 100)) for _ in range(width)])
    t = x @ rng.normal(size=width) + 1.0 + 0.1 * rng.normal(size=n)
    return x * scales, t, scales, kinds
