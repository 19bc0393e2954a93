"""第 1 章: 機械学習と最初のテスト（KvsT.csv）のテスト。"""

from __future__ import annotations

from getting_started_ml.chapter01 import Person, parse_people


def test_BOM付きのCSVの1行を1人として読む() -> None:
    text = "\ufeff身長,体重,年代,派閥\n165,58,30,きのこ\n"
    assert parse_people(text) == [Person(165, 58, 30, "きのこ")]
