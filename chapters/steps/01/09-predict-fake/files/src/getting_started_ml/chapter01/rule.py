"""人が決めた規則による予測。"""

from __future__ import annotations

from getting_started_ml.chapter01.people import Features


# --8<-- [start:predict-fake]
def predict_by_rule(features: Features) -> str:
    """年代から派閥を判定する（仮実装）。"""
    return "きのこ"


# --8<-- [end:predict-fake]
