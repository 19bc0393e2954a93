"""第 2・3・7・11 章の図（散布図・決定木・外れ値・混同行列）: 小さな例、埋め込み、実データとの照合。

図の SVG は chapters/figures/ にあり、埋め込んだ数値をデータのテストが求め直して比べる
（第 11 章の図と同じやり方。tests/test_chapter11_figures.py）。
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed
from support.figures import assert_same_numbers

from getting_started_ml.chapter02 import IRIS, Features, Table, prepare_iris
from getting_started_ml.chapter02.figures import (
    IRIS_PAIRS_FIGURE,
    iris_pairs_data,
    iris_pairs_svg,
    iris_values,
)
from getting_started_ml.chapter03 import Leaf, Node, Split, build_tree
from getting_started_ml.chapter03.figures import TREE_FIGURE, shown_tree_data, tree_data, tree_svg
from getting_started_ml.chapter07 import CINEMA
from getting_started_ml.chapter07.figures import (
    OUTLIER_FIGURE,
    cinema_points,
    outlier_figure_data,
    outlier_svg,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

IRIS_EXAMPLE = Table.parse("がく片長さ,花弁幅,種類\n0.1,0.2,A\n0.3,,A\n0.5,0.6,B\n,0.8,A\n")
CINEMA_EXAMPLE = Table.parse(
    "cinema_id,SNS1,SNS2,actor,original,sales\n"
    "1,1,500,1,0,9000\n"
    "2,1,1200,1,0,8000\n"
    "3,1,1000,1,0,8000\n"
    "4,1,,1,0,9500\n"
)


def read_figure(name: str) -> object:
    return embedded_data((FIGURES_DIR / name).read_text(encoding="utf-8"))


# 第 2 章: iris の散布図
def test_散布図の要約は種類ごとの行数と欠損値の数と平均() -> None:
    columns, values = iris_values(IRIS_EXAMPLE)

    assert values == {
        "A": {"がく片長さ": [0.1, 0.3, None], "花弁幅": [0.2, None, 0.8]},
        "B": {"がく片長さ": [0.5], "花弁幅": [0.6]},
    }
    summary = iris_pairs_data(columns, values)
    assert summary["rows"] == {"A": 3, "B": 1}
    assert summary["missing"] == {
        "A": {"がく片長さ": 1, "花弁幅": 1},
        "B": {"がく片長さ": 0, "花弁幅": 0},
    }
    assert summary["means"]["A"] == pytest.approx({"がく片長さ": 0.2, "花弁幅": 0.5}, rel=1e-12)


def test_散布図には行の値ではなく要約だけを埋め込む() -> None:
    columns, values = iris_values(IRIS_EXAMPLE)

    assert embedded_data(iris_pairs_svg(columns, values)) == iris_pairs_data(columns, values)


@pytest.mark.data(IRIS)
def test_散布図の要約は実データから求め直したものと一致する() -> None:
    columns, values = iris_values(Table.load(IRIS))
    summary = iris_pairs_data(columns, values)

    assert summary["rows"] == {"Iris-setosa": 50, "Iris-versicolor": 50, "Iris-virginica": 50}
    assert sum(sum(by_column.values()) for by_column in summary["missing"].values()) == 7
    assert_same_numbers(read_figure(IRIS_PAIRS_FIGURE), summary)


# 第 3 章: 深さ 2 の決定木
def test_木の図の数値は節と葉に来た行のラベルごとの件数() -> None:
    tree = Node(Split("x", 1.5, 0.0), Leaf("a"), Leaf("b"))
    x = [Features(("x",), (value,)) for value in (1.0, 1.5, 2.0, 3.0)]

    assert tree_data(tree, x, ["a", "b", "b", "b"]) == {
        "feature": "x",
        "threshold": 1.5,
        "counts": {"a": 1, "b": 3},
        "left": {"label": "a", "counts": {"a": 1, "b": 1}},
        "right": {"label": "b", "counts": {"b": 2}},
    }


@pytest.mark.data(IRIS)
def test_木の図は第_3_章の深さ_2_の木と同じで実データから求め直したものと一致する() -> None:
    data = shown_tree_data(Table.load(IRIS))
    split = prepare_iris(Table.load(IRIS))
    tree = build_tree(split.x_train, split.t_train, split.x_train[0].columns, 2)

    assert data["counts"] == {"Iris-setosa": 36, "Iris-versicolor": 34, "Iris-virginica": 35}
    assert isinstance(tree, Node)
    assert (data["feature"], data["threshold"]) == (tree.split.feature, tree.split.threshold)
    assert read_figure(TREE_FIGURE) == data
    assert embedded_data(tree_svg(data)) == data


# 第 7 章: 外れ値の散布図
def test_外れ値の図は規則どおりに外れ値を選び欠損の行は描かない() -> None:
    points = cinema_points(CINEMA_EXAMPLE)

    assert [(p["cinema_id"], p["outlier"]) for p in points] == [
        ("1", False),
        ("2", True),
        ("3", False),
    ]
    assert outlier_figure_data(points)["outliers"] == ["2"]
    assert outlier_figure_data(points)["x_range"] == [500.0, 1200.0]
    assert embedded_data(outlier_svg(points)) == outlier_figure_data(points)


def test_点が無ければ外れ値の図は描かない() -> None:
    with pytest.raises(ValueError, match="SNS2 と sales"):
        outlier_figure_data([])


@pytest.mark.data(CINEMA)
def test_外れ値の図の数値は実データから求め直したものと一致する() -> None:
    data = outlier_figure_data(cinema_points(Table.load(CINEMA)))

    assert (data["points"], len(data["outliers"])) == (100, 1)
    assert_same_numbers(read_figure(OUTLIER_FIGURE), data)


@pytest.mark.parametrize(
    ("module", "needs"),
    [
        ("getting_started_ml.chapter02.figures", IRIS),
        ("getting_started_ml.chapter03.figures", IRIS),
        ("getting_started_ml.chapter07.figures", CINEMA),
    ],
)
def test_データが無ければ図を描かずに_1_行で失敗する(
    run_module: Callable[..., Completed], tmp_path: Path, module: str, needs: str
) -> None:
    result = run_module(module, env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert needs in result.stderr
    assert "Traceback" not in result.stderr
