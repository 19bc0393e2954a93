# --8<-- [start:header]
"""付録 C を scipy と pandas で書くと: 深さ 2 と 3 の木の比べ方を、ライブラリの関数で求める。

予測は自作の木の交差検証の予測（applied.out_of_fold_predictions）をそのまま使う。
ここで入れ替えるのは統計の計算だけである。
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pandas as pd
from scipy import stats

# --8<-- [end:header]


# --8<-- [start:idiomatic]
@dataclass(frozen=True)
class LibraryComparison:
    """scipy と pandas で求めた値。"""

    table: dict[str, dict[str, int]]  # 行: A の正誤、列: B の正誤
    mcnemar_p: float
    wilson_a: tuple[float, float]
    seed_interval: tuple[float, float]


def compare_with_libraries(
    actual: Sequence[Hashable],
    predictions_a: Sequence[Hashable],
    predictions_b: Sequence[Hashable],
    seed_scores_a: Sequence[float],
    seed_scores_b: Sequence[float],
) -> LibraryComparison:
    """pandas の crosstab で 2×2 の表を作り、scipy の二項検定と対応のある t 検定を使う。"""
    frame = pd.DataFrame({"actual": actual, "a": predictions_a, "b": predictions_b})
    correct_a = (frame["a"] == frame["actual"]).rename("A が正解")
    correct_b = (frame["b"] == frame["actual"]).rename("B が正解")
    table = pd.crosstab(correct_a, correct_b).reindex(
        index=[False, True], columns=[False, True], fill_value=0
    )
    counts = table.to_numpy().tolist()  # 行も列も False, True の順
    only_a, only_b = int(counts[1][0]), int(counts[0][1])
    mcnemar = stats.binomtest(only_a, only_a + only_b, 0.5)
    wilson = stats.binomtest(int(correct_a.sum()), len(frame)).proportion_ci(method="wilson")
    # B − A の向きにするため、B を先に渡す。
    paired = stats.ttest_rel(seed_scores_b, seed_scores_a).confidence_interval(0.95)
    return LibraryComparison(
        table={
            str(row): {
                str(column): int(value) for column, value in zip(table.columns, values, strict=True)
            }
            for row, values in zip(table.index, counts, strict=True)
        },
        mcnemar_p=float(mcnemar.pvalue),
        wilson_a=(float(wilson.low), float(wilson.high)),
        seed_interval=(float(paired.low), float(paired.high)),
    )


# --8<-- [end:idiomatic]
