# --8<-- [start:header]
"""付録 B: 3 つ以上のクラスの適合率・再現率・F 値を 1 つにまとめる（マクロ・ミクロ・重み付き）。"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from getting_started_ml.checks import require_count, require_same_length, require_sequence

AVERAGES = ("macro", "micro", "weighted")

# --8<-- [end:header]


# --8<-- [start:class-counts]
@dataclass(frozen=True)
class ClassCounts:
    """1 つのクラスを正例、残りを負例とみなしたときの件数。support は正解がこのクラスの数。"""

    tp: int
    fp: int
    fn: int

    @property
    def support(self) -> int:
        """正解がこのクラスである行の数。"""
        return self.tp + self.fn


def class_counts(
    actual: Sequence[Hashable], predicted: Sequence[Hashable]
) -> dict[Hashable, ClassCounts]:
    """正解と予測に現れるクラスごとに、tp・fp・fn を数える（クラスは名前の順に並べる）。"""
    require_sequence(actual, "actual")
    require_sequence(predicted, "predicted")
    require_same_length(actual, predicted, "正解", "予測")
    if not actual:
        raise ValueError("正解と予測が 1 件もないので評価できません")
    labels = sorted(set(actual) | set(predicted), key=repr)
    counts = {label: [0, 0, 0] for label in labels}
    for truth, guess in zip(actual, predicted, strict=True):
        if truth == guess:
            counts[truth][0] += 1
        else:
            counts[guess][1] += 1
            counts[truth][2] += 1
    return {label: ClassCounts(*values) for label, values in counts.items()}


# --8<-- [end:class-counts]


# --8<-- [start:average]
@dataclass(frozen=True)
class Scores:
    """適合率・再現率・F 値の組。"""

    precision: float
    recall: float
    f1: float


def scores_of(tp: int, fp: int, fn: int) -> Scores:
    """件数から 3 つの指標を求める。分母が 0 なら 0 にする（第 11 章と同じ決め方）。"""
    for value, name in ((tp, "tp"), (fp, "fp"), (fn, "fn")):
        require_count(value, name)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
    return Scores(precision, recall, f1)


def precision_recall_f1(
    actual: Sequence[Hashable], predicted: Sequence[Hashable], average: str = "macro"
) -> Scores:
    """クラスごとの指標を、average の方法で 1 つにまとめる。

    - macro: クラスごとの指標の単純平均。小さなクラスも同じ重み。
    - micro: 全クラスの tp・fp・fn を足してから計算する。1 行に 1 つのラベルなら正解率と同じ。
    - weighted: クラスごとの指標を、正解の件数（support）で重み付けして平均する。
    """
    if average not in AVERAGES:
        raise ValueError(f"average は {'・'.join(AVERAGES)} のどれかです（average={average!r}）")
    counts = list(class_counts(actual, predicted).values())
    if average == "micro":
        return scores_of(*(sum(getattr(c, name) for c in counts) for name in ("tp", "fp", "fn")))
    per_class = [scores_of(c.tp, c.fp, c.fn) for c in counts]
    weights = [1.0 if average == "macro" else float(c.support) for c in counts]
    return Scores(*(_weighted_mean(per_class, weights, name) for name in Scores.__annotations__))


def _weighted_mean(per_class: Sequence[Scores], weights: Sequence[float], name: str) -> float:
    """per_class の name の欄を weights で重み付けして平均する。"""
    total = math.fsum(weights)
    return math.fsum(getattr(s, name) * w for s, w in zip(per_class, weights, strict=True)) / total


# --8<-- [end:average]
