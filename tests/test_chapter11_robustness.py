"""頑健さのテスト（第 11 章）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
第 11 章の metrics・roc・cross_validation・experiment の公開関数はすべてこのファイルで呼ぶか、
除く理由を EXEMPT に書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.chapter02 import tables
from support.robustness import (
    call_safely,
    counts,
    extreme_numbers,
    finite_numbers,
    labels,
    number_lists,
    numbers_or_wrong,
    uncalled_names,
    wrong_types,
)

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter11 import cross_validation, experiment, metrics, roc

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(values=st.lists(st.one_of(st.integers(-3, 5), wrong_types()), min_size=4, max_size=4))
def test_chapter11_confusion_matrix_scores(values: list[Any]) -> None:
    cm: Any = call_safely(lambda: metrics.ConfusionMatrix(*values), names=["tp", "fp", "fn", "tn"])
    for score in (metrics.precision, metrics.recall, metrics.f1_score):
        value = call_safely(partial(score, cm), names=["cm", "ConfusionMatrix"])
        if value is not None:
            assert 0.0 <= value <= 1.0
    call_safely(lambda: metrics.require_confusion_matrix(cm), names=["cm"])


@fuzz
@given(actual=st.one_of(labels(), wrong_types()), predicted=st.one_of(labels(), wrong_types()))
def test_chapter11_label_metrics(actual: Any, predicted: Any) -> None:
    names = ["正解", "予測", "positive"]
    cm = call_safely(lambda: metrics.confusion_matrix(actual, predicted, "a"), names=names)
    value = call_safely(lambda: metrics.accuracy(actual, predicted), names=names)
    if value is not None and cm is not None:
        assert 0.0 <= value <= 1.0
        assert cm.tp + cm.fp + cm.fn + cm.tn == len(actual)
    scored = metrics.classification_metric(metrics.precision, "a")
    call_safely(lambda: scored(actual, predicted), names=names)
    call_safely(lambda: metrics.require_labels(actual, predicted), names=names)
    call_safely(lambda: metrics.require_same_nonempty_length(actual, predicted), names=names)


@fuzz
@given(actual=number_lists(), predicted=number_lists())
def test_chapter11_mean_squared_error(actual: list[Any], predicted: list[Any]) -> None:
    value = call_safely(
        lambda: metrics.mean_squared_error(actual, predicted), names=["正解", "予測"]
    )
    if value is not None:
        assert value >= 0.0
    call_safely(lambda: metrics.finite_values(actual, "正解"), names=["正解"])


@fuzz
@given(numerator=numbers_or_wrong(allow_nan=True), denominator=numbers_or_wrong(allow_nan=True))
def test_chapter11_ratio(numerator: Any, denominator: Any) -> None:
    call_safely(lambda: metrics.ratio(numerator, denominator), names=["numerator", "denominator"])


@fuzz
@given(
    scores=st.lists(extreme_numbers(allow_nan=True), max_size=6),
    flags=st.lists(st.booleans(), max_size=6),
)
def test_chapter11_roc_and_auc(scores: list[Any], flags: list[bool]) -> None:
    curve = call_safely(lambda: roc.roc_curve(scores, flags), names=["スコア", "ラベル", "正例"])
    call_safely(lambda: roc.require_finite_scores(scores), names=["スコア"])
    if curve is None:
        return
    area = roc.auc(curve)
    assert 0.0 <= area <= 1.0
    call_safely(lambda: roc.auc(curve[::-1]), names=["偽陽性率", "真陽性率"])
    roc.require_increasing(curve)


@fuzz
@given(
    threshold=numbers_or_wrong(allow_nan=True),
    fpr=numbers_or_wrong(allow_nan=True),
    tpr=numbers_or_wrong(allow_nan=True),
)
def test_chapter11_roc_point(threshold: Any, fpr: Any, tpr: Any) -> None:
    call_safely(
        lambda: roc.RocPoint(threshold, fpr, tpr),
        names=["threshold", "false_positive_rate", "true_positive_rate"],
    )


@fuzz
@given(n_samples=counts(), n_splits=counts(), seed=st.one_of(st.integers(), wrong_types()))
def test_chapter11_k_fold(n_samples: Any, n_splits: Any, seed: Any) -> None:
    names = ["n_samples", "n_splits", "seed", "分割", "行"]
    folds = call_safely(lambda: cross_validation.k_fold(n_samples, n_splits, seed), names=names)
    if folds is not None:
        assert sorted(p for fold in folds for p in fold.test) == list(range(n_samples))
    call_safely(lambda: cross_validation.k_fold_sequential(n_samples, n_splits), names=names)
    sizes = call_safely(lambda: cross_validation.fold_sizes(n_samples, n_splits), names=names)
    if sizes is not None:
        assert sum(sizes) == n_samples
    call_safely(lambda: cross_validation.check_splits(n_samples, n_splits), names=names)
    call_safely(lambda: cross_validation.require_counts(n_samples, n_splits), names=names)


@fuzz
@given(
    train=st.lists(st.one_of(st.integers(-2, 6), wrong_types()), max_size=4),
    test=st.lists(st.one_of(st.integers(-2, 6), wrong_types()), max_size=4),
    t=st.lists(finite_numbers(), min_size=5, max_size=5),
)
def test_chapter11_cross_validate(train: list[Any], test: list[Any], t: list[float]) -> None:
    x = list(range(5))
    fold = cross_validation.Fold(train, test)
    names = ["分割", "特徴量", "正解", "予測", "位置"]

    def trainer(xs: Sequence[int], ts: Sequence[float]) -> Callable[[Sequence[int]], list[float]]:
        return lambda rows: [0.0 for _ in rows]

    scores = call_safely(
        lambda: list(
            cross_validation.cross_validate(trainer, x, t, [fold], metrics.mean_squared_error)
        ),
        names=names,
    )
    if scores is not None:
        assert len(scores) == 1
        assert scores[0] >= 0.0
    call_safely(lambda: cross_validation.check_fold(fold, 5, 0), names=names)
    assert cross_validation.pick(["a", "b", "c"], [2, 0]) == ["c", "a"]
    assert len(cross_validation.folds_of([0, 1, 2, 3], 2)) == 2
    generated = cross_validation.fold_scores(trainer, x, t, [], metrics.mean_squared_error)
    assert list(generated) == []


@fuzz
@given(values=number_lists())
def test_chapter11_plain_mean(values: list[Any]) -> None:
    call_safely(lambda: experiment.plain_mean(values), names=["0 件", "番目", "平均"])


@fuzz
@given(table=tables())
def test_chapter11_prepare(table: Table) -> None:
    survived = Table.of(
        ["Pclass", "Age", "Sex"], [[r.cells[0], r.cells[1], "male"] for r in table.rows]
    )
    survived = Table.of([*survived.columns, "Survived"], [[*r.cells, "1"] for r in survived.rows])
    names = ["行", "列", "Pclass", "Age", "欠損", "平均"]
    data = call_safely(lambda: experiment.prepare_survived(survived), names=names)
    if data is not None:
        assert len(data.x) == len(survived)
        assert all(math.isfinite(v) for row in data.x for v in row.values)
    cinema = Table.of(
        [*experiment.CINEMA_FEATURES, "sales"],
        [[*r.cells, r.cells[0], r.cells[2]] for r in table.rows],
    )
    call_safely(lambda: experiment.prepare_whole_cinema(cinema), names=[*names, "sales", "SNS"])


def test_chapter11_trainers_and_evaluate() -> None:
    x = [Features(("a",), (float(i),)) for i in range(10)]
    t = [2.0 * i + 1.0 for i in range(10)]
    data = experiment.LabeledData(x, t)
    results = experiment.evaluate(
        experiment.linear_trainer(["a"]), data, experiment.cinema_metrics()
    )
    assert [name for name, _ in results] == ["RMSE", "MAE"]
    assert all(value == pytest.approx(0.0, abs=1e-9) for _, value in results)
    call_safely(
        lambda: experiment.evaluate(
            experiment.linear_trainer(["a"]),
            data,
            experiment.cinema_metrics(),
            n_splits=2.5,  # type: ignore[arg-type]
        ),
        names=["n_splits"],
    )
    labels_ = ["1" if i % 3 else "0" for i in range(10)]
    tree_data = experiment.LabeledData(x, labels_)
    tree_results = experiment.evaluate(
        experiment.tree_trainer(["a"], 2), tree_data, experiment.survived_metrics(), n_splits=2
    )
    assert all(0.0 <= value <= 1.0 for _, value in tree_results)
    call_safely(lambda: experiment.LabeledData(x, t[:3]), names=["特徴量", "正解"])
    assert experiment.joined([1, 2]) == "1, 2"


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

MODULES = [
    "getting_started_ml.chapter11.metrics",
    "getting_started_ml.chapter11.roc",
    "getting_started_ml.chapter11.cross_validation",
    "getting_started_ml.chapter11.experiment",
]

EXEMPT: dict[str, str] = {
    "Fold": "値を持つだけのデータクラス（中身は cross_validate が確かめる）",
    "main": "章のコマンド（データの有無は test_cli_startup と黄金ファイルのテスト）",
    "print_results": "表示するだけ（黄金ファイルのテスト）",
    "survived_features": "prepare_survived の中で呼ばれる（test_chapter11_prepare）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


@pytest.mark.parametrize("module_name", MODULES)
def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く(module_name: str) -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names(module_name, source, EXEMPT) == []
