# --8<-- [start:imports]
"""第 3 章の実験: 第 2 章で分けたアヤメのデータ（iris.csv）で、深さごとの正解率を確かめる。"""

from __future__ import annotations

from getting_started_ml.chapter01 import accuracy
from getting_started_ml.chapter02 import IRIS, Table, prepare_iris
from getting_started_ml.chapter03.tree import DecisionTree, build_tree, format_tree
from getting_started_ml.numeric import format_fixed

# --8<-- [end:imports]

# --8<-- [start:main]
DEPTHS: tuple[tuple[str, int | None], ...] = (
    ("1", 1),
    ("2", 2),
    ("3", 3),
    ("4", 4),
    ("5", 5),
    ("制限なし", None),
)
SHOWN_DEPTH = 2


def main() -> None:
    """深さごとの正解率の表と、深さ 2 の決定木を表示する。"""
    split = prepare_iris(Table.load(IRIS))
    print("深さ\t訓練データ\tテストデータ")
    for name, depth in DEPTHS:
        model = DecisionTree[str](depth).fit(split.x_train, split.t_train)
        train = accuracy(split.t_train, model.predict(split.x_train))
        test = accuracy(split.t_test, model.predict(split.x_test))
        print(f"{name}\t{format_fixed(train, 4)}\t{format_fixed(test, 4)}")
    shown = build_tree(split.x_train, split.t_train, split.x_train[0].columns, SHOWN_DEPTH)
    print()
    print(f"深さ {SHOWN_DEPTH} の決定木:")
    print(format_tree(shown))


# --8<-- [end:main]
