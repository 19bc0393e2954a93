# --8<-- [start:header]
"""付録 B を scikit-learn と pandas で書くと: iris の木の指標表と、Survived の木の AP。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pandas as pd
from sklearn.metrics import average_precision_score, classification_report

# --8<-- [end:header]


# --8<-- [start:idiomatic]
def classification_table(actual: Sequence[Hashable], predicted: Sequence[Hashable]) -> pd.DataFrame:
    """クラスごとの指標と 3 通りの平均を、classification_report から 1 つの表にする。"""
    report = classification_report(actual, predicted, output_dict=True, zero_division=0.0)
    table = pd.DataFrame(report).transpose()
    # 1 行 1 ラベルなら micro avg は正解率と同じなので、scikit-learn は accuracy の 1 行だけを出す。
    return table.drop(index="accuracy").rename(
        index={"macro avg": "マクロ平均", "weighted avg": "重み付き平均"}
    )


def survived_average_precision(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """補間しない AP。自作の average_precision と同じ定義。"""
    return float(average_precision_score(labels, scores))


# --8<-- [end:idiomatic]
