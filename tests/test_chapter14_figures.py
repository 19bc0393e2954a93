# --8<-- [start:header]
"""第 14 章の図: 数値の埋め込みと、リポジトリにある図と実データの照合。"""

from __future__ import annotations

import pytest
from support.figures import assert_same_numbers

from getting_started_ml.chapter13 import standardize
from getting_started_ml.chapter14 import load_spending
from getting_started_ml.chapter14.figures import (
    CLUSTERS_FIGURE,
    ELBOW_FIGURE,
    ClusterData,
    ElbowData,
    cluster_data,
    clusters_svg,
    elbow_data,
    elbow_svg,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

ELBOW_EXAMPLE = ElbowData(counts=[1, 2], own=[12.0, 3.5], library=[12.0, 3.25])
CLUSTER_EXAMPLE = ClusterData(
    ratios=[0.5, 0.25],
    clusters={"0": [[1.0, 2.0]], "1": [[-1.0, 0.5], [0.0, 0.5]]},
    centers={"0": [1.0, 2.0], "1": [-0.5, 0.5]},
)
# --8<-- [end:header]


# --8<-- [start:test-figures]
def test_描いた数値をSVGに埋め込んで読み出せ描き直しても同じになる() -> None:
    elbow = elbow_svg(ELBOW_EXAMPLE)
    assert embedded_data(elbow) == ELBOW_EXAMPLE
    assert embedded_data(clusters_svg(CLUSTER_EXAMPLE)) == CLUSTER_EXAMPLE
    assert elbow_svg(ELBOW_EXAMPLE) == elbow


@pytest.mark.data("Wholesale.csv")
def test_図の数値はデータから求め直した数値と一致する() -> None:
    points = standardize(load_spending().rows)
    elbow = embedded_data((FIGURES_DIR / ELBOW_FIGURE).read_text(encoding="utf-8"))
    clusters = embedded_data((FIGURES_DIR / CLUSTERS_FIGURE).read_text(encoding="utf-8"))
    computed = elbow_data(points)
    assert elbow["counts"] == computed["counts"]
    assert_same_numbers(elbow["own"], computed["own"])
    # k-means++ の値は scikit-learn の版しだい（版は pyproject.toml で固定）
    assert elbow["library"] == pytest.approx(computed["library"], rel=1e-9)
    assert_same_numbers(clusters, cluster_data(points))
    assert [len(members) for members in clusters["clusters"].values()] == [65, 96, 265, 10, 4]


# --8<-- [end:test-figures]
