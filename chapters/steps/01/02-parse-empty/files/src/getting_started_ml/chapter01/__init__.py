"""第 1 章: 機械学習と最初のテスト（KvsT.csv）。"""

from getting_started_ml.chapter01.people import Person, parse_people

__all__ = [
    "Person",
    "parse_people",
]
