# --8<-- [start:header]
"""第 13 章のテストで共有する小道具: 他の版と同じ「混ぜたデータ」。"""

from __future__ import annotations

from getting_started_ml.java_random import JavaRandom

# --8<-- [end:header]


# --8<-- [start:mixed-rows]
def mixed_rows() -> list[list[float]]:
    """他の版と同じ「混ぜたデータ」: 2 つの隠れた要因から 4 列を作り、小さな雑音を足す（40 行）。"""
    weights = [(2.0, 0.5), (0.3, 1.0), (1.0, -1.0), (0.0, 0.2)]
    random = JavaRandom(0)
    rows = []
    for _ in range(40):
        b0, b1 = random.next_gaussian(), random.next_gaussian()
        rows.append([w0 * b0 + w1 * b1 + 0.1 * random.next_gaussian() for w0, w1 in weights])
    return rows


# --8<-- [end:mixed-rows]
