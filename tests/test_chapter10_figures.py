# --8<-- [start:header]
"""第 10 章の図: 描いた数値の埋め込みと、リポジトリにある図と実データの照合。"""

from __future__ import annotations

import pytest
from support.chapter10 import iris_forest, iris_logistic, iris_split

from getting_started_ml.chapter10 import forest_importances
from getting_started_ml.chapter10.figures import (
    IMPORTANCES_FIGURE,
    LOSS_FIGURE,
    ImportanceFigureData,
    LossFigureData,
    importance_figure_data,
    importances_svg,
    loss_svg,
    plotted_epochs,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

IRIS = "iris.csv"

IMPORTANCE_EXAMPLE = ImportanceFigureData(columns=["a", "b"], own=[0.25, 0.75], library=[0.5, 0.5])
LOSS_EXAMPLE = LossFigureData(epochs=[0, 1, 9], losses=[1.0986, 0.9, 0.5])

# --8<-- [end:header]


# --8<-- [start:read-figure]
def read_figure(name: str) -> object:
    return embedded_data((FIGURES_DIR / name).read_text(encoding="utf-8"))


# --8<-- [end:read-figure]


# --8<-- [start:test-figures]
@pytest.mark.data(IRIS)
def test_重要度の図の数値は自作の森とscikit_learnの森から求め直した数値と一致する() -> None:
    split = iris_split()
    embedded = read_figure(IMPORTANCES_FIGURE)

    assert isinstance(embedded, dict)
    own = forest_importances(iris_forest(), split.x_train, split.t_train)
    assert embedded["columns"] == list(own)
    assert embedded["own"] == pytest.approx(list(own.values()), rel=1e-12)
    # scikit-learn の森は（版を固定して）描き直した値と比べる。木の作り方が違うので自作とは比べない
    assert embedded["library"] == pytest.approx(importance_figure_data(split)["library"], rel=1e-12)


@pytest.mark.data(IRIS)
def test_損失の図の数値は学習し直した損失と一致する() -> None:
    losses = iris_logistic().losses
    embedded = read_figure(LOSS_FIGURE)

    assert isinstance(embedded, dict)
    assert embedded["epochs"] == plotted_epochs(5000)
    assert embedded["losses"] == pytest.approx(
        [losses[epoch] for epoch in embedded["epochs"]], rel=1e-12
    )


# --8<-- [end:test-figures]


def test_描く回は先が密で最初と最後を含む() -> None:
    epochs = plotted_epochs(5000)

    assert epochs[:3] == [0, 1, 2]
    assert epochs[-1] == 4999
    assert {99, 110, 1050} <= set(epochs)
    assert 101 not in epochs
    assert plotted_epochs(3) == [0, 1, 2]


@pytest.fixture(scope="module")
def loss_example_svg() -> str:
    """LOSS_EXAMPLE を描いた SVG（モジュールで 1 度だけ描き、描いたものを読むテストが使い回す）。"""
    return loss_svg(LOSS_EXAMPLE)


def test_描いた数値をSVGに埋め込んで読み出せる(loss_example_svg: str) -> None:
    assert embedded_data(importances_svg(IMPORTANCE_EXAMPLE)) == IMPORTANCE_EXAMPLE
    assert embedded_data(loss_example_svg) == LOSS_EXAMPLE


def test_描き直しても同じバイト列になる(loss_example_svg: str) -> None:
    assert loss_svg(LOSS_EXAMPLE) == loss_example_svg  # 同じプロセスで新しく描き直したもの
    assert "<dc:date>" not in loss_example_svg
    assert "Matplotlib v" not in loss_example_svg
