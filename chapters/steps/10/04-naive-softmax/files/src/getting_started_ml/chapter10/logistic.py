"""第 10 章: ソフトマックスと、勾配降下法で学ぶ多クラスのロジスティック回帰。"""

import math
from collections.abc import Sequence


def softmax(z: Sequence[float]) -> list[float]:
    exps = [math.exp(score) for score in z]
    total = sum(exps)
    return [value / total for value in exps]
