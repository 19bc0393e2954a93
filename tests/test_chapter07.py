# --8<-- [start:header]
"""第 7 章: 行列・正規方程式・評価指標・外れ値・前処理のテストと、scikit-learn との突き合わせ。"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import Completed
from hypothesis import given
from hypothesis import strategies as st
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error as sk_mean_absolute_error
from sklearn.metrics import r2_score as sk_r2_score
from sklearn.metrics import root_mean_squared_error as sk_root_mean_squared_error

from getting_started_ml.chapter02 import ColumnNotFoundError, Features, Table
from getting_started_ml.chapter07 import (
    CINEMA,
    FEATURES,
    TARGET,
    LinearModel,
    Matrix,
    SingularMatrixError,
    back_substitute,
    design_matrix,
    fit_linear_regression,
    format_coefficients,
    mean_absolute_error,
    pivot_row,
    prepare_cinema,
    r2_score,
    remove_outliers,
    root_mean_squared_error,
)
from getting_started_ml.chapter07 import matrix as chapter07_matrix
from getting_started_ml.java_random import JavaRandom, shuffled_positions
from getting_started_ml.numeric import format_fixed


def features(columns: tuple[str, ...], *rows: tuple[float, ...]) -> list[Features]:
    """同じ列名の特徴量の行を並べる。"""
    return [Features(columns, row) for row in rows]


def to_array(rows: list[Features]) -> np.ndarray:
    """特徴量の行を numpy の 2 次元配列にする（scikit-learn に渡すため）。"""
    return np.array([row.values for row in rows])


# --8<-- [end:header]


# --8<-- [start:test-matmul]
def test_2行2列の積() -> None:
    product = Matrix.of([[1, 2], [3, 4]]) @ Matrix.of([[5, 6], [7, 8]])
    assert product == Matrix.of([[19, 22], [43, 50]])


# --8<-- [end:test-matmul]


# --8<-- [start:test-matmul-triangulate]
def test_行列と列ベクトルの積() -> None:
    product = Matrix.of([[1, 2, 3], [4, 5, 6]]) @ Matrix.column_vector(1, 0, 2)
    assert product == Matrix.of([[7], [16]])


def test_積の形が合わなければ両方の形を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"左 2×3 の列数 3 と右 2×2 の行数 2"):
        Matrix.of([[1, 2, 3], [4, 5, 6]]) @ Matrix.of([[1, 2], [3, 4]])


# --8<-- [end:test-matmul-triangulate]


# --8<-- [start:test-matrix]
def test_転置は行と列を入れ替える() -> None:
    matrix = Matrix.of([[1, 2, 3], [4, 5, 6]])
    assert matrix.transpose() == Matrix.of([[1, 4], [2, 5], [3, 6]])
    assert matrix.transpose().transpose() == matrix


def test_形と値と列を読める() -> None:
    matrix = Matrix.of([[1, 2, 3], [4, 5, 6]])
    assert matrix.shape == (2, 3)
    assert matrix.get(1, 2) == 6.0
    assert matrix.column(1) == [2.0, 5.0]
    assert matrix.to_list() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    assert Matrix.column_vector(2, 3).shape == (2, 1)


def test_範囲の外を読むと形を書いて失敗する() -> None:
    with pytest.raises(IndexError, match=r"\(2, 0\) は 2×3"):
        Matrix.of([[1, 2, 3], [4, 5, 6]]).get(2, 0)
    with pytest.raises(IndexError):
        Matrix.of([[1, 2]]).get(0, -1)


def test_作ったあとで元のリストを書き換えても行列は変わらない() -> None:
    source = [[1.0, 2.0], [3.0, 4.0]]
    matrix = Matrix.of(source)
    source[0][0] = 99.0
    matrix.to_list()[1][1] = 99.0
    assert matrix == Matrix.of([[1, 2], [3, 4]])


def test_等しさは値で比べる() -> None:
    assert Matrix.of([[1, 2]]) == Matrix.of([[1.0, 2.0]])
    assert Matrix.of([[1, 2]]) != Matrix.of([[2, 1]])
    assert Matrix.of([[1, 2]]) != Matrix.of([[1], [2]])


def test_行ごとの列の数がそろわなければ失敗する() -> None:
    with pytest.raises(ValueError, match="1 行目 2 列、2 行目 3 列"):
        Matrix.of([[1, 2], [3, 4, 5]])


@pytest.mark.parametrize("rows", [[], [[]]])
def test_空の行列は作れない(rows: list[list[float]]) -> None:
    with pytest.raises(ValueError, match="1 行 1 列以上"):
        Matrix.of(rows)


def test_有限でない値は行列に入れられない() -> None:
    with pytest.raises(ValueError, match=r"2 行目に有限でない値があります: \[nan\]"):
        Matrix.of([[1.0], [math.nan]])


# --8<-- [end:test-matrix]


# --8<-- [start:test-solve]
def test_連立方程式を解く() -> None:
    # 2x + y = 3, x + 3y = 5 の解は x = 0.8, y = 1.4
    solution = Matrix.of([[2, 1], [1, 3]]).solve(Matrix.column_vector(3, 5))
    assert solution.column(0) == pytest.approx([0.8, 1.4], abs=1e-12)


def test_対角が0でも行を入れ替えて解く() -> None:
    solution = Matrix.of([[0, 1], [1, 0]]).solve(Matrix.column_vector(2, 3))
    assert solution.column(0) == pytest.approx([3.0, 2.0], abs=1e-9)


# --8<-- [end:test-solve]


# --8<-- [start:test-solve-more]
def test_小さすぎるピボットを避けて正しく解く() -> None:
    # 1e-20·x + y = 1, x + y = 2 の解はほぼ x = 1, y = 1。
    # 1e-20 をピボットにすると 1 − 1e20 の桁落ちで x = 0 になってしまう。
    solution = Matrix.of([[1e-20, 1], [1, 1]]).solve(Matrix.column_vector(1, 2))
    assert solution.column(0) == pytest.approx([1.0, 1.0], abs=1e-12)


def test_ピボットは絶対値が最大の行で同じ大きさなら先の行() -> None:
    assert pivot_row([[1.0], [-3.0], [3.0]], 0) == 1
    # 2 列目を選ぶときは、すでにピボットに使った 0 行目（値 9）は候補にしない
    assert pivot_row([[5.0, 9.0], [0.0, -3.0], [0.0, 3.0]], 1) == 1


def test_右辺が複数の列でもまとめて解ける() -> None:
    solution = Matrix.of([[2, 0], [0, 4]]).solve(Matrix.of([[2, 4], [4, 8]]))
    assert solution == Matrix.of([[1, 2], [1, 2]])


def test_正方でない係数や行数の違う右辺は形を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"係数 2×3"):
        Matrix.of([[1, 2, 3], [4, 5, 6]]).solve(Matrix.column_vector(1, 2))
    with pytest.raises(ValueError, match=r"右辺 3×1"):
        Matrix.of([[1, 0], [0, 1]]).solve(Matrix.column_vector(1, 2, 3))


def test_特異な行列はどのピボット列が消えたかを書いて失敗する() -> None:
    with pytest.raises(SingularMatrixError, match=r"ピボット列 1.*一次従属") as caught:
        Matrix.of([[1, 2], [2, 4]]).solve(Matrix.column_vector(1, 2))
    assert caught.value.pivot_column == 1
    assert isinstance(caught.value, ValueError)


# --8<-- [end:test-solve-more]


# --8<-- [start:test-metrics]
def test_評価指標を手で計算した値と比べる() -> None:
    actual, predicted = [3.0, 5.0, 7.0], [2.0, 5.0, 9.0]
    # 残差は 1, 0, -2。絶対値の和 3、二乗の和 5、平均 5 からの偏差平方和 8
    assert mean_absolute_error(actual, predicted) == pytest.approx(1.0, rel=1e-15)
    assert root_mean_squared_error(actual, predicted) == pytest.approx(math.sqrt(5 / 3), rel=1e-15)
    assert r2_score(actual, predicted) == pytest.approx(1 - 5 / 8, rel=1e-15)


# --8<-- [end:test-metrics]


# --8<-- [start:test-metrics-triangulate]
def test_MAEは残差の絶対値の平均() -> None:
    # 残差は 2, -3, 0 なので、符号を無視して (2 + 3 + 0) / 3
    assert mean_absolute_error([3.0, 5.0, 7.0], [1.0, 8.0, 7.0]) == pytest.approx(5 / 3)


# --8<-- [end:test-metrics-triangulate]


# --8<-- [start:test-metrics-edges]
def test_予測が正解と一致すれば誤差は0でR2は1() -> None:
    actual = [1.5, 2.5, 4.0]
    assert mean_absolute_error(actual, actual) == 0.0
    assert root_mean_squared_error(actual, actual) == 0.0
    assert r2_score(actual, actual) == 1.0


@pytest.mark.parametrize("metric", [mean_absolute_error, root_mean_squared_error, r2_score])
def test_件数が違えば両方の件数を書いて失敗する(
    metric: Callable[[list[float], list[float]], float],
) -> None:
    with pytest.raises(ValueError, match="正解 3 件、予測 2 件"):
        metric([1.0, 2.0, 3.0], [1.0, 2.0])


@pytest.mark.parametrize("metric", [mean_absolute_error, root_mean_squared_error, r2_score])
def test_空なら失敗する(metric: Callable[[list[float], list[float]], float]) -> None:
    with pytest.raises(ValueError, match="空"):
        metric([], [])


def test_正解がすべて同じ値ならR2は定義できないと言って失敗する() -> None:
    with pytest.raises(ValueError, match=r"すべて同じ値（4\.0）"):
        r2_score([4.0, 4.0, 4.0], [3.0, 4.0, 5.0])


def test_予測にNaNがあれば位置を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="予測の 1 番目"):
        mean_absolute_error([1.0, 2.0], [1.0, math.nan])


# --8<-- [end:test-metrics-edges]


# --8<-- [start:test-model]
def test_係数を列名で当てはめて予測する() -> None:
    model = LinearModel.of(1.0, ["a", "b"], [2.0, -1.0])
    rows = features(("a", "b"), (1.0, 4.0), (3.0, 0.5))
    assert model.predict(rows) == [-1.0, 6.5]


def test_入力の列の順が違っても同じ予測になる() -> None:
    model = LinearModel.of(1.0, ["a", "b"], [2.0, -1.0])
    rows = features(("b", "a"), (4.0, 1.0), (0.5, 3.0))
    assert model.predict(rows) == [-1.0, 6.5]


# --8<-- [end:test-model]


# --8<-- [start:test-model-columns]
def test_係数の無い列は無視し足りない列は名前を書いて失敗する() -> None:
    model = LinearModel.of(1.0, ["a"], [2.0])
    assert model.predict_one(Features(("z", "a"), (100.0, 3.0))) == 7.0
    with pytest.raises(ColumnNotFoundError, match="列 a はありません"):
        model.predict_one(Features(("b",), (3.0,)))


# --8<-- [end:test-model-columns]


# --8<-- [start:test-model-more]
def test_係数は並べた順を保ち渡したdictの書き換えに影響されない() -> None:
    coefficients = {"b": 2.0, "a": 1.0}
    model = LinearModel(0.0, coefficients)
    coefficients["c"] = 3.0
    assert list(model.coefficients) == ["b", "a"]
    assert format_coefficients(model.coefficients) == "b=2.0000, a=1.0000"


def test_列名と係数の件数が違うか列名が重複すれば失敗する() -> None:
    with pytest.raises(ValueError, match="列名 2 件、係数 1 件"):
        LinearModel.of(0.0, ["a", "b"], [1.0])
    with pytest.raises(ValueError, match="重複"):
        LinearModel.of(0.0, ["a", "a"], [1.0, 2.0])


# --8<-- [end:test-model-more]


# --8<-- [start:test-fit]
def test_直線の上の点から切片と傾きを取り戻す() -> None:
    x = features(("x",), (0.0,), (1.0,), (2.0,), (3.0,))
    model = fit_linear_regression(x, [1.0, 3.0, 5.0, 7.0])
    assert model.intercept == pytest.approx(1.0, abs=1e-9)
    assert model.coefficients == pytest.approx({"x": 2.0}, abs=1e-9)


def test_平面の上の点から切片と2つの係数を取り戻す() -> None:
    points = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (2.0, 1.0), (1.0, 3.0)]
    x = features(("a", "b"), *points)
    t = [3 * a - 2 * b + 5 for a, b in points]
    model = fit_linear_regression(x, t)
    assert model.intercept == pytest.approx(5.0, abs=1e-9)
    assert list(model.coefficients) == ["a", "b"]
    assert list(model.coefficients.values()) == pytest.approx([3.0, -2.0], abs=1e-9)


def test_列を指定すればその順で学習する() -> None:
    points = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (2.0, 1.0), (1.0, 3.0)]
    x = features(("a", "b"), *points)
    model = fit_linear_regression(x, [3 * a - 2 * b + 5 for a, b in points], ["b", "a"])
    assert list(model.coefficients) == ["b", "a"]
    assert model.coefficients == pytest.approx({"b": -2.0, "a": 3.0}, abs=1e-9)


def test_計画行列の先頭は切片のための1の列() -> None:
    x = features(("a", "b"), (2.0, 3.0), (4.0, 5.0))
    assert design_matrix(x, ["b", "a"]) == Matrix.of([[1, 3, 2], [1, 5, 4]])


def test_訓練データが空なら失敗する() -> None:
    with pytest.raises(ValueError, match="訓練データが空"):
        fit_linear_regression([], [])
    with pytest.raises(ValueError, match="訓練データが空"):
        design_matrix([], ["a"])


def test_特徴量と正解の件数が違えば失敗する() -> None:
    x = features(("x",), (0.0,), (1.0,), (2.0,))
    with pytest.raises(ValueError, match="特徴量 3 件、正解 2 件"):
        fit_linear_regression(x, [1.0, 3.0])


def test_未知数より行が少なければ失敗する() -> None:
    x = features(("a", "b"), (0.0, 1.0), (1.0, 0.0))
    with pytest.raises(ValueError, match="2 件しかなく"):
        fit_linear_regression(x, [1.0, 2.0])


# --8<-- [end:test-fit]


# --8<-- [start:test-singular]
def test_同じ列が2つあると重複した列の名前を書いて失敗する() -> None:
    x = features(("a", "a2"), *[(v, v) for v in (0.0, 1.0, 2.0, 3.0)])
    with pytest.raises(SingularMatrixError, match="a2 の列でピボットが消えました") as caught:
        fit_linear_regression(x, [1.0, 3.0, 5.0, 7.0])
    assert caught.value.pivot_column == 2


def test_他の列の和になっている列は丸め誤差があっても特異と判定する() -> None:
    # s = a + b。0.1 などは 2 進で割り切れないので、消去のあとのピボットは
    # ちょうど 0 ではなく -3.7e-15 ほどになる。許容誤差がなければ、丸め誤差しだいの
    # 「無数にある解の 1 つ」を黙って返してしまう。
    pairs = [(0.1, 0.2), (0.7, 1.1), (1.3, 0.6), (2.9, 0.4), (0.3, 2.3)]
    x = features(("a", "b", "s"), *[(a, b, a + b) for a, b in pairs])
    with pytest.raises(SingularMatrixError, match="s の列でピボット"):
        fit_linear_regression(x, [1.0, 2.0, 3.0, 4.0, 5.0])


# --8<-- [end:test-singular]


# --8<-- [start:test-singular-scale]
@pytest.mark.parametrize("scale", [1e8, 1e12, 1e-8])
def test_円の金額のような大きな列と小さな列が並んでも特異とみなさない(scale: float) -> None:
    # 列 b は O(1)、列 yen は scale 倍の大きさ。行列全体の最大の値で測った許容誤差では、
    # b のピボットが「0 とみなす大きさ」を下回り、解ける方程式を特異としていた。
    random = JavaRandom(7)
    rows = [(scale * (3 + random.next_gaussian()), random.next_gaussian()) for _ in range(30)]
    x = features(("yen", "b"), *rows)
    t = [1.0 + 2.0 * yen / scale + 3.0 * b for yen, b in rows]

    model = fit_linear_regression(x, t)

    assert model.intercept == pytest.approx(1.0, rel=1e-6)
    assert model.coefficients["yen"] == pytest.approx(2.0 / scale, rel=1e-6)
    assert model.coefficients["b"] == pytest.approx(3.0, rel=1e-6)


@pytest.mark.parametrize("rows", [9, 10_000])
def test_一定の列は行が多く丸め誤差が積もっても特異と判定する(rows: int) -> None:
    # 0.1 だけの列は切片の列の 0.1 倍。本来 0 のピボットに、行の数に応じた丸め誤差が残る
    x = features(("c",), *[(0.1,) for _ in range(rows)])
    with pytest.raises(SingularMatrixError, match="c の列でピボット"):
        fit_linear_regression(x, [float(i % 3) for i in range(rows)])


# --8<-- [end:test-singular-scale]


# --8<-- [start:test-accuracy]
def test_学習用_正規方程式はlstsqのおよそ2倍の桁を失う() -> None:
    # x を 0〜1 に等間隔に 40 点とった 6 次式。正解の係数はすべて 1。
    xs = [i / 39 for i in range(40)]
    rows = [tuple(v**k for k in range(1, 7)) for v in xs]
    x = features(tuple(f"x{k}" for k in range(1, 7)), *rows)
    t = [1.0 + sum(row) for row in rows]
    design = np.array([[1.0, *row] for row in rows])
    condition = float(np.linalg.cond(design))

    model = fit_linear_regression(x, t)
    normal_error = max(abs(w - 1.0) for w in [model.intercept, *model.coefficients.values()])
    lstsq_error = float(np.max(np.abs(np.linalg.lstsq(design, np.array(t))[0] - 1.0)))

    eps = np.finfo(float).eps
    assert 1e4 < condition < 1e5  # D の条件数は約 1.9 × 10⁴、DᵀD はその二乗
    assert 1e-9 < normal_error < condition**2 * eps  # 正しい桁は 16 − 8 = 約 8 桁
    assert lstsq_error < 1e-12  # 正しい桁は 12 桁以上
    assert normal_error > 1000 * lstsq_error


# --8<-- [end:test-accuracy]


# --8<-- [start:test-outliers]
CINEMA_COLUMNS = ["cinema_id", "SNS1", "SNS2", "actor", "original", "sales"]


def test_SNS2が1000を超えsalesが8500未満の行だけを除く() -> None:
    table = Table.of(
        CINEMA_COLUMNS,
        [
            ["1", "100", "1200", "9000", "0", "8100"],  # 両方を満たす: 除く
            ["2", "100", "1200", "9000", "0", "9000"],  # SNS2 だけ: 残す
            ["3", "100", "500", "9000", "0", "8000"],  # sales だけ: 残す
            ["4", "100", "1000", "9000", "0", "8000"],  # SNS2 がちょうど 1000: 残す
            ["5", "100", "1500", "9000", "0", "8500"],  # sales がちょうど 8500: 残す
        ],
    )
    kept = remove_outliers(table)
    assert [row.text("cinema_id") for row in kept.rows] == ["2", "3", "4", "5"]
    assert kept.columns == table.columns


# --8<-- [end:test-outliers]


# --8<-- [start:test-prepare]
def small_cinema() -> Table:
    """外れ値を 1 行含む、6 行の作った表。"""
    return Table.of(
        CINEMA_COLUMNS,
        [
            ["1", "10", "100", "1000", "0", "9000"],
            ["2", "", "200", "2000", "1", "9100"],
            ["3", "30", "1200", "3000", "0", "8100"],  # 外れ値
            ["4", "40", "400", "", "1", "9300"],
            ["5", "50", "500", "5000", "0", "9400"],
            ["6", "60", "600", "6000", "1", "9500"],
        ],
    )


def test_外れ値を除いてから分け訓練データの平均で補完する() -> None:
    split = prepare_cinema(small_cinema(), test_size=0.4, seed=0)
    # 外れ値を除いた 5 行を種 0 で並べると [4, 2, 1, 3, 0]。ceil(5 × 0.4) = 2 件がテスト
    assert shuffled_positions(5, 0) == [4, 2, 1, 3, 0]
    assert (len(split.x_train), len(split.x_test)) == (3, 2)
    assert split.t_train == [9500.0, 9300.0, 9100.0]
    assert split.t_test == [9400.0, 9000.0]
    assert 8100.0 not in split.t_train + split.t_test
    assert all(row.columns == tuple(FEATURES) for row in split.x_train + split.x_test)
    # 訓練データ（id 6, 4, 2）だけの平均: SNS1 は (60 + 40) / 2、actor は (6000 + 2000) / 2
    assert split.x_train[2].value("SNS1") == 50.0
    assert split.x_train[1].value("actor") == 4000.0


def test_作った表の二つの欠損は種0ではどちらも訓練データに入る() -> None:
    table = small_cinema()
    missing = [
        float(row.text("sales"))
        for row in table.rows
        if any(row.text(column) == "" for column in CINEMA_COLUMNS)
    ]

    split = prepare_cinema(table, test_size=0.4, seed=0)

    assert missing == [9100.0, 9300.0]  # id 2（SNS1 が欠損）と id 4（actor が欠損）
    assert [sales in split.t_train for sales in missing] == [True, True]
    assert [sales in split.t_test for sales in missing] == [False, False]


def test_正解の列が無ければ列名を書いて失敗する() -> None:
    table = Table.of(["SNS1", "SNS2", "actor", "original"], [["1", "2", "3", "0"]] * 3)
    with pytest.raises(ColumnNotFoundError, match="列 sales はありません"):
        prepare_cinema(table)


def test_正解が欠損していれば失敗する() -> None:
    table = Table.of(CINEMA_COLUMNS, [["1", "1", "2", "3", "0", ""]] * 3)
    with pytest.raises(ValueError, match="sales が欠損"):
        prepare_cinema(table)


# --8<-- [end:test-prepare]


# --8<-- [start:test-library-metrics]
@st.composite
def scores(draw: st.DrawFn) -> tuple[list[float], list[float]]:
    """同じ件数の正解と予測。正解には少なくとも 2 つの違う値がある（R² の分母が 0 でない）。"""
    n = draw(st.integers(min_value=2, max_value=40))
    values = st.integers(min_value=-(10**6), max_value=10**6).map(lambda v: v / 1000)
    actual = draw(st.lists(values, min_size=n, max_size=n).filter(lambda v: len(set(v)) > 1))
    predicted = draw(st.lists(values, min_size=n, max_size=n))
    return actual, predicted


@given(scores())
def test_学習用_評価指標はscikit_learnと一致する(pair: tuple[list[float], list[float]]) -> None:
    actual, predicted = pair
    # 和の取り方（Kahan と numpy の pairwise）が違うだけなので、違いは数 ulp に収まる。
    # R² が 0 に近いときは相対誤差が大きく見えるので、絶対誤差 1e-12 も許す。
    assert mean_absolute_error(actual, predicted) == pytest.approx(
        sk_mean_absolute_error(actual, predicted), rel=1e-12
    )
    assert root_mean_squared_error(actual, predicted) == pytest.approx(
        sk_root_mean_squared_error(actual, predicted), rel=1e-12
    )
    assert r2_score(actual, predicted) == pytest.approx(
        sk_r2_score(actual, predicted), rel=1e-12, abs=1e-12
    )


# --8<-- [end:test-library-metrics]


# --8<-- [start:test-library-synthetic]
def synthetic_regression() -> tuple[list[Features], list[float]]:
    """JavaRandom(0) で作る 30 行の合成データ。t = 4 + 1.5a − 0.5b + 2c + 正規ノイズ。"""
    random = JavaRandom(0)
    a, b, c = ([random.next_double() * 10 for _ in range(30)] for _ in range(3))
    t = [
        4 + 1.5 * ai - 0.5 * bi + 2 * ci + random.next_gaussian()
        for ai, bi, ci in zip(a, b, c, strict=True)
    ]
    return features(("a", "b", "c"), *zip(a, b, c, strict=True)), t


def test_学習用_合成データで切片と予測が全桁の値と一致する() -> None:
    x, t = synthetic_regression()
    model = fit_linear_regression(x, t)
    # 正規乱数の log が C ライブラリ次第で最後の 1 ulp だけ違いうるので、rel=1e-12 で比べる
    assert model.intercept == pytest.approx(4.9683953897181805, rel=1e-12)
    assert model.predict_one(x[0]) == pytest.approx(28.884235137468824, rel=1e-12)


def test_学習用_合成データでscikit_learnと一致する() -> None:
    x, t = synthetic_regression()
    ours = fit_linear_regression(x, t)
    theirs = LinearRegression().fit(to_array(x), t)
    # 解き方が違う（正規方程式と SVD の最小二乗）ので、ビット単位ではなく 1e-9 で比べる
    assert ours.intercept == pytest.approx(theirs.intercept_, rel=1e-9)
    assert list(ours.coefficients.values()) == pytest.approx(theirs.coef_.tolist(), rel=1e-9)
    assert ours.predict(x) == pytest.approx(theirs.predict(to_array(x)).tolist(), rel=1e-9)


# --8<-- [end:test-library-synthetic]


# --8<-- [start:test-library-singular]
def test_学習用_重複した列でもlstsqとscikit_learnは最小ノルムの解を返す() -> None:
    values = [0.0, 1.0, 2.0, 3.0]
    x = features(("a", "a2"), *[(v, v) for v in values])
    t = [1 + 2 * v for v in values]
    with pytest.raises(SingularMatrixError):
        fit_linear_regression(x, t)
    # 傾き 2 を a と a2 にどう配っても同じ予測になる。lstsq はノルム最小の「半分ずつ」を選ぶ
    design = np.array([[1.0, v, v] for v in values])
    weights, _, rank, _ = np.linalg.lstsq(design, np.array(t))
    assert rank == 2
    assert weights.tolist() == pytest.approx([1.0, 1.0, 1.0], abs=1e-12)
    model = LinearRegression().fit(to_array(x), t)
    assert model.coef_.tolist() == pytest.approx([1.0, 1.0], abs=1e-12)
    assert model.intercept_ == pytest.approx(1.0, abs=1e-12)


# --8<-- [end:test-library-singular]


# --8<-- [start:test-data]
DATA_DIR_ENV = "ML_DATA_DIR"


def cinema_fit() -> tuple[LinearModel, list[Features], list[float], list[Features], list[float]]:
    """実データを前処理して学習する。"""
    split = prepare_cinema(Table.load(CINEMA))
    model = fit_linear_regression(split.x_train, split.t_train, FEATURES)
    return model, split.x_train, split.t_train, split.x_test, split.t_test


@pytest.mark.data(CINEMA)
def test_外れ値を1行除くと99行になる() -> None:
    table = Table.load(CINEMA)
    cleaned = remove_outliers(table)
    assert (len(table), len(cleaned)) == (100, 99)
    removed = [row.text("cinema_id") for row in table.rows if row not in cleaned.rows]
    assert removed == ["1855"]


@pytest.mark.data(CINEMA)
def test_テストデータは外れ値を除いた表の決まった位置の行() -> None:
    cleaned = remove_outliers(Table.load(CINEMA))
    split = prepare_cinema(Table.load(CINEMA))
    positions = [96, 68, 23, 34, 56, 25, 46, 86, 13, 73, 74, 55, 5, 32, 69, 10, 95, 40, 44, 33]
    assert split.t_test == [cleaned.rows[p].number(TARGET) for p in positions]


@pytest.mark.data(CINEMA)
def test_欠損値は訓練データだけの平均で埋まる() -> None:
    cleaned = remove_outliers(Table.load(CINEMA))
    split = prepare_cinema(Table.load(CINEMA))
    train_rows = [cleaned.rows[p] for p in shuffled_positions(99, 0)[:79]]
    test_rows = [cleaned.rows[p] for p in shuffled_positions(99, 0)[79:]]
    # 欠損した actor は訓練データに、欠損した SNS1 はテストデータに入る
    (actor_at,) = [i for i, row in enumerate(train_rows) if row.is_missing("actor")]
    (sns1_at,) = [i for i, row in enumerate(test_rows) if row.is_missing("SNS1")]
    assert split.x_train[actor_at].value("actor") == pytest.approx(9723.812770205128, rel=1e-12)
    assert split.x_test[sns1_at].value("SNS1") == pytest.approx(351.1898734177215, rel=1e-12)


@pytest.mark.data(CINEMA)
def test_係数と評価は記録した全桁の値と一致する() -> None:
    model, _, _, x_test, t_test = cinema_fit()
    assert model.intercept == pytest.approx(6114.595505694408, rel=1e-12)
    assert model.coefficients == pytest.approx(
        {
            "SNS1": 1.380370254327397,
            "SNS2": 0.5217797476455578,
            "actor": 0.290005103272042,
            "original": 208.88268148823005,
        },
        rel=1e-12,
    )
    predicted = model.predict(x_test)
    assert r2_score(t_test, predicted) == pytest.approx(0.6183737375125419, rel=1e-12)
    assert mean_absolute_error(t_test, predicted) == pytest.approx(302.20402685090886, rel=1e-12)
    assert root_mean_squared_error(t_test, predicted) == pytest.approx(
        376.13718042025704, rel=1e-12
    )


# --8<-- [end:test-data]


def back_substitute_known_terms_first(upper: list[list[float]], n: int) -> list[tuple[float, ...]]:
    """Java 版の後退代入: 既知の項の和を先に求めてから、右辺から引く。"""
    width = len(upper[0]) - n
    solution = [[0.0] * width for _ in range(n)]
    for i in reversed(range(n)):
        for c in range(width):
            known = 0.0
            for j in range(i + 1, n):
                known += upper[i][j] * solution[j][c]
            solution[i][c] = (upper[i][n + c] - known) / upper[i][i]
    return [tuple(row) for row in solution]


@pytest.mark.data(CINEMA)
def test_Java版の順で後退代入するとSNS1だけが1ulp違う(monkeypatch: pytest.MonkeyPatch) -> None:
    ours, *_ = cinema_fit()
    monkeypatch.setattr(chapter07_matrix, "back_substitute", back_substitute_known_terms_first)
    java, *_ = cinema_fit()

    assert ours.coefficients["SNS1"] == 1.380370254327397
    assert java.coefficients["SNS1"] == 1.3803702543273972
    assert java.coefficients["SNS1"] == math.nextafter(ours.coefficients["SNS1"], 2.0)
    assert {name: java.coefficients[name] for name in ("SNS2", "actor", "original")} == {
        name: ours.coefficients[name] for name in ("SNS2", "actor", "original")
    }
    assert format_fixed(java.coefficients["SNS1"], 4) == format_fixed(ours.coefficients["SNS1"], 4)


def test_学習用_正規分布の誤差ではRMSEとMAEの比はおよそ根号π割る2() -> None:
    random = JavaRandom(0)
    errors = [random.next_gaussian() for _ in range(100_000)]
    zeros = [0.0] * len(errors)
    ratio = root_mean_squared_error(zeros, errors) / mean_absolute_error(zeros, errors)
    assert ratio == pytest.approx(math.sqrt(math.pi / 2), abs=0.005)


@pytest.mark.data(CINEMA)
def test_cinemaのRMSEとMAEの比は正規分布の誤差の比と同じくらい() -> None:
    model, _, _, x_test, t_test = cinema_fit()
    predicted = model.predict(x_test)
    ratio = root_mean_squared_error(t_test, predicted) / mean_absolute_error(t_test, predicted)
    assert ratio == pytest.approx(1.2446, abs=1e-4)
    assert ratio < math.sqrt(math.pi / 2)


# --8<-- [start:test-data-library]
@pytest.mark.data(CINEMA)
def test_学習用_実データでscikit_learnと係数とR2が一致する() -> None:
    model, x_train, t_train, x_test, t_test = cinema_fit()
    library = LinearRegression().fit(to_array(x_train), t_train)
    # scikit-learn は列を中心化してから SVD による最小二乗（lstsq）で解き、こちらは正規方程式を
    # 消去法で解く。DᵀD の条件数は約 4.7e9 なので丸め誤差の出方が違い、最後の数桁はそろわない。
    assert model.intercept == pytest.approx(library.intercept_, rel=1e-9)
    assert list(model.coefficients.values()) == pytest.approx(library.coef_.tolist(), rel=1e-9)
    ours = r2_score(t_test, model.predict(x_test))
    assert ours == pytest.approx(library.score(to_array(x_test), t_test), rel=1e-9)
    predicted = library.predict(to_array(x_test))
    assert ours == pytest.approx(sk_r2_score(t_test, predicted), rel=1e-9)


@pytest.mark.data(CINEMA)
def test_学習用_numpyのsolveでも表示は同じ桁になる() -> None:
    model, x_train, t_train, _, _ = cinema_fit()
    design = np.array(design_matrix(x_train, FEATURES).to_list())
    weights = np.linalg.solve(design.T @ design, design.T @ np.array(t_train))
    ours = [model.intercept, *model.coefficients.values()]
    digits = [2, 4, 4, 4, 4]
    assert [format_fixed(float(w), d) for w, d in zip(weights, digits, strict=True)] == [
        format_fixed(w, d) for w, d in zip(ours, digits, strict=True)
    ]


# --8<-- [end:test-data-library]


# --8<-- [start:test-data-golden]
@pytest.mark.data(CINEMA)
def test_表示は黄金ファイルと一致する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    result = run_module("getting_started_ml.chapter07")
    assert result.returncode == 0
    assert result.stdout == golden("chapter07")


def test_データが無ければファイル名を書いて1で終わる(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    result = run_module("getting_started_ml.chapter07", env={DATA_DIR_ENV: str(tmp_path)})
    assert result.returncode == 1
    assert CINEMA in result.stderr
    assert "Traceback" not in result.stderr


# --8<-- [end:test-data-golden]


def test_有限でない係数や型の違う入力は名前を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="intercept（切片） は有限の数です"):
        LinearModel(math.nan)
    with pytest.raises(ValueError, match="列 a の係数 は有限の数です"):
        LinearModel(0.0, {"a": math.inf})
    with pytest.raises(TypeError, match="coefficients（係数）は列名から係数への dict です"):
        format_coefficients(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="table は Table です"):
        prepare_cinema(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="特徴量 の 0 番目が Features ではありません"):
        fit_linear_regression([None, None], [1.0, 2.0])  # type: ignore[list-item]


def test_形の合わない拡大係数行列は消去法に渡せない() -> None:
    with pytest.raises(ValueError, match=r"拡大係数行列は n=2 行です（1 行）"):
        back_substitute([[1.0, 2.0, 3.0]], 2)
    with pytest.raises(ValueError, match=r"2 行目は係数 2 列と右辺の列を持ちます（2 列）"):
        back_substitute([[1.0, 2.0, 3.0], [4.0, 5.0]], 2)
