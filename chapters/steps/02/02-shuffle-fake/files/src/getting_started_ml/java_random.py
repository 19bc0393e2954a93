"""java.util.Random と Collections.shuffle を Python に移したもの。"""

from __future__ import annotations

from collections.abc import Iterable


# --8<-- [start:fake]
def shuffle(items: Iterable[int], seed: int) -> list[int]:
    """Collections.shuffle(list, new Random(seed)) と同じ順（仮実装）。"""
    return [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]


# --8<-- [end:fake]
