# --8<-- [start:header]
"""第 10 章のテスト: 多数決、ブートストラップ、列の抽選、第 3 章の木を集めたランダムフォレスト。"""

from __future__ import annotations

import pytest
from support.chapter10 import SETOSA, VERSICOLOR, VIRGINICA, columns_of

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import NotFittedError, build_tree
from getting_started_ml.chapter10 import FittedTree, RandomForest, bootstrap_sample, majority_vote
from getting_started_ml.chapter10.forest import chosen_columns
from getting_started_ml.java_random import JavaRandom, shuffle

S, VE, VI = SETOSA, VERSICOLOR, VIRGINICA

# --8<-- [end:header]


# --8<-- [start:two-species]
def two_species() -> tuple[list[Features], list[str]]:
    """2 種類のアヤメを 2 列で表した 8 行。"""
    x = columns_of(
        花弁長さ=[0.1, 0.2, 0.15, 0.25, 0.7, 0.8, 0.75, 0.9],
        花弁幅=[0.1, 0.15, 0.2, 0.1, 0.8, 0.7, 0.9, 0.85],
    )
    return x, [S, S, S, S, VI, VI, VI, VI]


# --8<-- [end:two-species]


# --8<-- [start:test-majority-vote]
def test_行ごとに木の票を数えて多数決する() -> None:
    assert majority_vote([[S, VI], [S, VI], [VE, S]]) == [S, VI]


def test_同数なら先に現れたラベルが勝つ() -> None:
    assert majority_vote([["a"], ["b"]]) == ["a"]
    assert majority_vote([["b"], ["a"]]) == ["b"]


# --8<-- [end:test-majority-vote]


# --8<-- [start:test-bootstrap]
def test_ブートストラップは戻しながら引く() -> None:
    sample = bootstrap_sample(100, JavaRandom(0))

    assert len(sample) == 100
    assert all(0 <= position < 100 for position in sample)
    assert len(set(sample)) < 100
    assert bootstrap_sample(100, JavaRandom(0)) == sample


def test_ブートストラップはnextIntをn回呼んだ値そのもの() -> None:
    rnd = JavaRandom(0)
    assert bootstrap_sample(10, JavaRandom(0)) == [rnd.next_int(10) for _ in range(10)]


def test_列は同じ乱数で並べ替えて先頭を選び元の順に戻す() -> None:
    columns = ["がく片長さ", "がく片幅", "花弁長さ", "花弁幅"]
    rnd, twin = JavaRandom(3), JavaRandom(3)

    chosen = chosen_columns(columns, 2, rnd)

    shuffled = shuffle(columns, twin)
    assert set(chosen) == set(shuffled[:2])
    assert list(chosen) == [column for column in columns if column in chosen]
    assert rnd.next_int(1000) == twin.next_int(1000)  # 引いた回数も同じ（4 列なら 3 回）


# --8<-- [end:test-bootstrap]


# --8<-- [start:test-forest]
def test_木の数と木ごとの列の数は指定どおり() -> None:
    x, t = two_species()

    forest = RandomForest.of(5, 1, 0).fit(x, t)

    assert len(forest.trees) == 5
    assert all(len(fitted.columns) == 1 for fitted in forest.trees)
    assert forest.predict(columns_of(花弁長さ=[0.1, 0.85], 花弁幅=[0.12, 0.8])) == [S, VI]


def test_同じ種なら同じ列と同じ予測になる() -> None:
    x, t = two_species()
    test_x = columns_of(花弁長さ=[0.3, 0.5, 0.6], 花弁幅=[0.5, 0.3, 0.6])

    first = RandomForest.of(25, 2, 0).fit(x, t)
    second = RandomForest.of(25, 2, 0).fit(x, t)

    assert [f.columns for f in first.trees] == [f.columns for f in second.trees]
    assert first.trees == second.trees
    assert first.predict(test_x) == second.predict(test_x)


def test_1本目の木は乱数の最初の引きで行と列を決める() -> None:
    x, t = two_species()
    rnd = JavaRandom(7)
    rows = [rnd.next_int(8) for _ in range(8)]
    columns = [c for c in ("花弁長さ", "花弁幅") if c in shuffle(["花弁長さ", "花弁幅"], rnd)[:1]]

    first = RandomForest.of(3, 1, 7).fit(x, t).trees[0]

    assert first.rows == tuple(rows)
    assert first.columns == tuple(columns)


def test_各木は第3章の木をブートストラップの行で育てたもの() -> None:
    x, t = two_species()

    for fitted in RandomForest.with_max_depth(4, 1, 1, 0).fit(x, t).trees:
        sample_x = [Features(fitted.columns, (x[r].value(fitted.columns[0]),)) for r in fitted.rows]
        sample_t = [t[r] for r in fitted.rows]
        assert fitted.tree == build_tree(sample_x, sample_t, fitted.columns, 1)
        assert fitted.sample(x, t) == (sample_x, sample_t)


# --8<-- [end:test-forest]


# --8<-- [start:test-forest-bad-input]
def test_森の設定がおかしければ作る時点で失敗する() -> None:
    with pytest.raises(ValueError, match="n_estimators"):
        RandomForest.of(0, 2, 0)
    with pytest.raises(ValueError, match="max_features"):
        RandomForest.of(10, 0, 0)
    with pytest.raises(ValueError, match="max_depth"):
        RandomForest.with_max_depth(10, 2, -1, 0)
    with pytest.raises(TypeError, match="seed"):
        RandomForest.of(10, 2, "0")  # type: ignore[arg-type]


def test_列の数より多いmax_featuresは学習の時点で失敗する() -> None:
    x, t = two_species()
    with pytest.raises(ValueError, match=r"max_features（3）が列の数（2）"):
        RandomForest.of(3, 3, 0).fit(x, t)


def test_森も学習の前に予測すると失敗する() -> None:
    with pytest.raises(NotFittedError, match="fit"):
        RandomForest.of(3, 1, 0).predict(two_species()[0])


def test_多数決とブートストラップの入口の検査() -> None:
    with pytest.raises(ValueError, match="1 つもない"):
        majority_vote([])
    with pytest.raises(ValueError, match="1 本目 2 件、2 本目 1 件"):
        majority_vote([["a", "b"], ["a"]])
    with pytest.raises(ValueError, match="n は 1 以上"):
        bootstrap_sample(0, JavaRandom(0))
    with pytest.raises(TypeError, match="rnd"):
        bootstrap_sample(3, 0)  # type: ignore[arg-type]


def test_木が引いた行より短いデータでは作り直せない() -> None:
    fitted = FittedTree(("a",), (0, 5), build_tree(columns_of(a=[1.0]), ["x"], ["a"], None))
    with pytest.raises(ValueError, match="位置 5"):
        fitted.sample(columns_of(a=[1.0, 2.0]), ["x", "y"])


# --8<-- [end:test-forest-bad-input]
