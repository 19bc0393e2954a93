# --8<-- [start:header]
"""付録 B: 次元の呪い（空間を覆う区画の数、内接球の体積の割合、距離の集中）。"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from getting_started_ml.checks import require_count, require_numbers, require_sequence
from getting_started_ml.java_random import JavaRandom

MAX_DIGITS = 10_000
"""cells_to_cover が返す数の桁数の上限。これより大きな数は作らずに失敗する。"""
MAX_VALUES = 1_000_000
"""uniform_points が作る数の個数（点の数 × 次元）の上限。"""

# --8<-- [end:header]


# --8<-- [start:cells-and-ball]
def cells_to_cover(dimension: int, per_axis: int = 10) -> int:
    """各軸を per_axis 個に区切って空間を覆うのに要る区画の数（per_axis の dimension 乗）。"""
    base = require_count(per_axis, "per_axis", minimum=1)
    exponent = require_count(dimension, "dimension", minimum=1)
    if exponent * math.log10(base) > MAX_DIGITS:
        raise ValueError(
            f"per_axis の dimension 乗は {MAX_DIGITS} 桁を超えます"
            f"（per_axis={base}、dimension={exponent}）"
        )
    cells: int = base**exponent
    return cells


def ball_volume_ratio(dimension: int) -> float:
    """立方体 [−1, 1]^D の体積のうち、内接する半径 1 の球が占める割合。

    球の体積 π^(D/2) / Γ(D/2 + 1) を立方体の体積 2^D で割る。大きな D でもあふれないよう、
    対数（math.lgamma）で計算してから指数に戻す。
    """
    d = require_count(dimension, "dimension", minimum=1)
    log_ratio = d / 2 * math.log(math.pi) - math.lgamma(d / 2 + 1) - d * math.log(2)
    return math.exp(log_ratio)


# --8<-- [end:cells-and-ball]


# --8<-- [start:sampling]
def uniform_points(n_points: int, dimension: int, seed: int) -> list[list[float]]:
    """[0, 1)^D の一様な点を n_points 個、java.util.Random の nextDouble で 1 行ずつ作る。"""
    n = require_count(n_points, "n_points", minimum=1)
    d = require_count(dimension, "dimension", minimum=1)
    if n * d > MAX_VALUES:
        raise ValueError(f"n_points × dimension は {MAX_VALUES} 以下です（{n} × {d}）")
    random = JavaRandom(seed)
    return [[random.next_double() for _ in range(d)] for _ in range(n)]


def share_inside_ball(n_points: int, dimension: int, seed: int) -> float:
    """[−1, 1)^D に一様に打った点のうち、原点からの距離が 1 以下の点の割合。"""
    points = uniform_points(n_points, dimension, seed)
    inside = sum(1 for point in points if math.fsum((2 * u - 1) ** 2 for u in point) <= 1.0)
    return inside / len(points)


# --8<-- [end:sampling]


# --8<-- [start:distance-ratio]
def distance_ratio(points: Sequence[Sequence[float]]) -> float:
    """各点から見た「いちばん遠い点までの距離 ÷ いちばん近い点までの距離」の、全点での平均。

    1 に近いほど、近い点と遠い点の区別がつかない（距離の集中）。
    """
    array = point_array(points)
    differences = array[:, None, :] - array[None, :, :]
    distances = np.sqrt((differences**2).sum(axis=2))
    np.fill_diagonal(distances, np.nan)
    nearest = np.nanmin(distances, axis=1)
    if np.any(nearest == 0.0):
        raise ValueError("points に同じ点が 2 つあるので、いちばん近い点までの距離が 0 です")
    return float(np.mean(np.nanmax(distances, axis=1) / nearest))


def point_array(points: Sequence[Sequence[float]]) -> np.ndarray:
    """2 点以上の、長さのそろった有限の数の行を、numpy の配列にする。"""
    rows = [require_numbers(row, "points の行") for row in require_sequence(points, "points")]
    if len(rows) < 2:
        raise ValueError(f"points は 2 点以上です（{len(rows)} 点）")
    widths = {len(row) for row in rows}
    if len(widths) != 1 or 0 in widths:
        raise ValueError(f"points の行の長さは 1 以上でそろっています（長さ {sorted(widths)}）")
    return np.array(rows, dtype=float)


# --8<-- [end:distance-ratio]
