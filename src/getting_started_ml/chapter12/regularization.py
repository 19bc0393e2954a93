# --8<-- [start:header]
"""第 12 章: リッジ回帰（閉じた式）と、リッジ回帰とラッソ回帰が共通に使う入口の検査。

入口は、数の行の並び（リストのリストか 2 次元の numpy 配列）と正解と alpha を受け取る。
切片には罰則をかけない。alpha の尺度は scikit-learn の Ridge に合わせる。
"""

from __future__ import annotations

import math
import numbers
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from getting_started_ml.chapter07 import Matrix, SingularMatrixError
from getting_started_ml.checks import require_count
from getting_started_ml.numeric import kahan_mean

# --8<-- [end:header]


# --8<-- [start:model]
@dataclass(frozen=True)
class RegularizedModel:
    """学習した線形のモデル。係数は列の順に並び、切片は別に持つ。"""

    coefficients: list[float]
    intercept: float

    def __post_init__(self) -> None:
        # 呼び出し側のリストを後で書き換えられても変わらないよう、写しを持つ。
        object.__setattr__(self, "coefficients", as_row(self.coefficients, "coefficients"))
        object.__setattr__(self, "intercept", real_value(self.intercept, "intercept"))

    def predict(self, x: FloatRows) -> list[float]:
        """行ごとに、切片から始めて「係数 × 値」を列の順に足す。"""
        rows = float_rows(x)
        if len(rows[0]) != len(self.coefficients):
            raise ValueError(
                f"x の列の数 {len(rows[0])} が、学習した係数の数 {len(self.coefficients)} と"
                "違います"
            )
        predictions = []
        for row in rows:
            total = self.intercept
            for weight, value in zip(self.coefficients, row, strict=True):
                total += weight * value
            predictions.append(total)
        return predictions

    def coefficient_abs_sum(self) -> float:
        """係数の絶対値の合計 Σ|w_j|。切片は含めない。"""
        total = 0.0
        for weight in self.coefficients:
            total += abs(weight)
        return total


# --8<-- [end:model]


# --8<-- [start:ridge]
def fit_ridge(x: FloatRows, t: FloatValues, alpha: float) -> RegularizedModel:
    """リッジ回帰: 平均を引いてから (XcᵀXc + alpha·I) w = Xcᵀ tc を解く。"""
    rows, targets = training_data(x, t)
    penalty = require_alpha(alpha)
    data = centre(rows, targets)
    design = Matrix.of(data.x)
    design_t = design.transpose()
    try:
        gram = design_t @ design
        moment = design_t @ Matrix.column_vector(*data.t)
    except ValueError as error:
        raise ValueError(
            f"x か t の値が大きすぎて、XᵀX が有限の数で表せません（{error}）"
        ) from None
    try:
        weights = matrix_add(gram, matrix_scale(identity(len(rows[0])), penalty)).solve(moment)
    except SingularMatrixError as error:
        raise singular_ridge_error(penalty, error) from error
    except ValueError as error:
        raise ValueError(
            f"x か t の値の桁が違いすぎて、係数が有限の数で求まりません（{error}）"
        ) from None
    coefficients = weights.column(0)
    return RegularizedModel(coefficients, data.intercept(coefficients))


# --8<-- [end:ridge]


# --8<-- [start:matrix-helpers]
def identity(n: int) -> Matrix:
    """n×n の単位行列。"""
    if require_count(n, "n") < 1:
        raise ValueError(f"単位行列の次数は 1 以上です（n={n}）")
    if n * n >= sys.maxsize:
        raise ValueError(f"次数が大きすぎて、単位行列の n×n 個の値がリストに入りません（n={n}）")
    return Matrix.of([1.0 if i == j else 0.0 for j in range(n)] for i in range(n))


def matrix_add(a: Matrix, b: Matrix) -> Matrix:
    """同じ形の行列の和。"""
    require_matrix(a, "a")
    require_matrix(b, "b")
    if a.shape != b.shape:
        raise ValueError(f"行列の和の形が合いません（{a.shape} と {b.shape}）")
    return Matrix.of(
        [p + q for p, q in zip(row_a, row_b, strict=True)]
        for row_a, row_b in zip(a.entries, b.entries, strict=True)
    )


def matrix_scale(a: Matrix, factor: float) -> Matrix:
    """行列のすべての値に factor を掛ける。"""
    require_matrix(a, "a")
    factor = real_value(factor, "factor")
    return Matrix.of([factor * value for value in row] for row in a.entries)


# --8<-- [end:matrix-helpers]


# --8<-- [start:header-2]
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatRows: TypeAlias = Sequence[Sequence[float]] | npt.NDArray[np.floating[Any]]
    FloatValues: TypeAlias = Sequence[float] | npt.NDArray[np.floating[Any]]
else:
    FloatRows = Sequence[Sequence[float]]
    FloatValues = Sequence[float]
