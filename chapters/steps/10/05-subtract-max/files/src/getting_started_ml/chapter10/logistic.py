"""第 10 章: ソフトマックスと、勾配降下法で学ぶ多クラスのロジスティック回帰。"""

import math
from collections.abc import Sequence
from functools import reduce
from operator import add


def sequential_sum(values: Sequence[float]) -> float:
    """左から順に 1 つずつ足す（Python 3.12 以降の sum() の補正を入れない）。"""
    return reduce(add, values, 0.0)


def softmax(z: Sequence[float]) -> list[float]:
    top = max(z)
    exps = [math.exp(score - top) for score in z]
    total = sequential_sum(exps)
    return [value / total for value in exps]
