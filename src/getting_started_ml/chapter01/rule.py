# --8<-- [start:rule-constants]
"""人が決めた規則による予測: 年代が 20 ならきのこ派、それ以外はたけのこ派。"""

from __future__ import annotations

from getting_started_ml.chapter01.people import Features

KINOKO = "きのこ"
TAKENOKO = "たけのこ"
KINOKO_AGE_GROUP = 20
# --8<-- [end:rule-constants]


# --8<-- [start:predict]
def predict_by_rule(features: Features) -> str:
    """年代が 20 ならきのこ派、それ以外はたけのこ派と判定する。"""
    if not isinstance(features, Features):
        raise TypeError(f"features は Features です（{type(features).__name__} が渡されました）")
    return KINOKO if features.age_group == KINOKO_AGE_GROUP else TAKENOKO


# --8<-- [end:predict]
