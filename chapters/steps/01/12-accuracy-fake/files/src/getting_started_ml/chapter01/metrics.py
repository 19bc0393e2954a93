"""予測の評価: 正解率。"""

from __future__ import annotations


# --8<-- [start:accuracy-fake]
def accuracy(actual: list[str], predicted: list[str]) -> float:
    """正解率（仮実装）。"""
    return 0.75


# --8<-- [end:accuracy-fake]
