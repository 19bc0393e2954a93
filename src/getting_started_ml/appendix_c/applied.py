# --8<-- [start:header]
"""付録 C: この本のモデルに当てはめる（第 11 章の Survived の決定木、深さ 2 と深さ 3）。

比べる前に決めておくこと（結果を見てから動かさない）:
- 基準は第 11 章の深さ 2 の木（A）、候補は深さ 3 の木（B）。
- 1 回目の比較は、第 11 章と同じ 5 分割・種 0 の交差検証で得た、全 891 件の予測。
- 繰り返しの単位は「交差検証の分け方」。種 0 から 9 の 10 通りで、A と B は毎回同じ分け方を使う。
- 実用上の基準は正解率で 0.01。区間の下端がこれを超えたときだけ「役に立つ改善」と言う。
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from getting_started_ml.appendix_a import (
    Floats,
    grow_weighted_numpy,
    predict_rows,
    to_matrix,
    truncate,
)
from getting_started_ml.appendix_c.intervals import Interval, wilson_interval
from getting_started_ml.appendix_c.paired import (
    Discordance,
    discordance,
    mcnemar_exact,
    sign_flip_test,
)
from getting_started_ml.appendix_c.repeated import (
    PairedInterval,
    corrected_resampled_t_interval,
    paired_t_interval,
)
from getting_started_ml.chapter02 import Features, require_items
from getting_started_ml.chapter03 import feature_rows
from getting_started_ml.chapter08 import ClassWeight, class_weights
from getting_started_ml.chapter11 import (
    N_SPLITS,
    SEED,
    SURVIVED_FEATURES,
    TREE_DEPTH,
    Fold,
    LabeledData,
    Predictor,
    Trainer,
    accuracy,
    k_fold,
    pick,
    plain_mean,
)
from getting_started_ml.checks import require_same_length

P = TypeVar("P", bound=Hashable)  # 木の予測（ラベル、または 2 つの木の予測の組）
# --8<-- [end:header]

# --8<-- [start:protocol]
BASELINE_DEPTH = TREE_DEPTH  # A: 第 11 章の木
CANDIDATE_DEPTH = 3  # B: 1 段深い木
FOLD_SEEDS = tuple(range(10))  # 繰り返しの単位: 交差検証の分け方
PRACTICAL_THRESHOLD = 0.01  # これ未満の改善は、木を深くする手間に見合わないとみなす
SIGN_FLIP_RESAMPLES = 200_000
# --8<-- [end:protocol]


# --8<-- [start:trainers]
class NumberRows:
    """Features の行を columns の列の行 × 列の配列に直す。同じ行（同じオブジェクト）は 1 回だけ。

    交差検証は同じ 891 行を何度も分け直すので、そのたびに feature_rows で直すと、
    木を育てるのと同じくらい時間がかかる。行そのものも覚えておくので、id が使い回されることはない。
    """

    def __init__(self, columns: Sequence[str]) -> None:
        self.columns = tuple(columns)
        self._known: dict[int, tuple[Features, int]] = {}  # id → (行, 配列の中の位置)
        self._matrix: Floats = to_matrix([], self.columns)

    def __call__(self, x: Sequence[Features]) -> Floats:
        new = list({id(row): row for row in x if id(row) not in self._known}.values())
        if new:
            values = to_matrix(feature_rows(new, self.columns), self.columns)
            for position, row in enumerate(new, len(self._known)):
                self._known[id(row)] = (row, position)
            self._matrix = np.concatenate([self._matrix, values])
        return self._matrix[[self._known[id(row)][1] for row in x]]


def fast_tree_trainer(
    columns: Sequence[str], max_depth: int, number_rows: NumberRows | None = None
) -> Trainer[Features, Hashable, Hashable]:
    """第 11 章の tree_trainer と同じ木（第 3 章の木）を、付録 A の numpy の木で育てる。

    重みがすべて 1 の付録 A の木は、第 3 章の木と（しきい値と不純度の float まで）同じになる。
    この付録の 100 本すべてで同じことを tests/test_appendix_c_trees.py が確かめている。
    number_rows を渡せば、行を数の行に直した結果を木どうしで使い回す。
    """
    names = tuple(columns)
    rows_of = _number_rows_for(names, number_rows)

    def train(x: Sequence[Features], t: Sequence[Hashable]) -> Predictor[Features, Hashable]:
        weights = class_weights(t, ClassWeight.NONE)
        tree = grow_weighted_numpy(rows_of(x), list(t), names, weights, max_depth)
        return lambda rows: predict_rows(tree, rows_of(rows), names)

    return train


def paired_tree_trainer(
    columns: Sequence[str], depths: tuple[int, int], number_rows: NumberRows | None = None
) -> Trainer[Features, Hashable, tuple[Hashable, Hashable]]:
    """浅い木と深い木（depths の順）を 1 度に学習し、予測を（浅い木, 深い木）の組で返す。

    深い木だけを付録 A の numpy の木で育て、浅い木はそれを付録 A の truncate で切り詰めて作る。
    どちらも fast_tree_trainer がその深さで育てる木（第 3 章の木）と同じ木になる。
    """
    names = tuple(columns)
    rows_of = _number_rows_for(names, number_rows)
    shallow, deep = depths
    if not (isinstance(shallow, int) and isinstance(deep, int)) or not 0 <= shallow <= deep:
        raise ValueError(f"depths は 0 以上の（浅い深さ, 深い深さ）の組です（{depths!r}）")

    def train(
        x: Sequence[Features], t: Sequence[Hashable]
    ) -> Predictor[Features, tuple[Hashable, Hashable]]:
        values, labels = rows_of(x), list(t)
        weights = class_weights(labels, ClassWeight.NONE)
        deep_tree = grow_weighted_numpy(values, labels, names, weights, deep)
        shallow_tree = truncate(deep_tree, shallow, values, labels, columns=names, weights=weights)

        def predict(rows: Sequence[Features]) -> list[tuple[Hashable, Hashable]]:
            matrix = rows_of(rows)
            return list(
                zip(
                    predict_rows(shallow_tree, matrix, names),
                    predict_rows(deep_tree, matrix, names),
                    strict=True,
                )
            )

        return predict

    return train


def _number_rows_for(columns: tuple[str, ...], number_rows: NumberRows | None) -> NumberRows:
    """渡された number_rows（列が同じこと）か、新しい NumberRows。"""
    rows_of = NumberRows(columns) if number_rows is None else number_rows
    if rows_of.columns != columns:
        raise ValueError(f"number_rows の列 {rows_of.columns} が columns {columns} と違います")
    return rows_of


# --8<-- [end:trainers]


# --8<-- [start:out-of-fold]
def out_of_fold_predictions(
    trainer: Trainer[Features, Hashable, P],
    data: LabeledData[str],
    folds: Sequence[Fold],
) -> list[P]:
    """分割ごとに学習し、テストに回した行の予測を元の行の位置に書き込む。"""
    if not callable(trainer):
        raise TypeError(f"trainer は学習する関数です（{type(trainer).__name__}）")
    if not isinstance(data, LabeledData):
        raise TypeError(f"data は LabeledData です（{type(data).__name__}）")
    require_items(folds, Fold, "folds")
    predictions: list[P | None] = [None] * len(data.x)
    for fold in folds:
        predict = trainer(pick(data.x, fold.train), pick(data.t, fold.train))
        for position, guess in zip(fold.test, predict(pick(data.x, fold.test)), strict=True):
            predictions[position] = guess
    missing = [position for position, guess in enumerate(predictions) if guess is None]
    if missing:
        raise ValueError(f"どの分割でもテストに回らなかった行があります（位置 {missing[:5]}）")
    return [guess for guess in predictions if guess is not None]


def fold_mean_accuracy(
    actual: Sequence[Hashable], predictions: Sequence[Hashable], folds: Sequence[Fold]
) -> float:
    """第 11 章の evaluate と同じく、分割ごとの正解率を左から足して平均する。"""
    require_items(folds, Fold, "folds")
    require_same_length(actual, predictions, "正解", "予測")
    return plain_mean(
        [accuracy(pick(actual, fold.test), pick(predictions, fold.test)) for fold in folds]
    )


# --8<-- [end:out-of-fold]


# --8<-- [start:compare]
@dataclass(frozen=True)
class TreeComparison:
    """深さ 2（A）と深さ 3（B）の比べ方をすべて並べたもの。"""

    n_rows: int
    accuracy_a: float
    accuracy_b: float
    interval_a: Interval
    interval_b: Interval
    counts: Discordance
    mcnemar_p: float
    sign_flip_p: float
    seed_scores_a: list[float]
    seed_scores_b: list[float]
    fold_differences: list[float]
    repeated: PairedInterval
    corrected: PairedInterval

    @property
    def seed_differences(self) -> list[float]:
        """分け方ごとの正解率の差（B − A）。"""
        return [b - a for a, b in zip(self.seed_scores_a, self.seed_scores_b, strict=True)]

    @property
    def verdict(self) -> str:
        """決めておいた基準に照らした判定。"""
        return verdict(self.corrected)


def verdict(interval: PairedInterval) -> str:
    """区間を、決めておいた実用上の基準 PRACTICAL_THRESHOLD に照らして読む。"""
    if not isinstance(interval, PairedInterval):
        raise TypeError(f"interval は PairedInterval です（{type(interval).__name__}）")
    if interval.low > PRACTICAL_THRESHOLD:
        return "役に立つ改善と言える"
    if interval.high < 0:
        return "悪くなったと言える"
    if interval.high < PRACTICAL_THRESHOLD:
        return "差があっても基準に届かない"
    return "役に立つ改善かどうかは、まだ言えない"


def compare_tree_depths(data: LabeledData[str]) -> TreeComparison:
    """同じ分け方の上で、深さ 2 と深さ 3 の木の予測を突き合わせる。"""
    # 深さ 3 の木を育て、切り詰めて深さ 2 の木にする（付録 A の truncate。木の数が半分になる）
    both = paired_tree_trainer(SURVIVED_FEATURES, (BASELINE_DEPTH, CANDIDATE_DEPTH))
    scores_a, scores_b = [], []
    fold_differences: list[float] = []
    first: tuple[list[Hashable], list[Hashable]] | None = None
    for seed in FOLD_SEEDS:
        folds = k_fold(len(data.x), N_SPLITS, seed)
        pairs = out_of_fold_predictions(both, data, folds)
        predictions_a = [a for a, _ in pairs]
        predictions_b = [b for _, b in pairs]
        fold_differences.extend(per_fold_differences(data.t, predictions_a, predictions_b, folds))
        scores_a.append(fold_mean_accuracy(data.t, predictions_a, folds))
        scores_b.append(fold_mean_accuracy(data.t, predictions_b, folds))
        if seed == SEED:
            first = (predictions_a, predictions_b)
    if first is None:
        raise ValueError(f"FOLD_SEEDS に第 11 章の種 {SEED} が含まれていません")
    return summarize(data.t, *first, (scores_a, scores_b), fold_differences)


def per_fold_differences(
    actual: Sequence[Hashable],
    predictions_a: Sequence[Hashable],
    predictions_b: Sequence[Hashable],
    folds: Sequence[Fold],
) -> list[float]:
    """分割ごとの正解率の差（B − A）。"""
    require_items(folds, Fold, "folds")
    return [
        accuracy(pick(actual, fold.test), pick(predictions_b, fold.test))
        - accuracy(pick(actual, fold.test), pick(predictions_a, fold.test))
        for fold in folds
    ]


def summarize(
    actual: Sequence[Hashable],
    predictions_a: Sequence[Hashable],
    predictions_b: Sequence[Hashable],
    seed_scores: tuple[list[float], list[float]],
    fold_differences: list[float],
) -> TreeComparison:
    """1 組の予測（種 0）の比較と、種ごとの差の区間をまとめる。

    補正した区間は、分割ごとの差に、テスト 1 に対して訓練 N_SPLITS − 1 の重なりを入れて求める。
    """
    counts = discordance(actual, predictions_a, predictions_b)
    n = len(actual)
    correct_a = counts.both + counts.only_a
    correct_b = counts.both + counts.only_b
    return TreeComparison(
        n_rows=n,
        accuracy_a=correct_a / n,
        accuracy_b=correct_b / n,
        interval_a=wilson_interval(correct_a, n),
        interval_b=wilson_interval(correct_b, n),
        counts=counts,
        mcnemar_p=mcnemar_exact(counts.only_a, counts.only_b),
        sign_flip_p=sign_flip_test(counts.only_a, counts.only_b, SIGN_FLIP_RESAMPLES, SEED),
        seed_scores_a=seed_scores[0],
        seed_scores_b=seed_scores[1],
        fold_differences=fold_differences,
        repeated=paired_t_interval([b - a for a, b in zip(*seed_scores, strict=True)]),
        corrected=corrected_resampled_t_interval(fold_differences, 1 / (N_SPLITS - 1)),
    )


# --8<-- [end:compare]
