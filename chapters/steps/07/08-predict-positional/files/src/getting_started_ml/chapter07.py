"""第 7 章: 線形回帰による数値予測（cinema.csv）。

小さな行列の型を自分で書き、正規方程式を部分ピボット選択付きのガウスの消去法で解いて
線形回帰を学習する。評価指標（MAE・RMSE・R²）も自分で書き、scikit-learn と突き合わせる。
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from getting_started_ml.chapter02 import (
    Features,
    Row,
    Table,
    TrainTestSplit,
    fill_with_train_means,
    split_train_test,
)
from getting_started_ml.checks import require_same_length
from getting_started_ml.cli import run_chapter
from getting_started_ml.numeric import format_fixed, kahan_mean, kahan_sum

CINEMA = "cinema.csv"
FEATURES = ["SNS1", "SNS2", "actor", "original"]
TARGET = "sales"
TEST_SIZE = 0.2
SEED = 0
OUTLIER_SNS2_ABOVE = 1000.0
OUTLIER_SALES_BELOW = 8500.0
INTERCEPT_TERM = "切片"


# --8<-- [start:singular-error]
class SingularMatrixError(ValueError):
    """係数行列が特異（または数値的に特異）で、連立方程式の解が 1 通りに決まらない。"""

    def __init__(self, message: str, pivot_column: int) -> None:
        super().__init__(message)
        self.pivot_column = pivot_column


# --8<-- [end:singular-error]


def shape_text(shape: tuple[int, int]) -> str:
    """形を「2×3」のように書く。"""
    return f"{shape[0]}×{shape[1]}"


# --8<-- [start:rectangle]
def require_rectangle(entries: Sequence[Sequence[float]]) -> None:
    """1 行 1 列以上で、どの行も同じ列の数で、値がすべて有限であることを確かめる。"""
    if not entries or not entries[0]:
        raise ValueError("行列は 1 行 1 列以上でなければなりません")
    width = len(entries[0])
    for number, row in enumerate(entries, 1):
        if len(row) != width:
            raise ValueError(
                "行ごとの列の数がそろっていません"
                f"（1 行目 {width} 列、{number} 行目 {len(row)} 列）"
            )
        if not all(math.isfinite(value) for value in row):
            raise ValueError(f"行列の {number} 行目に有限でない値があります: {list(row)}")


# --8<-- [end:rectangle]


# --8<-- [start:matrix]
@dataclass(frozen=True)
class Matrix:
    """書き換えられない小さな行列。値は float64 で持ち、等しさは値で比べる。"""

    entries: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        require_rectangle(self.entries)

    @classmethod
    def of(cls, rows: Iterable[Iterable[float]]) -> Matrix:
        """行の並びを写し取って作る。元の並びを後で書き換えても影響しない。"""
        return cls(tuple(tuple(float(value) for value in row) for row in rows))

    @classmethod
    def column_vector(cls, *values: float) -> Matrix:
        """n×1 の列ベクトルを作る。"""
        return cls.of([value] for value in values)

    @property
    def shape(self) -> tuple[int, int]:
        """（行の数, 列の数）。"""
        return len(self.entries), len(self.entries[0])

    def get(self, i: int, j: int) -> float:
        """i 行 j 列（どちらも 0 から数える）の値。範囲の外なら形を書いて失敗する。"""
        rows, columns = self.shape
        if not (0 <= i < rows and 0 <= j < columns):
            raise IndexError(f"({i}, {j}) は {shape_text(self.shape)} の行列の外です")
        return self.entries[i][j]

    def column(self, j: int) -> list[float]:
        """j 列目を上から順に並べる。"""
        return [self.get(i, j) for i in range(self.shape[0])]

    def to_list(self) -> list[list[float]]:
        """書き換えてよい入れ子のリストにする。"""
        return [list(row) for row in self.entries]

    def transpose(self) -> Matrix:
        """転置（行と列を入れ替えた行列）。"""
        return Matrix(tuple(zip(*self.entries, strict=True)))

    # --8<-- [end:matrix]

    # --8<-- [start:matmul]
    def __matmul__(self, other: Matrix) -> Matrix:
        """行列の積。k の昇順に左から足す、素朴な三重ループ。"""
        (rows, inner), (other_inner, columns) = self.shape, other.shape
        if inner != other_inner:
            raise ValueError(
                f"行列の積の形が合いません（左 {shape_text(self.shape)} の列数 {inner} と"
                f"右 {shape_text(other.shape)} の行数 {other_inner} が違います）"
            )
        product = []
        for i in range(rows):
            row = []
            for j in range(columns):
                total = 0.0
                for k in range(inner):
                    total += self.entries[i][k] * other.entries[k][j]
                row.append(total)
            product.append(tuple(row))
        return Matrix(tuple(product))

    # --8<-- [end:matmul]

    # --8<-- [start:solve]
    def solve(self, b: Matrix) -> Matrix:
        """self · x = b を満たす x を、部分ピボット選択付きのガウスの消去法で求める。"""
        n, columns = self.shape
        if n != columns or b.shape[0] != n:
            raise ValueError(
                f"連立方程式の形が合いません（係数 {shape_text(self.shape)} は正方で、"
                f"右辺 {shape_text(b.shape)} の行数はそれと同じでなければなりません）"
            )
        augmented = [
            list(left) + list(right) for left, right in zip(self.entries, b.entries, strict=True)
        ]
        eliminate_forward(augmented, n, singular_tolerance(self))
        return Matrix(tuple(back_substitute(augmented, n)))

    # --8<-- [end:solve]


# --8<-- [start:gauss]
def singular_tolerance(matrix: Matrix) -> float:
    """これより小さいピボットは 0 とみなす。行列の最大の |値| × 次数 × 計算機イプシロン。"""
    largest = max(abs(value) for row in matrix.entries for value in row)
    return largest * matrix.shape[0] * sys.float_info.epsilon


def pivot_row(augmented: list[list[float]], column: int) -> int:
    """column 列の、column 行目から下で |値| が最大の行。同じ大きさなら先の行が勝つ。"""
    best = column
    for row in range(column + 1, len(augmented)):
        if abs(augmented[row][column]) > abs(augmented[best][column]):
            best = row
    return best


def eliminate_forward(augmented: list[list[float]], n: int, tolerance: float) -> None:
    """拡大係数行列を上三角にする（その場で書き換える）。ピボットが消えたら失敗する。"""
    for column in range(n):
        best = pivot_row(augmented, column)
        pivot = augmented[best][column]
        if abs(pivot) <= tolerance:
            raise SingularMatrixError(
                f"ピボット列 {column} の候補がすべて 0（|値| <= {tolerance:.3g}）になりました。"
                "行列は特異で、解は 1 通りに決まりません。"
                "列の重複や、他の列の組み合わせで表せる列（一次従属）を疑ってください",
                column,
            )
        augmented[column], augmented[best] = augmented[best], augmented[column]
        for row in range(column + 1, n):
            factor = augmented[row][column] / pivot
            for j in range(column, len(augmented[row])):
                augmented[row][j] -= factor * augmented[column][j]


def back_substitute(upper: list[list[float]], n: int) -> list[tuple[float, ...]]:
    """上三角の拡大係数行列から、下の行から順に解を求める。右辺から左→右の順に引いていく。"""
    width = len(upper[0]) - n
    solution = [[0.0] * width for _ in range(n)]
    for i in reversed(range(n)):
        for c in range(width):
            remainder = upper[i][n + c]
            for j in range(i + 1, n):
                remainder -= upper[i][j] * solution[j][c]
            solution[i][c] = remainder / upper[i][i]
    return [tuple(row) for row in solution]


# --8<-- [end:gauss]


# --8<-- [start:metrics]
def require_scores(actual: Sequence[float], predicted: Sequence[float]) -> None:
    """正解と予測が同じ件数で、空でなく、有限の数だけであることを確かめる。"""
    require_same_length(actual, predicted, "正解", "予測")
    if not actual:
        raise ValueError("正解と予測が空なので評価できません")
    for name, values in (("正解", actual), ("予測", predicted)):
        for position, value in enumerate(values):
            if not math.isfinite(value):
                raise ValueError(f"{name}の {position} 番目が有限の数ではありません（{value}）")


def residuals(actual: Sequence[float], predicted: Sequence[float]) -> list[float]:
    """残差 t − y を 1 件ずつ並べる。"""
    require_scores(actual, predicted)
    return [t - y for t, y in zip(actual, predicted, strict=True)]


def mean_absolute_error(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """平均絶対誤差（MAE）: 残差の絶対値の平均。"""
    return kahan_mean(abs(r) for r in residuals(actual, predicted))


def root_mean_squared_error(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """二乗平均平方根誤差（RMSE）: 残差の 二乗の平均の平方根。"""
    return math.sqrt(kahan_mean(r * r for r in residuals(actual, predicted)))


def r2_score(actual: Sequence[float], predicted: Sequence[float]) -> float:
    """決定係数 R²: 1 − 残差平方和 / 正解の平均からの偏差平方和。"""
    squared_residuals = kahan_sum(r * r for r in residuals(actual, predicted))
    mean = kahan_mean(actual)
    spread = kahan_sum((t - mean) ** 2 for t in actual)
    if spread == 0.0:
        raise ValueError(
            f"正解がすべて同じ値（{actual[0]}）なので、R² は定義できません（分母の偏差平方和が 0）"
        )
    return 1.0 - squared_residuals / spread


# --8<-- [end:metrics]


# --8<-- [start:linear-model]
@dataclass(frozen=True)
class LinearModel:
    """学習した線形回帰。係数は列名で引き、並びは学習したときの列の順のまま。"""

    intercept: float
    coefficients: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # 呼び出し側の dict を後で書き換えられても変わらないよう、写しを持つ。
        object.__setattr__(self, "coefficients", dict(self.coefficients))

    @classmethod
    def of(cls, intercept: float, columns: Sequence[str], values: Sequence[float]) -> LinearModel:
        """列名と係数を並べて作る。件数の違いや列名の重複は失敗にする。"""
        require_same_length(columns, values, "列名", "係数")
        if len(set(columns)) != len(columns):
            raise ValueError(f"列名が重複しています: {', '.join(columns)}")
        return cls(intercept, dict(zip(columns, values, strict=True)))

    # --8<-- [start:positional]
    def predict_one(self, row: Features) -> float:
        """切片から始めて、係数と入力の値を位置で組にして足す（途中の版）。"""
        total = self.intercept
        for coefficient, value in zip(self.coefficients.values(), row.values, strict=True):
            total += coefficient * value
        return total

    # --8<-- [end:positional]

    def predict(self, rows: Sequence[Features]) -> list[float]:
        """行ごとに予測する。"""
        return [self.predict_one(row) for row in rows]


# --8<-- [end:linear-model]


# --8<-- [start:fit]
def design_matrix(x: Sequence[Features], columns: Sequence[str]) -> Matrix:
    """計画行列 D = [1 | 特徴量]。先頭の 1 の列が切片の係数を受け持つ。"""
    if not x:
        raise ValueError("訓練データが空なので計画行列を作れません")
    return Matrix.of([1.0, *(row.value(column) for column in columns)] for row in x)


def fit_linear_regression(
    x: Sequence[Features], t: Sequence[float], columns: Sequence[str] | None = None
) -> LinearModel:
    """正規方程式 (DᵀD) w = Dᵀt を解いて線形回帰を学習する。columns が None なら x[0] の列。"""
    require_same_length(x, t, "特徴量", "正解")
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


# --8<-- [start:outliers]
def is_outlier(row: Row) -> bool:
    """SNS2 が 1000 を超え、しかも sales が 8500 を下回る行。欠損していれば外れ値としない。"""
    sns2, sales = row.number("SNS2"), row.number(TARGET)
    if sns2 is None or sales is None:
        return False
    return sns2 > OUTLIER_SNS2_ABOVE and sales < OUTLIER_SALES_BELOW


def remove_outliers(table: Table) -> Table:
    """外れ値の行を除いた表。残りの行はファイルの順のまま。"""
    return Table(table.columns, tuple(row for row in table.rows if not is_outlier(row)))


# --8<-- [end:outliers]


# --8<-- [start:prepare]
def target_values(rows: Sequence[Row]) -> list[float]:
    """正解（sales）を数として読む。欠損していれば何行目かを書いて失敗する。"""
    values = []
    for position, row in enumerate(rows):
        value = row.number(TARGET)
        if value is None:
            raise ValueError(f"{position} 行目の {TARGET} が欠損しているので正解に使えません")
        values.append(value)
    return values


def prepare_cinema(
    table: Table, test_size: float = TEST_SIZE, seed: int = SEED
) -> TrainTestSplit[Features, float]:
    """外れ値を全体から除き、未補完のまま分け、訓練データの平均だけで両方を補完する。"""
    rows = list(remove_outliers(table).rows)
    if not rows:
        raise ValueError("外れ値を除くと行が 1 つも残らないので分けられません")
    split = split_train_test(rows, target_values(rows), test_size, seed)
    return fill_with_train_means(split, FEATURES)


# --8<-- [end:prepare]


# --8<-- [start:main]
def format_coefficients(coefficients: Mapping[str, float]) -> str:
    """係数を「名前=値」の形で、学習した列の順に並べる。"""
    return ", ".join(f"{name}={format_fixed(value, 4)}" for name, value in coefficients.items())


def main() -> None:
    """cinema.csv で線形回帰を学習し、係数とテストデータの評価を表示する。"""
    table = Table.load(CINEMA)
    split = prepare_cinema(table)
    model = fit_linear_regression(split.x_train, split.t_train, FEATURES)
    predicted = model.predict(split.x_test)
    r2 = r2_score(split.t_test, predicted)
    mae = mean_absolute_error(split.t_test, predicted)
    rmse = root_mean_squared_error(split.t_test, predicted)
    print(f"データ件数: {len(table)}")
    print(f"外れ値を除いた件数: {len(remove_outliers(table))}")
    print(f"訓練データ: {len(split.x_train)} 件, テストデータ: {len(split.x_test)} 件")
    print(f"切片: {format_fixed(model.intercept, 2)}")
    print(f"係数: {format_coefficients(model.coefficients)}")
    print(
        f"テストデータの評価: R2={format_fixed(r2, 4)}, "
        f"MAE={format_fixed(mae, 2)}, RMSE={format_fixed(rmse, 2)}"
    )


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:main]
