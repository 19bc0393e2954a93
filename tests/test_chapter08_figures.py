"""第 8 章の図: 数値の埋め込みと、描き直しても同じバイト列になること。"""

from __future__ import annotations

import pytest

from getting_started_ml.chapter08 import DepthRow, Evaluation
from getting_started_ml.chapter08.figures import DepthFigureData, depth_figure_data, depth_svg
from getting_started_ml.figures import embedded_data

ROWS = [
    DepthRow(1, Evaluation(0.75, 0.5, 1, 2), Evaluation(0.625, 0.5, 2, 2)),
    DepthRow(2, Evaluation(1.0, 0.5, 1, 2), Evaluation(0.875, 1.0, 2, 2)),
]


def test_深さの表を図に描く数の並びに直す() -> None:
    assert depth_figure_data(ROWS) == DepthFigureData(
        depths=[1, 2],
        survivors=2,
        train_none=[0.75, 1.0],
        train_balanced=[0.625, 0.875],
        test_none=[0.5, 0.5],
        test_balanced=[0.5, 1.0],
        found_none=[1, 1],
        found_balanced=[2, 2],
    )
    with pytest.raises(ValueError, match="深さが 1 つもない"):
        depth_figure_data([])


def test_描いた数値を埋め込み_描き直しても同じバイト列になる() -> None:
    data = depth_figure_data(ROWS)
    svg = depth_svg(data)

    assert embedded_data(svg) == data
    assert depth_svg(data) == svg
    assert "<dc:date>" not in svg
