# --8<-- [start:header]
"""第 9 章の特徴量: ダミー変数、標準化、2 乗の項と交互作用の項、分位数と外れ値、項を選んだモデル。

文字列の列をダミー変数にし、訓練データの統計で標準化し、2 乗の項と交互作用の項を足し、
訓練データの正解から IQR で外れ値を除く。学習は第 7 章の線形回帰、分割は第 2 章の道具を使う。
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from getting_started_ml.chapter02 import (
    Features,
    Table,
    TrainTestSplit,
    column_index,
    position_of,
    require_items,
    require_split,
    require_table,
)
from getting_started_ml.chapter07 import LinearModel, fit_linear_regression, r2_score
from getting_started_ml.checks import require_finite, require_numbers, require_same_length
from getting_started_ml.numeric import mean_and_std

DEFAULT_K = 1.5
# --8<-- [end:header]


# --8<-- [start:checks]
def require_text_values(values: Sequence[object], name: str) -> None:
    """どの値も文字列であることを確かめる。違えば位置と型を書いて TypeError。"""
    for position, value in enumerate(values):
        if not isinstance(value, str):
            raise TypeError(f"{name}は文字列の並びです（{position} 番目が {type(value).__name__}）")


# --8<-- [end:checks]


# --8<-- [start:dummies]
def dummy_categories(values: Iterable[str]) -> list[str]:
    """空でない値を重複なく文字コード順に並べ、先頭を落とす。残りがダミー変数の列になる。"""
    items = list(values)
    require_text_values(items, "カテゴリの値")
    return sorted({value for value in items if value.strip()})[1:]


def dummy_name(column: str, category: str) -> str:
    """ダミー変数の列名。「列名_カテゴリ」。"""
    return f"{column}_{category}"


def encode_dummies(table: Table, column: str, categories: Sequence[str]) -> Table:
    """column を取り除き、カテゴリごとの 0/1 の列を末尾に足す。知らない値はどの列も 0。"""
    require_table(table)
    position = position_of(column_index(table.columns), column)
    require_text_values(list(categories), "categories")
    if len(set(categories)) != len(categories):
        raise ValueError(f"categories に重複があります: {', '.join(categories)}")
    columns = [name for name in table.columns if name != column]
    columns += [dummy_name(column, category) for category in categories]
    rows = []
    for row in table.rows:
        kept = [cell for index, cell in enumerate(row.cells) if index != position]
        value = row.cells[position]
        rows.append(kept + ["1" if value == category else "0" for category in categories])
    return Table.of(columns, rows)


# --8<-- [end:dummies]


# --8<-- [start:same-columns]
def require_same_columns(rows: Sequence[Features], name: str) -> tuple[str, ...]:
    """どの行も同じ列名の並びであることを確かめ、その並びを返す。空なら失敗する。"""
    require_items(rows, Features, name)
    if not rows:
        raise ValueError(f"{name}が空です（1 行以上が必要です）")
    columns = rows[0].columns
    for number, row in enumerate(rows):
        if row.columns != columns:
            raise ValueError(
                f"{name}の列がそろっていません（0 行目 {', '.join(columns)}、"
                f"{number} 行目 {', '.join(row.columns)}）"
            )
    return columns


# --8<-- [end:same-columns]


# --8<-- [start:standardizer]
@dataclass(frozen=True)
class Standardizer:
    """訓練データで学んだ列ごとの平均と標準偏差。ほかのデータもこの値で標準化する。"""

    means: dict[str, float] = field(default_factory=dict)
    stds: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # 呼び出し側の dict を後で書き換えられても変わらないよう、写しを持つ。
        object.__setattr__(self, "means", dict(self.means))
        object.__setattr__(self, "stds", dict(self.stds))
        if self.means.keys() != self.stds.keys():
            raise ValueError(
                f"平均と標準偏差の列が違います（平均 {', '.join(self.means)}、"
                f"標準偏差 {', '.join(self.stds)}）"
            )
        if any(not std > 0.0 for std in self.stds.values()):
            raise ValueError(f"標準偏差は正の数です: {self.stds}")

    @classmethod
    def fit(cls, rows: Sequence[Features]) -> Standardizer:
        """列ごとに平均と母標準偏差（n で割る）を求める。ばらつきが 0 の列の標準偏差は 1.0。"""
        columns = require_same_columns(rows, "標準化を学ぶ行")
        means, stds = {}, {}
        for position, column in enumerate(columns):
            values = require_numbers([row.values[position] for row in rows], f"列 {column} の値")
            # 一定の列（numeric.is_constant）は、平均が最初の値、標準偏差が 0 で返ってくる。
            # 平均を足し算で求めると丸めの誤差が残り、それを同じくらい小さな標準偏差で
            # 割ると 0 でなく ±1 になってしまうからだ。0 の標準偏差は 1 に置き換える。
            mean, std = mean_and_std(values, f"列 {column}")
            means[column], stds[column] = mean, std if std > 0.0 else 1.0
        return cls(means, stds)

    def transform_one(self, row: Features) -> Features:
        """1 行を (値 − 平均) / 標準偏差 にする。統計を持たない列はそのまま通す。"""
        return Features(
            row.columns,
            tuple(
                (value - self.means[column]) / self.stds[column] if column in self.means else value
                for column, value in zip(row.columns, row.values, strict=True)
            ),
        )

    def transform(self, rows: Sequence[Features]) -> list[Features]:
        """行ごとに標準化する。"""
        return [self.transform_one(row) for row in rows]


# --8<-- [end:standardizer]


# --8<-- [start:polynomial]
def term_name(a: str, b: str) -> str:
    """2 つの列の積の名前。同じ列なら「a^2」、違えば「a b」。"""
    return f"{a}^2" if a == b else f"{a} {b}"


def pairs_with_replacement(columns: Sequence[str]) -> list[tuple[str, str]]:
    """i ≤ j となる列の組を、i の順、同じ i の中では j の順に並べる。"""
    require_text_values(list(columns), "columns")
    return [(a, b) for i, a in enumerate(columns) for b in columns[i:]]


def expand(x: Sequence[Features], columns: Sequence[str]) -> list[Features]:
    """columns の値に続けて、2 つの列の積（2 乗の項と交互作用の項）をすべて並べる。"""
    require_items(x, Features, "x")
    names = list(columns)
    if not names:
        raise ValueError("項を作る列が 1 つもありません（columns が空です）")
    if len(set(names)) != len(names):
        raise ValueError(f"columns に重複があります: {', '.join(names)}")
    pairs = pairs_with_replacement(names)
    expanded_names = (*names, *(term_name(a, b) for a, b in pairs))
    expanded = []
    for row in x:
        values = {name: row.value(name) for name in names}
        products = (values[a] * values[b] for a, b in pairs)
        expanded.append(Features(expanded_names, (*values.values(), *products)))
    return expanded


def select(x: Sequence[Features], terms: Sequence[str]) -> list[Features]:
    """使う項だけを、terms の順に取り出す。"""
    require_items(x, Features, "x")
    names = tuple(terms)
    if not names:
        raise ValueError("使う項が 1 つもありません（terms が空です）")
    if len(set(names)) != len(names):
        raise ValueError(f"terms に重複があります: {', '.join(names)}")
    return [Features(names, tuple(row.value(name) for name in names)) for row in x]


# --8<-- [end:polynomial]


# --8<-- [start:quantile]
def quantile(values: Sequence[float], q: float) -> float:
    """分位数。並べ替えて (n − 1)·q 番目を求め、間に落ちたら両隣を線形に補間する。"""
    values = require_numbers(values, "値")
    q = require_finite(q, "q")
    if not values:
        raise ValueError("空の並びの分位数は求められません（値が 0 件です）")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"q は 0 以上 1 以下です（q={q}）")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    lower, upper = math.floor(position), math.ceil(position)
    fraction = position - lower
    return ordered[lower] + (ordered[upper] - ordered[lower]) * fraction


def iqr_outliers(values: Sequence[float], k: float = DEFAULT_K) -> list[bool]:
    """Q1 − k·IQR 未満か Q3 + k·IQR 超の値を外れ値とする。境界ちょうどは外れ値でない。"""
    k = require_finite(k, "k")
    if k < 0:
        raise ValueError(f"k は 0 以上です（k={k}）")
    q1, q3 = quantile(values, 0.25), quantile(values, 0.75)
    low, high = q1 - k * (q3 - q1), q3 + k * (q3 - q1)
    return [value < low or value > high for value in values]


def remove_target_outliers(
    split: TrainTestSplit[Features, float], k: float = DEFAULT_K
) -> TrainTestSplit[Features, float]:
    """訓練データの正解だけを見て外れ値の行を除く。テストデータはそのまま。"""
    require_split(split)
    require_same_length(split.x_train, split.t_train, "訓練データの特徴量", "訓練データの正解")
    flags = iqr_outliers(split.t_train, k)
    kept = [position for position, outlier in enumerate(flags) if not outlier]
    return TrainTestSplit(
        [split.x_train[i] for i in kept],
        split.x_test,
        [split.t_train[i] for i in kept],
        split.t_test,
    )


# --8<-- [end:quantile]


# --8<-- [start:score]
@dataclass(frozen=True)
class FeatureSetModel:
    """項を作り、標準化し、線形回帰で予測する。標準化も回帰も訓練データだけで学んだもの。"""

    columns: tuple[str, ...]
    terms: tuple[str, ...]
    standardizer: Standardizer
    model: LinearModel

    def design(self, x: Sequence[Features]) -> list[Features]:
        """元の列から項を作り、使う項だけを選び、訓練データの統計で標準化する。"""
        return self.standardizer.transform(select(expand(x, self.columns), self.terms))

    def predict(self, x: Sequence[Features]) -> list[float]:
        """行ごとに予測する。"""
        return self.model.predict(self.design(x))


def fit_feature_set(
    x: Sequence[Features], t: Sequence[float], columns: Sequence[str], terms: Sequence[str]
) -> FeatureSetModel:
    """訓練データで、項の標準化と線形回帰を学ぶ。"""
    require_items(x, Features, "x")
    require_same_length(x, t, "特徴量", "正解")
    selected = select(expand(x, columns), terms)
    standardizer = Standardizer.fit(selected)
    model = fit_linear_regression(standardizer.transform(selected), t, terms)
    return FeatureSetModel(tuple(columns), tuple(terms), standardizer, model)


@dataclass(frozen=True)
class Scores:
    """訓練データとテストデータでの決定係数。"""

    train: float
    test: float


def score_feature_set(
    split: TrainTestSplit[Features, float], columns: Sequence[str], terms: Sequence[str]
) -> Scores:
    """訓練データで学び、訓練データとテストデータの両方で R² を測る。"""
    require_split(split)
    fitted = fit_feature_set(split.x_train, split.t_train, columns, terms)
    return Scores(
        r2_score(split.t_train, fitted.predict(split.x_train)),
        r2_score(split.t_test, fitted.predict(split.x_test)),
    )


# --8<-- [end:score]
