# --8<-- [start:header]
"""付録 C: 選んだだけで点が上がること（選択の偏り）のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.appendix_c import (
    best_of_k_exact,
    best_of_k_simulated,
    best_of_k_simulated_reference,
    significance_threshold,
)

# 資料のシミュレーション（20,000 回）の値: k → 選ばれた版の点、有意と出た割合
SEED_TABLE = {
    1: (0.6997, 0.0200),
    2: (0.7115, 0.0428),
    5: (0.7239, 0.1062),
    10: (0.7315, 0.1976),
    20: (0.7379, 0.3553),
    50: (0.7456, 0.6680),
}
# --8<-- [end:header]


# --8<-- [start:test-exact]
def test_候補が1つなら選んでも点は上がらない() -> None:
    assert best_of_k_exact(1, 500, 0.7).best_score == pytest.approx(0.7, abs=1e-12)


@pytest.mark.parametrize("k", sorted(SEED_TABLE))
def test_正確な期待値は資料のシミュレーションとその誤差の範囲で合う(k: int) -> None:
    score, significant = SEED_TABLE[k]
    exact = best_of_k_exact(k, 500, 0.7)
    # 20,000 回の平均の標準誤差は約 0.00015、割合の標準誤差は最大で約 0.0035。
    assert exact.best_score == pytest.approx(score, abs=0.0006)
    assert exact.significant_share == pytest.approx(significant, abs=0.0045)


def test_有意と判定する正解数は片側2_5パーセントの境目() -> None:
    assert significance_threshold(500, 0.7) == 371


# --8<-- [end:test-exact]


# --8<-- [start:test-simulate]
@pytest.mark.parametrize("k", [1, 3, 20])
def test_numpy版のシミュレーションは1回ずつ引いた版と同じ(k: int) -> None:
    assert best_of_k_simulated(k, 500, 0.7, 300, k) == best_of_k_simulated_reference(
        k, 500, 0.7, 300, k
    )


def test_シミュレーションは正確な値に近く測り直すと元に戻る() -> None:
    simulated = best_of_k_simulated(20, 500, 0.7, 20_000, 20)
    assert simulated.best_score == pytest.approx(best_of_k_exact(20, 500, 0.7).best_score, abs=6e-4)
    assert simulated.remeasured == pytest.approx(0.7, abs=6e-4)


# --8<-- [end:test-simulate]


def test_候補が0個なら失敗する() -> None:
    with pytest.raises(ValueError, match=r"k は 1 以上"):
        best_of_k_exact(0, 500, 0.7)
