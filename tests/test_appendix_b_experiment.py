# --8<-- [start:header]
"""付録 B: この本のモデルの指標、図、コマンドの出力のテスト。"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed
from sklearn.metrics import precision_recall_fscore_support
from support.chapter10 import iris_logistic, iris_split
from support.figures import assert_same_numbers

from getting_started_ml.appendix_b.averaging import class_counts, precision_recall_f1
from getting_started_ml.appendix_b.figures import (
    BIAS_VARIANCE_FIGURE,
    OVERFITTING_FIGURE,
    PR_ROC_FIGURE,
    bias_variance_data,
    overfitting_data,
    pr_roc_data,
    survived_scores,
)
from getting_started_ml.appendix_b.idiomatic import classification_table, survived_average_precision
from getting_started_ml.appendix_b.ranking import average_precision
from getting_started_ml.chapter02 import IRIS, Table, prepare_iris
from getting_started_ml.chapter03 import DecisionTree
from getting_started_ml.figures import FIGURES_DIR, embedded_data

RunModule = Callable[..., Completed]

# --8<-- [end:header]


# --8<-- [start:fixtures]
@pytest.fixture(scope="module")
def scores_and_labels() -> tuple[list[float], list[bool]]:
    """第 11 章の深さ 2 の木が Survived に付けた分割外のスコア。data マーカーと一緒に使う。"""
    return survived_scores()


# --8<-- [end:fixtures]


# --8<-- [start:test-models]
@pytest.mark.data("iris.csv")
def test_irisの木の3つの平均はscikit_learnと同じ() -> None:
    # 第 10 章のテストの道具: 本の分け方のアヤメと、それで 1 度だけ学習したロジスティック回帰
    iris, logistic = iris_split(), iris_logistic()
    tree = DecisionTree[str].with_max_depth(2).fit(iris.x_train, iris.t_train)
    for predicted in (tree.predict(iris.x_test), logistic.predict(iris.x_test)):
        for average in ("macro", "micro", "weighted"):
            ours = precision_recall_f1(iris.t_test, predicted, average)
            expected = precision_recall_fscore_support(iris.t_test, predicted, average=average)
            assert (ours.precision, ours.recall, ours.f1) == pytest.approx(expected[:3], rel=1e-12)


@pytest.mark.data("Survived.csv")
def test_PRとROCの図はリポジトリにある図と同じ数値を描いている(
    scores_and_labels: tuple[list[float], list[bool]],
) -> None:
    svg = (FIGURES_DIR / PR_ROC_FIGURE).read_text(encoding="utf-8")
    assert embedded_data(svg) == pr_roc_data(*scores_and_labels)


# 次の 2 つの図は、次数 9 までの多項式を最小二乗（numpy の lstsq、OpenBLAS）で当てはめる。
# Vandermonde 行列は条件が悪く、CPU ごとに OpenBLAS が選ぶ計算の並びの違いが 1e-11 ほどの
# 相対誤差に広がる（別の Xeon の機械で描いた図と比べて見つけた）。図の値は相対 1e-9 で比べる
POLYNOMIAL_REL = 1e-9


def test_過学習の図はリポジトリにある図と同じ数値を描いている() -> None:
    svg = (FIGURES_DIR / OVERFITTING_FIGURE).read_text(encoding="utf-8")
    assert_same_numbers(embedded_data(svg), overfitting_data(), rel=POLYNOMIAL_REL)


def test_バイアスとバリアンスの図はリポジトリにある図と同じ数値を描いている() -> None:
    svg = (FIGURES_DIR / BIAS_VARIANCE_FIGURE).read_text(encoding="utf-8")
    data = bias_variance_data()
    assert_same_numbers(embedded_data(svg), data, rel=POLYNOMIAL_REL)
    # 次数 0 はバイアスが、次数 9 はバリアンスが大きい（B.11 節の読み方を図の数でも確かめる）。
    assert data["bias_squared"][0] > data["variance"][0]
    assert data["variance"][9] > data["bias_squared"][9]
    # 本文の読み方: バイアス² は 1 と 2、3 と 4 が組、バリアンスは増え続け、和は 3〜8 でほぼ平ら。
    bias, variance = data["bias_squared"], data["variance"]
    assert bias[1] == pytest.approx(bias[2], rel=0.01)
    assert bias[3] == pytest.approx(bias[4], rel=0.01)
    assert variance == sorted(variance)
    totals = [b + v + data["noise"] for b, v in zip(bias[3:9], variance[3:9], strict=True)]
    assert max(totals) < 1.1 * min(totals)


# --8<-- [end:test-models]


# --8<-- [start:test-idiomatic]
@pytest.mark.data("iris.csv")
def test_classification_reportの表は自作の指標と同じ() -> None:
    iris = prepare_iris(Table.load(IRIS))
    tree = DecisionTree[str].with_max_depth(2).fit(iris.x_train, iris.t_train)
    predicted = tree.predict(iris.x_test)
    table = classification_table(iris.t_test, predicted)
    for label, counts in class_counts(iris.t_test, predicted).items():
        row = table.loc[str(label)]
        assert row["precision"] == pytest.approx(counts.tp / (counts.tp + counts.fp), rel=1e-12)
        assert row["support"] == counts.support
    for name, average in (("マクロ平均", "macro"), ("重み付き平均", "weighted")):
        ours = precision_recall_f1(iris.t_test, predicted, average)
        assert table.loc[name, "f1-score"] == pytest.approx(ours.f1, rel=1e-12)


@pytest.mark.data("Survived.csv")
def test_scikit_learnのAPは自作と同じ(scores_and_labels: tuple[list[float], list[bool]]) -> None:
    scores, labels = scores_and_labels
    assert survived_average_precision(scores, labels) == pytest.approx(
        average_precision(scores, labels), rel=1e-12
    )


# --8<-- [end:test-idiomatic]


# --8<-- [start:test-command]
@pytest.mark.data("iris.csv", "Survived.csv")
def test_章のコマンドの出力(run_module: RunModule, golden: Callable[[str], str]) -> None:
    assert run_module("getting_started_ml.appendix_b").stdout == golden("appendix_b")


# --8<-- [end:test-command]


# --8<-- [start:test-missing-data]
def test_データが無ければ1行の説明で終わる(run_module: RunModule, tmp_path: Path) -> None:
    result = run_module("getting_started_ml.appendix_b", env={"ML_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert "iris.csv" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --8<-- [end:test-missing-data]
