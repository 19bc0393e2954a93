# --8<-- [start:header]
"""第 9 章: ダミー変数・標準化・多項式の項・IQR の外れ値・結合のテストと、実データのテスト。"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

from getting_started_ml.chapter02 import (
    ColumnNotFoundError,
    Features,
    Table,
    TrainTestSplit,
)
from getting_started_ml.chapter07 import SingularMatrixError, fit_linear_regression
from getting_started_ml.chapter09 import (
    BIKE,
    BOSTON,
    COLUMNS,
    FEATURE_SETS,
    SEED,
    SQUARES,
    WEATHER,
    Standardizer,
    dummy_categories,
    encode_dummies,
    expand,
    fit_feature_set,
    format_small,
    iqr_outliers,
    join_weather,
    load_bike,
    load_delimited,
    load_weather,
    mean_count_by_weather,
    pairs_with_replacement,
    prepare_boston,
    quantile,
    remove_target_outliers,
    score_feature_set,
    select,
    standardized_summary,
    term_name,
)
from getting_started_ml.dataset import MalformedDataError
from getting_started_ml.java_random import JavaRandom, shuffled_positions
from getting_started_ml.numeric import format_fixed

RunModule = Callable[..., Completed]


def features(columns: tuple[str, ...], *rows: tuple[float, ...]) -> list[Features]:
    """同じ列名の特徴量の行を並べる。"""
    return [Features(columns, row) for row in rows]


# --8<-- [end:header]


# --8<-- [start:test-dummy-categories]
def test_カテゴリは並べ替えて先頭を落とす() -> None:
    assert dummy_categories(["low", "high", "very_low", "low"]) == ["low", "very_low"]


# --8<-- [end:test-dummy-categories]


# --8<-- [start:test-dummy-categories-blank]
def test_空の値はカテゴリに数えない() -> None:
    assert dummy_categories(["low", "", "high"]) == ["low"]


# --8<-- [end:test-dummy-categories-blank]


# --8<-- [start:test-encode-dummies]
def test_カテゴリの列を0と1の列に置き換えて末尾に足す() -> None:
    table = Table.of(["CRIME", "RM"], [["low", "6.0"], ["high", "6.0"], ["very_low", "6.0"]])

    encoded = encode_dummies(table, "CRIME", ["low", "very_low"])

    assert encoded.columns == ("RM", "CRIME_low", "CRIME_very_low")
    assert [row.text("CRIME_low") for row in encoded.rows] == ["1", "0", "0"]
    assert [row.text("CRIME_very_low") for row in encoded.rows] == ["0", "0", "1"]


def test_知らないカテゴリの値はどの列も0になる() -> None:
    table = Table.of(["CRIME"], [["middle"], [""]])

    encoded = encode_dummies(table, "CRIME", ["low", "very_low"])

    assert [row.cells for row in encoded.rows] == [("0", "0"), ("0", "0")]


def test_表に無い列はダミー変数にできない() -> None:
    table = Table.of(["CRIME"], [["low"]])

    with pytest.raises(ColumnNotFoundError, match="列 crime はありません"):
        encode_dummies(table, "crime", ["low"])


def test_カテゴリの重複と文字列でない値は失敗にする() -> None:
    table = Table.of(["CRIME"], [["low"]])

    with pytest.raises(ValueError, match="重複"):
        encode_dummies(table, "CRIME", ["low", "low"])
    with pytest.raises(TypeError, match="1 番目が int"):
        dummy_categories(["low", 1])  # type: ignore[list-item]


# --8<-- [end:test-encode-dummies]


# --8<-- [start:test-all-categories]
def test_カテゴリを1つも落とさないと切片と重なって学べない() -> None:
    crime = ["high", "low", "very_low", "low", "high", "very_low", "low"]
    table = Table.of(["CRIME", "RM"], [[c, str(4 + i)] for i, c in enumerate(crime)])
    columns = ["RM", "CRIME_high", "CRIME_low", "CRIME_very_low"]
    encoded = encode_dummies(table, "CRIME", ["high", "low", "very_low"])
    every = [Features(tuple(columns), tuple(map(float, row.cells))) for row in encoded.rows]
    prices = [10.0, 12.0, 15.0, 13.0, 18.0, 19.0, 17.0]

    # 3 つのダミー変数の和はどの行でも 1。切片の列と一次従属になる
    with pytest.raises(SingularMatrixError, match="CRIME_very_low の列"):
        fit_linear_regression(every, prices, columns)
    dropped = [column for column in columns if column != "CRIME_high"]
    model = fit_linear_regression(every, prices, dropped)
    assert list(model.coefficients) == dropped


# --8<-- [end:test-all-categories]


# --8<-- [start:test-standardizer]
def test_訓練データの平均と母標準偏差を学ぶ() -> None:
    rows = features(("RM", "LSTAT"), (1.0, 10.0), (2.0, 10.0), (3.0, 40.0))

    scaler = Standardizer.fit(rows)

    assert scaler.means == {"RM": 2.0, "LSTAT": 20.0}
    assert scaler.stds == pytest.approx(
        {"RM": math.sqrt(2 / 3), "LSTAT": math.sqrt(200)}, rel=1e-12
    )


def test_ほかのデータも訓練データの統計で標準化する() -> None:
    scaler = Standardizer.fit(features(("RM", "LSTAT"), (1.0, 10.0), (2.0, 10.0), (3.0, 40.0)))

    [row] = scaler.transform(features(("RM", "LSTAT"), (4.0, 20.0)))

    assert row.columns == ("RM", "LSTAT")
    assert row.values == pytest.approx((2 / math.sqrt(2 / 3), 0.0), rel=1e-12)


# --8<-- [end:test-standardizer]


# --8<-- [start:test-standardizer-constant]
def test_ばらつきの無い列の標準偏差は1にする() -> None:
    rows = features(("RM", "CHAS"), (1.0, 0.0), (3.0, 0.0))

    scaler = Standardizer.fit(rows)

    assert scaler.stds["CHAS"] == 1.0
    assert [row.value("CHAS") for row in scaler.transform(rows)] == [0.0, 0.0]


# --8<-- [end:test-standardizer-constant]


def test_丸め程度の幅しかない列もばらつきの無い列とみなす() -> None:
    rows = features(("RM",), (0.1,), (math.nextafter(0.1, 1.0),), (0.1,))

    scaler = Standardizer.fit(rows)

    assert (scaler.means["RM"], scaler.stds["RM"]) == (0.1, 1.0)


# --8<-- [start:test-standardizer-edges]
def test_統計の無い列はそのまま通す() -> None:
    scaler = Standardizer({"RM": 2.0}, {"RM": 0.5})

    row = scaler.transform_one(Features(("RM", "CHAS"), (3.0, 1.0)))

    assert row == Features(("RM", "CHAS"), (2.0, 1.0))


def test_空のデータや列のそろわない行からは学べない() -> None:
    with pytest.raises(ValueError, match="空です"):
        Standardizer.fit([])
    with pytest.raises(ValueError, match=r"0 行目 RM、1 行目 LSTAT"):
        Standardizer.fit([Features(("RM",), (1.0,)), Features(("LSTAT",), (2.0,))])


def test_標準偏差が正でない統計は作れない() -> None:
    with pytest.raises(ValueError, match="標準偏差は正の数"):
        Standardizer({"RM": 0.0}, {"RM": 0.0})
    with pytest.raises(ValueError, match="列が違います"):
        Standardizer({"RM": 0.0}, {"LSTAT": 1.0})


# --8<-- [end:test-standardizer-edges]


# --8<-- [start:test-expand]
def test_2乗の項と交互作用の項を足す() -> None:
    rows = features(("RM", "LSTAT"), (2.0, 5.0), (3.0, 7.0))

    expanded = expand(rows, ["RM", "LSTAT"])

    assert expanded[0].columns == ("RM", "LSTAT", "RM^2", "RM LSTAT", "LSTAT^2")
    assert [row.value("RM LSTAT") for row in expanded] == [10.0, 21.0]
    assert [row.value("LSTAT^2") for row in expanded] == [25.0, 49.0]


def test_項の名前と組の順() -> None:
    assert term_name("RM", "RM") == "RM^2"
    assert term_name("RM", "LSTAT") == "RM LSTAT"
    assert pairs_with_replacement(["a", "b", "c"]) == [
        ("a", "a"), ("a", "b"), ("a", "c"), ("b", "b"), ("b", "c"), ("c", "c"),
    ]  # fmt: skip


def test_使う項だけを指定した順に取り出す() -> None:
    expanded = expand(features(("RM", "LSTAT"), (2.0, 5.0)), ["RM", "LSTAT"])

    [row] = select(expanded, ["LSTAT^2", "RM"])

    assert row == Features(("LSTAT^2", "RM"), (25.0, 2.0))


def test_無い列や無い項は名前を書いて失敗する() -> None:
    rows = features(("RM", "LSTAT"), (2.0, 5.0))

    with pytest.raises(ColumnNotFoundError, match="列 AGE はありません"):
        expand(rows, ["RM", "AGE"])
    with pytest.raises(ColumnNotFoundError, match=r"列 RM\^3 はありません"):
        select(expand(rows, ["RM"]), ["RM^3"])
    with pytest.raises(ValueError, match="重複"):
        expand(rows, ["RM", "RM"])
    with pytest.raises(ValueError, match="columns が空"):
        expand(rows, [])


# --8<-- [end:test-expand]


# --8<-- [start:test-quantile]
def test_分位数は両隣を線形に補間する() -> None:
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.25) == 1.75


# --8<-- [end:test-quantile]


# --8<-- [start:test-quantile-more]
def test_分位数の両端と真ん中() -> None:
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.0) == 1.0
    assert quantile([4.0, 1.0, 3.0, 2.0], 0.5) == 2.5
    assert quantile([4.0, 1.0, 3.0, 2.0], 1.0) == 4.0
    assert quantile([7.0], 0.75) == 7.0


def test_分位数を求められない入力() -> None:
    with pytest.raises(ValueError, match="0 件"):
        quantile([], 0.5)
    with pytest.raises(ValueError, match=r"q=1\.5"):
        quantile([1.0], 1.5)
    with pytest.raises(ValueError, match="値 の要素 は有限の数です"):
        quantile([1.0, math.nan], 0.5)


# --8<-- [end:test-quantile-more]


# --8<-- [start:test-iqr]
def test_IQRの外側の値を外れ値とする() -> None:
    assert iqr_outliers([1.0, 2.0, 3.0, 4.0, 100.0]) == [False, False, False, False, True]


def test_境界ちょうどの値は外れ値にしない() -> None:
    # Q1 = 2, Q3 = 4, IQR = 2 なので、境界は 2 − 3 = −1 と 4 + 3 = 7
    values = [-1.0, 2.0, 2.0, 4.0, 4.0, 7.0]
    assert quantile(values, 0.25) == 2.0
    assert quantile(values, 0.75) == 4.0

    assert iqr_outliers(values) == [False] * 6
    assert iqr_outliers([-1.5, 2.0, 2.0, 4.0, 4.0, 7.5]) == [True, False, False, False, False, True]
    assert iqr_outliers(values, k=0.0) == [True, False, False, False, False, True]


def test_訓練データの正解の外れ値だけを除きテストデータは残す() -> None:
    x = features(("RM",), *[(float(i),) for i in range(6)])
    split = TrainTestSplit(x[:5], x[5:], [1.0, 2.0, 3.0, 4.0, 100.0], [500.0])

    reduced = remove_target_outliers(split)

    assert reduced.t_train == [1.0, 2.0, 3.0, 4.0]
    assert reduced.x_train == x[:4]
    assert reduced.x_test == x[5:]
    assert reduced.t_test == [500.0]


# --8<-- [end:test-iqr]


# --8<-- [start:test-load]
def test_区切り文字と文字コードを指定して読む(tmp_path: Path) -> None:
    path = tmp_path / "weather.csv"
    path.write_bytes("weather_id,weather\n1,晴れ\n2,曇り\n".encode("shift_jis"))

    table = load_delimited(path, "shift_jis", ",")

    assert [row.text("weather") for row in table.rows] == ["晴れ", "曇り"]


def test_Shift_JISのファイルをUTF_8として読むと失敗する(tmp_path: Path) -> None:
    path = tmp_path / "weather.csv"
    path.write_bytes("weather_id,weather\n1,晴れ\n".encode("shift_jis"))

    with pytest.raises(MalformedDataError, match="utf-8 として読めません"):
        load_delimited(path, "utf-8", ",")


def test_タブ区切りのファイルを読む(tmp_path: Path) -> None:
    path = tmp_path / "bike.tsv"
    path.write_text("dteday\tweather_id\tcnt\n2011-01-01\t2\t985\n", encoding="utf-8")

    table = load_delimited(path, "utf-8", "\t")

    assert table.columns == ("dteday", "weather_id", "cnt")
    assert table.rows[0].cells == ("2011-01-01", "2", "985")


# --8<-- [end:test-load]


# --8<-- [start:join-tables]
def bike_table() -> Table:
    return Table.of(
        ["dteday", "weather_id", "cnt"],
        [["d1", "1", "100"], ["d2", "2", "40"], ["d3", "1", "200"], ["d4", "9", "7"]],
    )


def weather_table() -> Table:
    return Table.of(["weather_id", "weather"], [["1", "晴れ"], ["2", "曇り"]])


# --8<-- [end:join-tables]


# --8<-- [start:test-join]
def test_天気の番号で結合し表に無い番号の行は落とす() -> None:
    joined = join_weather(bike_table(), weather_table())

    assert joined.columns == ("dteday", "weather_id", "cnt", "weather")
    assert [row.cells for row in joined.rows] == [
        ("d1", "1", "100", "晴れ"),
        ("d2", "2", "40", "曇り"),
        ("d3", "1", "200", "晴れ"),
    ]


def test_天気の表に同じ番号が2回あれば失敗する() -> None:
    weather = Table.of(["weather_id", "weather"], [["1", "晴れ"], ["1", "快晴"]])

    with pytest.raises(ValueError, match="同じ値 '1' が 2 回"):
        join_weather(bike_table(), weather)


def test_天気ごとの平均を大きい順に並べる() -> None:
    joined = join_weather(bike_table(), weather_table())

    assert mean_count_by_weather(joined) == [("晴れ", 150.0), ("曇り", 40.0)]


def test_結合や集計の列が無い表は名前を書いて失敗する() -> None:
    with pytest.raises(ColumnNotFoundError, match="列 weather_id はありません"):
        join_weather(Table.of(["id"], [["1"]]), weather_table())
    with pytest.raises(ValueError, match="行が 1 つもない"):
        mean_count_by_weather(Table.of(["weather", "cnt"], []))


# --8<-- [end:test-join]


# --8<-- [start:boston-header]
BOSTON_HEADER = ["CRIME", "RM", "NOX", "PRICE"]
# --8<-- [end:boston-header]


# --8<-- [start:test-prepare]
def test_ダミー変数にしてから分け訓練データの平均で補完する() -> None:
    table = Table.of(
        BOSTON_HEADER,
        [
            ["high", "6", "0.5", "20"],
            ["low", "5", "", "10"],
            ["very_low", "7", "0.7", "30"],
            ["low", "8", "0.9", "40"],
            ["very_low", "4", "0.1", "15"],
        ],
    )

    split = prepare_boston(table, test_size=0.4, seed=0)

    # 種 0 で 5 行を並べ替えると [4, 2, 1, 3, 0]。先頭の 3 行が訓練データ
    assert split.x_train[0].columns == ("RM", "NOX", "CRIME_low", "CRIME_very_low")
    assert split.t_train == [15.0, 30.0, 10.0]
    assert split.t_test == [40.0, 20.0]
    # 欠損した NOX は、訓練データの残り 2 行の平均 (0.1 + 0.7) / 2 で埋まる
    assert split.x_train[2].value("NOX") == pytest.approx(0.4, rel=1e-12)
    assert split.x_train[2].value("CRIME_low") == 1.0


def test_正解が欠損していれば行を書いて失敗する() -> None:
    table = Table.of(BOSTON_HEADER, [["low", "6", "0.5", ""], ["high", "5", "0.4", "10"]])

    with pytest.raises(ValueError, match="0 行目の PRICE が欠損"):
        prepare_boston(table)
    with pytest.raises(ValueError, match="行が 1 つもない"):
        prepare_boston(Table.of(BOSTON_HEADER, []))


# --8<-- [end:test-prepare]


# --8<-- [start:test-synthetic]
def synthetic_prices(seed: int, n: int) -> tuple[list[Features], list[float]]:
    """PRICE = 3·RM² + 1 の作りものの行。RM は 4 から 9 の一様乱数。"""
    random = JavaRandom(seed)
    rooms = [4.0 + 5.0 * random.next_double() for _ in range(n)]
    return features(("RM",), *[(rm,) for rm in rooms]), [3.0 * rm * rm + 1.0 for rm in rooms]


def test_2乗の項があれば放物線をぴったり当てる() -> None:
    x_train, t_train = synthetic_prices(1, 30)
    x_test, t_test = synthetic_prices(2, 10)
    split = TrainTestSplit(x_train, x_test, t_train, t_test)

    straight = score_feature_set(split, ["RM"], ["RM"])
    curved = score_feature_set(split, ["RM"], ["RM", "RM^2"])

    assert straight.train < 0.99
    assert curved.train == pytest.approx(1.0, abs=1e-12)
    assert curved.test == pytest.approx(1.0, abs=1e-12)


# --8<-- [end:test-synthetic]


def test_学習した項の並びで予測する() -> None:
    x_train, t_train = synthetic_prices(3, 20)

    fitted = fit_feature_set(x_train, t_train, ["RM"], ["RM^2", "RM"])

    assert fitted.terms == ("RM^2", "RM")
    assert list(fitted.model.coefficients) == ["RM^2", "RM"]
    assert fitted.predict(features(("RM",), (5.0,))) == pytest.approx([76.0], rel=1e-9)


def test_小さすぎる値は0として表示する() -> None:
    assert format_small(-3e-16, 2) == "0.00"
    assert format_small(-0.004, 2) == "-0.00"
    assert format_small(0.99999, 2) == "1.00"


# 実データ


# --8<-- [start:data-fixture]
@pytest.fixture(scope="module")
def boston() -> TrainTestSplit[Features, float]:
    """Boston.csv を本の手順で分けて補完したもの。data マーカーと一緒に使う。"""
    return prepare_boston(Table.load(BOSTON))


# --8<-- [end:data-fixture]


# --8<-- [start:test-data]
@pytest.mark.data(BOSTON)
def test_Bostonは70件と30件に分かれ14列の特徴量になる(
    boston: TrainTestSplit[Features, float],
) -> None:
    assert (len(boston.x_train), len(boston.x_test)) == (70, 30)
    assert boston.x_train[0].columns == (
        "ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX", "PTRATIO", "B", "LSTAT",
        "CRIME_low", "CRIME_very_low",
    )  # fmt: skip


@pytest.mark.data(BOSTON)
def test_CRIMEのカテゴリは訓練データだけから学んでも同じ(
    boston: TrainTestSplit[Features, float],
) -> None:
    table = Table.load(BOSTON)
    in_train = shuffled_positions(len(table), SEED)[: len(boston.x_train)]
    crime = [table.rows[i].text("CRIME") for i in in_train]

    # 全 100 行で学ぶ（他の版の手順）のと、訓練データの 70 行で学ぶのとで、同じ列になる
    assert dummy_categories(crime) == dummy_categories(row.text("CRIME") for row in table.rows)
    assert sorted(set(crime)) == ["high", "low", "very_low"]


@pytest.mark.data(BOSTON)
def test_欠損は訓練データの平均で埋まる(boston: TrainTestSplit[Features, float]) -> None:
    table = Table.load(BOSTON)
    order = shuffled_positions(len(table), SEED)  # 分けたあとの i 番目は、元の order[i] 行目
    fill_values = {"NOX": 0.5499428571428572, "RAD": 9.391304347826088}

    in_train = {}
    for column, value in fill_values.items():
        [missing] = [i for i, row in enumerate(table.rows) if row.is_missing(column)]
        filled = (boston.x_train + boston.x_test)[order.index(missing)]
        in_train[column] = order.index(missing) < len(boston.x_train)
        assert filled.value(column) == pytest.approx(value, rel=1e-12)
    # NOX の欠損はテストデータに、RAD の欠損は訓練データに入る。どちらも訓練データの平均で埋まる
    assert in_train == {"NOX": False, "RAD": True}


@pytest.mark.data(BOSTON)
def test_特徴量の組み合わせごとの決定係数(boston: TrainTestSplit[Features, float]) -> None:
    expected = [
        (0.6055589763892213, 0.6949863611461261),
        (0.7739769287276714, 0.8627755090728412),
        (0.7952735749446708, 0.8212511784877307),
    ]

    for (_, terms), (train, test) in zip(FEATURE_SETS, expected, strict=True):
        scores = score_feature_set(boston, COLUMNS, terms)
        assert scores.train == pytest.approx(train, rel=1e-12)
        assert scores.test == pytest.approx(test, rel=1e-12)


@pytest.mark.data(BOSTON)
def test_訓練データのPRICEの外れ値は8件(boston: TrainTestSplit[Features, float]) -> None:
    assert quantile(boston.t_train, 0.25) == pytest.approx(17.575, rel=1e-12)
    assert quantile(boston.t_train, 0.75) == pytest.approx(24.8, rel=1e-12)

    reduced = remove_target_outliers(boston)

    assert len(reduced.t_train) == 62
    assert reduced.x_test == boston.x_test
    scores = score_feature_set(reduced, COLUMNS, COLUMNS + SQUARES)
    assert scores.train == pytest.approx(0.6716630885669057, rel=1e-12)
    assert scores.test == pytest.approx(0.7946836468895476, rel=1e-12)


@pytest.mark.data(BOSTON)
def test_標準化した訓練データのRMは平均0で標準偏差1(
    boston: TrainTestSplit[Features, float],
) -> None:
    mean, std = standardized_summary(boston.x_train, "RM")

    assert abs(mean) < 1e-15
    assert std == pytest.approx(1.0, rel=1e-12)


@pytest.mark.data(BIKE, WEATHER)
def test_bikeとweatherを結合して天気ごとの平均を求める() -> None:
    weather = load_weather()
    joined = join_weather(load_bike(), weather)

    assert [row.text("weather") for row in weather.rows] == ["晴れ", "曇り", "雨"]
    assert len(joined) == 731
    means = mean_count_by_weather(joined)
    assert [name for name, _ in means] == ["晴れ", "曇り", "雨"]
    assert [mean for _, mean in means] == pytest.approx(
        [4876.7861771058315, 4052.672064777328, 1803.2857142857142], rel=1e-12
    )


# --8<-- [end:test-data]


# --8<-- [start:test-data-seeds]
@pytest.mark.data(BOSTON)
@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (0, ["0.6950", "0.8628", "0.8213"]),  # 本の分け方: 交互作用の項で下がる
        (2, ["0.6792", "-0.0020", "-0.4223"]),  # 2 乗の項を足しただけで下がる
        (9, ["0.3432", "0.6924", "0.6980"]),  # 交互作用の項まで足したほうが上がる
    ],
)
def test_テストデータの決定係数は分け方でこれだけ動く(seed: int, expected: list[str]) -> None:
    split = prepare_boston(Table.load(BOSTON), seed=seed)

    scores = [score_feature_set(split, COLUMNS, terms).test for _, terms in FEATURE_SETS]

    assert [format_fixed(score, 4) for score in scores] == expected


# --8<-- [end:test-data-seeds]


# --8<-- [start:test-data-golden]
@pytest.mark.data(BOSTON, BIKE, WEATHER)
def test_表示は黄金ファイルと1文字も違わない(
    run_module: RunModule, golden: Callable[[str], str]
) -> None:
    result = run_module("getting_started_ml.chapter09")

    assert result.returncode == 0, result.stderr
    assert result.stdout == golden("chapter09")


def test_本が載せる実行結果は10行(golden: Callable[[str], str]) -> None:
    assert len(golden("chapter09").splitlines()) == 10


def test_データが無ければ1行の説明で終わる(run_module: RunModule, tmp_path: Path) -> None:
    result = run_module("getting_started_ml.chapter09", env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert BOSTON in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:test-data-golden]
