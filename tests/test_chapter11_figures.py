# --8<-- [start:header]
"""第 11 章の図: 分割外の予測とスコア、数値の埋め込み、リポジトリにある図と実データの照合。"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix as sklearn_confusion_matrix
from sklearn.metrics import roc_auc_score
from sklearn.tree import DecisionTreeClassifier
from support.figures import assert_same_numbers

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter11 import (
    N_SPLITS,
    SEED,
    SURVIVED,
    SURVIVED_POSITIVE,
    TREE_DEPTH,
    Fold,
    LabeledData,
    k_fold,
    out_of_fold_predictions,
    out_of_fold_scores,
)
from getting_started_ml.chapter11.figures import (
    CONFUSION_FIGURE,
    FOLD_SCORES_FIGURE,
    ROC_FIGURE,
    ConfusionFigureData,
    FoldScoreData,
    RocFigureData,
    confusion_figure_data,
    confusion_svg,
    fold_score_data,
    fold_scores_svg,
    roc_figure_data,
    roc_svg,
    write_figures,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data, redraw

# --8<-- [end:header]


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


def test_分割外の予測は元の行の位置に並ぶ() -> None:
    columns = ("Pclass", "Age", "male")  # 第 11 章の木が使う 3 列。Age だけで分かれる
    x = [Features(columns, (1.0, float(age), 0.0)) for age in (1, 2, 8, 9, 1, 9)]
    data = LabeledData(x, ["0", "0", "1", "1", "0", "1"])
    folds = [
        Fold(train=[0, 1, 2, 3], test=[4, 5]),
        Fold(train=[2, 3, 4, 5], test=[0, 1]),
        Fold(train=[0, 1, 4, 5], test=[2, 3]),
    ]

    assert out_of_fold_predictions(data, folds) == ["0", "0", "1", "1", "0", "1"]
    with pytest.raises(ValueError, match=r"\[2, 3\]"):
        out_of_fold_predictions(data, folds[:2])


def test_分割外の予測とスコアは入口で表と分割を確かめる() -> None:
    columns = ("Pclass", "Age", "male")
    data = LabeledData([Features(columns, (1.0, float(age), 0.0)) for age in (1, 9)], ["0", "1"])

    for compute in (out_of_fold_predictions, out_of_fold_scores):
        with pytest.raises(TypeError, match="LabeledData"):
            compute([1.0], [Fold([0], [1])])  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="分割 0 が Fold ではありません"):
            compute(data, [None])  # type: ignore[list-item]
        with pytest.raises(ValueError, match="分割が 1 つもありません"):
            compute(data, [])
        with pytest.raises(ValueError, match="行の範囲"):
            compute(data, [Fold([0], [2])])


EXAMPLE = ConfusionFigureData(positive="1", tp=3, fp=1, fn=2, tn=4)


def test_混同行列の図に_4_つの件数を埋め込み描き直しても同じバイト列になる() -> None:
    first = confusion_svg(EXAMPLE)

    assert embedded_data(first) == EXAMPLE
    assert confusion_svg(EXAMPLE) == first


@pytest.mark.data(SURVIVED)
def test_混同行列の図の件数は実データから求め直したものと一致する(
    survived: LabeledData[str],
) -> None:
    data = confusion_figure_data(survived)
    predicted = out_of_fold_predictions(survived, k_fold(len(survived.x), N_SPLITS, SEED))
    theirs = sklearn_confusion_matrix(survived.t, predicted, labels=[SURVIVED_POSITIVE, "0"])

    assert [[data["tp"], data["fn"]], [data["fp"], data["tn"]]] == theirs.tolist()
    assert data["tp"] + data["fn"] == 342
    assert embedded_data((FIGURES_DIR / CONFUSION_FIGURE).read_text(encoding="utf-8")) == data


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


@pytest.fixture(scope="module")
def roc_example_svg() -> str:
    """ROC_EXAMPLE を描いた SVG（モジュールで 1 度だけ描き、描いたものを読むテストが使い回す）。"""
    return roc_svg(ROC_EXAMPLE)


@pytest.fixture(scope="module")
def fold_example_svg() -> str:
    """FOLD_EXAMPLE を描いた SVG（同じく 1 度だけ描く）。"""
    return fold_scores_svg(FOLD_EXAMPLE)


def test_描いた数値を_SVG_に埋め込んで読み出せる(
    roc_example_svg: str, fold_example_svg: str
) -> None:
    assert embedded_data(roc_example_svg) == ROC_EXAMPLE
    assert embedded_data(fold_example_svg) == FOLD_EXAMPLE


def test_描き直しても同じバイト列になる(roc_example_svg: str, fold_example_svg: str) -> None:
    # どちらも同じプロセスで新しく描き直したものと比べる
    assert fold_scores_svg(FOLD_EXAMPLE) == fold_example_svg
    assert roc_svg(ROC_EXAMPLE) == roc_example_svg
    assert "<dc:date>" not in fold_example_svg
    assert "Matplotlib v" not in fold_example_svg


def test_数値の埋め込まれていない_SVG_は失敗にする() -> None:
    with pytest.raises(ValueError, match="dc:description"):
        embedded_data('<svg xmlns="http://www.w3.org/2000/svg"></svg>')


def test_データが無ければ図を描かずに_1_行で失敗する(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # python -m getting_started_ml.chapter11.figures が呼ぶ redraw を、このプロセスで呼ぶ。
    # 別のプロセスで動かして終了コードと 1 行の説明を確かめるのは tests/test_cli_startup.py
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("getting_started_ml.figures.FIGURES_DIR", tmp_path / "figures")

    assert redraw(write_figures) == 1
    captured = capsys.readouterr()
    assert SURVIVED in captured.err
    assert "Traceback" not in captured.err
    assert not (tmp_path / "figures").exists()
