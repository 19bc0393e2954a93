# --8<-- [start:header]
"""付録 C: 第 12 章の主張を確かめる（テスト 30 件でのリッジの勝ち、検証 21 件での alpha の選択）。

行を選び直す（ブートストラップ）には、この本のほかの章と同じ java.util.Random の nextInt を使う。
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from getting_started_ml.appendix_c.java_stream import java_ints
from getting_started_ml.appendix_c.paired import mcnemar_exact
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter12 import (
    ALPHAS,
    BostonDataset,
    best_experiment,
    compare_on_test,
    fit_ridge,
    validation_experiments,
)
from getting_started_ml.checks import (
    require_count,
    require_numbers,
    require_probability,
    require_same_length,
)

BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0
MAX_DRAWS = 200_000
"""選び直しで引く位置（行の数 × 回数）の上限。これを超える計算は何分もかかる。"""
# --8<-- [end:header]


# --8<-- [start:bootstrap]
def resampled_positions(n: int, n_resamples: int, seed: int) -> list[list[int]]:
    """0〜n−1 の位置を、重複を許して n 個ずつ選ぶことを n_resamples 回繰り返す（nextInt(n)）。"""
    require_count(n, "n", minimum=1)
    require_count(n_resamples, "n_resamples", minimum=1)
    if n * n_resamples > MAX_DRAWS:
        raise ValueError(
            f"n × n_resamples が上限 {MAX_DRAWS} を超えます（n={n}、n_resamples={n_resamples}）"
        )
    # JavaRandom(seed).next_int(n) を n × n_resamples 回呼ぶのと同じ列を、numpy でまとめて作る
    return java_ints(seed, n, n * n_resamples).reshape(n_resamples, n).tolist()


def percentile(ordered: Sequence[float], q: float) -> float:
    """小さい順に並べた値の q 分位点。位置 q·(n−1) の両隣を直線で補間する（numpy の既定と同じ）。"""
    ordered = require_numbers(ordered, "ordered")
    if not ordered:
        raise ValueError("ordered が空なので分位点がありません")
    if any(after < before for before, after in itertools.pairwise(ordered)):
        raise ValueError("ordered は小さい順に並べた値です")
    position = require_probability(q, "q") * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    gap = ordered[above] - ordered[below]
    if math.isinf(gap):  # 両隣が float の最大値に近い逆符号の値なら、差をとらずに混ぜる
        return ordered[below] * (1 - fraction) + ordered[above] * fraction
    return ordered[below] + gap * fraction


def percentile_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float]:
    """(1 − confidence)/2 と (1 + confidence)/2 の分位点の組（百分位のブートストラップ区間）。"""
    ordered = sorted(require_numbers(values, "values"))
    if not ordered:
        raise ValueError("values が空なので区間を作れません")
    return percentile(ordered, (1 - confidence) / 2), percentile(ordered, (1 + confidence) / 2)


def resampled_r2(
    actual: Sequence[float], predicted: Sequence[float], positions: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """選び直した行ごとの R²（行列の 1 行が 1 回分）。numpy でまとめて計算する。"""
    truth = np.asarray(actual, dtype=np.float64)[positions]
    guess = np.asarray(predicted, dtype=np.float64)[positions]
    # 同じ値ばかりかは最大と最小で決める。同じ値の平均は丸めで値からずれ、spread は 0 にならない
    # ことがある（そのまま割ると R² が −1e30 のような値になった）。
    if np.any(truth.max(axis=1) == truth.min(axis=1)):
        raise ValueError("選び直した行の正解がすべて同じ値になり、R² が定義できません")
    # R² は単位によらないので、行ごとに正解の幅（最大 − 最小）の 2 の累乗で割る（誤差なく割れる）。
    # 幅が 1e-154 より狭いと 2 乗が 0 に下にあふれ、0 で割っていた（正解 1.0、1e-200、0.0、0.0）
    _, exponents = np.frexp(truth.max(axis=1) - truth.min(axis=1))
    truth, guess = (np.ldexp(values, -exponents[:, np.newaxis]) for values in (truth, guess))
    spread = ((truth - truth.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    result: npt.NDArray[np.float64] = 1.0 - ((truth - guess) ** 2).sum(axis=1) / spread
    return result


def bootstrap_r2_differences(
    actual: Sequence[float],
    predicted_a: Sequence[float],
    predicted_b: Sequence[float],
    n_resamples: int,
    seed: int,
) -> list[float]:
    """同じ行を選び直し、B の R² − A の R² を n_resamples 個求める（対にしたブートストラップ）。"""
    actual = require_numbers(actual, "actual")
    predicted_a = require_numbers(predicted_a, "predicted_a")
    predicted_b = require_numbers(predicted_b, "predicted_b")
    require_same_length(actual, predicted_a, "正解", "A の予測")
    require_same_length(actual, predicted_b, "正解", "B の予測")
    if not actual:
        raise ValueError("actual が空なので選び直せません")
    positions = np.array(resampled_positions(len(actual), n_resamples, seed), dtype=np.int64)
    # R² は単位によらない。正解の大きさの 2 の累乗で割っておけば、2 乗があふれない（誤差も出ない）
    exponent = math.frexp(max(abs(value) for value in actual))[1]
    truth, a, b = (np.ldexp(values, -exponent) for values in (actual, predicted_a, predicted_b))
    differences = _finite_r2(truth, b, positions, "predicted_b") - _finite_r2(
        truth, a, positions, "predicted_a"
    )
    return [float(value) for value in differences]


def _finite_r2(
    actual: npt.NDArray[np.float64],
    predicted: npt.NDArray[np.float64],
    positions: npt.NDArray[np.int64],
    name: str,
) -> npt.NDArray[np.float64]:
    """resampled_r2 の値。予測が外れすぎて R² が float に収まらなければ、name を書いて失敗する。"""
    with np.errstate(over="ignore", invalid="ignore"):
        scores = resampled_r2(actual.tolist(), predicted.tolist(), positions)
    if not np.all(np.isfinite(scores)):
        raise ValueError(f"{name} が正解から離れすぎていて、R² が float に収まりません")
    return scores


# --8<-- [end:bootstrap]


# --8<-- [start:ridge-claim]
@dataclass(frozen=True)
class RidgeClaim:
    """「テストデータでリッジ回帰が線形回帰に勝った」という主張の確かさ。"""

    alpha: float
    linear_score: float
    ridge_score: float
    ridge_closer: int  # 行ごとの二乗誤差でリッジ回帰のほうが小さい行の数
    linear_closer: int
    sign_test_p: float
    interval: tuple[float, float]


def check_ridge_claim(dataset: BostonDataset) -> RidgeClaim:
    """第 12 章のテストデータ 30 件で、符号検定とブートストラップの区間を求める。"""
    chosen = best_experiment(validation_experiments(dataset)).alpha
    comparison = compare_on_test(dataset, chosen)
    triples = zip(comparison.actual, comparison.linear, comparison.ridge, strict=True)
    ridge_closer = linear_closer = 0
    for truth, linear, ridge in triples:
        if (ridge - truth) ** 2 < (linear - truth) ** 2:
            ridge_closer += 1
        elif (linear - truth) ** 2 < (ridge - truth) ** 2:
            linear_closer += 1
    differences = bootstrap_r2_differences(
        comparison.actual,
        comparison.linear,
        comparison.ridge,
        BOOTSTRAP_RESAMPLES,
        BOOTSTRAP_SEED,
    )
    return RidgeClaim(
        alpha=chosen,
        linear_score=comparison.linear_score(),
        ridge_score=comparison.ridge_score(),
        ridge_closer=ridge_closer,
        linear_closer=linear_closer,
        sign_test_p=mcnemar_exact(linear_closer, ridge_closer),
        interval=percentile_interval(differences),
    )


# --8<-- [end:ridge-claim]


# --8<-- [start:selection-claim]
@dataclass(frozen=True)
class SelectionClaim:
    """検証データ 21 件で 5 つの alpha から 1 つを選ぶことの確かさ。"""

    chosen: float
    validation_scores: dict[float, float]
    wins: dict[float, int]  # 検証データを選び直したとき、各 alpha が最良になった回数
    test_scores: dict[float, float]  # 選んだあとで見る、各 alpha のテストデータの R²


def check_alpha_selection(dataset: BostonDataset) -> SelectionClaim:
    """検証データの行を選び直して選択をやり直し、各 alpha が選ばれる回数を数える。"""
    experiments = validation_experiments(dataset)
    models = {alpha: fit_ridge(dataset.x_train, dataset.t_train, alpha) for alpha in ALPHAS}
    valid_predictions = {alpha: model.predict(dataset.x_valid) for alpha, model in models.items()}
    positions = np.array(
        resampled_positions(len(dataset.t_valid), BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED),
        dtype=np.int64,
    )
    scores = np.stack(
        [resampled_r2(dataset.t_valid, valid_predictions[alpha], positions) for alpha in ALPHAS]
    )
    # 同じ値なら小さい alpha が勝つ（第 12 章と同じ）。argmax は最初の最大を返す。
    winners = scores.argmax(axis=0)
    wins = {alpha: int((winners == index).sum()) for index, alpha in enumerate(ALPHAS)}
    return SelectionClaim(
        chosen=best_experiment(experiments).alpha,
        validation_scores={e.alpha: e.validation_score for e in experiments},
        wins=wins,
        test_scores={
            alpha: r2_score(dataset.t_test, model.predict(dataset.x_test))
            for alpha, model in models.items()
        },
    )


# --8<-- [end:selection-claim]
