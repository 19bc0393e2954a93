"""第 3 章の決定木: ジニ不純度から始めて、少しずつ決定木を組み立てる。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def gini(labels: Sequence[Hashable]) -> float:
    """ジニ不純度（仮実装）。"""
    return 0.0
