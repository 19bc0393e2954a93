"""第 9 章: 特徴量エンジニアリング（Boston.csv、bike.tsv、weather.csv）。"""

from __future__ import annotations

# --8<-- [start:imports]
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Features
from getting_started_ml.numeric import kahan_mean

# --8<-- [end:imports]


def dummy_categories(values: Iterable[str]) -> list[str]:
    """空でない値を重複なく文字コード順に並べ、先頭を落とす。"""
    return sorted({value for value in values if value.strip()})[1:]


# --8<-- [start:standardizer]
@dataclass(frozen=True)
class Standardizer:
    """訓練データで学んだ列ごとの平均と標準偏差。"""

    means: dict[str, float]
    stds: dict[str, float]

    @classmethod
    def fit(cls, rows: Sequence[Features]) -> Standardizer:
        """列ごとに平均と母標準偏差（n で割る）を求める。"""
        means, stds = {}, {}
        for position, column in enumerate(rows[0].columns):
            values = [row.values[position] for row in rows]
            mean = kahan_mean(values)
            means[column] = mean
            stds[column] = math.sqrt(kahan_mean((v - mean) * (v - mean) for v in values))
        return cls(means, stds)

    def transform(self, rows: Sequence[Features]) -> list[Features]:
        """行ごとに (値 − 平均) / 標準偏差 にする。"""
        return [
            Features(
                row.columns,
                tuple(
                    (value - self.means[column]) / self.stds[column]
                    for column, value in zip(row.columns, row.values, strict=True)
                ),
            )
            for row in rows
        ]


# --8<-- [end:standardizer]
