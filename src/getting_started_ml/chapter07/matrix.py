# --8<-- [start:header]
"""第 7 章の行列: 書き換えられない小さな行列と、部分ピボット選択付きのガウスの消去法。"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from getting_started_ml.checks import as_float, require_count, require_sequence

# --8<-- [end:header]


# --8<-- [start:helpers]
def shape_text(shape: tuple[int, int]) -> str:
    """形を「2×3」のように書く。"""
    if not isinstance(shape, tuple) or len(shape) != 2:
        raise TypeError(f"shape（形）は（行の数, 列の数）の組です（{shape!r}）")
    return f"{shape[0]}×{shape[1]}"


def value_of(value: object, row_number: int) -> float:
    """行列の値を float にする。数でなければ何行目かを書いて失敗する。"""
    return value if type(value) is float else as_float(value, f"行列の {row_number} 行目の値")


# --8<-- [end:helpers]


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
        return cls(
            tuple(
                tuple(value_of(value, number) for value in row)
                for number, row in enumerate(rows, 1)
            )
        )

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
        eliminate_forward(augmented, n, pivot_scales(self))
        return Matrix(tuple(back_substitute(augmented, n)))

    # --8<-- [end:solve]


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
        if not all(math.isfinite(value_of(value, number)) for value in row):
            raise ValueError(f"行列の {number} 行目に有限でない値があります: {list(row)}")


# --8<-- [end:rectangle]


# --8<-- [start:gauss]
def require_augmented(augmented: Sequence[Sequence[float]], n: int) -> None:
    """拡大係数行列が n 行で、どの行も係数の n 列と右辺の 1 列以上を持つことを確かめる。"""
    require_count(n, "n（未知数の数）", minimum=1)
    require_sequence(augmented, "拡大係数行列")
    if len(augmented) != n:
        raise ValueError(f"拡大係数行列は n={n} 行です（{len(augmented)} 行）")
    for number, row in enumerate(augmented, 1):
        if len(require_sequence(row, f"拡大係数行列の {number} 行目")) <= n:
            raise ValueError(
                f"拡大係数行列の {number} 行目は係数 {n} 列と右辺の列を持ちます（{len(row)} 列）"
            )


def pivot_scales(matrix: Matrix) -> list[float]:
    """行（と列）ごとの大きさ √|対角成分|。対角が 0 の行は、行列の最大の |値| の平方根。

    元の行 r・列 c のピボットは、√|a_rr|·√|a_cc| の PIVOT_TOLERANCE 倍以下なら 0 とみなす。
    正規方程式 DᵀD の対角は D の列の長さの二乗なので、この大きさは列ごとの単位に
    合わせて伸び縮みする。円の金額のような大きな列があっても、小さな列のピボットを
    行列全体の最大の値で測って 0 とみなすことがない。
    """
    if not isinstance(matrix, Matrix):
        raise TypeError(f"matrix（行列）は Matrix です（{type(matrix).__name__}）")
    n, columns = matrix.shape
    if n != columns:
        raise ValueError(f"ピボットの大きさは正方行列で決めます（{shape_text(matrix.shape)}）")
    largest = max(abs(value) for row in matrix.entries for value in row)
    diagonal = [abs(matrix.entries[i][i]) for i in range(n)]
    return [math.sqrt(value if value > 0.0 else largest) for value in diagonal]


def singular_tolerance(scales: Sequence[float], row: int, column: int) -> float:
    """元の行 row・列 column のピボットを 0 とみなす大きさ。"""
    return scales[row] * scales[column] * PIVOT_TOLERANCE


def pivot_row(augmented: list[list[float]], column: int) -> int:
    """column 列の、column 行目から下で |値| が最大の行。同じ大きさなら先の行が勝つ。"""
    best = column
    for row in range(column + 1, len(augmented)):
        if abs(augmented[row][column]) > abs(augmented[best][column]):
            best = row
    return best


def eliminate_forward(augmented: list[list[float]], n: int, scales: Sequence[float]) -> None:
    """拡大係数行列を上三角にする（その場で書き換える）。ピボットが消えたら失敗する。"""
    require_augmented(augmented, n)
    origin = list(range(n))  # 入れ替えたあとの各行が、元の何行目だったか
    for column in range(n):
        best = pivot_row(augmented, column)
        pivot = augmented[best][column]
        tolerance = singular_tolerance(scales, origin[best], column)
        if abs(pivot) <= tolerance:
            raise SingularMatrixError(
                f"ピボット列 {column} の候補がすべて 0（|値| <= {tolerance:.3g}）になりました。"
                "行列は特異で、解は 1 通りに決まりません。"
                "列の重複や、他の列の組み合わせで表せる列（一次従属）を疑ってください",
                column,
            )
        augmented[column], augmented[best] = augmented[best], augmented[column]
        origin[column], origin[best] = origin[best], origin[column]
        for row in range(column + 1, n):
            factor = augmented[row][column] / pivot
            for j in range(column, len(augmented[row])):
                augmented[row][j] -= factor * augmented[column][j]


def back_substitute(upper: list[list[float]], n: int) -> list[tuple[float, ...]]:
    """上三角の拡大係数行列から、下の行から順に解を求める。右辺から左→右の順に引いていく。"""
    require_augmented(upper, n)
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


# --8<-- [start:pivot-tolerance]
PIVOT_TOLERANCE = 1e-10
"""ピボットが、その行と列の大きさ（√|a_rr|·√|a_cc|）のこの倍以下なら 0 とみなす。"""


# --8<-- [end:pivot-tolerance]


# --8<-- [start:singular-error]
class SingularMatrixError(ValueError):
    """係数行列が特異（または数値的に特異）で、連立方程式の解が 1 通りに決まらない。"""

    def __init__(self, message: str, pivot_column: int) -> None:
        super().__init__(message)
        self.pivot_column = pivot_column


# --8<-- [end:singular-error]
