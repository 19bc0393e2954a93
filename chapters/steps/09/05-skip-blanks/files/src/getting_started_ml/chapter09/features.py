"""第 9 章: 特徴量エンジニアリング（Boston.csv、bike.tsv、weather.csv）。"""

from __future__ import annotations

from collections.abc import Iterable


def dummy_categories(values: Iterable[str]) -> list[str]:
    """空でない値を重複なく文字コード順に並べ、先頭を落とす。"""
    return sorted({value for value in values if value.strip()})[1:]
