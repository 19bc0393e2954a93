"""第 2 章の表と特徴量を作る hypothesis の戦略（第 2 章より後の章の頑健さのテストも使う）。"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hypothesis import strategies as st

from getting_started_ml.chapter02 import Features, Table
from support.robustness import finite_numbers

CELLS = ["", " ", "1", "-2.5", "0", "nan", "inf", "-inf", "1e309", "abc", "1e308", "3"]
COLUMNS = ["a", "b", "c"]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """列 a・b・c と、欠損・文字・無限大の混ざったセルの表。"""
    n_rows = draw(st.integers(0, 6))
    rows = [[draw(st.sampled_from(CELLS)) for _ in COLUMNS] for _ in range(n_rows)]
    return Table.of(COLUMNS, rows)


@st.composite
def feature_rows(draw: st.DrawFn, columns: Sequence[str] = ("a", "b")) -> list[Features]:
    """列名のそろった特徴量の行（値は極端な数も含む）。"""
    n_rows = draw(st.integers(0, 7))
    values = st.one_of(finite_numbers(), st.sampled_from([math.inf, 1e308, 0.0, 1.0]))
    return [Features(tuple(columns), tuple(draw(values) for _ in columns)) for _ in range(n_rows)]
