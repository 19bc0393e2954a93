"""第 11 章の図: 葉のスコア、数値の埋め込み、リポジトリにある図と実データの照合。"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import Completed
from sklearn.metrics import roc_auc_score
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Leaf, Node, Split, Tree
from getting_started_ml.chapter11.cross_validation import k_fold
from getting_started_ml.chapter11.experiment import (
    N_SPLITS,
    SEED,
    SURVIVED,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    LabeledData,
)
from getting_started_ml.chapter11.figures import (
    FIGURES_DIR,
    FOLD_SCORES_FIGURE,
    ROC_FIGURE,
    FoldScoreData,
    RocFigureData,
    embedded_data,
    fold_score_data,
    fold_scores_svg,
    leaf_path,
    leaf_share_scores,
    leaf_shares,
    out_of_fold_scores,
    roc_figure_data,
    roc_svg,
)

COLUMNS = ("x", "y")


def row(x: float, y: float) -> Features:
    return Features(COLUMNS, (x, y))


def small_tree() -> Tree[str]:
    """x <= 1.5 なら左の葉、そうでなければ y <= 0.5 で 2 つの葉に分かれる木（ラベルは多数決）。"""
    return Node(
        Split("x", 1.5, 0.0),
        Leaf("0"),
        Node(Split("y", 0.5, 0.0), Leaf("1"), Leaf("1")),
    )


# --8<-- [start:test-leaf-share]
def test_境界と等しい値は左へ進む() -> None:
    tree = small_tree()

    assert leaf_path(tree, row(1.5, 9.0)) == (True,)
    assert leaf_path(tree, row(2.0, 0.5)) == (False, True)
    assert leaf_path(tree, row(2.0, 0.6)) == (False, False)
    assert leaf_path(Leaf("1"), row(0.0, 0.0)) == ()


def test_葉ごとに訓練データの正例の割合を数える() -> None:
    x_train = [row(1.0, 0.0), row(1.0, 0.0), row(1.0, 0.0), row(2.0, 0.0), row(3.0, 1.0)]
    t_train = ["0", "0", "1", "1", "0"]

    assert leaf_shares(small_tree(), x_train, t_train, "1") == {
        (True,): 1 / 3,
        (False, True): 1.0,
        (False, False): 0.0,
    }


def test_テストの行には落ちた葉の割合が付く() -> None:
    x_train = [row(1.0, 0.0), row(1.0, 0.0), row(2.0, 0.0), row(3.0, 1.0)]
    t_train = ["0", "1", "1", "0"]
    x_test = [row(5.0, 0.0), row(0.0, 7.0), row(5.0, 5.0)]

    assert leaf_share_scores(small_tree(), x_train, t_train, x_test, "1") == [1.0, 0.5, 0.0]


def test_訓練データの来ない葉に落ちた行は失敗にする() -> None:
    with pytest.raises(ValueError, match=r"道順 \(False, False\)"):
        leaf_share_scores(small_tree(), [row(1.0, 0.0)], ["1"], [row(5.0, 5.0)], "1")


# --8<-- [end:test-leaf-share]


def assert_same_numbers(embedded: object, computed: object) -> None:
    """JSON から読んだ値と求め直した値を、数は rel=1e-12 で、それ以外はそのまま比べる。"""
    if isinstance(computed, dict):
        assert isinstance(embedded, dict)
        assert list(embedded) == list(computed)
        for key, value in computed.items():
            assert_same_numbers(embedded[key], value)
    elif isinstance(computed, list):
        assert isinstance(embedded, list)
        assert len(embedded) == len(computed)
        for mine, theirs in zip(embedded, computed, strict=True):
            assert_same_numbers(mine, theirs)
    elif isinstance(computed, float):
        assert embedded == pytest.approx(computed, rel=1e-12)
    else:
        assert embedded == computed


# --8<-- [start:test-figures]
@pytest.mark.data(SURVIVED)
def test_図の数値はデータから求め直した数値と一致する(survived: LabeledData[str]) -> None:
    roc = embedded_data((FIGURES_DIR / ROC_FIGURE).read_text(encoding="utf-8"))
    folds = embedded_data((FIGURES_DIR / FOLD_SCORES_FIGURE).read_text(encoding="utf-8"))

    assert_same_numbers(roc, roc_figure_data(survived))
    assert_same_numbers(folds, fold_score_data(survived))


# --8<-- [end:test-figures]


# --8<-- [start:test-figures-sklearn]
@pytest.mark.data(SURVIVED)
def test_図の_AUC_は_scikit_learn_の_roc_auc_score_と一致する(
    survived: LabeledData[str],
) -> None:
    scores, labels = out_of_fold_scores(survived, k_fold(len(survived.x), N_SPLITS, SEED))

    # 同じスコアから同じ台形を足すので、違いは足し算の順による丸めだけ
    assert roc_figure_data(survived)["auc"] == pytest.approx(
        roc_auc_score(labels, scores), abs=1e-12
    )


@pytest.mark.data(SURVIVED)
def test_葉のスコアは_scikit_learn_の決定木の_predict_proba_と一致する(
    survived: LabeledData[str],
) -> None:
    folds = k_fold(len(survived.x), N_SPLITS, SEED)
    scores, _ = out_of_fold_scores(survived, folds)
    x = np.array([features.values for features in survived.x])
    t = np.array(survived.t)
    theirs: list[float] = []
    for fold in folds:
        model = DecisionTreeClassifier(max_depth=TREE_DEPTH, random_state=0)
        model.fit(x[fold.train], t[fold.train])
        positive = list(model.classes_).index(SURVIVED_POSITIVE)
        theirs += [float(p) for p in model.predict_proba(x[fold.test])[:, positive]]

    # predict_proba は葉に来た訓練データのラベルの割合。同じ木なら同じ割り算になる
    assert scores == pytest.approx(theirs, abs=1e-12)


# --8<-- [end:test-figures-sklearn]


ROC_EXAMPLE = RocFigureData(
    thresholds=[None, 0.9, 0.25],
    false_positive_rates=[0.0, 0.25, 1.0],
    true_positive_rates=[0.0, 0.5, 1.0],
    auc=0.6875,
)
FOLD_EXAMPLE = FoldScoreData(
    metrics=["正解率", "F値"],
    scores=[[0.75, 0.8125, 0.5], [0.625, 0.7, 0.9]],
    means=[0.6875, 0.7416666666666667],
)


def test_描いた数値を_SVG_に埋め込んで読み出せる() -> None:
    assert embedded_data(roc_svg(ROC_EXAMPLE)) == ROC_EXAMPLE
    assert embedded_data(fold_scores_svg(FOLD_EXAMPLE)) == FOLD_EXAMPLE


def test_描き直しても同じバイト列になる() -> None:
    first = fold_scores_svg(FOLD_EXAMPLE)

    assert fold_scores_svg(FOLD_EXAMPLE) == first
    assert roc_svg(ROC_EXAMPLE) == roc_svg(ROC_EXAMPLE)
    assert "<dc:date>" not in first
    assert "Matplotlib v" not in first


def test_数値の埋め込まれていない_SVG_は失敗にする() -> None:
    with pytest.raises(ValueError, match="dc:description"):
        embedded_data('<svg xmlns="http://www.w3.org/2000/svg"></svg>')


def test_データが無ければ図を描かずに_1_行で失敗する(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    result = run_module("getting_started_ml.chapter11.figures", env={"ML_DATA_DIR": str(tmp_path)})

    assert result.returncode == 1
    assert SURVIVED in result.stderr
    assert "Traceback" not in result.stderr
