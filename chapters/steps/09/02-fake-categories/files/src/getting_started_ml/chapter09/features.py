"""第 9 章: 特徴量エンジニアリング（Boston.csv、bike.tsv、weather.csv）。"""

from __future__ import annotations

from collections.abc import Iterable


def dummy_categories(values: Iterable[str]) -> list[str]:
    """ダミー変数にするカテゴリ。"""
    return ["low", "very_low"]
