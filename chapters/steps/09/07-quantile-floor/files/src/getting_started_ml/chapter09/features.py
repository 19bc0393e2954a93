"""第 9 章: 特徴量エンジニアリング（Boston.csv、bike.tsv、weather.csv）。"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from getting_started_ml.chapter02 import Features
from getting_started_ml.numeric import kahan_mean


def dummy_categories(values: Iterable[str]) -> list[str]:
    """空でない値を重複なく文字コード順に並べ、先頭を落とす。"""
    return sorted({value for value in values if value.strip()})[1:]


@dataclass(frozen=True)
class Standardizer:
    """訓練データで学んだ列ごとの平均と標準偏差。"""

    means: dict[str, float]
    stds: dict[str, float]

    @classmethod
    def fit(cls, rows: Sequence[Features]) -> Standardizer:
        """列ごとに平均と母標準偏差（n で割る）を求める。ばらつきが 0 の列の標準偏差は 1.0。"""
        means, stds = {}, {}
        for position, column in enumerate(rows[0].columns):
            values = [row.values[position] for row in rows]
            mean = kahan_mean(values)
            means[column] = mean
            std = math.sqrt(kahan_mean((v - mean) * (v - mean) for v in values))
            stds[column] = std if std > 0.0 else 1.0
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


# --8<-- [start:quantile]
def quantile(values: Sequence[float], q: float) -> float:
    """分位数。並べ替えて (n − 1)·q 番目の値を取る。"""
    ordered = sorted(values)
    return ordered[math.floor((len(ordered) - 1) * q)]


# --8<-- [end:quantile]
