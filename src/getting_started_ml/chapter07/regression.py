# --8<-- [start:header]
"""第 7 章の線形回帰: 正規方程式を第 7 章の行列で解いて学習し、係数を列名で当てはめて予測する。"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from getting_started_ml.chapter02 import Features, require_items
from getting_started_ml.chapter07.matrix import Matrix, SingularMatrixError
from getting_started_ml.checks import require_finite, require_same_length

INTERCEPT_TERM = "切片"

# --8<-- [end:header]


# --8<-- [start:fit]
def design_matrix(x: Sequence[Features], columns: Sequence[str]) -> Matrix:
    """計画行列 D = [1 | 特徴量]。先頭の 1 の列が切片の係数を受け持つ。"""
    require_items(x, Features, "特徴量")
    if not x:
        raise ValueError("訓練データが空なので計画行列を作れません")
    return Matrix.of([1.0, *(row.value(column) for column in columns)] for row in x)


def fit_linear_regression(
    x: Sequence[Features], t: Sequence[float], columns: Sequence[str] | None = None
) -> LinearModel:
    """正規方程式 (DᵀD) w = Dᵀt を解いて線形回帰を学習する。columns が None なら x[0] の列。"""
    require_same_length(x, t, "特徴量", "正解")
    require_items(x, Features, "特徴量")
    if not x:
        raise ValueError("訓練データが空なので線形回帰を学習できません")
    names = list(x[0].columns if columns is None else columns)
    if len(set(names)) != len(names):
        raise ValueError(f"列名が重複しています: {', '.join(names)}")
    if len(x) <= len(names):
        raise ValueError(
            f"訓練データが {len(x)} 件しかなく、切片と {len(names)} 個の係数"
            f"（{len(names) + 1} 個の未知数）を 1 通りに決めるには足りません"
        )
    design = design_matrix(x, names)
    design_t = design.transpose()
    try:
        weights = (design_t @ design).solve(design_t @ Matrix.column_vector(*t)).column(0)
    except SingularMatrixError as error:
        raise singular_design_error(names, error) from error
    return LinearModel.of(weights[0], names, weights[1:])


def singular_design_error(
    columns: Sequence[str], error: SingularMatrixError
) -> SingularMatrixError:
    """ピボットが消えた位置を列名に直して、原因の候補を添えた例外にする。"""
    require_items(columns, str, "列名")
    if not isinstance(error, SingularMatrixError):
        raise TypeError(f"error は SingularMatrixError です（{type(error).__name__}）")
    if not 0 <= error.pivot_column <= len(columns):
        raise ValueError(f"ピボット列 {error.pivot_column} は切片と {len(columns)} 列の外です")
    terms = [INTERCEPT_TERM, *columns]
    suspect = terms[error.pivot_column]
    return SingularMatrixError(
        f"正規方程式の係数行列 DᵀD が特異で、係数が 1 通りに決まりません"
        f"（{suspect} の列でピボットが消えました）。{suspect} が、それより前の列"
        f"（{', '.join(terms[: error.pivot_column])}）の重複や組み合わせ（一次従属）に"
        "なっていないか確かめてください",
        error.pivot_column,
    )


# --8<-- [end:fit]


@dataclass(frozen=True)
class LinearModel:
    """学習した線形回帰。係数は列名で引き、並びは学習したときの列の順のまま。"""

    intercept: float
    coefficients: dict[str, float] = field(default_factory=dict)

    # --8<-- [start:post-init]
    def __post_init__(self) -> None:
        require_finite(self.intercept, "intercept（切片）")
        if not isinstance(self.coefficients, Mapping):
            kind = type(self.coefficients).__name__
            raise TypeError(f"coefficients（係数）は列名から係数への dict です（{kind}）")
        for column, value in self.coefficients.items():
            if not isinstance(column, str):
                raise TypeError(f"係数の列名は文字列です（{column!r}）")
            require_finite(value, f"列 {column} の係数")
        # 呼び出し側の dict を後で書き換えられても変わらないよう、写しを持つ。
        object.__setattr__(self, "coefficients", dict(self.coefficients))

    # --8<-- [end:post-init]

    @classmethod
    def of(cls, intercept: float, columns: Sequence[str], values: Sequence[float]) -> LinearModel:
        """列名と係数を並べて作る。件数の違いや列名の重複は失敗にする。"""
        require_same_length(columns, values, "列名", "係数")
        if len(set(columns)) != len(columns):
            raise ValueError(f"列名が重複しています: {', '.join(columns)}")
        return cls(intercept, dict(zip(columns, values, strict=True)))

    # --8<-- [start:predict-one]
    def predict_one(self, row: Features) -> float:
        """切片から始めて、係数の順に「係数 × 同じ名前の列の値」を足す。"""
        total = self.intercept
        for column, coefficient in self.coefficients.items():
            total += coefficient * row.value(column)
        return total

    # --8<-- [end:predict-one]

    def predict(self, rows: Sequence[Features]) -> list[float]:
        """行ごとに予測する。"""
        return [self.predict_one(row) for row in rows]
