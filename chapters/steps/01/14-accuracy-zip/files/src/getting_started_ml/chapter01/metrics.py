"""予測の評価: 正解率。"""

from __future__ import annotations


# --8<-- [start:accuracy-zip]
def accuracy(actual: list[str], predicted: list[str]) -> float:
    """正解率。正解と予測が一致した件数を、全体の件数で割る。"""
    hits = sum(1 for truth, guess in zip(actual, predicted) if truth == guess)  # noqa: B905
    return hits / len(actual)


# --8<-- [end:accuracy-zip]
