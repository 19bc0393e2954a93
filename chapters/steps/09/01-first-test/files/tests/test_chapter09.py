"""第 9 章: ダミー変数のテスト（最初の 1 つ）。"""

from __future__ import annotations

from getting_started_ml.chapter09 import dummy_categories


def test_カテゴリは並べ替えて先頭を落とす() -> None:
    assert dummy_categories(["low", "high", "very_low", "low"]) == ["low", "very_low"]
