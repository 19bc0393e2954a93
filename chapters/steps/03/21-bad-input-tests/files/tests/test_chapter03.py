"""第 3 章のテスト: ジニ不純度、最良の分割、決定木、表示、scikit-learn との突き合わせ。"""

from __future__ import annotations

# --8<-- [start:imports]
from collections.abc import Hashable, Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from getting_started_ml.chapter02 import ColumnNotFoundError, Features
from getting_started_ml.chapter03 import (
    DecisionTree,
    Leaf,
    Node,
    NotFittedError,
    Split,
    best_split,
    build_tree,
    depth_of,
    gini,
    majority,
    predict_one,
)
from getting_started_ml.numeric import kahan_sum

# --8<-- [end:imports]


def rows_of(columns: Sequence[str], *values: Sequence[float]) -> list[Features]:
    """列名と値の並びから、特徴量の行を作る。"""
    return [Features(tuple(columns), tuple(row)) for row in values]


def one_column(column: str, values: Sequence[float]) -> list[Features]:
    """1 列だけの特徴量の行を作る。"""
    return rows_of([column], *([value] for value in values))


def test_一種類だけならジニ不純度は0() -> None:
    assert gini(["s", "s", "s"]) == 0.0


def test_二種類が半分ずつならジニ不純度は0_5() -> None:
    assert gini(["setosa", "virginica"]) == 0.5


def test_三種類が一つずつならジニ不純度は3分の2() -> None:
    assert gini(["a", "b", "c"]) == pytest.approx(2 / 3, abs=1e-12)


def test_空ならジニ不純度は0() -> None:
    assert gini([]) == 0.0


def test_ジニ不純度は現れた順で最後の桁が変わる() -> None:
    # 割合はどちらも 0.2, 0.2, 0.6。足す順だけが違い、結果は 1 ulp ずれる
    assert gini(["a", "b", "c", "c", "c"]) == 0.56
    assert gini(["a", "c", "c", "c", "b"]) == 0.5599999999999999


def test_ラベルをきれいに分ける境界を見つける() -> None:
    x = one_column("花弁幅", [0.1, 0.2, 0.7, 0.8])

    split = best_split(x, ["s", "s", "v", "v"], ["花弁幅"])

    assert split is not None
    assert split.feature == "花弁幅"
    assert split.threshold == pytest.approx(0.45, abs=1e-12)  # 計算すると 0.44999999999999996
    assert split.impurity == 0.0


def test_複数の列から最良の列と境界を選ぶ() -> None:
    columns = ["がく片長さ", "花弁長さ"]
    x = rows_of(columns, [0.1, 0.2], [0.3, 0.1], [0.2, 0.9], [0.4, 0.6])

    split = best_split(x, ["s", "s", "v", "v"], columns)

    assert split is not None
    assert split.feature == "花弁長さ"
    assert split.threshold == pytest.approx(0.4, abs=1e-12)


def test_ラベルが一種類なら分けない() -> None:
    assert best_split(one_column("値", [0.1, 0.2]), ["s", "s"], ["値"]) is None


def test_どの列も値が一種類なら分けない() -> None:
    assert best_split(one_column("値", [0.5, 0.5]), ["s", "v"], ["値"]) is None


def test_不純度が同点なら先の列を選ぶ() -> None:
    columns = ["b", "a"]
    x = rows_of(columns, [0.1, 0.1], [0.9, 0.9])

    split = best_split(x, ["left", "right"], columns)

    assert split == Split("b", 0.5, 0.0)


