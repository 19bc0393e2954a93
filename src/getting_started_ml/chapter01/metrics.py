# --8<-- [start:imports]
"""予測の評価: 正解率。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from getting_started_ml.checks import require_no_nan, require_same_length

Label = TypeVar("Label", bound=Hashable)

# --8<-- [end:imports]


# --8<-- [start:accuracy]
def accuracy(actual: Sequence[Label], predicted: Sequence[Label]) -> float:
    """正解率。正解と予測が一致した件数を、全体の件数で割る（scikit-learn と同じく正解が先）。"""
    require_same_length(actual, predicted, "正解", "予測")
    if not actual:
        raise ValueError("正解と予測が 0 件なので正解率を求められません")
    require_no_nan(actual, "正解")
    require_no_nan(predicted, "予測")
    hits = sum(1 for truth, guess in zip(actual, predicted, strict=True) if truth == guess)
    return hits / len(actual)


# --8<-- [end:accuracy]
