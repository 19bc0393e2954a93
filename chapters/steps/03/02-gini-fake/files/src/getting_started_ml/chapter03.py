"""第 3 章: 決定木と明白な実装（iris.csv）。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def gini(labels: Sequence[Hashable]) -> float:
    """ジニ不純度（仮実装）。"""
    return 0.0
