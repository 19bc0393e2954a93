"""第 3 章のテスト: ジニ不純度、最良の分割、決定木、表示、scikit-learn との突き合わせ。"""

from __future__ import annotations

# --8<-- [start:imports]
import math
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from conftest import Completed
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import ColumnNotFoundError, Features, Table, prepare_iris
from getting_started_ml.chapter03 import (
    DecisionTree,
    Leaf,
    Node,
    NotFittedError,
    Split,
    best_split,
    boundary_impurities,
    build_tree,
    depth_of,
    format_tree,
    gini,
    gini_of_counts,
    majority,
    predict_one,
)
from getting_started_ml.numeric import kahan_sum

RunModule = Callable[..., Completed]

# --8<-- [end:imports]


# --8<-- [start:helpers]
def rows_of(columns: Sequence[str], *values: Sequence[float]) -> list[Features]:
    """列名と値の並びから、特徴量の行を作る。"""
    return [Features(tuple(columns), tuple(row)) for row in values]


def one_column(column: str, values: Sequence[float]) -> list[Features]:
    """1 列だけの特徴量の行を作る。"""
    return rows_of([column], *([value] for value in values))


# --8<-- [end:helpers]


# --8<-- [start:gini-tests]
# --8<-- [start:gini-first]
def test_一種類だけならジニ不純度は0() -> None:
    assert gini(["s", "s", "s"]) == 0.0


# --8<-- [end:gini-first]


# --8<-- [start:gini-more]
def test_二種類が半分ずつならジニ不純度は0_5() -> None:
    assert gini(["setosa", "virginica"]) == 0.5


def test_三種類が一つずつならジニ不純度は3分の2() -> None:
    assert gini(["a", "b", "c"]) == pytest.approx(2 / 3, abs=1e-12)


# --8<-- [end:gini-more]


# --8<-- [start:gini-empty]
def test_空ならジニ不純度は0() -> None:
    assert gini([]) == 0.0


# --8<-- [end:gini-empty]


# --8<-- [end:gini-tests]


# --8<-- [start:best-split-tests]
# --8<-- [start:split-first]
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


# --8<-- [end:split-first]


# --8<-- [start:split-one-label]
def test_ラベルが一種類なら分けない() -> None:
    assert best_split(one_column("値", [0.1, 0.2]), ["s", "s"], ["値"]) is None


def test_どの列も値が一種類なら分けない() -> None:
    assert best_split(one_column("値", [0.5, 0.5]), ["s", "v"], ["値"]) is None


# --8<-- [end:split-one-label]


# --8<-- [start:split-tie]
def test_不純度が同点なら先の列を選ぶ() -> None:
    columns = ["b", "a"]
    x = rows_of(columns, [0.1, 0.1], [0.9, 0.9])

    split = best_split(x, ["left", "right"], columns)

    assert split == Split("b", 0.5, 0.0)


# --8<-- [end:split-tie]


# --8<-- [end:best-split-tests]


# --8<-- [start:reference]
# --8<-- [start:reference-impl]
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


# --8<-- [end:reference-impl]
# --8<-- [start:order-example]
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


# --8<-- [end:order-example]


def test_誤った順では15と55の不純度がぴったり等しく正しい順では15が2ulp大きい() -> None:
    _, t, _ = RIGHT_SIDE_ORDER_CASE
    values = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    impurities = dict(boundary_impurities(values, t))
    # 境界 1.5 の右側は b, b, c, b, a。正しい順は b, c, a（3, 1, 1）、誤った順は a, b, c（1, 3, 1）
    wrong_at_1_5 = (1 * gini_of_counts([1], 1) + 5 * gini_of_counts([1, 3, 1], 5)) / 6

    assert wrong_at_1_5 == impurities[5] == 0.4666666666666666
    assert impurities[1] == 0.46666666666666673
    assert (impurities[1] - impurities[5]) / math.ulp(impurities[5]) == 2


# --8<-- [start:rows-strategy]
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


# --8<-- [end:rows-strategy]


# --8<-- [start:property-test]
@settings(max_examples=100, deadline=None, derandomize=True)
@given(labelled_rows())
@example(RIGHT_SIDE_ORDER_CASE)
def test_速い最良の分割は素朴な版とビットまで一致する(
    data: tuple[list[Features], list[str], list[str]],
) -> None:
    x, t, columns = data
    assert best_split(x, t, columns) == best_split_reference(x, t, columns)


# --8<-- [end:property-test]


# --8<-- [end:reference]


# --8<-- [start:order-test]
def test_ジニ不純度は現れた順で最後の桁が変わる() -> None:
    # 割合はどちらも 0.2, 0.2, 0.6。足す順だけが違い、結果は 1 ulp ずれる
    assert gini(["a", "b", "c", "c", "c"]) == 0.56
    assert gini(["a", "c", "c", "c", "b"]) == 0.5599999999999999


# --8<-- [end:order-test]


# --8<-- [start:tree-tests]
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


# --8<-- [end:tree-tests]


# --8<-- [start:majority-tests]
def test_多数決は同数なら先に現れたラベル() -> None:
    assert majority(["b", "a"]) == "b"
    assert majority(["a", "b"]) == "a"


def test_多数決はいちばん多いラベル() -> None:
    assert majority(["a", "b", "b"]) == "b"


def test_空のラベルでは多数決できない() -> None:
    with pytest.raises(ValueError, match="ラベルが 1 つもない"):
        majority([])


# --8<-- [end:majority-tests]


# --8<-- [start:format-tests]
def test_木を読める形で表示する() -> None:
    tree = build_tree(one_column("値", [1.0, 2.0, 3.0, 4.0]), ["a", "a", "b", "b"], ["値"], 1)

    assert format_tree(tree) == "値 <= 2.5000\n  a\n値 > 2.5000\n  b"


