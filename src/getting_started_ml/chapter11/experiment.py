# --8<-- [start:header]
"""第 11 章: 実データでの交差検証（Survived.csv と cinema.csv）。

第 3 章の決定木と第 7 章の線形回帰を、手を入れずに関数で包んで交差検証に載せ、
評価指標ごとに 5 分割の平均を表示する。
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from getting_started_ml.chapter02 import (
    Features,
    Row,
    Table,
    column_means,
    fill_missing,
    require_items,
    require_table,
)
from getting_started_ml.chapter03 import build_tree, predict_one
from getting_started_ml.chapter07 import (
    CINEMA,
    FEATURES,
    fit_linear_regression,
    mean_absolute_error,
    root_mean_squared_error,
    target_values,
)
from getting_started_ml.chapter11.cross_validation import (
    Predictor,
    Trainer,
    cross_validate,
    k_fold,
)
from getting_started_ml.chapter11.metrics import (
    Metric,
    accuracy,
    classification_metric,
    f1_score,
    precision,
    recall,
)
from getting_started_ml.checks import as_float, require_finite, require_same_length
from getting_started_ml.numeric import format_fixed

Y = TypeVar("Y")

SURVIVED = "Survived.csv"
SURVIVED_TARGET = "Survived"
SURVIVED_POSITIVE = "1"
SURVIVED_FEATURES = ("Pclass", "Age", "male")
CINEMA_FEATURES = tuple(FEATURES)
N_SPLITS = 5
SEED = 0
TREE_DEPTH = 2
# --8<-- [end:header]


# --8<-- [start:trainers]
def tree_trainer(columns: Sequence[str], max_depth: int) -> Trainer[Features, Hashable, Hashable]:
    """第 3 章の決定木を、学習して予測する関数を返す関数に包む。"""

    def train(x: Sequence[Features], t: Sequence[Hashable]) -> Predictor[Features, Hashable]:
        tree = build_tree(x, t, columns, max_depth)
        return lambda rows: [predict_one(tree, row) for row in rows]

    return train


def linear_trainer(columns: Sequence[str]) -> Trainer[Features, float, float]:
    """第 7 章の線形回帰を、学習して予測する関数を返す関数に包む。"""

    def train(x: Sequence[Features], t: Sequence[float]) -> Predictor[Features, float]:
        return fit_linear_regression(x, t, columns).predict

    return train


# --8<-- [end:trainers]


# --8<-- [start:evaluate]
def survived_metrics() -> list[tuple[str, Metric]]:
    """Survived の評価指標を、表示する順に並べる。正例は生存（"1"）。"""
    return [
        ("正解率", accuracy),
        ("適合率", classification_metric(precision, SURVIVED_POSITIVE)),
        ("再現率", classification_metric(recall, SURVIVED_POSITIVE)),
        ("F値", classification_metric(f1_score, SURVIVED_POSITIVE)),
    ]


def cinema_metrics() -> list[tuple[str, Metric]]:
    """cinema の評価指標。第 7 章の関数をそのまま使う。"""
    return [("RMSE", root_mean_squared_error), ("MAE", mean_absolute_error)]


def evaluate(
    trainer: Trainer[Features, Y, object],
    data: LabeledData[Y],
    metrics: Sequence[tuple[str, Metric]],
    *,
    n_splits: int | None = None,
    seed: int | None = None,
) -> list[tuple[str, float]]:
    """1 組の分け方をすべての指標で使い回し、指標ごとに分割のスコアの平均を求める。

    分割の数と種を省くと、この章の N_SPLITS（5）と SEED（0）を使う。
    """
    if not callable(trainer):
        raise TypeError(f"trainer は学習する関数です（{type(trainer).__name__}）")
    if not isinstance(data, LabeledData):
        raise TypeError(f"data は LabeledData です（{type(data).__name__}）")
    require_items(metrics, tuple, "metrics")
    folds = k_fold(
        len(data.x), N_SPLITS if n_splits is None else n_splits, SEED if seed is None else seed
    )
    results = []
    for name, metric in metrics:
        scores = list(cross_validate(trainer, data.x, data.t, folds, metric))
        results.append((name, plain_mean(scores)))
    return results


def plain_mean(values: Sequence[float]) -> float:
    """左から順に足して件数で割る。Python 3.12 以降の sum() は補正付きなので使わない。"""
    if not values:
        raise ValueError("0 件の平均は求められません")
    nan_positions = [i for i, v in enumerate(values) if isinstance(v, float) and math.isnan(v)]
    if nan_positions:
        raise ValueError(f"平均する値に NaN があります（{nan_positions} 番目）")
    total = 0.0
    for position, value in enumerate(values):
        total += value if type(value) is float else as_float(value, f"平均する値の {position} 番目")
    if math.isnan(total) and not any(math.isnan(value) for value in values):
        raise ValueError("平均する値に +inf と -inf の両方があるので、平均が決まりません")
    return total / len(values)


# --8<-- [end:evaluate]


# --8<-- [start:prepare]
@dataclass(frozen=True)
class LabeledData(Generic[Y]):
    """補完の済んだ特徴量と正解。件数は必ずそろっている。"""

    x: list[Features]
    t: list[Y]

    def __post_init__(self) -> None:
        require_items(self.x, Features, "x")
        require_same_length(self.x, self.t, "特徴量", "正解")


def prepare_survived(table: Table) -> LabeledData[str]:
    """Pclass・Age・male の 3 列にする。Age の欠損は全 891 行の平均で埋める（リークあり）。"""
    if not require_table(table).rows:
        raise ValueError("行が 1 つもない表は評価できません")
    age_mean = column_means(table.rows, ["Age"])["Age"]
    x = [survived_features(row, age_mean) for row in table.rows]
    return LabeledData(x, [row.text(SURVIVED_TARGET) for row in table.rows])


def survived_features(row: Row, age_mean: float) -> Features:
    """1 行を (Pclass, Age, male) の特徴量にする。male は男性なら 1.0。"""
    if not isinstance(row, Row):
        raise TypeError(f"row は Row です（{type(row).__name__}）")
    age_mean = require_finite(age_mean, "age_mean（Age の平均）")
    pclass = row.number("Pclass")
    if pclass is None:
        raise ValueError("Pclass が欠損している行があります")
    age = row.number("Age")
    male = 1.0 if row.text("Sex") == "male" else 0.0
    return Features(SURVIVED_FEATURES, (pclass, age_mean if age is None else age, male))


def prepare_whole_cinema(table: Table) -> LabeledData[float]:
    """外れ値を除かずに全 100 行を使い、欠損は全行の平均（Kahan）で埋める。"""
    if not require_table(table).rows:
        raise ValueError("行が 1 つもない表は評価できません")
    means = column_means(table.rows, CINEMA_FEATURES)
    return LabeledData(fill_missing(table.rows, CINEMA_FEATURES, means), target_values(table.rows))


# --8<-- [end:prepare]


# --8<-- [start:main]
def print_results(title: str, results: list[tuple[str, float]], digits: int) -> None:
    """見出しと、2 文字下げた「指標名: 値」の行を表示する。"""
    print(title)
    for name, value in results:
        print(f"  {name}: {format_fixed(value, digits)}")


def joined(sizes: Sequence[int]) -> str:
    """件数をカンマで区切って並べる。"""
    return ", ".join(str(size) for size in sizes)


def main() -> None:
    """Survived と cinema を 5 分割交差検証で評価し、分割ごとのテストデータの件数を表示する。"""
    survived = prepare_survived(Table.load(SURVIVED))
    cinema = prepare_whole_cinema(Table.load(CINEMA))
    print_results(
        "Survived（決定木、5 分割交差検証の平均）",
        evaluate(tree_trainer(SURVIVED_FEATURES, TREE_DEPTH), survived, survived_metrics()),
        4,
    )
    print_results(
        "cinema（線形回帰、5 分割交差検証の平均）",
        evaluate(linear_trainer(CINEMA_FEATURES), cinema, cinema_metrics()),
        2,
    )
    n_samples = len(survived.x)
    ours = [len(fold.test) for fold in k_fold(n_samples, N_SPLITS, SEED)]
    print(f"テストデータの件数（{n_samples} 件を {N_SPLITS} 分割）")
    print(f"  自作の k_fold: {joined(ours)}")


# --8<-- [end:main]
