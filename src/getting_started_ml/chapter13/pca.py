# --8<-- [start:header]
"""第 13 章の主成分分析: 共分散行列、ヤコビ法の固有値分解、主成分、寄与率、標準化。

共分散行列を求め、ヤコビ法（回転を繰り返す固有値分解）を自分で書いて主成分を取り出し、
寄与率・必要な主成分の数・影響の大きい列を求める。受け取った表は入口で arrays.as_rows に通し、
中では有限の float の行のリスト（FloatRows）だけを扱う。
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from getting_started_ml.arrays import FloatRows, RowsLike, as_rows
from getting_started_ml.checks import require_count, require_real
from getting_started_ml.numeric import kahan_mean, kahan_sum, mean_and_std

JACOBI_TOLERANCE = 1e-15
"""非対角成分の大きさ（フロベニウスノルム）が、行列全体のこの割合以下になったら止める。"""
MAX_SWEEPS = 50
"""ヤコビ法の掃き出し（すべての非対角成分を 1 回ずつ回転で消す）の上限。"""
# --8<-- [end:header]


# --8<-- [start:covariance]
def mean_of_columns(x: RowsLike) -> list[float]:
    """列ごとの平均（Java と同じ Kahan の和）。"""
    rows = as_rows(x)
    return [kahan_mean(row[j] for row in rows) for j in range(len(rows[0]))]


def covariance_matrix(x: RowsLike) -> FloatRows:
    """共分散行列 Xcᵀ Xc / (n − 1)。Xc は列の平均を引いた X。和は行の順に素直に足す。

    積があふれたり 0 に消えたりしないよう、偏差を 2 のべき乗で割ってから求めて掛け戻す
    （2 のべき乗の掛け算は丸めないので、ふつうの大きさのデータでは値がビットまで変わらない）。
    """
    covariance, exponent = scaled_covariance(as_rows(x))
    scale = 2 * exponent
    result = [[times_power_of_two(value, scale) for value in row] for row in covariance]
    if not all(math.isfinite(value) for row in result for value in row):
        raise ValueError("x の値の幅が大きすぎて、分散が大きすぎて浮動小数で表せません")
    return result


def scaled_covariance(rows: FloatRows) -> tuple[FloatRows, int]:
    """偏差の最大の絶対値が 1 未満になるよう 2**exponent で割った X の共分散と、その exponent。"""
    if len(rows) < 2:
        raise ValueError(f"共分散には 2 行以上が要ります（x は {len(rows)} 行）")
    means = mean_of_columns(rows)
    if not all(math.isfinite(mean) for mean in means):
        raise ValueError("x の値が大きすぎて、列の平均が浮動小数で表せません")
    largest = max(abs(value - mean) for row in rows for value, mean in zip(row, means, strict=True))
    if not math.isfinite(largest):
        raise ValueError("x の値の幅が大きすぎて、分散が大きすぎて浮動小数で表せません")
    exponent = power_of_two_above(largest)
    scaled = [[math.ldexp(value, -exponent) for value in row] for row in rows]
    means = mean_of_columns(scaled)
    centered = [[value - mean for value, mean in zip(row, means, strict=True)] for row in scaled]
    width = len(means)
    covariance = [[0.0] * width for _ in range(width)]
    for i in range(width):
        for j in range(i, width):
            total = 0.0
            for row in centered:
                total += row[i] * row[j]
            covariance[i][j] = covariance[j][i] = total / (len(rows) - 1)
    return covariance, exponent


def times_power_of_two(value: float, exponent: int) -> float:
    """value × 2**exponent。あふれたら（math.ldexp の OverflowError の代わりに）±無限大。"""
    try:
        return math.ldexp(value, exponent)
    except OverflowError:
        return math.copysign(math.inf, value)


def power_of_two_above(value: float) -> int:
    """2**exponent が |value| より大きい最小の exponent（0 なら 0）。割ると [0.5, 1) に入る。"""
    return math.frexp(value)[1]


# --8<-- [end:covariance]


# --8<-- [start:jacobi]
@dataclass(frozen=True)
class Eigen:
    """固有値分解の結果。vectors[i] が values[i] の固有ベクトル（1 行に 1 つ）。大きい順に並ぶ。"""

    values: list[float]
    vectors: FloatRows
    sweeps: int


def off_diagonal_norm(matrix: FloatRows) -> float:
    """非対角成分の 2 乗和の平方根。"""
    total = 0.0
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            if i != j:
                total += value * value
    return math.sqrt(total)


def frobenius_norm(matrix: FloatRows) -> float:
    """すべての成分の 2 乗和の平方根。"""
    total = 0.0
    for row in matrix:
        for value in row:
            total += value * value
    return math.sqrt(total)


def rotate(a: FloatRows, v: FloatRows, p: int, q: int) -> None:
    """a[p][q] を 0 にする回転 J で、a を Jᵀ a J に、v を v J に置き換える。"""
    theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
    t = math.copysign(1.0, theta) / (abs(theta) + math.sqrt(theta * theta + 1))
    c = 1 / math.sqrt(t * t + 1)
    s = t * c
    for matrix in (a, v):  # 列 p と列 q を回す
        for row in matrix:
            row_p, row_q = row[p], row[q]
            row[p], row[q] = c * row_p - s * row_q, s * row_p + c * row_q
    for k in range(len(a)):  # 行 p と行 q を回す
        a_pk, a_qk = a[p][k], a[q][k]
        a[p][k], a[q][k] = c * a_pk - s * a_qk, s * a_pk + c * a_qk
    a[p][q] = a[q][p] = 0.0


def jacobi_eigen(symmetric: FloatRows, tolerance: float = JACOBI_TOLERANCE) -> Eigen:
    """対称行列を、非対角成分を 1 つずつ回転で消すヤコビ法で固有値分解する。

    非対角成分のノルムが全体の tolerance 倍以下になるまで掃き出しを繰り返す。
    MAX_SWEEPS 回で届かなければ警告を出し、その時点の結果を返す。
    二乗の和があふれたり 0 に消えたりしないよう、最大の絶対値が [0.5, 1) に入る 2 のべき乗で
    割ってから回し、固有値に掛け戻す（2 のべき乗の掛け算は丸めないので、結果はビットまで同じ）。
    """
    exponent, a = scaled_symmetric(symmetric)
    check_tolerance(tolerance)
    n = len(a)
    v = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    scale = frobenius_norm(a)
    sweeps = 0
    while off_diagonal_norm(a) > tolerance * scale:
        if sweeps == MAX_SWEEPS:
            warnings.warn(f"ヤコビ法が {MAX_SWEEPS} 回の掃き出しで収束しませんでした", stacklevel=2)
            break
        sweeps += 1
        for p in range(n - 1):
            for q in range(p + 1, n):
                if a[p][q] != 0.0:
                    rotate(a, v, p, q)
    order = sorted(range(n), key=lambda i: -a[i][i])  # 安定な並べ替え: 同じ値は元の順
    values = [times_power_of_two(a[i][i], exponent) for i in order]
    return Eigen(values, [[row[i] for row in v] for i in order], sweeps)


def scaled_symmetric(symmetric: FloatRows) -> tuple[int, FloatRows]:
    """正方の対称行列を確かめ、最大の絶対値が [0.5, 1) に入るよう 2**exponent で割って返す。"""
    a = as_rows(symmetric, "symmetric")
    if len(a) != len(a[0]):
        raise ValueError(f"symmetric は正方行列です（{len(a)} 行 {len(a[0])} 列）")
    for i, row in enumerate(a):
        for j in range(i):
            if row[j] != a[j][i]:
                raise ValueError(f"symmetric が対称ではありません（[{i}][{j}] と [{j}][{i}]）")
    exponent = power_of_two_above(max(abs(value) for row in a for value in row))
    return exponent, [[math.ldexp(value, -exponent) for value in row] for row in a]


def check_tolerance(tolerance: float) -> None:
    """止める条件の割合 tolerance は 0 以上 1 未満の有限の数（NaN では比べても止まらない）。"""
    require_real(tolerance, "tolerance")
    if not 0.0 <= tolerance < 1.0:
        raise ValueError(f"tolerance は 0 以上 1 未満の数です（tolerance={tolerance}）")


# --8<-- [end:jacobi]


# --8<-- [start:signs]
def normalize_signs(components: Sequence[Sequence[float]]) -> FloatRows:
    """各主成分を、絶対値が最大の成分（同じなら先のもの）が正になる向きにそろえる。"""
    normalized = []
    for component in components:
        largest = 0
        for i, value in enumerate(component):
            if abs(value) > abs(component[largest]):
                largest = i
        sign = -1.0 if component[largest] < 0 else 1.0
        normalized.append([sign * value for value in component])
    return normalized


# --8<-- [end:signs]


# --8<-- [start:model]
@dataclass(frozen=True)
class PcaModel:
    """主成分分析の結果。components は 1 行に 1 つの主成分で、寄与率の大きい順に並ぶ。

    explained_variance_ratio は、求めた主成分の固有値を **すべての** 固有値の和で割ったもの。
    """

    mean: list[float]
    components: FloatRows
    explained_variance: list[float]
    explained_variance_ratio: list[float]
    sweeps: int

    def transform(self, x: RowsLike) -> FloatRows:
        """x を主成分の座標に移す。"""
        return transform(self, x)


def fit_pca(x: RowsLike, n_components: int) -> PcaModel:
    """共分散行列の固有値分解で、寄与率の大きい順に n_components 個の主成分を求める。"""
    rows = as_rows(x)
    width = len(rows[0])
    require_count(n_components, "n_components")
    if not 1 <= n_components <= width:
        raise ValueError(
            f"n_components は 1 以上、列の数 {width} 以下です（n_components={n_components}）"
        )
    covariance, exponent = scaled_covariance(rows)  # 2**exponent で割ったデータの共分散
    eigen = jacobi_eigen(covariance)
    total = kahan_sum(eigen.values)
    if total <= 0.0:
        raise ValueError("すべての列が一定なので、説明すべきばらつき（分散）がありません")
    kept = eigen.values[:n_components]
    variances = [times_power_of_two(value, 2 * exponent) for value in kept]
    if not all(math.isfinite(value) for value in variances):
        raise ValueError("x の値の幅が大きすぎて、分散が大きすぎて浮動小数で表せません")
    return PcaModel(
        mean=mean_of_columns(rows),
        components=normalize_signs(eigen.vectors[:n_components]),
        explained_variance=variances,
        explained_variance_ratio=[value / total for value in kept],
        sweeps=eigen.sweeps,
    )


# --8<-- [end:model]


# --8<-- [start:transform]
def transform(model: PcaModel, x: RowsLike) -> FloatRows:
    """(x − mean) · componentsᵀ。和は列の順に素直に足す。"""
    rows = as_rows(x)
    width = len(model.mean)
    if len(rows[0]) != width:
        raise ValueError(f"x の列の数 {len(rows[0])} が、学習した列の数 {width} と違います")
    scores = []
    for row in rows:
        centered = [value - mean for value, mean in zip(row, model.mean, strict=True)]
        projected = []
        for component in model.components:
            total = 0.0
            for value, weight in zip(centered, component, strict=True):
                total += value * weight
            projected.append(total)
        scores.append(projected)
    return scores


# --8<-- [end:transform]


# --8<-- [start:needed]
def components_needed(ratios: Sequence[float], threshold: float) -> int:
    """累積寄与率が threshold 以上になる最初の主成分の数。届かなければ全部の数。"""
    if not ratios:
        raise ValueError("寄与率が 1 つもありません（ratios が空です）")
    if not math.isfinite(threshold):
        raise ValueError(f"threshold は有限の数です（threshold={threshold}）")
    cumulative = 0.0
    for count, ratio in enumerate(ratios, 1):
        cumulative += ratio
        if cumulative >= threshold:
            return count
    return len(ratios)


# --8<-- [end:needed]


# --8<-- [start:loadings]
@dataclass(frozen=True)
class Loading:
    """主成分の 1 つの列の重み（符号つき）。"""

    column: str
    value: float


def top_loadings(component: Sequence[float], columns: Sequence[str], k: int) -> list[Loading]:
    """重みの絶対値が大きい順（同じなら列の順）に k 個の列を選ぶ。"""
    if len(component) != len(columns):
        raise ValueError(
            f"主成分と列名の数が違います（主成分 {len(component)} 個、列名 {len(columns)} 個）"
        )
    if not 1 <= k <= len(columns):
        raise ValueError(f"k は 1 以上、列の数 {len(columns)} 以下です（k={k}）")
    loadings = [Loading(column, value) for column, value in zip(columns, component, strict=True)]
    return sorted(loadings, key=lambda loading: -abs(loading.value))[:k]


# --8<-- [end:loadings]


# --8<-- [start:standardize]
def standardize(x: RowsLike) -> FloatRows:
    """列ごとに Kahan の平均を引き、母標準偏差（ddof 0）で割る。一定の列は 0 だけの列にする。

    一定かどうかは第 9 章と同じ numeric.is_constant で決め、一定の列は最初の値を引いて 1 で割る。
    """
    rows = as_rows(x)
    scales = []
    for j in range(len(rows[0])):
        mean, std = mean_and_std([row[j] for row in rows], f"x の {j + 1} 列目")
        scales.append((mean, std if std != 0.0 else 1.0))
    return [
        [(value - mean) / std for value, (mean, std) in zip(row, scales, strict=True)]
        for row in rows
    ]


# --8<-- [end:standardize]
