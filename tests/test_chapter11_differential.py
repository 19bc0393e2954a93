"""差分テスト: 第 11 章の評価指標・ROC 曲線と AUC・K 分割・交差検証を scikit-learn と比べる。

生成する入力: 1〜40 件のラベル（1〜30 種類。1 種類だけ、1 件だけ、偏った並びも出る）、
正例を決めた混同行列（件数は 0〜10^15。scikit-learn には 4 行と行の重みで渡す）、
1e-150〜1e150 の 10 のべき乗を掛けた数の並び、同点だらけや全部同じスコア、2〜200 行の分割。

約束の違いと許容誤差:
- 分母が 0 の適合率・再現率・F 値を、自作は 0.0 にする。scikit-learn は zero_division=0.0 を
  渡したときに同じ値を返す（既定の "warn" は警告を出して 0.0）。
- F 値は、自作が 2pr / (p + r)、scikit-learn が 2tp / (2tp + fp + fn) なので末尾の桁がずれうる。
  割合の指標は相対 1e-12 で比べる。正解率と混同行列と分け方は、整数なので完全に一致させる。
- 平均二乗誤差は、自作が Kahan の和、scikit-learn が numpy の和なので相対 1e-12 で比べる。
  2 乗が float を超えると、自作も scikit-learn も無限大を返す（自作は仕様、numpy は警告付き）。
- ROC 曲線は、scikit-learn の drop_intermediate=False（一直線上の点も残す）と点ごとに比べる。
  正例か負例しかないとき、自作は ValueError、scikit-learn は警告して NaN の率を返す。
- AUC は台形の足し方の順序が違うだけなので、roc_auc_score と相対 1e-12 で比べる。
- 並べ替える K 分割は乱数が違う（自作は java.util.Random）ので、自作の並べ替えた順を
  並べ替えない KFold に通したものと比べる。
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.dummy import DummyRegressor
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.model_selection import KFold
from sklearn.model_selection import cross_validate as sklearn_cross_validate

from getting_started_ml.chapter11 import (
    ConfusionMatrix,
    accuracy,
    auc,
    classification_metric,
    confusion_matrix,
    cross_validate,
    f1_score,
    fold_sizes,
    folds_of,
    k_fold,
    k_fold_sequential,
    mean_squared_error,
    precision,
    recall,
    roc_curve,
)
from getting_started_ml.java_random import shuffled_positions

RELATIVE = 1e-12


@st.composite
def label_pairs(draw: st.DrawFn) -> tuple[list[str], list[str], str]:
    """正解と予測（1〜30 種類のラベル）と、正例にするラベル（どちらにも無いこともある）。"""
    kinds = draw(st.integers(1, 30))
    label = st.integers(0, kinds - 1).map(lambda k: f"c{k}")
    n = draw(st.integers(1, 40))
    actual = draw(st.lists(label, min_size=n, max_size=n))
    predicted = draw(st.lists(label, min_size=n, max_size=n))
    positive = draw(st.one_of(st.sampled_from(actual), label))
    return actual, predicted, positive


@settings(max_examples=20, deadline=None)
@given(label_pairs())
@example((["c0"], ["c0"], "c0"))  # 1 件、1 種類だけ
@example((["c0"] * 5, ["c1"] * 5, "c2"))  # 正例がどちらにも無い
@example(([f"c{k}" for k in range(30)], [f"c{29 - k}" for k in range(30)], "c7"))  # 30 種類
def test_混同行列と正解率と3つの割合はscikit_learnの1対他と同じ(
    case: tuple[list[str], list[str], str],
) -> None:
    actual, predicted, positive = case
    cm = confusion_matrix(actual, predicted, positive)
    # multilabel_confusion_matrix は、labels の各ラベルを正例にした [[tn, fp], [fn, tp]]。
    theirs = skm.multilabel_confusion_matrix(actual, predicted, labels=[positive])[0]
    assert theirs.tolist() == [[cm.tn, cm.fp], [cm.fn, cm.tp]]
    assert accuracy(actual, predicted) == skm.accuracy_score(actual, predicted)
    one_vs_rest = {"labels": [positive], "average": "micro", "zero_division": 0.0}
    for ours, library in [
        (precision, skm.precision_score),
        (recall, skm.recall_score),
        (f1_score, skm.f1_score),
    ]:
        expected = library(actual, predicted, **one_vs_rest)
        assert ours(cm) == pytest.approx(expected, rel=RELATIVE)
        # 評価関数に変えても同じ値（正解と予測の順に受け取る）。
        assert classification_metric(ours, positive)(actual, predicted) == ours(cm)


counts = st.integers(0, 10**15)


@settings(max_examples=20, deadline=None)
@given(st.builds(ConfusionMatrix, counts, counts, counts, counts))
@example(ConfusionMatrix(0, 0, 0, 0))
@example(ConfusionMatrix(10**15, 1, 0, 0))  # 大きく偏った件数
@example(ConfusionMatrix(1, 10**15, 10**15, 10**15))
@example(ConfusionMatrix(0, 3, 0, 5))  # 正例が 1 件もない
def test_大きな件数の混同行列でも割合はscikit_learnの重み付きの値と同じ(
    cm: ConfusionMatrix,
) -> None:
    # 4 行（tp・fp・fn・tn の見本）に件数を重みとして付ける。10^15 は 2^53 未満なので重みは正確。
    actual = [1, 0, 1, 0]
    predicted = [1, 1, 0, 0]
    weights = [cm.tp, cm.fp, cm.fn, cm.tn]
    options = {"sample_weight": weights, "zero_division": 0.0}
    if sum(weights) == 0:
        assert (precision(cm), recall(cm), f1_score(cm)) == (0.0, 0.0, 0.0)
        return
    assert precision(cm) == pytest.approx(
        skm.precision_score(actual, predicted, **options), rel=RELATIVE
    )
    assert recall(cm) == pytest.approx(skm.recall_score(actual, predicted, **options), rel=RELATIVE)
    assert f1_score(cm) == pytest.approx(skm.f1_score(actual, predicted, **options), rel=RELATIVE)


@st.composite
def scaled_pairs(draw: st.DrawFn) -> tuple[list[float], list[float]]:
    """1〜30 組の (正解, 予測)。どちらも -1000〜1000 の数に 10^(-150〜150) を掛けたもの。"""
    scale = 10.0 ** draw(st.integers(-150, 150))
    value = st.floats(-1000, 1000).map(lambda v: v * scale)
    n = draw(st.integers(1, 30))
    return draw(st.lists(value, min_size=n, max_size=n)), draw(
        st.lists(value, min_size=n, max_size=n)
    )


@settings(max_examples=40, deadline=None)
@given(scaled_pairs())
@example(([1e-150], [-1e-150]))  # 2 乗が最小の正規化数に近い
@example(([1e150, -1e150], [-1e150, 1e150]))
@example(([0.1, 0.1, 0.1], [0.1, 0.1, 0.1]))  # 誤差がすべて 0
def test_平均二乗誤差はどの尺度でもscikit_learnと同じ(
    pair: tuple[list[float], list[float]],
) -> None:
    actual, predicted = pair
    theirs = skm.mean_squared_error(actual, predicted)
    assert mean_squared_error(actual, predicted) == pytest.approx(theirs, rel=RELATIVE, abs=0.0)


def test_2乗があふれると平均二乗誤差はscikit_learnと同じく無限大() -> None:
    actual, predicted = [1e200, 0.0], [-1e200, 0.0]
    with np.errstate(over="ignore"):
        theirs = skm.mean_squared_error(actual, predicted)
    assert mean_squared_error(actual, predicted) == theirs == math.inf


@st.composite
def scored_labels(draw: st.DrawFn) -> tuple[list[float], list[bool]]:
    """正例と負例が両方ある 2〜40 件。スコアは少ない種類から選ぶので同点が多い。尺度も変える。"""
    n = draw(st.integers(2, 40))
    kinds = draw(st.integers(1, 6))
    scale = 10.0 ** draw(st.integers(-150, 150))
    scores = draw(st.lists(st.integers(0, kinds - 1), min_size=n, max_size=n))
    labels = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: 0 < sum(v) < n))
    return [score * scale for score in scores], labels


@settings(max_examples=40, deadline=None)
@given(scored_labels())
@example(([0.5, 0.5], [True, False]))  # 2 件、全部同じスコア
@example(([0.3] * 39 + [0.9], [False] * 39 + [True]))  # 正例 1 件の偏り
@example(([1e-150, 2e-150, 3e-150], [False, True, True]))
def test_ROC曲線の点とAUCはscikit_learnと同じ(data: tuple[list[float], list[bool]]) -> None:
    scores, labels = data
    curve = roc_curve(scores, labels)
    fpr, tpr, thresholds = skm.roc_curve(labels, scores, drop_intermediate=False)
    ours = [(p.threshold, p.false_positive_rate, p.true_positive_rate) for p in curve]
    # しきい値は同じ float、率は同じ割り算なので、点は完全に一致する。
    assert ours == list(zip(thresholds.tolist(), fpr.tolist(), tpr.tolist(), strict=True))
    assert auc(curve) == pytest.approx(skm.roc_auc_score(labels, scores), rel=RELATIVE)


@pytest.mark.parametrize("labels", [[True, True, True], [False, False]])
def test_片方のクラスしかないとき自作は失敗しscikit_learnは警告してNaNを返す(
    labels: list[bool],
) -> None:
    scores = [0.1 * k for k in range(len(labels))]
    with pytest.raises(ValueError, match="正例と負例が両方ない"):
        roc_curve(scores, labels)
    with pytest.warns(UndefinedMetricWarning):
        fpr, tpr, _ = skm.roc_curve(labels, scores)
    assert np.isnan(fpr).any() or np.isnan(tpr).any()


splits = st.integers(2, 200).flatmap(lambda n: st.tuples(st.just(n), st.integers(2, n)))


@settings(max_examples=40, deadline=None)
@given(splits, st.integers(-(2**63), 2**63 - 1))
@example((2, 2), 0)  # n = 2
@example((200, 200), 1)  # 1 つ抜きと同じ
@example((7, 3), 42)
def test_K分割はscikit_learnのKFoldと位置まで同じ(case: tuple[int, int], seed: int) -> None:
    n, k = case
    theirs = [(train.tolist(), test.tolist()) for train, test in KFold(k).split(range(n))]
    assert [(f.train, f.test) for f in k_fold_sequential(n, k)] == theirs
    assert fold_sizes(n, k) == [len(test) for _, test in theirs]
    # 並べ替える版: 自作の並べ替えた順 order を、並べ替えない KFold の位置で引いたものと同じ。
    order = shuffled_positions(n, seed)
    expected = [([order[i] for i in a], [order[i] for i in b]) for a, b in theirs]
    assert [(f.train, f.test) for f in k_fold(n, k, seed)] == expected
    assert [(f.train, f.test) for f in folds_of(order, k)] == expected


@st.composite
def regression_data(draw: st.DrawFn) -> tuple[list[float], list[float], int, int]:
    """2〜40 行の (特徴量, 正解) と分割の数と種。正解は 1e-150〜1e150 の尺度の数。"""
    n = draw(st.integers(2, 40))
    scale = 10.0 ** draw(st.integers(-150, 150))
    t = draw(st.lists(st.floats(-1000, 1000).map(lambda v: v * scale), min_size=n, max_size=n))
    return [float(i) for i in range(n)], t, draw(st.integers(2, n)), draw(st.integers(0, 2**31))


def mean_trainer(
    x: Sequence[float], t: Sequence[float]
) -> Callable[[Sequence[float]], list[float]]:
    """訓練データの正解の平均をいつも答えるモデル（DummyRegressor と同じ）。"""
    mean = math.fsum(t) / len(t)
    return lambda rows: [mean] * len(rows)


@settings(max_examples=10, deadline=None)
@given(regression_data())
@example(([0.0, 1.0], [1e150, -1e150], 2, 0))
def test_交差検証は同じ分け方ならscikit_learnのcross_validateと分割ごとに同じ(
    data: tuple[list[float], list[float], int, int],
) -> None:
    x, t, k, seed = data
    folds = k_fold(len(x), k, seed)
    theirs = sklearn_cross_validate(
        DummyRegressor(),
        np.array(x)[:, None],
        np.array(t),
        cv=[(fold.train, fold.test) for fold in folds],
        scoring="neg_mean_squared_error",
    )
    ours = list(cross_validate(mean_trainer, x, t, folds, mean_squared_error))
    # 平均の求め方（fsum と numpy の和）と 2 乗の和の足し方の違いで、末尾の桁がずれうる。
    assert ours == pytest.approx((-theirs["test_score"]).tolist(), rel=1e-9)