def test_葉だけの木は葉のラベルだけを表示する() -> None:
    assert format_tree(Leaf("a")) == "a"


def test_入れ子の節は二文字ずつ字下げする() -> None:
    inner = Node(Split("y", 0.25, 0.0), Leaf("b"), Leaf("c"))
    tree = Node(Split("x", 0.125, 0.0), Leaf("a"), inner)

    assert format_tree(tree).split("\n") == [
        "x <= 0.1250",
        "  a",
        "x > 0.1250",
        "  y <= 0.2500",
        "    b",
        "  y > 0.2500",
        "    c",
    ]


# --8<-- [end:format-tests]


# --8<-- [start:classifier-tests]
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


# --8<-- [end:classifier-tests]


# --8<-- [start:bad-input-tests]
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


# --8<-- [end:bad-input-tests]


def test_正解にNaNがあれば木を作れない() -> None:
    # NaN はどのラベルとも（自分自身とも）等しくないので、数えると別々のラベルになってしまう
    with pytest.raises(ValueError, match="正解の 1 番目が NaN"):
        build_tree(one_column("値", [1.0, 2.0]), [0.0, float("nan")], ["値"], None)


# --8<-- [start:iris-split]
def iris_split() -> tuple[list[Features], list[str], list[Features], list[str]]:
    """第 2 章の手順で分けて補完したアヤメのデータ。"""
    split = prepare_iris(Table.load("iris.csv"))
    return split.x_train, split.t_train, split.x_test, split.t_test


# --8<-- [end:iris-split]


# --8<-- [start:data-tests]
@pytest.mark.data("iris.csv")
def test_深さ2の木のテストデータの正解率は45件中43件() -> None:
    x_train, t_train, x_test, t_test = iris_split()

    predicted = DecisionTree[str].with_max_depth(2).fit(x_train, t_train).predict(x_test)

    hits = sum(1 for a, p in zip(t_test, predicted, strict=True) if a == p)
    assert hits / len(t_test) == pytest.approx(43 / 45, abs=1e-12)


@pytest.mark.data("iris.csv")
def test_深さ2の木は花弁幅で二回分ける() -> None:
    x_train, t_train, _, _ = iris_split()

    tree = build_tree(x_train, t_train, x_train[0].columns, 2)

    assert isinstance(tree, Node)
    assert isinstance(tree.right, Node)
    assert (tree.split.feature, tree.right.split.feature) == ("花弁幅", "花弁幅")
    assert tree.split.threshold == pytest.approx(0.295, rel=1e-12)
    assert tree.split.impurity == pytest.approx(0.32850241545893716, rel=1e-12)
    assert tree.right.split.threshold == pytest.approx(0.65, rel=1e-12)
    assert tree.right.split.impurity == pytest.approx(0.1751765143069491, rel=1e-12)


@pytest.mark.data("iris.csv")
def test_制限なしの木の深さは7() -> None:
    x_train, t_train, _, _ = iris_split()

    assert depth_of(build_tree(x_train, t_train, x_train[0].columns, None)) == 7


@pytest.mark.data("iris.csv")
def test_実行すると深さごとの正解率と深さ2の木を表示する(
    run_module: RunModule, golden: Callable[[str], str]
) -> None:
    completed = run_module("getting_started_ml.chapter03")

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == golden("chapter03")


def test_データが無ければファイル名を挙げて1で終わる(run_module: RunModule, tmp_path: Path) -> None:
    completed = run_module("getting_started_ml.chapter03", env={"ML_DATA_DIR": str(tmp_path)})

    assert completed.returncode == 1
    assert "iris.csv" in completed.stderr
    assert "Traceback" not in completed.stderr


# --8<-- [end:data-tests]


# --8<-- [start:sklearn-tests]
def as_matrix(x: Sequence[Features]) -> npt.NDArray[np.float64]:
    """特徴量の行を、scikit-learn が受け取る 2 次元の配列にする。"""
    return np.array([row.values for row in x], dtype=np.float64)


@pytest.mark.data("iris.csv")
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, None])
def test_学習用_scikit_learnの決定木と予測が一致する(depth: int | None) -> None:
    x_train, t_train, x_test, _ = iris_split()
    ours = DecisionTree[str](depth).fit(x_train, t_train)
    theirs = DecisionTreeClassifier(max_depth=depth, random_state=0)
    theirs.fit(as_matrix(x_train), t_train)

    assert list(theirs.predict(as_matrix(x_train))) == ours.predict(x_train)
    assert list(theirs.predict(as_matrix(x_test))) == ours.predict(x_test)

    root = ours.tree
    assert isinstance(root, Node)
    assert x_train[0].columns[theirs.tree_.feature[0]] == root.split.feature
    # scikit-learn は特徴量を float32 に丸めてから中点を取る（0.295 が 0.29499999433755875）
    assert theirs.tree_.threshold[0] == pytest.approx(root.split.threshold, abs=1e-6)
    assert theirs.tree_.threshold[0] != root.split.threshold


# --8<-- [end:sklearn-tests]


def test_木でないものや行でないものは型を書いて失敗する() -> None:
    (row,) = rows_of(["a"], [1.0])

    with pytest.raises(TypeError, match=r"tree（木）は Leaf か Node です（NoneType）"):
        predict_one(None, row)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"tree（木）は Leaf か Node です（str）"):
        format_tree("a")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"row（行）は Features です（NoneType）"):
        predict_one(Leaf("a"), None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="特徴量 の 0 番目が Features ではありません"):
        build_tree([None], ["a"], ["a"], None)  # type: ignore[list-item]


def test_NaNのラベルは多数決に使えない() -> None:
    with pytest.raises(ValueError, match="ラベルの 1 番目が NaN"):
        majority(["a", math.nan])
