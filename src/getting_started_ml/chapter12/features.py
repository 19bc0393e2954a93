# --8<-- [start:header]
"""第 12 章の前処理: 外れ値の除去、3 つへの分割、標準化してから作る 2 次の特徴量。"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Row, Table, require_table, split_train_test
from getting_started_ml.chapter12.regularization import FloatRows, float_rows
from getting_started_ml.checks import require_count
from getting_started_ml.java_random import INT_MAX
from getting_started_ml.numeric import kahan_mean, kahan_sum, mean_and_std

FEATURES = ("RM", "PTRATIO", "LSTAT")
TARGET = "PRICE"
OUTLIER_THRESHOLD = 3.0
TEST_SIZE = 0.3
VALIDATION_SIZE = 0.3
SEED = 0
# --8<-- [end:header]


# --8<-- [start:scaler]
def term_name(names: Sequence[str], i: int, j: int) -> str:
    """i 列目と j 列目の積の名前。同じ列なら「A^2」、違えば「A B」。"""
    return f"{names[i]}^2" if i == j else f"{names[i]} {names[j]}"


def index_pairs(width: int) -> list[tuple[int, int]]:
    """i <= j の組を (0,0), (0,1), …, (1,1), … の順に並べる。"""
    if require_count(width, "width") * (width + 1) // 2 >= sys.maxsize:
        raise ValueError(f"列の数が大きすぎて、組がリストに入りません（width={width}）")
    return [(i, j) for i in range(width) for j in range(i, width)]


@dataclass(frozen=True)
class PolynomialScaler:
    """訓練データで学んだ平均と標準偏差（母集団）で標準化し、そのあとで 2 次の項を足す。"""

    names: tuple[str, ...]
    means: tuple[float, ...]
    stds: tuple[float, ...]

    @classmethod
    def fit(cls, x: FloatRows, names: Sequence[str]) -> PolynomialScaler:
        """列ごとの平均と、n で割る標準偏差を Kahan の和で求める。一定の列は失敗にする。"""
        rows = float_rows(x)
        if len(names) != len(rows[0]):
            raise ValueError(f"names の数 {len(names)} が x の列の数 {len(rows[0])} と違います")
        means, stds = [], []
        for j, name in enumerate(names):
            column = [row[j] for row in rows]
            mean, std = mean_and_std(column, f"列 {name}")  # 一定の列（is_constant）は std 0
            if std == 0.0:
                raise ValueError(
                    f"列 {name} は訓練データで一定（{column[0]}）なので標準化できません"
                )
            means.append(mean)
            stds.append(std)
        return cls(tuple(names), tuple(means), tuple(stds))

    def feature_names(self) -> list[str]:
        """元の列の名前のあとに、2 次の項の名前を並べる。"""
        pairs = [term_name(self.names, i, j) for i, j in index_pairs(len(self.names))]
        return [*self.names, *pairs]

    def transform(self, x: FloatRows) -> list[list[float]]:
        """z_j = (x_j − 平均_j) / 標準偏差_j を並べ、続けて z_i·z_j を並べる。"""
        rows = float_rows(x)
        if len(rows[0]) != len(self.names):
            raise ValueError(
                f"x の列の数 {len(rows[0])} が、学習した列の数 {len(self.names)} と違います"
            )
        pairs = index_pairs(len(self.names))
        result = []
        for row in rows:
            z = [
                (value - mean) / std
                for value, mean, std in zip(row, self.means, self.stds, strict=True)
            ]
            result.append([*z, *(z[i] * z[j] for i, j in pairs)])
        return result


# --8<-- [end:scaler]


# --8<-- [start:outliers]
def column_values(table: Table, column: str) -> list[float]:
    """列を数として読む。欠損していれば、何行目かを書いて失敗する。"""
    values = []
    for number, row in enumerate(require_table(table).rows):
        value = row.number(column)
        if value is None:
            raise ValueError(
                f"{number} 行目の {column} が欠損しています（この章は欠損を埋めません）"
            )
        values.append(value)
    return values


def sample_std(values: Sequence[float]) -> float:
    """n − 1 で割る標本標準偏差。"""
    if len(values) < 2:
        raise ValueError(f"標本標準偏差には 2 件以上が要ります（{len(values)} 件）")
    mean = kahan_mean(values)
    std = math.sqrt(kahan_sum((v - mean) * (v - mean) for v in values) / (len(values) - 1))
    if not math.isfinite(std):
        raise ValueError("値が大きすぎて、標本標準偏差が有限の数で表せません")
    return std


def outlier_rows(
    table: Table,
    columns: Sequence[str] = (*FEATURES, TARGET),
    threshold: float = OUTLIER_THRESHOLD,
) -> list[int]:
    """どれかの列で |z| が threshold を超える行の番号。z は全行の平均と標本標準偏差で求める。

    列が一定なら（標準偏差 0）、その列で外れる行は無い。
    """
    require_table(table)
    if not threshold > 0:
        raise ValueError(f"threshold は正の数です（threshold={threshold}）")
    if not table.rows:
        raise ValueError("表に行が 1 つもないので、外れ値を決められません")
    flagged: set[int] = set()
    for column in columns:
        values = column_values(table, column)
        mean, std = kahan_mean(values), sample_std(values)
        if std == 0.0:
            continue
        flagged |= {i for i, value in enumerate(values) if abs((value - mean) / std) > threshold}
    return sorted(flagged)


def remove_outliers(
    table: Table,
    columns: Sequence[str] = (*FEATURES, TARGET),
    threshold: float = OUTLIER_THRESHOLD,
) -> Table:
    """外れ値の行を除いた表。残りはファイルの順のまま。"""
    require_table(table)
    dropped = set(outlier_rows(table, columns, threshold))
    kept: tuple[Row, ...] = tuple(row for i, row in enumerate(table.rows) if i not in dropped)
    return Table(table.columns, kept)


# --8<-- [end:outliers]


# --8<-- [start:split]
@dataclass(frozen=True)
class ThreeWayPositions:
    """訓練・検証・テストに回す行の位置。どれも並べ替えた順のまま。"""

    train: list[int]
    validation: list[int]
    test: list[int]


def three_way_positions(
    n: int, test_size: float = TEST_SIZE, validation_size: float = VALIDATION_SIZE, seed: int = SEED
) -> ThreeWayPositions:
    """全体からテストデータを分け、残りを同じ種の新しい乱数でもう 1 度分けて検証データにする。"""
    if require_count(n, "n（件数）") > INT_MAX:
        raise ValueError(f"n（件数）は Java の int の最大値 {INT_MAX} 以下です（n={n}）")
    outer = split_train_test(list(range(n)), list(range(n)), test_size, seed)
    inner = split_train_test(outer.x_train, outer.t_train, validation_size, seed)
    if not inner.x_train:
        raise ValueError(
            f"n={n} 件を test_size={test_size}、validation_size={validation_size} で分けると、"
            "訓練データが 0 件です"
        )
    return ThreeWayPositions(inner.x_train, inner.x_test, outer.x_test)


# --8<-- [end:split]


# --8<-- [start:prepare]
@dataclass(frozen=True)
class BostonDataset:
    """2 次の特徴量にした訓練・検証・テストのデータと、特徴量の名前。"""

    x_train: list[list[float]]
    t_train: list[float]
    x_valid: list[list[float]]
    t_valid: list[float]
    x_test: list[list[float]]
    t_test: list[float]
    feature_names: list[str]


def prepare_boston(
    table: Table,
    test_size: float = TEST_SIZE,
    validation_size: float = VALIDATION_SIZE,
    seed: int = SEED,
) -> BostonDataset:
    """外れ値を除き、3 つに分け、訓練データだけで学んだ PolynomialScaler で 3 つとも変換する。"""
    require_table(table)
    kept = remove_outliers(table)
    x = list(zip(*(column_values(kept, column) for column in FEATURES), strict=True))
    t = column_values(kept, TARGET)
    positions = three_way_positions(len(t), test_size, validation_size, seed)
    if len(positions.train) < 2:
        raise ValueError(f"訓練データが {len(positions.train)} 件しかなく、標準化できません")
    scaler = PolynomialScaler.fit([x[i] for i in positions.train], FEATURES)
    parts = [positions.train, positions.validation, positions.test]
    (x_train, t_train), (x_valid, t_valid), (x_test, t_test) = [
        (scaler.transform([x[i] for i in part]), [t[i] for i in part]) for part in parts
    ]
    return BostonDataset(x_train, t_train, x_valid, t_valid, x_test, t_test, scaler.feature_names())


# --8<-- [end:prepare]
