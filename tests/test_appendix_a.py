# --8<-- [start:header]
"""付録 A: 三分割、Bank のパイプライン、スコア、深さの選択、学習し直し（作りものの小さな表で）。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.appendix_a.experiment import (
    FEATURES,
    DepthResult,
    Scores,
    build_pipeline,
    fit_final,
    fit_preprocessor,
    number_rows,
    score,
    select_best,
    split_three_way,
    tune_max_depth,
)
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter03 import Leaf, NotFittedError
from getting_started_ml.java_random import shuffled_positions

# --8<-- [end:header]

# --8<-- [start:fixtures]
JOBS = ["admin.", "blue-collar", "technician", "services"]
MONTHS = ["may", "jun", "jul", "aug"]


def customer(i: int) -> list[str]:
    """作りものの客。i から決まる値で、FEATURES の順に並べる。duration は 5 人に 1 人が欠損。"""
    return [
        str(20 + i % 40),
        JOBS[i % 4],
        ["married", "single", "divorced"][i % 3],
        ["primary", "secondary", "tertiary"][i % 3],
        "no" if i % 7 else "yes",
        str(100.0 * (i % 13)),
        "yes" if i % 2 else "no",
        "no" if i % 5 else "yes",
        ["cellular", "telephone"][i % 2],
        MONTHS[i % 4],
        "" if i % 5 == 0 else str(50.0 + 7.0 * (i % 17)),
        str(1 + i % 4),
        str(i % 3),
    ]


def customers(n: int) -> Table:
    return Table.of(FEATURES, [customer(i) for i in range(n)])


def labels(n: int) -> list[int]:
    return [1 if (i % 17) > 8 else 0 for i in range(n)]


# --8<-- [end:fixtures]


# --8<-- [start:test-split]
def test_100行は72と18と10に分かれ_どの行もちょうど1回ずつ現れる() -> None:
    table = Table.of(("id",), [[str(i)] for i in range(100)])

    split = split_three_way(table, [0] * 100, 0.1, 0.2, 0)

    parts = [split.x_train, split.x_valid, split.x_test]
    assert [len(part) for part in parts] == [72, 18, 10]
    ids = [row.text("id") for part in parts for row in part.rows]
    assert sorted(ids, key=int) == [str(i) for i in range(100)]


def test_内側の分割は外側の訓練データを並べ替えた順のまま同じ種で分ける() -> None:
    table = Table.of(("id",), [[str(i)] for i in range(100)])

    split = split_three_way(table, list(range(100)), 0.1, 0.2, 0)

    outer = shuffled_positions(100, 0)  # テストデータは末尾の 10 個、訓練は先頭の 90 個
    inner = shuffled_positions(90, 0)  # 先頭 90 個（並べ替えた順のまま）への位置
    assert split.t_test == outer[90:] == [16, 51, 36, 73, 33, 59, 87, 25, 61, 60]
    assert split.t_valid == [outer[p] for p in inner[72:]]
    assert split.t_train == [outer[p] for p in inner[:72]]
    assert [row.text("id") for row in split.x_valid.rows] == [str(t) for t in split.t_valid]


# --8<-- [end:test-split]


# --8<-- [start:test-score]
def test_4つの指標をまとめて求める() -> None:
    assert score([1, 1, 0, 0], [1, 0, 1, 0]) == Scores(0.5, 0.5, 0.5, 0.5)
    assert score([1, 1, 0, 0], [1, 1, 1, 0]) == Scores(0.75, 2 / 3, 1.0, 0.8)
    assert score([0, 0], [0, 0]) == Scores(1.0, 0.0, 0.0, 0.0)


# --8<-- [end:test-score]


# --8<-- [start:test-select]
def result(depth: int, f1: float) -> DepthResult:
    anything = Scores(0.0, 0.0, 0.0, 0.0)
    return DepthResult(depth, anything, Scores(0.0, 0.0, 0.0, f1))


def test_検証データのF値がいちばん高い深さを選ぶ() -> None:
    results = [result(1, 0.6), result(2, 0.8), result(3, 0.7)]

    assert select_best(results).max_depth == 2


def test_F値が同点なら浅いほうを選ぶ() -> None:
    results = [result(3, 0.8), result(2, 0.8), result(4, 0.7)]

    assert select_best(results).max_depth == 2


# --8<-- [end:test-select]


# --8<-- [start:test-pipeline]
def test_知らない職業や欠損した通話時間でも予測できる() -> None:
    fitted = build_pipeline(3).fit(customers(60), labels(60))
    unseen = customer(1)
    unseen[FEATURES.index("job")] = "z"
    unseen[FEATURES.index("marital")] = "divorced"
    unseen[FEATURES.index("month")] = "dec"
    unseen[FEATURES.index("duration")] = ""

    assert fitted.predict(Table.of(FEATURES, [unseen])) in ([0], [1])


def test_前処理は渡された行だけから学習する() -> None:
    preprocessor = fit_preprocessor(customers(10))

    assert preprocessor.dummies.dummies["job"] == ["blue-collar", "services", "technician"]
    assert preprocessor.columns()[:5] == ("age", "amount", "duration", "campaign", "previous")
    assert len(preprocessor.columns()) == 5 + 3 + 2 + 2 + 1 + 1 + 1 + 1 + 3


def test_数の行は第8章の補完とダミー変数をつないだものと同じ() -> None:
    preprocessor = fit_preprocessor(customers(40))
    rows = [customer(i) for i in range(60)]
    rows[3][FEATURES.index("job")] = "z"  # 知らない職業
    rows[4][FEATURES.index("month")] = "dec"  # 訓練データに無い月
    rows[6][FEATURES.index("duration")] = " "  # 空白だけも欠損
    table = Table.of(FEATURES, rows)

    chained = number_rows(preprocessor.dummies.transform(preprocessor.duration.transform(table)))

    assert preprocessor.rows(table) == chained


def test_数の行に読めないセルがあれば第8章と同じく行と列を書いて失敗する() -> None:
    preprocessor = fit_preprocessor(customers(10))
    bad = customer(2)
    bad[FEATURES.index("age")] = "abc"

    with pytest.raises(ValueError, match="age"):
        preprocessor.rows(Table.of(FEATURES, [customer(1), bad]))
    bad[FEATURES.index("age")] = "33"
    bad[FEATURES.index("job")] = ""
    with pytest.raises(ValueError, match="job"):
        preprocessor.rows(Table.of(FEATURES, [bad]))


def test_学習前のパイプラインでは予測できない() -> None:
    with pytest.raises(NotFittedError):
        build_pipeline(2).predict(customers(3))


# --8<-- [end:test-pipeline]


# --8<-- [start:test-tuning]
def test_深さごとに訓練と検証のスコアを求め_学習し直しは訓練と検証の両方を使う() -> None:
    split = split_three_way(customers(12), labels(12), 0.25, 0.25, 0)

    results = tune_max_depth(split, [1, 2, 3])
    final = fit_final(split, select_best(results).max_depth)

    assert [r.max_depth for r in results] == [1, 2, 3]
    assert [len(split.t_train), len(split.t_valid), len(split.t_test)] == [6, 3, 3]
    both = Table(split.x_train.columns, split.x_train.rows + split.x_valid.rows)
    assert final.preprocessor == fit_preprocessor(both)
    expected = build_pipeline(final.max_depth).fit(both, split.t_train + split.t_valid)
    assert final.tree == expected.tree


def test_調べた深さの結果は_その深さのパイプラインを訓練データで学習したものと同じ() -> None:
    split = split_three_way(customers(80), labels(80), 0.1, 0.2, 0)

    (result_2,) = tune_max_depth(split, [2])
    fitted = build_pipeline(2).fit(split.x_train, split.t_train)

    assert result_2.valid == score(split.t_valid, fitted.predict(split.x_valid))
    assert result_2.train == score(split.t_train, fitted.predict(split.x_train))


# --8<-- [end:test-tuning]


# --8<-- [start:test-checks]
def test_悪い入力は名前を書いて失敗する() -> None:
    with pytest.raises(TypeError, match="Table"):
        split_three_way([1, 2], [0, 1], 0.1, 0.2, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="件数"):
        split_three_way(customers(3), [0, 1], 0.1, 0.2, 0)
    with pytest.raises(ValueError, match="max_depth"):
        build_pipeline(-1)
    with pytest.raises(TypeError, match="max_depth"):
        build_pipeline(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="results"):
        select_best([])
    split = split_three_way(customers(12), labels(12), 0.25, 0.25, 0)
    with pytest.raises(ValueError, match="depths"):
        tune_max_depth(split, [])


def test_深さ0のパイプラインは第3章と同じく葉1枚の木() -> None:
    split = split_three_way(customers(12), labels(12), 0.25, 0.25, 0)
    fitted = build_pipeline(0).fit(split.x_train, split.t_train)

    assert isinstance(fitted.tree, Leaf)
    assert [result.max_depth for result in tune_max_depth(split, [0, 1])] == [0, 1]


@pytest.mark.parametrize("position", [0, 1])
def test_検証のF値がNaNの深さがあれば選ばずに失敗する(position: int) -> None:
    results = [result(1, 0.6), result(2, 0.8)]
    results[position] = result(position + 1, math.nan)
    with pytest.raises(ValueError, match=r"results .*NaN"):
        select_best(results)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_訓練データが0件になる件数は三分割せずに失敗する(n: int) -> None:
    with pytest.raises(ValueError, match=rf"n={n} .*訓練データが 0 件"):
        split_three_way(customers(n), labels(n), 0.1, 0.2, 0)


def test_ラベルにNaNがあれば木を育てない() -> None:
    from getting_started_ml.appendix_a.experiment import fit_tree  # noqa: PLC0415

    with pytest.raises((ValueError, TypeError), match="正解"):
        fit_tree([(1.0,), (2.0,), (3.0,)], [1, math.nan, math.nan], ("x",), 3)  # type: ignore[list-item]


# --8<-- [end:test-checks]
