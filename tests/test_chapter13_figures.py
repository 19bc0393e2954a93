# --8<-- [start:header]
"""第 13 章の図: 数値の埋め込みと、リポジトリにある図と実データの照合。"""

from __future__ import annotations

import pytest
from support.figures import assert_same_numbers

from getting_started_ml.chapter13 import StandardizedTable, load_standardized_boston
from getting_started_ml.chapter13.figures import (
    SCORES_FIGURE,
    SCREE_FIGURE,
    ScoreData,
    ScreeData,
    score_data,
    scores_svg,
    scree_data,
    scree_svg,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

SCREE_EXAMPLE = ScreeData(ratios=[0.75, 0.25], cumulative=[0.75, 1.0], threshold=0.8, needed=2)
SCORE_EXAMPLE = ScoreData(
    groups={"high": [[1.0, 2.0]], "low": [[-1.0, 0.5], [0.0, 0.5]]},
    means={"high": [1.0, 2.0], "low": [-0.5, 0.5]},
)
# --8<-- [end:header]


# --8<-- [start:test-figures]
def test_描いた数値をSVGに埋め込んで読み出せ描き直しても同じになる() -> None:
    scree = scree_svg(SCREE_EXAMPLE)
    assert embedded_data(scree) == SCREE_EXAMPLE
    assert embedded_data(scores_svg(SCORE_EXAMPLE)) == SCORE_EXAMPLE
    assert scree_svg(SCREE_EXAMPLE) == scree


@pytest.mark.data("Boston.csv")
def test_図の数値はデータから求め直した数値と一致する() -> None:
    boston: StandardizedTable = load_standardized_boston()
    scree = embedded_data((FIGURES_DIR / SCREE_FIGURE).read_text(encoding="utf-8"))
    scores = embedded_data((FIGURES_DIR / SCORES_FIGURE).read_text(encoding="utf-8"))
    assert_same_numbers(scree, scree_data(boston))
    assert_same_numbers(scores, score_data(boston))
    assert scree["needed"] == 6
    assert [round(v, 3) for v in scores["means"]["low"]] == [0.409, 1.590]


# --8<-- [end:test-figures]
