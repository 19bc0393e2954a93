# --8<-- [start:header]
"""付録 B: データの分け方（層化 k 分割、1 つ抜き、時系列、グループ、入れ子の交差検証）。

どの分け方も第 11 章の Fold（訓練とテストの行の位置）を返し、並べ替えには java.util.Random と同じ
乱数を使う。第 11 章の k_fold（ただの k 分割）と並べて使える。
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter11 import (
    N_SPLITS,
    SEED,
    SURVIVED,
    SURVIVED_FEATURES,
    Fold,
    Metric,
    Trainer,
    accuracy,
    check_fold,
    check_splits,
    cross_validate,
    k_fold,
    k_fold_sequential,
    pick,
    prepare_survived,
    tree_trainer,
)
from getting_started_ml.checks import (
    require_count,
    require_no_nan,
    require_same_length,
    require_sequence,
)
from getting_started_ml.java_random import shuffle, shuffled_positions

MAX_LEAVE_ONE_OUT = 1000
"""1 つ抜きで受け付ける行の数の上限（分割の数も行の数になるので、大きさは行の数の 2 乗）。"""
MAX_TIME_SERIES = 100_000
"""時系列の分割で受け付ける行の数の上限。"""

_S = TypeVar("_S")
_X = TypeVar("_X")
_Y = TypeVar("_Y")

# --8<-- [end:header]


# --8<-- [start:splitters]
def stratified_k_fold(labels: Sequence[Hashable], n_splits: int, seed: int) -> list[Fold]:
    """各分割のクラスの割合を全体とそろえる k 分割。

    行を種 seed で並べ替えてからクラスごとにまとめ、クラスの順に 1 行ずつ分割 0, 1, …, k−1, 0, …
    と配る。どのクラスも、分割ごとの件数の差は 1 以内になる。
    """
    rows = require_sequence(labels, "labels")
    check_splits(len(rows), n_splits)
    by_class: dict[Hashable, list[int]] = defaultdict(list)
    for position in shuffled_positions(len(rows), seed):
        by_class[rows[position]].append(position)
    dealt = [p for label in sorted(by_class, key=repr) for p in by_class[label]]
    return folds_from_tests([dealt[i::n_splits] for i in range(n_splits)], len(rows))


def leave_one_out(n_samples: int) -> list[Fold]:
    """1 つ抜き交差検証（LOOCV）: 1 行ずつをテストにする。並べ替えない k 分割の k = N と同じ。"""
    n = require_count(n_samples, "n_samples", minimum=2)
    if n > MAX_LEAVE_ONE_OUT:
        raise ValueError(f"n_samples は {MAX_LEAVE_ONE_OUT} 以下です（n_samples={n}）")
    return k_fold_sequential(n, n)


def time_series_split(n_samples: int, n_splits: int) -> list[Fold]:
    """時系列の分割: テストはいつも訓練より後ろ。並べ替えない。

    テストの件数は n_samples // (n_splits + 1)。i 回目は、i 番目のかたまりをテスト、
    それより前のすべてを訓練にする（scikit-learn の TimeSeriesSplit と同じ決め方）。
    """
    n, k = (
        require_count(n_samples, "n_samples", minimum=1),
        require_count(n_splits, "n_splits", minimum=2),
    )
    if n > MAX_TIME_SERIES:
        raise ValueError(f"n_samples は {MAX_TIME_SERIES} 以下です（n_samples={n}）")
    size = n // (k + 1)
    if size == 0:
        raise ValueError(f"行の数は分割の数 + 1 以上です（行 {n} 件、分割 {k}）")
    starts = [n - (k - i) * size for i in range(k)]
    return [Fold(list(range(start)), list(range(start, start + size))) for start in starts]


def group_k_fold(groups: Sequence[Hashable], n_splits: int, seed: int) -> list[Fold]:
    """同じグループの行を同じ分割に入れる k 分割。

    グループを種 seed で並べ替え、行の多い順（同じ数なら並べ替えた順）に、その時点で行の
    いちばん少ない分割へ入れる。
    """
    rows = require_sequence(groups, "groups")
    members: dict[Hashable, list[int]] = defaultdict(list)
    for position, group in enumerate(rows):
        members[group].append(position)
    check_splits(len(members), n_splits)
    order = shuffle(sorted(members, key=repr), seed)
    order.sort(key=lambda group: -len(members[group]))
    tests: list[list[int]] = [[] for _ in range(n_splits)]
    for group in order:
        lightest = min(range(n_splits), key=lambda i: (len(tests[i]), i))
        tests[lightest].extend(members[group])
    return folds_from_tests([sorted(test) for test in tests], len(rows))


def folds_from_tests(tests: list[list[int]], n_samples: int) -> list[Fold]:
    """テストの行の組から、残りを訓練にした Fold を作る。"""
    folds = []
    for test in tests:
        chosen = set(test)
        folds.append(Fold([p for p in range(n_samples) if p not in chosen], test))
    return folds


# --8<-- [end:splitters]


# --8<-- [start:nested]
@dataclass(frozen=True)
class NestedResult:
    """入れ子の交差検証の結果。外側の分割ごとに、内側で選んだ設定とテストのスコア。"""

    chosen: list[object]
    scores: list[float]

    @property
    def mean(self) -> float:
        """外側のスコアの平均（選び方まで含めた汎化性能の見積もり）。"""
        return math.fsum(self.scores) / len(self.scores)


def best_setting(
    make_trainer: Callable[[_S], Trainer[_X, _Y, object]],
    settings: Sequence[_S],
    x: Sequence[_X],
    t: Sequence[_Y],
    *,
    metric: Metric,
    folds: Sequence[Fold],
) -> tuple[_S, float]:
    """folds の交差検証の平均スコアがいちばん高い設定（同点なら先のもの）と、そのスコア。"""
    options = checked_settings(settings)
    require_sequence(x, "x")
    require_sequence(t, "t")
    best: tuple[_S, float] | None = None
    for setting in options:
        scores = list(cross_validate(make_trainer(setting), x, t, folds, metric))
        mean = math.fsum(scores) / len(scores)
        if best is None or mean > best[1]:
            best = (setting, mean)
    if best is None:
        raise ValueError("settings が空です")
    return best


def checked_settings(settings: Sequence[_S]) -> list[_S]:
    """1 つ以上の設定の列で、NaN を含まないことを確かめる（NaN の設定はどれとも比べられない）。"""
    options = list(require_sequence(settings, "settings"))
    if not options:
        raise ValueError("settings が空です")
    require_no_nan(options, "settings ")
    return options


def checked_outer(outer: Sequence[Fold], n_samples: int) -> list[Fold]:
    """外側の分割が 1 つ以上あり、どれも行の範囲に収まる Fold であることを確かめる。"""
    folds = list(require_sequence(outer, "outer"))
    if not folds:
        raise ValueError("outer（外側の分割）が 1 つもありません")
    for number, fold in enumerate(folds):
        check_fold(fold, n_samples, number)
    return folds


def nested_cross_validation(  # noqa: PLR0913  入れ子の交差検証の材料（設定・データ・外側と内側の分け方・採点）を名前で受ける
    make_trainer: Callable[[_S], Trainer[_X, _Y, object]],
    settings: Sequence[_S],
    x: Sequence[_X],
    t: Sequence[_Y],
    *,
    metric: Metric,
    outer: Sequence[Fold],
    inner_splits: int,
    seed: int,
) -> NestedResult:
    """外側の分割ごとに、訓練の側だけで内側の k 分割交差検証をして設定を選び、テストで採点する。

    設定を選ぶのに使ったデータでは採点しないので、「選んだうえでの性能」を偏りなく見積もれる。
    """
    require_sequence(x, "x")
    require_sequence(t, "t")
    require_same_length(x, t, "特徴量", "正解")
    checked_settings(settings)
    chosen: list[object] = []
    scores: list[float] = []
    for fold in checked_outer(outer, len(x)):
        train_x, train_t = pick(x, fold.train), pick(t, fold.train)
        inner = k_fold(len(train_x), inner_splits, seed)
        setting, _ = best_setting(
            make_trainer, settings, train_x, train_t, metric=metric, folds=inner
        )
        predict = make_trainer(setting)(train_x, train_t)
        chosen.append(setting)
        scores.append(metric(pick(t, fold.test), predict(pick(x, fold.test))))
    return NestedResult(chosen, scores)


# --8<-- [end:nested]


# --8<-- [start:depth-selection]
DEPTHS = (1, 2, 3, 4)
INNER_SPLITS = 3


@dataclass(frozen=True)
class DepthSelection:
    """Survived の木の深さを 3 通りに選んだ結果（選んだ深さと、そのとき報告する正解率）。"""

    single_split: tuple[int, float]
    same_folds: tuple[int, float]
    nested: NestedResult


def survived_depth_selection() -> DepthSelection:
    """第 11 章の 5 分割（種 0）で、深さ 1〜4 の木を選ぶ。

    - single_split: 1 つ目の分割だけを検証データにして選び、その検証データの正解率を報告する。
    - same_folds: 5 分割の平均で選び、その平均を報告する。
    - nested: 外側の 5 分割の訓練の側で 3 分割の交差検証をして選び、外側のテストで採点する。
    """
    data = prepare_survived(Table.load(SURVIVED))
    outer = k_fold(len(data.x), N_SPLITS, SEED)

    def make_trainer(depth: int) -> Trainer[Features, Hashable, object]:
        return tree_trainer(SURVIVED_FEATURES, depth)

    x, t = data.x, data.t
    return DepthSelection(
        single_split=best_setting(make_trainer, DEPTHS, x, t, metric=accuracy, folds=outer[:1]),
        same_folds=best_setting(make_trainer, DEPTHS, x, t, metric=accuracy, folds=outer),
        nested=nested_cross_validation(
            make_trainer,
            DEPTHS,
            x,
            t,
            metric=accuracy,
            outer=outer,
            inner_splits=INNER_SPLITS,
            seed=SEED,
        ),
    )


# --8<-- [end:depth-selection]
