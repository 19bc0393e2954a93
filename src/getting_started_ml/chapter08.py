"""第 8 章: 実践的な分類と前処理パイプライン（Survived.csv）。

欠損値の補完とダミー変数を「学習（fit）」と「変換（transform）」に分けて自作し、
クラスの重みを付けた決定木とつないで 1 つのパイプラインにする。学習済みのパイプラインは
版の番号を付けた JSON に保存し、読み戻して同じ予測を返す。
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Generic, Self, TypeAlias, TypeVar

from getting_started_ml.chapter01 import accuracy
from getting_started_ml.chapter02 import Features, Row, Table, column_index, split_train_test
from getting_started_ml.chapter03 import (
    Leaf,
    Node,
    NotFittedError,
    Part,
    Split,
    Tree,
    feature_rows,
    grow_with_stack,
    next_positions_of_same_label,
    pick,
    predict_one,
)
from getting_started_ml.checks import require_no_nan, require_same_length
from getting_started_ml.cli import run_chapter
from getting_started_ml.java_random import require_int
from getting_started_ml.numeric import format_fixed, kahan_sum

L = TypeVar("L", bound=Hashable)

FeatureRow: TypeAlias = tuple[float, ...]
GroupKey: TypeAlias = tuple[str, ...]

SURVIVED = "Survived.csv"
FEATURES = ("Pclass", "Sex", "Age", "SibSp", "Parch", "Fare", "Embarked")
TARGET = "Survived"
TEST_SIZE = 0.2
SEED = 0
MAX_DEPTH = 5
MODEL_FILE = "survived.json"


# --8<-- [start:columns]
def require_columns(table: Table, columns: Sequence[str]) -> None:
    """表に無い列があれば、その名前とある列を並べて ValueError にする。"""
    if not isinstance(table, Table):
        raise TypeError(f"table は第 2 章の Table です（{type(table).__name__}）")
    absent = [column for column in columns if column not in table.columns]
    if absent:
        raise ValueError(
            f"列 {', '.join(absent)} がありません（あるのは {', '.join(table.columns)}）"
        )


def require_rows(table: Table, what: str) -> None:
    """行が 1 つもない表では学習できない。"""
    if not table.rows:
        raise ValueError(f"行が 1 つもない表では{what}を学習できません")


def select_columns(table: Table, columns: Sequence[str]) -> Table:
    """指定した列だけを、その順に残した新しい表。"""
    require_columns(table, columns)
    return Table.of(columns, ([row.text(column) for column in columns] for row in table.rows))


def replace_column(table: Table, column: str, cells: Sequence[str]) -> Table:
    """1 つの列のセルを差し替えた新しい表。元の表は変えない。"""
    position = column_index(table.columns)[column]
    return Table.of(
        table.columns,
        (
            (*row.cells[:position], cell, *row.cells[position + 1 :])
            for row, cell in zip(table.rows, cells, strict=True)
        ),
    )


# --8<-- [end:columns]


# --8<-- [start:median]
def median(values: Sequence[float]) -> float:
    """並べたときの真ん中の値。偶数個なら真ん中の 2 つの平均。NaN があれば失敗する。"""
    if not values:
        raise ValueError("値が 1 つもないので中央値を求められません")
    if any(math.isnan(value) for value in values):  # NaN は大小を比べられず、順が決まらない
        raise ValueError("値に NaN があるので中央値を求められません（並べる順が決まりません）")
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2 == 1:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


# --8<-- [end:median]


# --8<-- [start:group-median]
@dataclass(frozen=True)
class GroupMedianImputer:
    """column の欠損値を、by の列の値（文字列のまま）の組ごとの中央値で埋める補完器。"""

    column: str
    by: tuple[str, ...]

    def fit(self, table: Table) -> FittedGroupMedianImputer:
        """グループごとの中央値と、全体の中央値を学習する。"""
        require_columns(table, (self.column, *self.by))
        require_rows(table, f"列 {self.column} の補完")
        groups: dict[GroupKey, list[float]] = {}
        for row in table.rows:
            value = row.number(self.column)
            if value is not None:
                groups.setdefault(group_key(row, self.by), []).append(value)
        if not groups:
            raise ValueError(f"列 {self.column} に値が 1 つもないので中央値を学習できません")
        everything = [value for values in groups.values() for value in values]
        medians = {key: median(values) for key, values in groups.items()}
        return FittedGroupMedianImputer(self.column, self.by, medians, median(everything))


@dataclass(frozen=True)
class FittedGroupMedianImputer:
    """学習済みの補完器。知らないグループには全体の中央値を使う。"""

    column: str
    by: tuple[str, ...]
    medians: Mapping[GroupKey, float]
    overall_median: float

    def fill_value(self, row: Row) -> float:
        """その行のグループの中央値。学習で見なかったグループなら全体の中央値。"""
        return self.medians.get(group_key(row, self.by), self.overall_median)

    def transform(self, table: Table) -> Table:
        """欠損値だけを中央値（"35.0" のような文字列）で埋めた新しい表。"""
        require_columns(table, (self.column, *self.by))
        cells = [
            str(self.fill_value(row)) if row.is_missing(self.column) else row.text(self.column)
            for row in table.rows
        ]
        return replace_column(table, self.column, cells)


def group_key(row: Row, by: Sequence[str]) -> GroupKey:
    """グループの鍵。数に直さず、セルの文字列のまま組にする（"1" と "1.0" は別のグループ）。"""
    return tuple(row.text(column) for column in by)


# --8<-- [end:group-median]


# --8<-- [start:most-frequent]
@dataclass(frozen=True)
class MostFrequentImputer:
    """column の欠損値を、いちばん多い値で埋める補完器。"""

    column: str

    def fit(self, table: Table) -> FittedMostFrequentImputer:
        """欠損でない値を数え、いちばん多い値を学習する。同数なら先に現れた値。"""
        require_columns(table, (self.column,))
        require_rows(table, f"列 {self.column} の補完")
        counts = Counter(
            row.text(self.column) for row in table.rows if not row.is_missing(self.column)
        )
        if not counts:
            raise ValueError(f"列 {self.column} に値が 1 つもないので最頻値を学習できません")
        return FittedMostFrequentImputer(self.column, max(counts, key=counts.__getitem__))


@dataclass(frozen=True)
class FittedMostFrequentImputer:
    """学習済みの補完器。"""

    column: str
    most_frequent: str

    def transform(self, table: Table) -> Table:
        """欠損値だけを最頻値で埋めた新しい表。"""
        require_columns(table, (self.column,))
        cells = [
            self.most_frequent if row.is_missing(self.column) else row.text(self.column)
            for row in table.rows
        ]
        return replace_column(table, self.column, cells)


# --8<-- [end:most-frequent]


# --8<-- [start:dummy]
@dataclass(frozen=True)
class DummyEncoder:
    """カテゴリの列を 0/1 の列（ダミー変数）に置き換える変換器。"""

    columns: tuple[str, ...]

    def fit(self, table: Table) -> FittedDummyEncoder:
        """列ごとに、欠損でない値を並べ替え、先頭を除いたものを学習する。"""
        require_columns(table, self.columns)
        require_rows(table, "ダミー変数")
        dummies = {
            column: sorted({row.text(column) for row in table.rows if not row.is_missing(column)})[
                1:
            ]
            for column in self.columns
        }
        return FittedDummyEncoder(dummies)


@dataclass(frozen=True)
class FittedDummyEncoder:
    """学習済みの変換器。dummies は列ごとの、0/1 の列を作るカテゴリ（学習した順）。"""

    dummies: Mapping[str, Sequence[str]]

    def names(self) -> list[str]:
        """作る列の名前（列_カテゴリ）。元の列の順、カテゴリの順に並ぶ。"""
        return [f"{column}_{value}" for column, values in self.dummies.items() for value in values]

    def transform(self, table: Table) -> Table:
        """元の列を除き、学習した 0/1 の列を末尾に足す。知らない値はすべて 0 になる。"""
        require_columns(table, list(self.dummies))
        kept = [column for column in table.columns if column not in self.dummies]
        clashing = sorted(set(kept) & set(self.names()))
        if clashing:
            raise ValueError(f"ダミー変数と同じ名前の列がすでにあります: {', '.join(clashing)}")
        return Table.of(kept + self.names(), (self.encode(row, kept) for row in table.rows))

    def encode(self, row: Row, kept: Sequence[str]) -> list[str]:
        """1 行ぶんのセル。欠損値は黙って 0 にせず、補完を忘れたことを知らせる。"""
        for column in self.dummies:
            if row.is_missing(column):
                raise ValueError(f"列 {column} に欠損値があります。ダミー変数にする前に補完します")
        cells = [row.text(column) for column in kept]
        for column, values in self.dummies.items():
            cells += ["1" if row.text(column) == value else "0" for value in values]
        return cells


# --8<-- [end:dummy]


# --8<-- [start:to-features]
def to_features(table: Table) -> list[Features]:
    """すべての列を数にした特徴量の行。欠損値が残っていれば、列と行を書いて失敗する。"""
    require_columns(table, ())
    columns = tuple(table.columns)
    features = []
    for number, row in enumerate(table.rows, 1):
        values = []
        for column in columns:
            value = row.number(column)
            if value is None:
                raise ValueError(f"{number} 行目の列 {column} に欠損値が残っています")
            values.append(value)
        features.append(Features(columns, tuple(values)))
    return features


# --8<-- [end:to-features]


# --8<-- [start:weights]
class ClassWeight(Enum):
    """クラスの重みの付け方。NONE はすべて 1、BALANCED はクラスごとの重みの合計をそろえる。"""

    NONE = "NONE"
    BALANCED = "BALANCED"


def check_weights(weights: Sequence[float]) -> None:
    """重みは有限で 0 以上、合計は正。"""
    for weight in weights:
        if not (math.isfinite(weight) and weight >= 0):
            raise ValueError(f"重みは有限の 0 以上の数です（重み {weight}）")
    if weights and not any(weight > 0 for weight in weights):
        raise ValueError("重みがすべて 0 です")


def label_weight_sums(labels: Sequence[L], weights: Sequence[float]) -> dict[L, float]:
    """ラベルごとの重みの合計（Kahan の和）。ラベルは初めて現れた順に並ぶ。"""
    require_same_length(labels, weights, "ラベル", "重み")
    check_weights(weights)
    grouped: dict[L, list[float]] = {}
    for label, weight in zip(labels, weights, strict=True):
        grouped.setdefault(label, []).append(weight)
    return {label: kahan_sum(values) for label, values in grouped.items()}


def gini_of_weights(sums: Sequence[float]) -> float:
    """ラベルごとの重みの合計（足す順に並べたもの）から、重み付きのジニ不純度を求める。"""
    total = kahan_sum(sums)
    return 1.0 - kahan_sum((part / total) * (part / total) for part in sums)


def weighted_gini(labels: Sequence[Hashable], weights: Sequence[float]) -> float:
    """重み付きのジニ不純度 1 − Σ(ラベルの重みの合計 / 重みの総和)²。空なら 0。"""
    sums = label_weight_sums(labels, weights)
    return gini_of_weights(list(sums.values())) if sums else 0.0


def weighted_majority(labels: Sequence[L], weights: Sequence[float]) -> L:
    """重みの合計がいちばん大きいラベル。同じなら先に現れたほう。"""
    sums = label_weight_sums(labels, weights)
    if not sums:
        raise ValueError("ラベルが 1 つもないので、多数決で決められません")
    return max(sums, key=sums.__getitem__)


def class_weights(labels: Sequence[L], class_weight: ClassWeight) -> dict[L, float]:
    """ラベルごとの重み。BALANCED は n / (クラスの数 · そのクラスの件数)。"""
    if not isinstance(class_weight, ClassWeight):
        raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
    counts = Counter(labels)
    if class_weight is ClassWeight.NONE:
        return dict.fromkeys(counts, 1.0)
    return {label: len(labels) / (len(counts) * count) for label, count in counts.items()}


def balanced_weights(labels: Sequence[L]) -> list[float]:
    """行ごとの BALANCED の重み。クラスごとの重みの合計がどれも n / クラスの数になる。"""
    weights = class_weights(labels, ClassWeight.BALANCED)
    return [weights[label] for label in labels]


# --8<-- [end:weights]


# --8<-- [start:weighted-sweep]
def repeated_sums(weight: float, count: int) -> list[float]:
    """同じ重みを 0 個、1 個、…、count 個まで Kahan の和で足した値。

    重みがラベルだけで決まるとき、どの部分でもラベルの重みの合計はこの表から引ける。
    行の順に Kahan の和を取るのと、ビットまで同じ値になる。
    """
    sums = [0.0]
    total = 0.0
    compensation = 0.0
    for _ in range(count):
        corrected = weight - compensation
        next_total = total + corrected
        compensation = (next_total - total) - corrected
        total = next_total
        sums.append(total - compensation)
    return sums


def weighted_boundary_impurities(
    xs: Sequence[float], ys: Sequence[L], weights: Mapping[L, float]
) -> Iterator[tuple[int, float]]:
    """値が変わる境界 i ごとに、(W_L·wgini(左) + W_R·wgini(右)) / W を順に生み出す。

    第 3 章の boundary_impurities と同じく 1 行ずつ右から左へ移し、件数を持ち回る。
    件数を重みの合計に直すところだけが違う。
    """
    n = len(ys)
    counts = Counter(ys)
    table = {label: repeated_sums(weights[label], count) for label, count in counts.items()}
    node_weight = kahan_sum(table[label][count] for label, count in counts.items())
    following = next_positions_of_same_label(ys)
    left: dict[L, int] = {}
    right = Counter(ys)
    first_in_right = {label: ys.index(label) for label in right}
    for i in range(1, n):
        moved = ys[i - 1]
        left[moved] = left.get(moved, 0) + 1
        right[moved] -= 1
        if right[moved] == 0:
            del right[moved], first_in_right[moved]
        else:
            first_in_right[moved] = following[i - 1]
        if xs[i] != xs[i - 1]:
            left_sums = [table[label][count] for label, count in left.items()]
            right_order = sorted(right, key=first_in_right.__getitem__)
            right_sums = [table[label][right[label]] for label in right_order]
            left_part = kahan_sum(left_sums) * gini_of_weights(left_sums)
            right_part = kahan_sum(right_sums) * gini_of_weights(right_sums)
            yield i, (left_part + right_part) / node_weight


def weighted_best_split(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: Sequence[str],
    weights: Mapping[L, float],
) -> Split | None:
    """第 3 章の find_best_split の重み付き版。列の順に調べ、厳密に小さいときだけ入れ替える。"""
    if weighted_gini(labels, [weights[label] for label in labels]) == 0.0:
        return None
    best: Split | None = None
    for position, column in enumerate(columns):
        values = [row[position] for row in rows]
        order = sorted(range(len(values)), key=values.__getitem__)
        xs = [values[i] for i in order]
        ys = [labels[i] for i in order]
        for i, impurity in weighted_boundary_impurities(xs, ys, weights):
            if best is None or impurity < best.impurity:
                best = Split(column, (xs[i - 1] + xs[i]) / 2, impurity)
    return best


# --8<-- [end:weighted-sweep]


# --8<-- [start:weighted-tree]
def check_max_depth(max_depth: int | None) -> int | None:
    """深さの上限は 1 以上の整数か None（制限なし）。"""
    if max_depth is None:
        return None
    if isinstance(max_depth, bool) or not isinstance(max_depth, int):
        raise TypeError(f"max_depth は int か None です（{max_depth!r}）")
    if max_depth < 1:
        raise ValueError(f"深さの上限 max_depth は 1 以上です（max_depth={max_depth}）")
    return max_depth


def grow_weighted(
    rows: Sequence[FeatureRow],
    labels: Sequence[L],
    columns: tuple[str, ...],
    weights: Mapping[L, float],
    depth: int | None,
) -> Tree[L]:
    """第 3 章の grow と同じ手順で、不純度と多数決だけを重み付きにして木を育てる。

    第 3 章の grow_with_stack で、再帰せずに育てる（深さ 1,000 を超える木でも止まらない）。
    depth は残りの深さで、0 以上の int か None（制限なし）。
    """
    if depth is not None:
        require_int(depth, "depth（残りの深さ）")
        if depth < 0:
            raise ValueError(f"残りの深さ depth は 0 以上か None です（depth={depth}）")
    root: Part[L] = (list(rows), list(labels), depth)
    return grow_with_stack(root, lambda part: divide_weighted(part, columns, weights))


def divide_weighted(
    part: Part[L], columns: tuple[str, ...], weights: Mapping[L, float]
) -> Leaf[L] | tuple[Split, Part[L], Part[L]]:
    """第 3 章の divide の重み付き版。多数決の葉にするか、分割と左右の部分に分ける。"""
    rows, labels, depth = part
    row_weights = [weights[label] for label in labels]
    split = None if depth == 0 else weighted_best_split(rows, labels, columns, weights)
    if split is None:
        return Leaf(weighted_majority(labels, row_weights))
    position = columns.index(split.feature)
    goes_left = [row[position] <= split.threshold for row in rows]
    if all(goes_left) or not any(goes_left):
        return Leaf(weighted_majority(labels, row_weights))
    remaining = None if depth is None else depth - 1
    left = (pick(rows, goes_left, True), pick(labels, goes_left, True), remaining)
    right = (pick(rows, goes_left, False), pick(labels, goes_left, False), remaining)
    return split, left, right


Grower: TypeAlias = Callable[
    [Sequence[FeatureRow], Sequence[L], tuple[str, ...], Mapping[L, float], int | None], Tree[L]
]
"""木を育てる関数の型。grow_weighted と同じ引数を取り、同じ木を返すもの（付録 A で差し替える）。"""


class WeightedTreeClassifier(Generic[L]):
    """クラスの重みを付けた決定木。重みの無い（NONE の）木は第 3 章の木と同じになる。"""

    UNLIMITED = None

    def __init__(
        self,
        max_depth: int | None,
        class_weight: ClassWeight = ClassWeight.NONE,
        grow: Grower[L] = grow_weighted,
    ) -> None:
        if not isinstance(class_weight, ClassWeight):
            raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
        if not callable(grow):
            raise TypeError(f"grow は木を育てる関数です（{grow!r}）")
        self._max_depth = check_max_depth(max_depth)
        self._class_weight = class_weight
        self._grow = grow
        self._tree: Tree[L] | None = None
        self._weights: dict[L, float] = {}

    @property
    def max_depth(self) -> int | None:
        """深さの上限（None なら制限なし）。"""
        return self._max_depth

    @property
    def class_weight(self) -> ClassWeight:
        """クラスの重みの付け方。"""
        return self._class_weight

    @property
    def tree(self) -> Tree[L] | None:
        """学習した木。fit の前は None。"""
        return self._tree

    @property
    def weights(self) -> dict[L, float]:
        """訓練データのラベルから決めた、ラベルごとの重み。"""
        return dict(self._weights)

    def fit(self, x: Sequence[Features], t: Sequence[L]) -> Self:
        """x[0] の列をその順に使い、訓練データのラベルで重みを決めて木を育てる。"""
        require_same_length(x, t, "特徴量", "正解")
        require_no_nan(t, "正解")
        if not x:
            raise ValueError("行が 1 つもないので決定木を学習できません")
        columns = x[0].columns
        self._weights = class_weights(t, self._class_weight)
        rows = feature_rows(x, columns)
        self._tree = self._grow(rows, list(t), columns, self._weights, self._max_depth)
        return self

    def predict(self, x: Sequence[Features]) -> list[L]:
        """行ごとにラベルを予測する。"""
        if self._tree is None:
            raise NotFittedError("predict の前に fit で学習してください")
        tree = self._tree
        return [predict_one(tree, row) for row in x]


# --8<-- [end:weighted-tree]


# --8<-- [start:pipeline]
AGE_IMPUTER = GroupMedianImputer("Age", ("Pclass", "Sex"))
EMBARKED_IMPUTER = MostFrequentImputer("Embarked")
DUMMY_ENCODER = DummyEncoder(("Sex", "Embarked"))


@dataclass(frozen=True)
class FittedPipeline:
    """学習済みのパイプライン。生の行（欠損値のある文字列の表）からそのまま予測する。"""

    age: FittedGroupMedianImputer
    embarked: FittedMostFrequentImputer
    dummies: FittedDummyEncoder
    tree: Tree[int]
    max_depth: int | None
    class_weight: ClassWeight

    def transform(self, x: Table) -> Table:
        """FEATURES の列を取り出し、補完してダミー変数にした表。"""
        table = select_columns(x, FEATURES)
        return self.dummies.transform(self.embarked.transform(self.age.transform(table)))

    def features(self, x: Table) -> list[Features]:
        """決定木に渡す数の行。"""
        return to_features(self.transform(x))

    def predict(self, x: Table) -> list[int]:
        """行ごとに 0（死亡）か 1（生存）を予測する。"""
        return [predict_one(self.tree, row) for row in self.features(x)]


@dataclass(frozen=True)
class Pipeline:
    """前処理と決定木をつないだもの。fit は訓練データだけからすべてを学習する。"""

    max_depth: int | None
    class_weight: ClassWeight

    @classmethod
    def build(cls, max_depth: int | None, class_weight: ClassWeight) -> Pipeline:
        """深さの上限とクラスの重みを決めて作る。"""
        if not isinstance(class_weight, ClassWeight):
            raise TypeError(f"class_weight は ClassWeight です（{class_weight!r}）")
        return cls(check_max_depth(max_depth), class_weight)

    def fit(self, x: Table, t: Sequence[int]) -> FittedPipeline:
        """各段を前の段の出力で学習し、その段で変換してから次へ渡す。"""
        require_same_length(x, t, "特徴量", "正解")
        require_labels(t)
        table = select_columns(x, FEATURES)
        age = AGE_IMPUTER.fit(table)
        table = age.transform(table)
        embarked = EMBARKED_IMPUTER.fit(table)
        table = embarked.transform(table)
        dummies = DUMMY_ENCODER.fit(table)
        model = WeightedTreeClassifier[int](self.max_depth, self.class_weight)
        tree = model.fit(to_features(dummies.transform(table)), list(t)).tree
        assert tree is not None
        return FittedPipeline(age, embarked, dummies, tree, self.max_depth, self.class_weight)

    def predict(self, x: Table) -> list[int]:
        """学習前のパイプラインでは予測できない（fit が返す FittedPipeline を使う）。"""
        raise NotFittedError(
            "このパイプラインはまだ学習していません。fit が返す FittedPipeline で predict します"
        )


def require_labels(t: Sequence[int]) -> None:
    """正解は 0 や 1 のような int（bool は不可）。"""
    for label in t:
        if isinstance(label, bool) or not isinstance(label, int):
            raise TypeError(f"正解のラベルは int です（{label!r}）")


# --8<-- [end:pipeline]


# --8<-- [start:json]
SCHEMA_VERSION = 1
KIND = "getting_started_ml.chapter08.FittedPipeline"


class PipelineFormatError(ValueError):
    """読み込んだ JSON が、この版のパイプラインの形ではない。"""

    def __init__(self, problem: str) -> None:
        super().__init__(f"パイプラインの JSON を読めません: {problem}")


def pipeline_to_json(pipeline: FittedPipeline) -> str:
    """学習済みのパイプラインを JSON の文字列にする。float は往復しても同じ値になる。"""
    if not isinstance(pipeline, FittedPipeline):
        raise TypeError(f"pipeline は学習済みの FittedPipeline です（{type(pipeline).__name__}）")
    document = {
        "kind": KIND,
        "schema_version": SCHEMA_VERSION,
        "features": list(FEATURES),
        "age": {
            "column": pipeline.age.column,
            "by": list(pipeline.age.by),
            "medians": [
                {"group": list(key), "median": value} for key, value in pipeline.age.medians.items()
            ],
            "overall_median": pipeline.age.overall_median,
        },
        "embarked": {
            "column": pipeline.embarked.column,
            "most_frequent": pipeline.embarked.most_frequent,
        },
        "dummies": {column: list(values) for column, values in pipeline.dummies.dummies.items()},
        "model": {
            "max_depth": pipeline.max_depth,
            "class_weight": pipeline.class_weight.value,
            "tree": tree_to_json(pipeline.tree),
        },
    }
    return json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def tree_to_json(tree: Tree[int]) -> dict[str, Any]:
    """木を入れ子の辞書にする。葉は {"label": …}、節は分割の条件と左右の子。"""
    if isinstance(tree, Leaf):
        return {"label": tree.label}
    return {
        "feature": tree.split.feature,
        "threshold": tree.split.threshold,
        "impurity": tree.split.impurity,
        "left": tree_to_json(tree.left),
        "right": tree_to_json(tree.right),
    }


def save_pipeline(pipeline: FittedPipeline, path: Path | str) -> Path:
    """学習済みのパイプラインを JSON（UTF-8）で保存し、保存先を返す。"""
    text = pipeline_to_json(pipeline)
    target = Path(path)
    target.write_text(text, encoding="utf-8", newline="\n")
    return target


# --8<-- [end:json]


# --8<-- [start:json-load]
TREE_DEPTH_LIMIT = 100
"""深さの上限の無い木を読むときに許す深さ（壊れたファイルで再帰が尽きないように）。"""


def pipeline_from_json(text: str) -> FittedPipeline:
    """pipeline_to_json の文字列から、学習済みのパイプラインを作り直す。形が違えば失敗する。"""
    reader = Reader(parse_json(text), "文書")
    check_header(reader)
    age = age_from_json(reader.field("age"))
    embarked = embarked_from_json(reader.field("embarked"))
    dummies = dummies_from_json(reader.field("dummies"))
    model = reader.field("model")
    max_depth = model.field("max_depth").optional_integer()
    if max_depth is not None and max_depth < 1:
        raise PipelineFormatError(f"model.max_depth は 1 以上です（{max_depth}）")
    columns = [column for column in FEATURES if column not in dummies.dummies] + dummies.names()
    tree = tree_from_json(model.field("tree"), max_depth or TREE_DEPTH_LIMIT, columns)
    class_weight = model.field("class_weight").choice(ClassWeight)
    return FittedPipeline(age, embarked, dummies, tree, max_depth, class_weight)


def parse_json(text: str) -> object:
    """JSON の文法で読む。NaN や Infinity、深すぎる入れ子は失敗にする。"""
    if not isinstance(text, str):
        raise TypeError(f"text は JSON の文字列です（{type(text).__name__}）")
    try:
        return json.loads(text, parse_constant=reject_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise PipelineFormatError(f"JSON の文法の誤り（{error}）") from None


def reject_constant(name: str) -> float:
    """JSON に NaN や Infinity があれば失敗にする。"""
    raise PipelineFormatError(f"有限でない数 {name} があります")


def check_header(reader: Reader) -> None:
    """種類、版の番号、入力の列が、この版のものか。"""
    kind = reader.field("kind").text()
    if kind != KIND:
        raise PipelineFormatError(f"種類 kind が {KIND} ではありません（{kind}）")
    version = reader.field("schema_version").integer()
    if version != SCHEMA_VERSION:
        raise PipelineFormatError(
            f"schema_version {version} は読めません（この版が読めるのは {SCHEMA_VERSION}）"
        )
    if reader.field("features").texts() != list(FEATURES):
        raise PipelineFormatError(f"features が {', '.join(FEATURES)} ではありません")


def age_from_json(reader: Reader) -> FittedGroupMedianImputer:
    """Age の補完器を作り直す。列は Pipeline.fit が使うものと同じでなければならない。"""
    column, by = reader.field("column").text(), tuple(reader.field("by").texts())
    if (column, by) != (AGE_IMPUTER.column, AGE_IMPUTER.by):
        raise PipelineFormatError(
            f"age の列が {AGE_IMPUTER.column} と {AGE_IMPUTER.by} ではありません"
        )
    medians: dict[GroupKey, float] = {}
    for entry in reader.field("medians").items():
        group = tuple(entry.field("group").texts())
        if len(group) != len(by):
            raise PipelineFormatError(f"{entry.where}.group の長さが by と違います")
        medians[group] = entry.field("median").number()
    return FittedGroupMedianImputer(column, by, medians, reader.field("overall_median").number())


def embarked_from_json(reader: Reader) -> FittedMostFrequentImputer:
    """Embarked の補完器を作り直す。"""
    column = reader.field("column").text()
    if column != EMBARKED_IMPUTER.column:
        raise PipelineFormatError(f"embarked の列が {EMBARKED_IMPUTER.column} ではありません")
    return FittedMostFrequentImputer(column, reader.field("most_frequent").text())


def dummies_from_json(reader: Reader) -> FittedDummyEncoder:
    """ダミー変数の変換器を作り直す。"""
    if reader.names() != list(DUMMY_ENCODER.columns):
        raise PipelineFormatError(
            f"dummies の列が {', '.join(DUMMY_ENCODER.columns)} ではありません"
        )
    return FittedDummyEncoder({column: reader.field(column).texts() for column in reader.names()})


def tree_from_json(reader: Reader, depth: int, columns: Sequence[str]) -> Tree[int]:
    """入れ子の辞書から木を作り直す。深さの上限を超える節や、知らない列の節は失敗にする。"""
    if reader.has("label"):
        return Leaf(reader.field("label").integer())
    if depth == 0:
        raise PipelineFormatError(f"{reader.where} の木が深さの上限を超えています")
    feature = reader.field("feature").text()
    if feature not in columns:
        raise PipelineFormatError(f"{reader.where}.feature の列 {feature} は特徴量にありません")
    split = Split(feature, reader.field("threshold").number(), reader.field("impurity").number())
    return Node(
        split,
        tree_from_json(reader.field("left"), depth - 1, columns),
        tree_from_json(reader.field("right"), depth - 1, columns),
    )


def load_pipeline(path: Path | str) -> FittedPipeline:
    """save_pipeline で保存したファイルを読む。pickle と違い、読むだけでコードは動かない。"""
    return pipeline_from_json(Path(path).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Reader:
    """JSON の値と、その場所（エラーメッセージ用）。型が違えば場所を書いて失敗する。"""

    value: object
    where: str

    def mapping(self) -> dict[str, object]:
        if not isinstance(self.value, dict):
            raise PipelineFormatError(f"{self.where} はオブジェクトではありません")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.mapping()

    def names(self) -> list[str]:
        return list(self.mapping())

    def field(self, key: str) -> Reader:
        mapping = self.mapping()
        if key not in mapping:
            raise PipelineFormatError(f"{self.where} に {key} がありません")
        return Reader(mapping[key], f"{self.where}.{key}" if self.where != "文書" else key)

    def items(self) -> list[Reader]:
        if not isinstance(self.value, list):
            raise PipelineFormatError(f"{self.where} は配列ではありません")
        return [Reader(item, f"{self.where}[{i}]") for i, item in enumerate(self.value)]

    def text(self) -> str:
        if not isinstance(self.value, str):
            raise PipelineFormatError(f"{self.where} は文字列ではありません")
        return self.value

    def texts(self) -> list[str]:
        return [item.text() for item in self.items()]

    def integer(self) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise PipelineFormatError(f"{self.where} は整数ではありません")
        return self.value

    def optional_integer(self) -> int | None:
        return None if self.value is None else self.integer()

    def number(self) -> float:
        if isinstance(self.value, bool) or not isinstance(self.value, int | float):
            raise PipelineFormatError(f"{self.where} は数ではありません")
        try:
            value = float(self.value)
        except OverflowError:
            value = math.inf
        if not math.isfinite(value):
            raise PipelineFormatError(f"{self.where} は有限の数ではありません")
        return value

    def choice(self, kind: type[ClassWeight]) -> ClassWeight:
        name = self.text()
        try:
            return kind(name)
        except ValueError:
            known = ", ".join(member.value for member in kind)
            raise PipelineFormatError(f"{self.where} は {known} のどれかです（{name}）") from None


# --8<-- [end:json-load]


# --8<-- [start:evaluation]
@dataclass(frozen=True)
class TableSplit:
    """生の表の訓練データとテストデータ。正解は 0/1 の int。"""

    x_train: Table
    x_test: Table
    t_train: list[int]
    t_test: list[int]


def split_survived(table: Table, test_size: float = TEST_SIZE, seed: int = SEED) -> TableSplit:
    """Survived を int にし、補完する前の生の行を、いつもの乱数で分ける。"""
    require_columns(table, (TARGET,))
    if not table.rows:
        raise ValueError("行が 1 つもない表は分けられません")
    labels = [survived_label(row) for row in table.rows]
    split = split_train_test(list(table.rows), labels, test_size, seed)
    return TableSplit(
        Table(table.columns, tuple(split.x_train)),
        Table(table.columns, tuple(split.x_test)),
        split.t_train,
        split.t_test,
    )


def survived_label(row: Row) -> int:
    """Survived のセルを 0 か 1 にする。"""
    cell = row.text(TARGET).strip()
    if cell not in ("0", "1"):
        raise ValueError(f"列 {TARGET} のセル {cell!r} は 0 でも 1 でもありません")
    return int(cell)


@dataclass(frozen=True)
class Evaluation:
    """正解率と、テストデータの生存者のうち見つけた人数。"""

    train_accuracy: float
    test_accuracy: float
    found_survivors: int
    survivors: int

    @classmethod
    def evaluate(cls, pipeline: Pipeline, split: TableSplit) -> Evaluation:
        """訓練データだけで学習し、訓練データとテストデータの両方で測る。"""
        if not isinstance(pipeline, Pipeline):
            raise TypeError(f"pipeline は学習前の Pipeline です（{type(pipeline).__name__}）")
        if not isinstance(split, TableSplit):
            raise TypeError(f"split は TableSplit です（{type(split).__name__}）")
        fitted = pipeline.fit(split.x_train, split.t_train)
        predicted = fitted.predict(split.x_test)
        pairs = list(zip(predicted, split.t_test, strict=True))
        return cls(
            accuracy(fitted.predict(split.x_train), split.t_train),
            accuracy(predicted, split.t_test),
            sum(1 for guess, label in pairs if guess == label == 1),
            sum(1 for _, label in pairs if label == 1),
        )


# --8<-- [end:evaluation]


# --8<-- [start:depth-table]
DEPTHS = tuple(range(1, 11))


@dataclass(frozen=True)
class DepthRow:
    """1 つの深さでの、重みなし（NONE）と釣り合い（BALANCED）の評価。"""

    depth: int
    plain: Evaluation
    balanced: Evaluation


def depth_table(split: TableSplit, depths: Sequence[int] = DEPTHS) -> list[DepthRow]:
    """深さごとに、2 つの重みのパイプラインを学習して評価する。"""
    return [
        DepthRow(
            depth,
            Evaluation.evaluate(Pipeline.build(depth, ClassWeight.NONE), split),
            Evaluation.evaluate(Pipeline.build(depth, ClassWeight.BALANCED), split),
        )
        for depth in depths
    ]


# --8<-- [end:depth-table]


# --8<-- [start:main]
INVENTED_PASSENGERS = (
    ("1", "female", "", "0", "0", "50", "C"),
    ("3", "male", "", "0", "0", "8", "S"),
)


def evaluation_line(class_weight: ClassWeight, result: Evaluation) -> str:
    """評価の 1 行（Java 版と同じ文言、小数 3 桁の四捨五入）。"""
    return (
        f"classWeight={class_weight.value}: 訓練 {format_fixed(result.train_accuracy, 3)}, "
        f"テスト {format_fixed(result.test_accuracy, 3)}, "
        f"生存者 {result.survivors} 人中 {result.found_survivors} 人を発見"
    )


def main(model_dir: Path | None = None) -> None:
    """件数、2 つの重みの評価、保存して読み戻したモデルでの架空の乗客の予測を表示する。"""
    table = Table.load(SURVIVED)
    labels = [survived_label(row) for row in table.rows]
    split = split_survived(table)
    print(f"データ件数: {len(table)}（生存 {labels.count(1)}, 死亡 {labels.count(0)}）")
    print(f"訓練データ: {len(split.t_train)} 件, テストデータ: {len(split.t_test)} 件")
    for class_weight in ClassWeight:
        result = Evaluation.evaluate(Pipeline.build(MAX_DEPTH, class_weight), split)
        print(evaluation_line(class_weight, result))
    fitted = Pipeline.build(MAX_DEPTH, ClassWeight.BALANCED).fit(split.x_train, split.t_train)
    if model_dir is not None:
        model_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        path = save_pipeline(fitted, (model_dir or Path(scratch)) / MODEL_FILE)
        loaded = load_pipeline(path)
    print(f"保存したモデル: {path.name}")
    print(f"架空の乗客の予測: {loaded.predict(Table.of(FEATURES, INVENTED_PASSENGERS))}")


if __name__ == "__main__":
    raise SystemExit(run_chapter(lambda: main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)))
# --8<-- [end:main]
