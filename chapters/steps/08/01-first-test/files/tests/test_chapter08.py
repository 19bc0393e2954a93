from collections.abc import Sequence

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08 import GroupMedianImputer

AGE_COLUMNS = ("Pclass", "Sex", "Age")


def table(columns: Sequence[str], *rows: Sequence[str]) -> Table:
    """列名とセル（文字列）の並びから表を作る。空文字は欠損値。"""
    return Table.of(columns, rows)


def ages(data: Table) -> list[float]:
    """Age の列を数にして取り出す。"""
    return [float(row.text("Age")) for row in data.rows]


def fit_ages(data: Table) -> Table:
    """(Pclass, Sex) ごとの中央値で Age を埋める補完器を、data で学習して data を変換する。"""
    return GroupMedianImputer("Age", ("Pclass", "Sex")).fit(data).transform(data)


def test_年齢の欠損は同じグループの中央値で埋める() -> None:
    data = table(AGE_COLUMNS, ("1", "female", "20"), ("1", "female", "30"),
                 ("1", "female", "70"), ("1", "female", ""))  # fmt: skip

    assert ages(fit_ages(data)) == [20, 30, 70, 30]
