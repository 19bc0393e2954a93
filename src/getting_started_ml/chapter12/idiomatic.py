# --8<-- [start:header]
"""第 12 章の実験を、実務の書き方（pandas と scikit-learn のパイプライン）で書き直したもの。

行の分け方だけは自作の three_way_positions（java.util.Random と同じ乱数）を使い、
自作の結果と比べられるようにする。
python -m getting_started_ml.chapter12.idiomatic で、章のコマンドと同じ形の表と結果を表示する。
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
from sklearn.linear_model import Lasso, Ridge
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from getting_started_ml.chapter12.experiment import (
    ALPHAS,
    BOSTON,
    LASSO_ALPHA,
    TABLE_HEADER,
    experiment_line,
)
from getting_started_ml.chapter12.features import FEATURES, OUTLIER_THRESHOLD, TARGET
from getting_started_ml.chapter12.features import three_way_positions as java_positions
from getting_started_ml.chapter12.selection import Experiment
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import data_path
from getting_started_ml.numeric import format_fixed


@dataclass(frozen=True)
class IdiomaticResult:
    """alpha ごとの表（alpha・train・validation・abs_sum の列）と、選んだ alpha とテストの R²。"""

    kept_rows: int
    removed_rows: int
    sizes: tuple[int, int, int]
    feature_names: list[str]
    scores: pd.DataFrame
    chosen_alpha: float
    linear_test_score: float
    ridge_test_score: float
    lasso_coefficients: list[float]
    lasso_zero_names: list[str]


# --8<-- [end:header]


# --8<-- [start:idiomatic]
def polynomial_model(regressor: Any) -> Pipeline:
    """標準化 → 2 次の項 → 回帰、のパイプライン。"""
    return make_pipeline(StandardScaler(), PolynomialFeatures(2, include_bias=False), regressor)


def drop_outliers(frame: pd.DataFrame) -> pd.DataFrame:
    """4 つの列のどれかで |z| が 3 を超える行を除く。pandas の std() は n − 1 で割る。"""
    columns = [*FEATURES, TARGET]
    z = (frame[columns] - frame[columns].mean()) / frame[columns].std()
    return frame[(z.abs() <= OUTLIER_THRESHOLD).all(axis=1)].reset_index(drop=True)


def idiomatic_experiment() -> IdiomaticResult:
    """pandas で読み、自作と同じ位置で 3 つに分け、alpha を検証データで選ぶ。"""
    raw = pd.read_csv(data_path(BOSTON))
    frame = drop_outliers(raw)
    positions = java_positions(len(frame))
    train, valid, test = (
        frame.iloc[rows] for rows in (positions.train, positions.validation, positions.test)
    )
    x, t = list(FEATURES), TARGET
    records = []
    for alpha in ALPHAS:
        model = polynomial_model(Ridge(alpha=alpha)).fit(train[x], train[t])
        records.append(
            {
                "alpha": alpha,
                "train": model.score(train[x], train[t]),
                "validation": model.score(valid[x], valid[t]),
                "abs_sum": abs(model[-1].coef_).sum(),
            }
        )
    scores = pd.DataFrame(records)
    chosen = float(scores["alpha"].iloc[scores["validation"].to_numpy().argmax()])  # 同点なら先の行
    linear = polynomial_model(Ridge(alpha=0.0)).fit(train[x], train[t])
    ridge = polynomial_model(Ridge(alpha=chosen)).fit(train[x], train[t])
    lasso = polynomial_model(Lasso(alpha=LASSO_ALPHA)).fit(train[x], train[t])
    names = lasso[:-1].get_feature_names_out()
    return IdiomaticResult(
        kept_rows=len(frame),
        removed_rows=len(raw) - len(frame),
        sizes=(len(train), len(valid), len(test)),
        feature_names=[str(name) for name in names],
        scores=scores,
        chosen_alpha=chosen,
        linear_test_score=linear.score(test[x], test[t]),
        ridge_test_score=ridge.score(test[x], test[t]),
        lasso_coefficients=[float(w) for w in lasso[-1].coef_],
        lasso_zero_names=[str(name) for name in names[lasso[-1].coef_ == 0]],
    )


# --8<-- [end:idiomatic]


# --8<-- [start:report]
def report(result: IdiomaticResult) -> list[str]:
    """章のコマンド（12.11 節）と同じ形の行に並べる。"""
    n_train, n_valid, n_test = result.sizes
    columns = result.scores[["alpha", "train", "validation", "abs_sum"]].to_numpy(dtype=float)
    experiments = [Experiment(*(float(value) for value in row)) for row in columns]
    return [
        f"データ件数: {result.kept_rows}（外れ値 {result.removed_rows} 件を除外）",
        f"訓練データ: {n_train} 件, 検証データ: {n_valid} 件, テストデータ: {n_test} 件",
        f"特徴量: {', '.join(result.feature_names)}",
        TABLE_HEADER,
        *(experiment_line(experiment) for experiment in experiments),
        f"検証データで選んだ alpha: {result.chosen_alpha!r}",
        f"テストデータの決定係数: 線形回帰 {format_fixed(result.linear_test_score, 4)}, "
        f"リッジ回帰 {format_fixed(result.ridge_test_score, 4)}",
        f"ラッソ回帰（alpha={LASSO_ALPHA!r}）で係数が 0 になった特徴量: "
        f"{', '.join(result.lasso_zero_names)}",
    ]


def main() -> None:
    """pandas と scikit-learn で書いた実験の結果を、章のコマンドと同じ形で表示する。"""
    for line in report(idiomatic_experiment()):
        print(line)


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:report]