# --8<-- [end:header-2]


# --8<-- [start:inputs]
def spaced(where: str) -> str:
    """日本語の助詞を続けるための区切り。英数字で終わる名前のあとにだけ空白を入れる。"""
    if not isinstance(where, str):
        raise TypeError(f"where は場所を書いた文字列です（{type(where).__name__}）")
    return f"{where} " if where[-1:].isascii() else where


def real_value(value: object, where: str) -> float:
    """1 つの値を float にする。数でなければ TypeError、有限でなければ ValueError。"""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{spaced(where)}の値 {value!r} は実数ではありません（{type(value).__name__}）"
        )
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{spaced(where)}に有限でない値 {number} があります")
    return number


def as_row(row: object, where: str) -> list[float]:
    """1 行（数の並び）を float のリストにする。"""
    if isinstance(row, str | bytes) or not isinstance(row, Iterable):
        raise TypeError(f"{spaced(where)}が数の並びではありません（{type(row).__name__}）")
    return [real_value(value, where) for value in row]


def float_rows(x: object, name: str = "x") -> list[list[float]]:
    """行の並び（リストのリスト、2 次元の numpy 配列）を、そろった形の float の行にする。"""
    if isinstance(x, str | bytes) or not isinstance(x, Iterable):
        raise TypeError(f"{name} は数の行の並び（2 次元）です（{type(x).__name__}）")
    rows = [as_row(row, f"{name} の {number} 行目") for number, row in enumerate(x)]
    if not rows:
        raise ValueError(f"{name} に行が 1 つもありません")
    width = len(rows[0])
    if width == 0:
        raise ValueError(f"{name} の行に列が 1 つもありません")
    for number, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(
                f"{name} の行ごとの列の数がそろっていません"
                f"（0 行目 {width} 列、{number} 行目 {len(row)} 列）"
            )
    return rows


def float_values(t: object, name: str = "t") -> list[float]:
    """正解の並びを float のリストにする。"""
    return as_row(t, name)


def require_alpha(alpha: object, name: str = "alpha") -> float:
    """罰則の強さ alpha は 0 以上の有限の実数。"""
    value = real_value(alpha, name)
    if value < 0:
        raise ValueError(f"{name} は 0 以上です（{name}={value}）")
    return value


def training_data(x: object, t: object) -> tuple[list[list[float]], list[float]]:
    """学習に使う x と t を確かめる。件数が違えば両方の件数を書いて失敗する。"""
    rows, targets = float_rows(x), float_values(t)
    if len(rows) != len(targets):
        raise ValueError(f"x と t の件数が違います（x {len(rows)} 行、t {len(targets)} 件）")
    return rows, targets


# --8<-- [end:inputs]


# --8<-- [start:matrix-helpers-2]
def require_matrix(value: object, name: str) -> None:
    """value が第 7 章の Matrix でなければ、名前と型を書いた TypeError を投げる。"""
    if not isinstance(value, Matrix):
        raise TypeError(f"{name} は Matrix です（{type(value).__name__}）")


# --8<-- [end:matrix-helpers-2]


# --8<-- [start:centre]
@dataclass(frozen=True)
class Centred:
    """列ごとの平均を引いた x と t。切片は平均から後で戻す。"""

    x: list[list[float]]
    t: list[float]
    x_means: list[float]
    t_mean: float

    def intercept(self, coefficients: Sequence[float]) -> float:
        """切片 = t の平均 − Σ (x_j の平均 × w_j)。罰則はかからない。"""
        total = self.t_mean
        for mean, weight in zip(self.x_means, coefficients, strict=True):
            total -= mean * weight
        return total


def centre(rows: FloatRows, targets: FloatValues) -> Centred:
    """列ごとの平均（Kahan の和）を引く。"""
    rows, targets = training_data(rows, targets)
    means = [kahan_mean(row[j] for row in rows) for j in range(len(rows[0]))]
    t_mean = kahan_mean(targets)
    return Centred(
        [[value - mean for value, mean in zip(row, means, strict=True)] for row in rows],
        [value - t_mean for value in targets],
        means,
        t_mean,
    )


# --8<-- [end:centre]


# --8<-- [start:ridge-2]
def singular_ridge_error(alpha: float, error: SingularMatrixError) -> ValueError:
    """解けなかった列を書き、alpha を大きくすれば解けることを添える。"""
    if not isinstance(error, SingularMatrixError):
        raise TypeError(f"error は SingularMatrixError です（{type(error).__name__}）")
    return ValueError(
        f"alpha={alpha} では XcᵀXc + alpha·I が特異で、係数が 1 通りに決まりません"
        f"（x の {error.pivot_column} 列目でピボットが消えました）。"
        "その列が一定か、ほかの列の組み合わせになっていないか確かめてください。"
        "alpha を正の数にすると解けます"
    )


# --8<-- [end:ridge-2]
