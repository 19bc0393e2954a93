# --8<-- [start:header]
"""第 2 章: 表の読み込み、欠損値、平均と補完、訓練データとテストデータへの分割。"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from conftest import Completed
from hypothesis import given
from hypothesis import strategies as st
from sklearn.model_selection import train_test_split

from getting_started_ml.chapter02 import (
    TARGET,
    ColumnNotFoundError,
    Features,
    Table,
    column_means,
    count_test_rows,
    fill_missing,
    prepare,
    prepare_iris,
    split_features_and_target,
    split_train_test,
)
from getting_started_ml.dataset import DataError, data_dir
from getting_started_ml.numeric import kahan_mean

# 架空の小さな表。本物の iris.csv の行は使わない。
FLOWERS = "\ufeff長さ,幅,種類\n0.1,0.5,A\n,0.7,B\n0.3,,A\n"

# --8<-- [end:header]


# --8<-- [start:table-tests]
def test_BOMは列名に残らない() -> None:
    assert Table.parse(FLOWERS).columns == ("長さ", "幅", "種類")


def test_空のセルは欠損値になる() -> None:
    row = Table.parse(FLOWERS).rows[1]
    assert row.is_missing("長さ")
    assert row.number("長さ") is None
    assert row.number("幅") == 0.7


def test_行末の空のセルも欠損値になる() -> None:
    row = Table.parse("長さ,種類\n0.4,\n").rows[0]
    assert row.cells == ("0.4", "")
    assert row.is_missing("種類")


def test_知らない列を読むとその列の名前を書いて失敗する() -> None:
    row = Table.parse(FLOWERS).rows[0]
    with pytest.raises(ColumnNotFoundError, match="列 花びら はありません"):
        row.text("花びら")


# --8<-- [end:table-tests]


# --8<-- [start:table-error-tests]
def test_空白だけのセルも欠損値になる() -> None:
    assert Table.parse("長さ,種類\n  ,A\n").rows[0].is_missing("長さ")


def test_数として読めないセルは列とセルを書いて失敗する() -> None:
    row = Table.parse("長さ,種類\nabc,A\n").rows[0]
    with pytest.raises(ValueError, match="列 長さ のセル 'abc' は数として読めません"):
        row.number("長さ")


@pytest.mark.parametrize("cell", ["nan", "inf", "-Infinity"])
def test_有限でない数のセルは失敗する(cell: str) -> None:
    row = Table.parse(f"長さ,種類\n{cell},A\n").rows[0]
    with pytest.raises(ValueError, match="有限の数ではありません"):
        row.number("長さ")


def test_セルの数が見出しと違う行があれば失敗する() -> None:
    with pytest.raises(ValueError, match="2 行目のセルの数が 1 で、見出しの 2 と違います"):
        Table.of(["長さ", "種類"], [["0.1", "A"], ["0.2"]])


def test_列名が重複していれば失敗する() -> None:
    with pytest.raises(ValueError, match="列名が重複しています: 長さ"):
        Table.of(["長さ", "長さ"], [])


def test_文字列が空なら見出しが無いので失敗する() -> None:
    with pytest.raises(DataError, match="見出しの行がありません"):
        Table.parse("")


# --8<-- [end:table-error-tests]


# --8<-- [start:count-missing-tests]
def test_欠損値の数は列の順に並ぶ() -> None:
    counts = Table.parse(FLOWERS).count_missing()
    assert list(counts.items()) == [("長さ", 1), ("幅", 1), ("種類", 0)]


# --8<-- [end:count-missing-tests]


# --8<-- [start:means-and-fill-tests]
def test_平均は欠損値を除いて求める() -> None:
    means = column_means(Table.parse(FLOWERS).rows, ["長さ"])
    assert means["長さ"] == pytest.approx(0.2, abs=1e-12)


def test_補完は元の行を書き換えない() -> None:
    rows = Table.parse(FLOWERS).rows
    before = [row.cells for row in rows]
    fill_missing(rows, ["長さ", "幅"], {"長さ": 9.0, "幅": 8.0})
    assert [row.cells for row in rows] == before
    assert rows[1].is_missing("長さ")


def test_補完は列ごとに別の値で埋める() -> None:
    filled = fill_missing(Table.parse(FLOWERS).rows, ["長さ", "幅"], {"長さ": 9.0, "幅": 8.0})
    assert [features.values for features in filled] == [(0.1, 0.5), (9.0, 0.7), (0.3, 8.0)]


# --8<-- [end:means-and-fill-tests]


# --8<-- [start:means-error-tests]
def test_値が1つも無い列の平均は列の名前を書いて失敗する() -> None:
    rows = Table.parse("長さ,種類\n,A\n ,B\n").rows
    with pytest.raises(ValueError, match="列 長さ には値が 1 つもない"):
        column_means(rows, ["長さ"])


def test_補完する値が無い列があれば列の名前を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="補完する値がない列があります: 幅"):
        fill_missing(Table.parse(FLOWERS).rows, ["長さ", "幅"], {"長さ": 9.0})


def test_特徴量は列名で値を引ける() -> None:
    features = Features(("長さ", "幅"), (0.1, 0.5))
    assert features.value("幅") == 0.5
    with pytest.raises(ColumnNotFoundError, match="列 高さ はありません"):
        features.value("高さ")


def test_特徴量の列名と値の数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match="列名 2 個、値 1 個"):
        Features(("長さ", "幅"), (0.1,))


# --8<-- [end:means-error-tests]


# --8<-- [start:separate-tests]
def test_正解の列とそれ以外の列に分ける() -> None:
    table = Table.parse(FLOWERS)
    columns, rows, labels = split_features_and_target(table, "種類")
    assert columns == ["長さ", "幅"]
    assert labels == ["A", "B", "A"]
    assert rows[1].is_missing("長さ")


def test_正解の列が無ければその名前を書いて失敗する() -> None:
    with pytest.raises(ColumnNotFoundError, match="列 品種 はありません"):
        split_features_and_target(Table.parse(FLOWERS), "品種")


# --8<-- [end:separate-tests]


# --8<-- [start:split-tests]
TEN = list(range(10))
TEN_LABELS = [f"ラベル{i}" for i in TEN]


def test_件数はテストデータの割合に従う() -> None:
    split = split_train_test(TEN, TEN_LABELS, 0.3, seed=0)
    assert (len(split.x_train), len(split.x_test)) == (7, 3)
    assert (len(split.t_train), len(split.t_test)) == (7, 3)


def test_どの行もちょうど1回どちらかに入る() -> None:
    split = split_train_test(TEN, TEN_LABELS, 0.3, seed=0)
    assert sorted(split.x_train + split.x_test) == TEN


def test_特徴量と正解の組は崩れない() -> None:
    split = split_train_test(TEN, TEN_LABELS, 0.3, seed=0)
    pairs = zip(split.x_train + split.x_test, split.t_train + split.t_test, strict=True)
    assert all(label == f"ラベル{x}" for x, label in pairs)


def test_同じ種なら同じ分け方になる() -> None:
    assert split_train_test(TEN, TEN_LABELS, 0.3, 0) == split_train_test(TEN, TEN_LABELS, 0.3, 0)


def test_違う種なら違う分け方になる() -> None:
    assert split_train_test(TEN, TEN_LABELS, 0.3, 0) != split_train_test(TEN, TEN_LABELS, 0.3, 1)


@pytest.mark.parametrize(("seed", "expected"), [(0, [1, 7, 0]), (1, [3, 1, 5])])
def test_10件を分けたテストデータの位置はJava版と同じ(seed: int, expected: list[int]) -> None:
    assert split_train_test(TEN, TEN, 0.3, seed).x_test == expected


# --8<-- [end:split-tests]


# --8<-- [start:ceil-tests]
def test_件数と割合の積は浮動小数のまま切り上げる() -> None:
    assert 100 * 0.07 == 7.000000000000001
    hundred = list(range(100))
    assert len(split_train_test(hundred, hundred, 0.07, seed=0).x_test) == 8


# --8<-- [end:ceil-tests]


# --8<-- [start:split-error-tests]
def test_特徴量と正解の件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="特徴量 3 件、正解 2 件"):
        split_train_test([1, 2, 3], ["a", "b"], 0.3, seed=0)


@pytest.mark.parametrize("test_size", [0.0, 1.0, -0.1, 1.5])
def test_テストデータの割合が0と1の間に無ければ失敗する(test_size: float) -> None:
    with pytest.raises(ValueError, match="test_size は 0 より大きく 1 より小さい数です"):
        split_train_test(TEN, TEN, test_size, seed=0)


@pytest.mark.parametrize("test_size", [math.nan, math.inf])
def test_テストデータの割合が有限の数でなければそう書いて失敗する(test_size: float) -> None:
    with pytest.raises(ValueError, match="test_size は有限の数です"):
        split_train_test(TEN, TEN, test_size, seed=0)


def test_学習用_nanとの比較はどれも偽() -> None:
    test_size = math.nan
    out_of_range = test_size <= 0 or test_size >= 1  # 範囲の外を並べると素通りする
    assert out_of_range is False
    assert not 0 < test_size < 1  # 否定で書けば範囲の外として扱える


@pytest.mark.parametrize(("n_samples", "error"), [(-1, ValueError), (2.0, TypeError)])
def test_件数が0以上の整数でなければ失敗する(n_samples: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="n_samples"):
        count_test_rows(n_samples, 0.3)  # type: ignore[arg-type]


# --8<-- [end:split-error-tests]


# --8<-- [start:split-property-tests]
def test_正解はどんなハッシュ可能な型でもよい() -> None:
    split = split_train_test(TEN, [(i, i % 2 == 0) for i in TEN], 0.3, seed=0)
    assert split.t_test == [(1, False), (7, False), (0, True)]


@given(
    n=st.integers(0, 300),
    test_size=st.floats(0.01, 0.99),
    seed=st.integers(-(2**63), 2**63 - 1),
)
def test_分割はいつも全体を重なりなく分ける(n: int, test_size: float, seed: int) -> None:
    items = list(range(n))
    split = split_train_test(items, items, test_size, seed)
    assert len(split.x_test) == math.ceil(n * test_size)
    assert sorted(split.x_train + split.x_test) == items
    assert split.x_train == split.t_train
    assert split.x_test == split.t_test


# --8<-- [end:split-property-tests]


# --8<-- [start:prepare-tests]
LEAKY = "長さ,種類\n0.2,A\n,B\n0.4,A\n100.0,B\n"


def test_4行を半分ずつに分けると欠損値は残らない() -> None:
    split = prepare(Table.parse(LEAKY), "種類", test_size=0.5, seed=0)
    assert (len(split.x_train), len(split.x_test)) == (2, 2)
    assert all(
        not math.isnan(value) for row in split.x_train + split.x_test for value in row.values
    )


def test_補完の値は訓練データだけから求める() -> None:
    split = prepare(Table.parse(LEAKY), "種類", test_size=0.5, seed=0)
    # 種 0 で 4 件を並べると [3, 0, 1, 2]。訓練データは 100.0 と 0.2、テストデータは欠損と 0.4
    assert [row.value("長さ") for row in split.x_train] == [100.0, 0.2]
    # 欠損値は訓練データの平均 50.1 で埋まる。全体の平均 (100.0 + 0.2 + 0.4) / 3 ではない
    assert [row.value("長さ") for row in split.x_test] == [(100.0 + 0.2) / 2, 0.4]


# --8<-- [end:prepare-tests]


# --8<-- [start:prepare-error-tests]
def test_行の無い表は分けられないので失敗する() -> None:
    with pytest.raises(ValueError, match="行が 1 つもない表は分けられません"):
        prepare(Table.parse("長さ,種類\n"), "種類")


def test_前処理でも正解の列が無ければ失敗する() -> None:
    with pytest.raises(ColumnNotFoundError, match="列 種類 はありません"):
        prepare_iris(Table.parse("長さ,品種\n0.1,A\n0.2,B\n"))


# --8<-- [end:prepare-error-tests]


# --8<-- [start:learning-sklearn]
@pytest.mark.parametrize(("n", "test_size", "n_test"), [(150, 0.3, 45), (100, 0.07, 8)])
def test_学習用_scikit_learnも同じ件数に分けテストデータを切り上げる(
    n: int, test_size: float, n_test: int
) -> None:
    items = list(range(n))
    x_train, x_test = train_test_split(items, test_size=test_size, random_state=0)
    ours = split_train_test(items, items, test_size, seed=0)
    assert (
        (len(x_train), len(x_test)) == (len(ours.x_train), len(ours.x_test)) == (n - n_test, n_test)
    )
    # 件数は同じでも、numpy の乱数で並べるので選ばれる行は違う
    assert x_test != ours.x_test


# --8<-- [end:learning-sklearn]


# ---- ここから下は本物の iris.csv を読むテスト ----


# --8<-- [start:data-tests]
@pytest.fixture
def iris() -> Table:
    return Table.load("iris.csv")


@pytest.mark.data("iris.csv")
def test_iris_欠損値の数を列の順に数える(iris: Table) -> None:
    assert len(iris) == 150
    assert list(iris.count_missing().items()) == [
        ("がく片長さ", 2),
        ("がく片幅", 1),
        ("花弁長さ", 2),
        ("花弁幅", 2),
        ("種類", 0),
    ]


@pytest.mark.data("iris.csv")
def test_iris_105件と45件に分ける(iris: Table) -> None:
    split = prepare_iris(iris)
    assert [len(split.x_train), len(split.t_train)] == [105, 105]
    assert [len(split.x_test), len(split.t_test)] == [45, 45]
    assert split.t_test[:3] == ["Iris-setosa", "Iris-virginica", "Iris-setosa"]


@pytest.mark.data("iris.csv")
def test_iris_訓練データの平均はJava版とビット単位で一致する(iris: Table) -> None:
    columns, rows, labels = split_features_and_target(iris, TARGET)
    split = split_train_test(rows, labels, 0.3, seed=0)
    assert column_means(split.x_train, columns) == {
        "がく片長さ": 0.4215384615384616,
        "がく片幅": 0.43826923076923074,
        "花弁長さ": 0.47644230769230766,
        "花弁幅": 0.4475,
    }


# --8<-- [end:data-tests]


# --8<-- [start:more-data-tests]
@pytest.mark.data("iris.csv")
def test_iris_補完した訓練データのがく片長さの平均も変わらない(iris: Table) -> None:
    split = prepare_iris(iris)
    assert kahan_mean(row.value("がく片長さ") for row in split.x_train) == 0.4215384615384616
    assert all(not math.isnan(v) for row in split.x_train + split.x_test for v in row.values)


@pytest.mark.data("iris.csv")
def test_iris_テストデータの先頭の位置と種類ごとの件数(iris: Table) -> None:
    positions = list(range(len(iris)))
    assert split_train_test(positions, positions, 0.3, seed=0).x_test[:10] == [
        *[20, 137, 35, 64, 30, 111, 66, 39, 69, 62]
    ]
    split = prepare_iris(iris)
    assert Counter(split.t_train) == {
        "Iris-setosa": 36,
        "Iris-virginica": 35,
        "Iris-versicolor": 34,
    }
    assert Counter(split.t_test) == {"Iris-versicolor": 16, "Iris-virginica": 15, "Iris-setosa": 14}


# --8<-- [end:more-data-tests]


# --8<-- [start:learning-plain-sum]
@pytest.mark.data("iris.csv")
def test_学習用_素朴な足し算では最後の桁がJava版とずれる(iris: Table) -> None:
    _, rows, labels = split_features_and_target(iris, TARGET)
    split = split_train_test(rows, labels, 0.3, seed=0)
    widths = [value for row in split.x_train if (value := row.number("がく片幅")) is not None]
    total = 0.0
    for width in widths:
        total += width
    assert total / len(widths) == 0.43826923076923097
    assert column_means(split.x_train, ["がく片幅"])["がく片幅"] == 0.43826923076923074


# --8<-- [end:learning-plain-sum]


# --8<-- [start:learning-pandas]
@pytest.mark.data("iris.csv")
def test_学習用_pandasの欠損値の数と一致する(iris: Table) -> None:
    frame = pd.read_csv(data_dir() / "iris.csv", encoding="utf-8-sig")
    assert frame.isna().sum().to_dict() == iris.count_missing()
    # pandas の C のパーサーは、"utf-8" と指定しても先頭の BOM を読み飛ばす
    assert (
        next(iter(pd.read_csv(data_dir() / "iris.csv", encoding="utf-8").columns)) == "がく片長さ"
    )


# --8<-- [end:learning-pandas]


# --8<-- [start:golden]
@pytest.mark.data("iris.csv")
def test_実行すると前処理の結果を表示する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    assert run_module("getting_started_ml.chapter02").stdout == golden("chapter02")


def test_データが無ければファイル名を書いて1で終わる(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    result = run_module("getting_started_ml.chapter02", env={"ML_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert "iris.csv" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:golden]
