# --8<-- [start:header]
"""付録 A: numpy の分割探索が、第 8 章の純 Python の木とビットまで同じ木を育てること。

純 Python の grow_weighted が手本（参照実装）。乱数で作った小さなデータ（hypothesis）と、
第 3 章・第 8 章・第 11 章の実データの両方で、木（しきい値と不純度の float まで）を == で比べる。
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_a.fast_tree import (
    grow_weighted_numpy,
    kahan_columns,
    predict_rows,
    truncate,
)
from getting_started_ml.chapter02 import IRIS, Features, Table, prepare_iris
from getting_started_ml.chapter03 import (
    Leaf,
    Node,
    Split,
    Tree,
    build_tree,
    feature_rows,
    predict_one,
)
from getting_started_ml.chapter08 import (
    ClassWeight,
    Pipeline,
    WeightedTreeClassifier,
    class_weights,
    grow_weighted,
    split_survived,
)
from getting_started_ml.chapter11 import LabeledData, k_fold
from getting_started_ml.numeric import kahan_sum

FeatureRow = tuple[float, ...]

# --8<-- [end:header]


# --8<-- [start:test-kahan]
def test_配列の上のKahanの和はnumericのkahan_sumとビットまで同じ() -> None:
    values = [0.1, 0.2, 0.3, 1e16, 1.0, -1e16]
    present = [True] * len(values)

    total = kahan_columns(np.array([values]), np.array([present]))

    assert total[0] == kahan_sum(values)


def test_無い項は0として足さずに飛ばす() -> None:
    values = np.array([[0.1, 0.0, 0.2, 0.3], [0.1, 0.2, 0.3, 0.0]])
    present = np.array([[True, False, True, True], [True, True, True, False]])

    total = kahan_columns(values, present)

    assert total.tolist() == [kahan_sum([0.1, 0.2, 0.3])] * 2


# --8<-- [end:test-kahan]


# --8<-- [start:test-same-tree]
def test_小さなデータで純Pythonの木と同じ木を育てる() -> None:
    rows: list[FeatureRow] = [(1.0, 0.0), (2.0, 1.0), (2.0, 0.0), (3.0, 1.0), (4.0, 1.0)]
    labels = ["a", "b", "a", "b", "b"]
    weights = {"a": 1.5, "b": 0.75}

    expected = grow_weighted(rows, labels, ("x", "y"), weights, None)

    assert grow_weighted_numpy(rows, labels, ("x", "y"), weights, None) == expected


values = st.sampled_from([0.0, 1.0, 2.0, 2.5, -1.0, 1e-300, 0.1, 0.3])
weights_of_labels = st.sampled_from([1.0, 0.5, 1 / 3, 2.7, 0.1, 1e-3])


@st.composite
def training_data(
    draw: st.DrawFn,
) -> tuple[list[FeatureRow], list[str], tuple[str, ...], dict[str, float], int | None]:
    """同じ値（しきい値の同点）と、足し算の順で結果が変わる重みを多めに含む小さなデータ。"""
    n_columns = draw(st.integers(1, 3))
    rows = draw(
        st.lists(st.tuples(*[values] * n_columns), min_size=1, max_size=40).map(
            lambda items: [tuple(item) for item in items]
        )
    )
    labels = draw(st.lists(st.sampled_from("abc"), min_size=len(rows), max_size=len(rows)))
    weights = {label: draw(weights_of_labels) for label in sorted(set(labels))}
    depth = draw(st.none() | st.integers(0, 4))
    return rows, labels, tuple(f"c{i}" for i in range(n_columns)), weights, depth


@settings(max_examples=35, deadline=None)
@given(training_data())
@example(([(1.0,)], ["a"], ("c0",), {"a": 1.0}, None))  # 1 行だけ
@example(([(0.0,), (1.0,), (2.0,)], ["b"] * 3, ("c0",), {"b": 1e-3}, 2))  # ラベルが 1 種類
@example(  # 同じ値（しきい値の同点）と、足す順で結果の変わる重み
    (
        [(0.1, 0.3), (0.3, 0.1), (0.1, 0.3), (2.5, -1.0), (1e-300, 0.0), (0.0, 1e-300)],
        ["a", "b", "c", "a", "b", "c"],
        ("c0", "c1"),
        {"a": 0.1, "b": 1 / 3, "c": 2.7},
        None,
    )
)
@example(
    ([(2.0, 1.0), (2.0, 0.0), (2.0, 1.0)], ["a", "b", "b"], ("c0", "c1"), {"a": 0.5, "b": 1.0}, 0)
)
def test_乱数のデータでも純Pythonの木とビットまで同じ(
    data: tuple[list[FeatureRow], list[str], tuple[str, ...], dict[str, float], int | None],
) -> None:
    rows, labels, columns, weights, depth = data

    expected = grow_weighted(rows, labels, columns, weights, depth)

    assert grow_weighted_numpy(rows, labels, columns, weights, depth) == expected


# --8<-- [end:test-same-tree]


# --8<-- [start:test-tools]
def test_WeightedTreeClassifierは育て方を差し替えられる() -> None:
    x = [Features(("x",), (float(v),)) for v in [1, 2, 3, 4, 5, 6]]
    t = [0, 0, 1, 0, 1, 1]

    pure = WeightedTreeClassifier[int](None, ClassWeight.BALANCED).fit(x, t)
    fast = WeightedTreeClassifier[int](None, ClassWeight.BALANCED, grow=grow_weighted_numpy)

    assert fast.fit(x, t).tree == pure.tree
    with pytest.raises(TypeError, match="grow"):
        WeightedTreeClassifier[int](None, ClassWeight.BALANCED, grow="numpy")  # type: ignore[arg-type]


def test_まとめた予測はpredict_oneと同じ() -> None:
    tree: Node[str] | Leaf[str] = Node(
        Split("x", 1.5, 0.0), Leaf("a"), Node(Split("y", 0.5, 0.0), Leaf("b"), Leaf("c"))
    )
    rows: list[FeatureRow] = [(1.5, 9.0), (2.0, 0.5), (2.0, 0.6), (0.0, 0.0)]
    columns = ("x", "y")

    expected = [predict_one(tree, Features(columns, row)) for row in rows]

    assert predict_rows(tree, rows, columns) == expected == ["a", "b", "c", "a"]


def test_悪い入力は入口で名前を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="件数"):
        grow_weighted_numpy([(1.0,)], ["a", "b"], ("x",), {"a": 1.0, "b": 1.0}, None)
    with pytest.raises(ValueError, match="重み"):
        grow_weighted_numpy([(1.0,), (2.0,)], ["a", "b"], ("x",), {"a": 1.0}, None)
    with pytest.raises(ValueError, match="列の数"):
        grow_weighted_numpy([(1.0, 2.0)], ["a"], ("x",), {"a": 1.0}, None)
    with pytest.raises(ValueError, match="有限"):
        grow_weighted_numpy([(float("nan"),)], ["a"], ("x",), {"a": 1.0}, None)
    with pytest.raises(ValueError, match="columns"):
        predict_rows(Node(Split("z", 0.0, 0.0), Leaf(1), Leaf(2)), [(1.0,)], ("x",))


# --8<-- [end:test-tools]


# --8<-- [start:test-real-data]
# 実データ: 第 3 章・第 8 章・第 11 章の木がビットまで同じ


@cache
def survived_train_features() -> tuple[list[Features], list[int]]:
    """第 8 章のパイプラインで前処理した Survived の訓練データ（数の行と正解）。

    2 つのテストが使うので、パイプラインの学習は 1 度だけにする。data マーカーを付けた
    テストの中で呼ぶ。
    """
    split = split_survived(Table.load("Survived.csv"))
    fitted = Pipeline.build(None, ClassWeight.BALANCED).fit(split.x_train, split.t_train)
    return fitted.features(split.x_train), split.t_train


@pytest.mark.data("iris.csv")
def test_第3章のアヤメの木と同じ() -> None:
    split = prepare_iris(Table.load(IRIS))
    columns = split.x_train[0].columns
    rows = feature_rows(split.x_train, columns)
    weights = class_weights(split.t_train, ClassWeight.NONE)
    for depth in [1, 2, 3, 4, 5, None]:
        expected = build_tree(split.x_train, split.t_train, columns, depth)
        assert grow_weighted_numpy(rows, split.t_train, columns, weights, depth) == expected


@pytest.mark.data("Survived.csv")
def test_第8章のパイプラインの木と同じ() -> None:
    x, t = survived_train_features()
    columns = x[0].columns
    rows = feature_rows(x, columns)
    for class_weight in ClassWeight:
        weights = class_weights(t, class_weight)
        for depth in [1, 5, None]:
            expected = grow_weighted(rows, t, columns, weights, depth)
            assert grow_weighted_numpy(rows, t, columns, weights, depth) == expected


@pytest.mark.data("Survived.csv")
def test_第11章の交差検証の木と同じ(survived: LabeledData[str]) -> None:
    columns = survived.x[0].columns
    for fold in k_fold(len(survived.x), 5, 0):
        x = [survived.x[i] for i in fold.train]
        t: list[Hashable] = [survived.t[i] for i in fold.train]
        weights = class_weights(t, ClassWeight.NONE)
        expected = build_tree(x, t, columns, 2)
        assert grow_weighted_numpy(feature_rows(x, columns), t, columns, weights, 2) == expected


# --8<-- [end:test-real-data]


# --8<-- [start:test-truncate]
@settings(max_examples=20, deadline=None)
@given(training_data(), st.integers(0, 4))
@example(([(1.0,)], ["a"], ("c0",), {"a": 1.0}, None), 4)  # 1 行だけ
@example(([(1.0,), (2.0,)], ["a", "b"], ("c0",), {"a": 1.0, "b": 1.0}, None), 0)  # 根で同点
@example(  # 1/3 を 3 回足すと 1.0: 足す順で変わりうる同点の多数決
    ([(0.0,), (0.1,), (0.3,), (2.5,)], ["a", "a", "a", "b"], ("c0",), {"a": 1 / 3, "b": 1.0}, None),
    0,
)
@example(
    (
        [(0.1, 0.3), (0.3, 0.1), (0.1, 0.3), (2.5, -1.0), (1e-300, 0.0), (0.0, 1e-300)],
        ["a", "b", "c", "a", "b", "c"],
        ("c0", "c1"),
        {"a": 0.1, "b": 1 / 3, "c": 2.7},
        None,
    ),
    1,
)
def test_深い木を切り詰めると_その深さで育てた木と同じ(
    data: tuple[list[FeatureRow], list[str], tuple[str, ...], dict[str, float], int | None],
    depth: int,
) -> None:
    rows, labels, columns, weights, _ = data
    deepest = grow_weighted_numpy(rows, labels, columns, weights, None)

    expected = grow_weighted(rows, labels, columns, weights, depth)

    assert truncate(deepest, depth, rows, labels, columns=columns, weights=weights) == expected


# --8<-- [end:test-truncate]


# --8<-- [start:test-more]
@pytest.mark.data("Survived.csv")
def test_第8章の木でも切り詰めた木は育てた木と同じ() -> None:
    x, t = survived_train_features()
    columns = x[0].columns
    rows = feature_rows(x, columns)
    weights = class_weights(t, ClassWeight.BALANCED)
    deepest = grow_weighted_numpy(rows, t, columns, weights, 10)
    for depth in range(1, 11):
        expected = grow_weighted(rows, t, columns, weights, depth)
        assert truncate(deepest, depth, rows, t, columns=columns, weights=weights) == expected


@st.composite
def dummy_column_data(
    draw: st.DrawFn,
) -> tuple[list[FeatureRow], list[str], tuple[str, ...], dict[str, float], int | None]:
    """値が 2 つ以下の列（ダミー変数、-0.0 と 0.0 の混ざる列、定数の列）と値の多い列。"""
    dummies = st.sampled_from([(0.0, 1.0), (-0.0, 0.0, 1.0), (2.5,), (-1.0, 0.1)])
    kinds = draw(st.lists(dummies | st.just(None), min_size=1, max_size=4))
    n_rows = draw(st.integers(1, 60))
    columns = [
        draw(
            st.lists(
                values if kind is None else st.sampled_from(kind), min_size=n_rows, max_size=n_rows
            )
        )
        for kind in kinds
    ]
    labels = draw(st.lists(st.sampled_from("abc"), min_size=n_rows, max_size=n_rows))
    weights = {label: draw(weights_of_labels) for label in sorted(set(labels))}
    depth = draw(st.none() | st.integers(0, 4))
    rows = [tuple(row) for row in zip(*columns, strict=True)]
    return rows, labels, tuple(f"c{i}" for i in range(len(kinds))), weights, depth


@settings(max_examples=35, deadline=None)
@given(dummy_column_data())
@example(([(2.5,)], ["b"], ("c0",), {"b": 0.5}, None))  # 1 行、定数の列だけ
@example(  # -0.0 と 0.0 の混ざるダミー列、定数の列、値の多い列
    (
        [(-0.0, 2.5, 0.1), (0.0, 2.5, 0.3), (1.0, 2.5, 0.1), (-0.0, 2.5, 1e-300), (1.0, 2.5, 2.0)],
        ["a", "b", "a", "c", "c"],
        ("c0", "c1", "c2"),
        {"a": 0.1, "b": 1 / 3, "c": 2.7},
        None,
    )
)
@example(
    (
        [(0.0, -1.0), (1.0, 0.1), (1.0, -1.0), (0.0, 0.1)],
        ["a", "b", "b", "a"],
        ("c0", "c1"),
        {"a": 1.0, "b": 1.0},
        1,
    )
)
def test_値が2つ以下の列が混ざっても純Pythonの木とビットまで同じ(
    data: tuple[list[FeatureRow], list[str], tuple[str, ...], dict[str, float], int | None],
) -> None:
    rows, labels, columns, weights, depth = data

    expected = grow_weighted(rows, labels, columns, weights, depth)

    assert grow_weighted_numpy(rows, labels, columns, weights, depth) == expected


def test_ラベルが200種類あっても純Pythonの木とビットまで同じ() -> None:
    # ラベルの番号を 8 ビットに詰めると、128 番目からの番号が負に回って数えられなくなっていた
    generator = np.random.default_rng(18)
    rows: list[FeatureRow] = [tuple(row) for row in generator.integers(0, 30, (600, 2)).tolist()]
    labels = [f"l{k}" for k in generator.integers(0, 200, 600).tolist()]
    weights = {label: 1.0 + (int(label[1:]) % 7) / 4 for label in labels}

    for depth in [1, 3, None]:
        expected = grow_weighted(rows, labels, ("x", "y"), weights, depth)
        assert grow_weighted_numpy(rows, labels, ("x", "y"), weights, depth) == expected


def depth_of(tree: Tree[int]) -> int:
    """木の深さ（根だけなら 0）。深い木でも再帰しない。"""
    deepest = 0
    pending = [(tree, 0)]
    while pending:
        node, depth = pending.pop()
        deepest = max(deepest, depth)
        if isinstance(node, Node):
            pending += [(node.left, depth + 1), (node.right, depth + 1)]
    return deepest


def test_1000段の深い木も再帰せずに育てて切り詰めて予測できる() -> None:
    # 1 段ごとに再帰すると、およそ 990 段で RecursionError になっていた
    rows: list[FeatureRow] = [(float(i),) for i in range(1000)]
    labels = [i % 2 for i in range(1000)]
    weights = {0: 1.0, 1: 1.0}

    tree = grow_weighted_numpy(rows, labels, ("x",), weights, None)

    assert depth_of(tree) == 999
    assert predict_rows(tree, rows, ("x",)) == labels
    shallow = truncate(tree, 3, rows, labels, columns=("x",), weights=weights)
    assert depth_of(shallow) == 3
    assert shallow == grow_weighted(rows, labels, ("x",), weights, 3)


def test_負の深さや数でない深さは名前を書いて失敗する() -> None:
    # 負の深さは 0 にならないまま減り続け、黙って制限なしの木を育てていた
    rows: list[FeatureRow] = [(1.0,), (2.0,)]
    with pytest.raises(ValueError, match="depth"):
        grow_weighted_numpy(rows, ["a", "b"], ("x",), {"a": 1.0, "b": 1.0}, -1)
    with pytest.raises(TypeError, match="depth"):
        grow_weighted_numpy(rows, ["a", "b"], ("x",), {"a": 1.0, "b": 1.0}, True)


def test_行列の配列を渡しても数の行と同じ木() -> None:
    rows: list[FeatureRow] = [(1.0, 0.0), (2.0, 1.0), (2.0, 0.0), (3.0, 1.0), (4.0, 1.0)]
    labels = ["a", "b", "a", "b", "b"]
    weights = {"a": 1.5, "b": 0.75}

    expected = grow_weighted_numpy(rows, labels, ("x", "y"), weights, None)

    assert grow_weighted_numpy(np.array(rows), labels, ("x", "y"), weights, None) == expected
    with pytest.raises(ValueError, match="配列の形"):
        grow_weighted_numpy(np.ones((5, 3)), labels, ("x", "y"), weights, None)


@st.composite
def many_label_data(
    draw: st.DrawFn,
) -> tuple[list[FeatureRow], list[int], tuple[str, ...], dict[int, float]]:
    """ラベルが多い（ときに 1 行 1 ラベル）、同じ値と重みの偏りを含む小さなデータ。"""
    n_columns = draw(st.integers(1, 3))
    n_rows = draw(st.integers(2, 40))
    grid = st.sampled_from([-1.0, 0.0, 1.0, 2.5, 1e6])
    rows = [tuple(draw(grid) for _ in range(n_columns)) for _ in range(n_rows)]
    n_labels = draw(st.sampled_from([2, 3, 7, 200]))
    labels = draw(st.lists(st.integers(0, n_labels - 1), min_size=n_rows, max_size=n_rows))
    scale = st.sampled_from([1.0, 0.5, 2.7, 1e-3])
    weights = {label: draw(scale) for label in sorted(set(labels))}
    return rows, labels, tuple(f"c{i}" for i in range(n_columns)), weights


@pytest.mark.filterwarnings("ignore:The number of unique classes:UserWarning")
@settings(max_examples=40, deadline=None)
@given(many_label_data())
def test_根の分割の不純度はscikit_learnの最良の分割と同じ(
    data: tuple[list[FeatureRow], list[int], tuple[str, ...], dict[int, float]],
) -> None:
    # 同点の分割の選び方は違ってよい（第 8 章の木は走査の順で最初）。最良の不純度の値は同じはず
    from sklearn.tree import DecisionTreeClassifier  # noqa: PLC0415  遅い読み込みを避ける

    rows, labels, columns, weights = data
    tree = grow_weighted_numpy(rows, labels, columns, weights, 1)
    library = DecisionTreeClassifier(max_depth=1, class_weight=weights, random_state=0)
    fitted = library.fit(np.array(rows), np.array(labels)).tree_

    if isinstance(tree, Leaf):
        assert fitted.node_count == 1
        return
    assert fitted.node_count == 3
    weight = fitted.weighted_n_node_samples
    children = (weight[1] * fitted.impurity[1] + weight[2] * fitted.impurity[2]) / weight[0]
    assert tree.split.impurity == pytest.approx(children, rel=1e-9, abs=1e-12)


# --8<-- [end:test-more]
