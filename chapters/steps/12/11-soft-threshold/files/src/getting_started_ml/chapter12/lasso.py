# --8<-- [start:header]
"""第 12 章: ラッソ回帰（書き始め）。"""

from __future__ import annotations

from getting_started_ml.chapter12.regularization import real_value, require_alpha

# --8<-- [end:header]


def soft_threshold(value: float, threshold: float) -> float:
    """軟しきい値: |value| が threshold 以下なら 0、そうでなければ threshold だけ 0 に近づける。"""
    v = real_value(value, "value")
    a = require_alpha(threshold, "threshold")
    if v > a:
        return v - a
    if v < -a:
        return v + a
    return 0.0
