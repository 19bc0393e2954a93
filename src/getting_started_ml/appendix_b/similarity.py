# --8<-- [start:header]
"""付録 B: ベクトルと分布の近さ（コサイン類似度と距離、2 つの正規分布のフレシェ距離 FID）。"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_numbers,
    require_sequence,
)
from getting_started_ml.java_random import JavaRandom

MAX_GAUSSIAN_ROWS = 100_000
FID_ROWS = 500
_RESCALE_LIMIT = 400
"""共分散の大きさの 2 の指数がこれを超えたら、フレシェ距離は 2 のべき乗で割ってから求める。"""

# --8<-- [end:header]


# --8<-- [start:cosine]
def cosine_similarity(a: Sequence[float], b: Sequence[float]) -> float:
    """a・b / (|a| |b|)。向きが同じなら 1、直交なら 0、逆向きなら −1。大きさは関係ない。"""
    x, y = require_numbers(a, "a"), require_numbers(b, "b")
    if len(x) != len(y) or not x:
        raise ValueError(f"a と b は同じ長さの空でないベクトルです（a {len(x)} 個、b {len(y)} 個）")
    if not (any(x) and any(y)):
        raise ValueError("a か b が零ベクトルなので、向きが決まりません")
    # 向きは大きさによらない。最大の成分が 1 未満になる 2 のべき乗で割ってから（誤差は出ない）
    # 計算すれば、1e-170 や 1e200 の成分でもノルムの積が 0 や無限大にならない。
    x, y = _unit_scale(x), _unit_scale(y)
    norms = math.hypot(*x) * math.hypot(*y)
    value = math.fsum(p * q for p, q in zip(x, y, strict=True)) / norms
    return max(-1.0, min(1.0, value))


def _unit_scale(values: list[float]) -> list[float]:
    """最大の絶対値が 1/2 以上 1 未満になるよう、すべての成分を同じ 2 のべき乗で割る。"""
    shift = -math.frexp(max(abs(value) for value in values))[1]
    return [math.ldexp(value, shift) for value in values]


def cosine_distance(a: Sequence[float], b: Sequence[float]) -> float:
    """1 − コサイン類似度。0（同じ向き）〜 2（逆向き）。"""
    return 1.0 - cosine_similarity(a, b)


# --8<-- [end:cosine]


# --8<-- [start:frechet]
@dataclass(frozen=True)
class Gaussian:
    """多次元の正規分布を、平均ベクトルと共分散行列で表したもの。"""

    mean: np.ndarray
    covariance: np.ndarray


def fit_gaussian(features: Sequence[Sequence[float]]) -> Gaussian:
    """特徴量の行から平均と共分散（n − 1 で割る不偏な推定）を求める。"""
    rows = [require_numbers(row, "features の行") for row in require_sequence(features, "features")]
    if len(rows) < 2:
        raise ValueError(f"features は 2 行以上です（{len(rows)} 行）")
    if len({len(row) for row in rows}) != 1 or not rows[0]:
        raise ValueError("features の行の長さは 1 以上でそろっています")
    array = np.array(rows, dtype=float)
    with np.errstate(all="ignore"):
        mean, covariance = array.mean(axis=0), np.atleast_2d(np.cov(array, rowvar=False))
    if not (np.all(np.isfinite(mean)) and np.all(np.isfinite(covariance))):
        raise ValueError("features の値が大きすぎて、平均か共分散が浮動小数の範囲を超えます")
    return Gaussian(mean, covariance)


def symmetric_sqrt(matrix: np.ndarray) -> np.ndarray:
    """対称で半正定値な行列の平方根（固有値分解で、負の丸め誤差は 0 にする）。"""
    values, vectors = np.linalg.eigh(matrix)
    return np.asarray((vectors * np.sqrt(np.clip(values, 0.0, None))) @ vectors.T)


def frechet_distance(p: Gaussian, q: Gaussian) -> float:
    """|μp − μq|² + tr(Σp + Σq − 2(ΣpΣq)^(1/2))。

    (ΣpΣq)^(1/2) のトレースは、対称な行列 Σp^(1/2) Σq Σp^(1/2) の平方根のトレースと等しいので、
    対称行列の平方根だけで求める。
    """
    if not (isinstance(p, Gaussian) and isinstance(q, Gaussian)):
        raise TypeError(f"p と q は Gaussian です（{type(p).__name__} と {type(q).__name__}）")
    if p.mean.shape != q.mean.shape:
        raise ValueError(f"2 つの分布の次元が違います（{p.mean.shape[0]} と {q.mean.shape[0]}）")
    if not all(np.all(np.isfinite(m)) for m in (p.mean, q.mean, p.covariance, q.covariance)):
        raise ValueError("2 つの分布の平均と共分散は有限の数です")
    shift_exponent = _rescale_exponent(p, q)
    if shift_exponent:
        # 共分散の積は共分散の 2 乗の大きさになり、1e-160 や 1e160 の共分散では下にあふれたり
        # あふれたりする。値を 2 のべき乗 2^k で割り（共分散は 4^k で割る）、距離を 4^k 倍して戻す。
        p, q = (
            Gaussian(np.ldexp(g.mean, -shift_exponent), np.ldexp(g.covariance, -2 * shift_exponent))
            for g in (p, q)
        )
        return math.ldexp(frechet_distance(p, q), 2 * shift_exponent)
    root_p = symmetric_sqrt(p.covariance)
    with np.errstate(all="ignore"):
        product = root_p @ q.covariance @ root_p
    if not np.all(np.isfinite(product)):
        raise ValueError("2 つの分布の共分散が大きすぎて、積が浮動小数の範囲を超えます")
    cross = symmetric_sqrt(product)
    with np.errstate(all="ignore"):
        shift = float(np.sum((p.mean - q.mean) ** 2))
        spread = float(np.trace(p.covariance) + np.trace(q.covariance) - 2 * np.trace(cross))
    if not math.isfinite(shift + spread):
        raise ValueError("2 つの分布の平均か共分散が大きすぎて、距離が浮動小数の範囲を超えます")
    return max(0.0, shift + spread)


def _rescale_exponent(p: Gaussian, q: Gaussian) -> int:
    """共分散の最大の絶対値が 2^±400 の外なら、その平方根の大きさの 2 の指数 k。中なら 0。"""
    largest = max(float(np.max(np.abs(g.covariance))) for g in (p, q))
    exponent = math.frexp(largest)[1]
    if largest == 0.0 or abs(exponent) <= _RESCALE_LIMIT:
        return 0
    return exponent // 2


def fid(real: Sequence[Sequence[float]], generated: Sequence[Sequence[float]]) -> float:
    """本物と生成の特徴量にそれぞれ正規分布を当てはめ、そのフレシェ距離を返す（FID）。"""
    return frechet_distance(fit_gaussian(real), fit_gaussian(generated))


def gaussian_rows(n_rows: int, shift: float, scale: float, seed: int) -> list[list[float]]:
    """2 次元の正規分布の行（各軸が平均 shift、標準偏差 scale で独立）。nextGaussian で作る。"""
    n = require_count(n_rows, "n_rows", minimum=2)
    if n > MAX_GAUSSIAN_ROWS:
        raise ValueError(f"n_rows は {MAX_GAUSSIAN_ROWS} 以下です（n_rows={n}）")
    shift, scale = require_finite(shift, "shift"), require_finite(scale, "scale")
    random = JavaRandom(seed)
    return [[shift + scale * random.next_gaussian() for _ in range(2)] for _ in range(n)]


# --8<-- [end:frechet]