def gini_reference(labels: Sequence[Hashable]) -> float:
    """定義どおりのジニ不純度。現れた順に数え、割合の 二乗を Kahan の和で足す。"""
    counts: dict[Hashable, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    shares = [count / len(labels) for count in counts.values()]
    return 1.0 - kahan_sum(share * share for share in shares)


def best_split_reference(
    x: Sequence[Features], t: Sequence[Hashable], columns: Sequence[str]
) -> Split | None:
    """境界ごとに左右のラベルを切り出し、ジニ不純度を一から計算する素朴な版。"""
    if not t or gini_reference(t) == 0.0:
        return None
    best: Split | None = None
    for column in columns:
        order = sorted(range(len(x)), key=lambda i: x[i].value(column))
        values = [x[i].value(column) for i in order]
        labels = [t[i] for i in order]
        for i in range(1, len(x)):
            if values[i] == values[i - 1]:
                continue
            left, right = labels[:i], labels[i:]
            impurity = (
                len(left) * gini_reference(left) + len(right) * gini_reference(right)
            ) / len(x)
            if best is None or impurity < best.impurity:
                best = Split(column, (values[i - 1] + values[i]) / 2, impurity)
    return best


# 行が右から左へ移ると、右側で初めて現れるラベルの順が変わる例（値は 1.0〜6.0）
RIGHT_SIDE_ORDER_CASE = (
    one_column("値", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
    ["a", "b", "b", "c", "b", "a"],
    ["値"],
)


def test_右側で初めて現れた順に足さないと選ぶ境界が変わる() -> None:
    # 境界 1.5 と 5.5 の不純度は、数学では等しい（どちらも 7/15）。
    # 右側で初めて現れた順に足すと 1.5 のほうが 2 ulp 大きくなるので、5.5 が選ばれる
    x, t, columns = RIGHT_SIDE_ORDER_CASE

    split = best_split(x, t, columns)

    assert split is not None
    assert (split.threshold, split.impurity) == (5.5, 0.4666666666666666)


@st.composite
def labelled_rows(draw: st.DrawFn) -> tuple[list[Features], list[str], list[str]]:
    """同じ値と同じラベルがよく重なる、小さな表。"""
    columns = ["c0", "c1", "c2"][: draw(st.integers(1, 3))]
    n = draw(st.integers(0, 40))
    value = st.one_of(
        st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.7, 1.0]),
        st.floats(-10.0, 10.0, allow_nan=False),
    )
    rows = draw(
        st.lists(
            st.lists(value, min_size=len(columns), max_size=len(columns)), min_size=n, max_size=n
        )
    )
    labels = draw(st.lists(st.sampled_from("abcdefg"), min_size=n, max_size=n))
    return rows_of(columns, *rows), labels, columns


@settings(max_examples=100, deadline=None, derandomize=True)
@given(labelled_rows())
@example(RIGHT_SIDE_ORDER_CASE)
def test_速い最良の分割は素朴な版とビットまで一致する(
    data: tuple[list[Features], list[str], list[str]],
) -> None:
    x, t, columns = data
    assert best_split(x, t, columns) == best_split_reference(x, t, columns)


def test_多数決は同数なら先に現れたラベル() -> None:
    assert majority(["b", "a"]) == "b"
    assert majority(["a", "b"]) == "a"


def test_多数決はいちばん多いラベル() -> None:
    assert majority(["a", "b", "b"]) == "b"


def test_空のラベルでは多数決できない() -> None:
    with pytest.raises(ValueError, match="ラベルが 1 つもない"):
        majority([])


def test_一種類のラベルで学習した木はそのラベルを予測する() -> None:
    tree = build_tree(one_column("値", [0.1, 0.5]), ["s", "s"], ["値"], None)

    assert tree == Leaf("s")
    assert predict_one(tree, one_column("値", [0.9])[0]) == "s"


def test_境界の両側で違うラベルを予測する() -> None:
    x = one_column("値", [0.1, 0.2, 0.3, 0.5, 0.6, 0.9])
    t = ["setosa"] * 3 + ["versicolor"] * 2 + ["virginica"]

    tree = build_tree(x, t, ["値"], 1)

    assert isinstance(tree, Node)
    assert tree.split.threshold == pytest.approx(0.4, abs=1e-12)
    assert [predict_one(tree, row) for row in one_column("値", [0.2, 0.95])] == [
        "setosa",
        "versicolor",  # 右の葉は versicolor 2 件、virginica 1 件の多数決
    ]


