# --8<-- [start:header]
"""付録 C: この本のモデルへの当てはめと、コマンドの出力のテスト。"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from conftest import Completed, RunWithoutData

from getting_started_ml.appendix_c.applied import (
    PRACTICAL_THRESHOLD,
    TreeComparison,
    compare_tree_depths,
    fold_mean_accuracy,
    out_of_fold_predictions,
    verdict,
)
from getting_started_ml.appendix_c.figures import (
    COVERAGE_FIGURE,
    DIFFERENCES_FIGURE,
    SELECTION_FIGURE,
    coverage_data,
    differences_data,
    selection_data,
)
from getting_started_ml.appendix_c.idiomatic import compare_with_libraries
from getting_started_ml.appendix_c.repeated import PairedInterval, paired_t_interval
from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter11 import (
    SURVIVED_FEATURES,
    Fold,
    LabeledData,
    evaluate,
    k_fold,
    prepare_survived,
    survived_metrics,
    tree_trainer,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

RunModule = Callable[..., Completed]


@pytest.fixture(scope="module")
def survived() -> LabeledData[str]:
    """第 11 章と同じ前処理をした Survived。data マーカーと一緒に使う。"""
    return prepare_survived(Table.load("Survived.csv"))


def interval(low: float, high: float) -> PairedInterval:
    return PairedInterval((low + high) / 2, 0.0, low, high, 9)


# --8<-- [end:header]


# --8<-- [start:test-verdict]
@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0.012, 0.03, "役に立つ改善と言える"),
        (0.005, 0.04, "役に立つ改善かどうかは、まだ言えない"),
        (-0.002, 0.008, "差があっても基準に届かない"),
        (-0.03, -0.01, "悪くなったと言える"),
    ],
)
def test_判定は区間と決めておいた基準で決まる(low: float, high: float, expected: str) -> None:
    assert PRACTICAL_THRESHOLD == 0.01
    assert verdict(interval(low, high)) == expected


# --8<-- [end:test-verdict]


def test_交差検証の予測は元の行の位置に戻る() -> None:
    x = [Features(("v",), (float(value),)) for value in range(6)]
    data = LabeledData(x, ["a", "a", "a", "b", "b", "b"])
    folds = [Fold(train=[0, 1, 3, 4], test=[2, 5]), Fold(train=[2, 5, 0, 3], test=[1, 4])]
    with pytest.raises(ValueError, match=r"テストに回らなかった行があります（位置 \[0, 3\]）"):
        out_of_fold_predictions(tree_trainer(("v",), 1), data, folds)


@pytest.mark.data("Survived.csv")
def test_深さ2の交差検証の予測は第11章の正解率と同じ(survived: LabeledData[str]) -> None:
    folds = k_fold(len(survived.x), 5, 0)
    predictions = out_of_fold_predictions(tree_trainer(SURVIVED_FEATURES, 2), survived, folds)
    chapter11 = dict(evaluate(tree_trainer(SURVIVED_FEATURES, 2), survived, survived_metrics()))
    assert fold_mean_accuracy(survived.t, predictions, folds) == chapter11["正解率"]


@pytest.fixture(scope="module")
def comparison(survived: LabeledData[str]) -> TreeComparison:
    """深さ 2 と 3 の比較（木を 100 本学習するので、このファイルで 1 回だけ求める）。"""
    return compare_tree_depths(survived)


@pytest.mark.data("Survived.csv")
def test_深さ2と深さ3の比較(comparison: TreeComparison) -> None:
    result = comparison
    counts = result.counts
    assert (counts.both, counts.only_a, counts.only_b, counts.neither) == (667, 29, 48, 147)
    assert result.mcnemar_p == pytest.approx(0.039539532877977755, rel=1e-12)
    assert len(result.seed_differences) == 10
    assert result.repeated.low > PRACTICAL_THRESHOLD  # 素朴に読むと「役に立つ」
    assert result.corrected.low < PRACTICAL_THRESHOLD < result.corrected.high  # 補正すると言えない
    assert result.verdict == "役に立つ改善かどうかは、まだ言えない"


@pytest.mark.data("Survived.csv")
def test_補正の前後を同じ50個の分割ごとの差で比べる(comparison: TreeComparison) -> None:
    plain = paired_t_interval(comparison.fold_differences)
    corrected = comparison.corrected

    assert len(comparison.fold_differences) == 50
    assert (round(plain.low, 4), round(plain.high, 4)) == (0.0186, 0.0283)
    assert (round(corrected.low, 4), round(corrected.high, 4)) == (0.0055, 0.0414)
    widening = (corrected.high - corrected.mean) / (plain.high - plain.mean)
    assert widening == pytest.approx(math.sqrt(13.5), rel=1e-12)  # (1/50 + 1/4) / (1/50)


@pytest.mark.data("Survived.csv")
def test_差の図はリポジトリにある図と同じ数値を描いている(comparison: TreeComparison) -> None:
    assert figure_data(DIFFERENCES_FIGURE) == differences_data(comparison)


def test_被覆率の図はリポジトリにある図と同じ数値を描いている() -> None:
    assert figure_data(COVERAGE_FIGURE) == coverage_data()


def test_選択の偏りの図はリポジトリにある図と同じ数値を描いている() -> None:
    assert figure_data(SELECTION_FIGURE) == selection_data()


def figure_data(name: str) -> object:
    return embedded_data((FIGURES_DIR / name).read_text(encoding="utf-8"))


# --8<-- [start:test-command]
@pytest.mark.data("Survived.csv", "Boston.csv")
def test_章のコマンドの出力(run_module: RunModule, golden: Callable[[str], str]) -> None:
    assert run_module("getting_started_ml.appendix_c").stdout == golden("appendix_c")


# --8<-- [end:test-command]


def test_データが無ければ1行の説明で終わる(run_module_without_data: RunWithoutData) -> None:
    completed = run_module_without_data("getting_started_ml.appendix_c")

    assert (completed.returncode, completed.stdout) == (1, "")
    assert "Survived.csv" in completed.stderr
    assert "Traceback" not in completed.stderr


# --8<-- [start:test-idiomatic]
@pytest.mark.data("Survived.csv")
def test_scipyとpandasで求めても同じ値になる(
    survived: LabeledData[str], comparison: TreeComparison
) -> None:
    folds = k_fold(len(survived.x), 5, 0)
    predictions_a = out_of_fold_predictions(tree_trainer(SURVIVED_FEATURES, 2), survived, folds)
    predictions_b = out_of_fold_predictions(tree_trainer(SURVIVED_FEATURES, 3), survived, folds)
    library = compare_with_libraries(
        survived.t,
        predictions_a,
        predictions_b,
        comparison.seed_scores_a,
        comparison.seed_scores_b,
    )
    counts = comparison.counts
    assert library.table == {
        "False": {"False": counts.neither, "True": counts.only_b},
        "True": {"False": counts.only_a, "True": counts.both},
    }
    assert library.mcnemar_p == pytest.approx(comparison.mcnemar_p, rel=1e-12)
    assert library.wilson_a == pytest.approx(
        (comparison.interval_a.low, comparison.interval_a.high), rel=1e-12
    )
    # scipy の t 分布の分位点と自作の二分法の差は 1e-12 程度。区間の端は 1e-10 で比べる。
    assert library.seed_interval == pytest.approx(
        (comparison.repeated.low, comparison.repeated.high), rel=1e-10
    )


# --8<-- [end:test-idiomatic]
