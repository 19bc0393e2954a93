"""リストと numpy の配列の受け渡し（章をまたぐ 1 か所の境目）。

公開関数は、数のリストのリストも 2 次元の numpy 配列も受け取る。受け取った表は入口で as_rows に
通し、有限の float の行のリスト（FloatRows）にそろえる。numpy で計算する章は as_array で
float64 の配列（FloatArray）にする。章のコードの中では、そろえたあとの形だけを扱う。
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

FloatArray: TypeAlias = npt.NDArray[np.float64]
"""float64 の numpy 配列（1 次元でも 2 次元でも）。"""

FloatRows: TypeAlias = list[list[float]]
"""有限の float の行のリスト。どの行も同じ長さ（as_rows がそろえる）。"""

RowsLike: TypeAlias = "Sequence[Sequence[float]] | npt.NDArray[Any]"
"""公開関数が受け取る表: 数のリストのリストか、2 次元の numpy 配列。"""


# --8<-- [start:as-rows]
def as_rows(x: object, name: str = "x") -> FloatRows:
    """リストのリストか 2 次元の numpy 配列を、有限の float の行のリストにする。

    空の表、長さの違う行、数でないセル、NaN や無限大は、どこが悪いかを書いて失敗する。
    """
    if isinstance(x, str | bytes) or not isinstance(x, Iterable):
        raise TypeError(
            f"{name} は数の行の並び（リストのリストか 2 次元配列）です（{type(x).__name__}）"
        )
    rows = [_as_row(row, name, number) for number, row in enumerate(x, 1)]
    if not rows:
        raise ValueError(f"{name} に行が 1 つもありません")
    width = len(rows[0])
    if width == 0:
        raise ValueError(f"{name} に列が 1 つもありません")
    for number, row in enumerate(rows, 1):
        if len(row) != width:
            raise ValueError(
                f"{name} の {number} 行目の長さが {len(row)} で、1 行目の {width} と違います"
            )
    return rows


def _as_row(row: object, name: str, number: int) -> list[float]:
    """1 行を float のリストにする。"""
    if isinstance(row, str | bytes) or not isinstance(row, Iterable):
        raise TypeError(f"{name} の {number} 行目は数の並びです（{type(row).__name__}）")
    values = []
    for cell in row:
        if isinstance(cell, bool) or not isinstance(cell, int | float | np.integer | np.floating):
            raise TypeError(f"{name} の {number} 行目に数でないセルがあります（{cell!r}）")
        value = float(cell)
        if not math.isfinite(value):
            raise ValueError(f"{name} の {number} 行目に有限でない数があります（{value}）")
        values.append(value)
    return values


# --8<-- [end:as-rows]


def as_array(x: object, name: str = "x") -> FloatArray:
    """as_rows で確かめた表を、float64 の 2 次元配列にする。"""
    return np.array(as_rows(x, name), dtype=np.float64)