def test_境界ちょうどの値は左へ進む() -> None:
    tree = build_tree(one_column("値", [1.0, 2.0, 3.0, 4.0]), ["a", "a", "b", "b"], ["値"], 1)

    assert isinstance(tree, Node)
    assert predict_one(tree, one_column("値", [tree.split.threshold])[0]) == "a"


def test_同点の分割で作った木は先の列で予測する() -> None:
    columns = ["b", "a"]
    tree = build_tree(rows_of(columns, [0.1, 0.1], [0.9, 0.9]), ["left", "right"], columns, None)

    assert predict_one(tree, rows_of(columns, [0.2, 0.8])[0]) == "left"


def test_深さ0なら多数決の葉だけになる() -> None:
    tree = build_tree(one_column("値", [1.0, 2.0, 3.0]), ["b", "a", "a"], ["値"], 0)

    assert tree == Leaf("a")


def test_深さを制限すると木はそれより深くならない() -> None:
    x = one_column("値", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    t = ["a", "b", "a", "b", "a", "b"]

    assert depth_of(build_tree(x, t, ["値"], None)) > 2
    assert depth_of(build_tree(x, t, ["値"], 2)) == 2


def test_ラベルは文字列でなくてもよい() -> None:
    tree = build_tree(one_column("値", [1.0, 2.0, 3.0, 4.0]), [0, 0, 1, 1], ["値"], None)

    assert [predict_one(tree, row) for row in one_column("値", [1.5, 3.5])] == [0, 1]


def test_分類器は学習した木で予測する() -> None:
    x = one_column("値", [1.0, 2.0, 3.0, 4.0])
    model = DecisionTree[str].with_max_depth(1)

    assert model.tree is None
    assert model.fit(x, ["a", "a", "b", "b"]) is model
    assert model.predict(one_column("値", [0.0, 9.0])) == ["a", "b"]
    assert model.tree == build_tree(x, ["a", "a", "b", "b"], ["値"], 1)


def test_制限なしの分類器は訓練データを覚えきる() -> None:
    x = one_column("値", [1.0, 2.0, 3.0, 4.0, 5.0])
    t = ["a", "b", "a", "b", "a"]

    model = DecisionTree[str].unlimited().fit(x, t)

    assert model.max_depth is None
    assert model.predict(x) == t


def test_学習の前に予測すると失敗する() -> None:
    with pytest.raises(NotFittedError, match="fit"):
        DecisionTree[str].unlimited().predict(one_column("値", [1.0]))


def test_負の深さの分類器は作れない() -> None:
    with pytest.raises(ValueError, match="max_depth=-1"):
        DecisionTree[str].with_max_depth(-1)


def test_件数が違えば失敗する() -> None:
    x = one_column("値", [1.0, 2.0, 3.0])

    with pytest.raises(ValueError, match="特徴量 3 件、正解 2 件"):
        build_tree(x, ["a", "b"], ["値"], None)
    with pytest.raises(ValueError, match="特徴量 3 件、正解 2 件"):
        best_split(x, ["a", "b"], ["値"])


def test_負の深さでは木を作れない() -> None:
    with pytest.raises(ValueError, match="max_depth=-2"):
        build_tree(one_column("値", [1.0]), ["a"], ["値"], -2)


def test_空の表では木を作れない() -> None:
    with pytest.raises(ValueError, match="行が 1 つもない"):
        build_tree([], [], ["値"], None)
    with pytest.raises(ValueError, match="行が 1 つもない"):
        DecisionTree[str].unlimited().fit([], [])


def test_無い列を使うと列の名前を挙げて失敗する() -> None:
    x = one_column("値", [1.0, 2.0])

    with pytest.raises(ColumnNotFoundError, match="列 重さ はありません"):
        build_tree(x, ["a", "b"], ["重さ"], None)
    with pytest.raises(ColumnNotFoundError, match="列 重さ はありません"):
        best_split(x, ["a", "b"], ["重さ"])


def test_有限でない値があれば列の名前を挙げて失敗する() -> None:
    with pytest.raises(ValueError, match="列 値 に有限でない値 inf"):
        build_tree(one_column("値", [1.0, float("inf")]), ["a", "b"], ["値"], None)
