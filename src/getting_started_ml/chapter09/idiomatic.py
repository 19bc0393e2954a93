# --8<-- [start:header]
"""第 9 章を pandas と scikit-learn で書くと。

自作の chapter09 と同じ実験を、ふだんの道具（pandas の get_dummies・merge・groupby、scikit-learn の
PolynomialFeatures・StandardScaler・LinearRegression）で書く。分割だけは本と同じ行にするため、
Java 版と同じ乱数の並べ替え（shuffled_positions）で決めた行の位置を渡す。
本の章のコマンド（python -m getting_started_ml.chapter09）はこのファイルを読み込まないので、
pandas と scikit-learn はふだんどおりファイルの先頭で読み込む。
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

from getting_started_ml.chapter02 import count_test_rows
from getting_started_ml.chapter09 import (
    BIKE,
    BOSTON,
    CATEGORY,
    COLUMNS,
    DEFAULT_K,
    FEATURE_SETS,
    SEED,
    SQUARES,
    TARGET,
    TEST_SIZE,
    WEATHER,
    WEATHER_KEY,
    WEATHER_NAME,
    Scores,
    format_small,
    score_line,
    weather_line,
)
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import data_path
from getting_started_ml.java_random import shuffled_positions


@dataclass(frozen=True)
class BostonSplit:
    """pandas の表で持つ、補完済みの訓練データとテストデータ。"""

    x_train: pd.DataFrame
    x_test: pd.DataFrame
    y_train: pd.Series
    y_test: pd.Series


# --8<-- [end:header]


# --8<-- [start:split]
def split_positions(n_rows: int, test_size: float, seed: int) -> tuple[list[int], list[int]]:
    """本と同じ行の位置（訓練データ、テストデータ）。Java 版と同じ並べ替えの先頭が訓練データ。"""
    positions = shuffled_positions(n_rows, seed)
    n_train = n_rows - count_test_rows(n_rows, test_size)
    return positions[:n_train], positions[n_train:]


def boston_split(
    boston: pd.DataFrame, test_size: float = TEST_SIZE, seed: int = SEED
) -> BostonSplit:
    """CRIME を get_dummies でダミー変数にし、本と同じ行で分け、訓練データの平均で補完する。"""
    encoded = pd.get_dummies(boston, columns=[CATEGORY], drop_first=True, dtype=float)
    x, y = encoded.drop(columns=TARGET), encoded[TARGET]
    train, test = split_positions(len(encoded), test_size, seed)
    means = x.iloc[train].mean()
    return BostonSplit(
        x.iloc[train].fillna(means), x.iloc[test].fillna(means), y.iloc[train], y.iloc[test]
    )


# --8<-- [end:split]


# --8<-- [start:pipeline]
def feature_set_pipeline(terms: Sequence[str]) -> Pipeline:
    """2 次の項を作り、使う項を選び、標準化して、線形回帰する。"""
    pick = ColumnTransformer(
        [("terms", "passthrough", list(terms))], verbose_feature_names_out=False
    )
    pipeline = make_pipeline(
        PolynomialFeatures(degree=2, include_bias=False), pick, StandardScaler(), LinearRegression()
    )
    return pipeline.set_output(transform="pandas")


def score_terms(split: BostonSplit, terms: Sequence[str]) -> Scores:
    """COLUMNS の 3 列から terms の項を使って学び、訓練データとテストデータの R² を測る。"""
    pipeline = feature_set_pipeline(terms).fit(split.x_train[COLUMNS], split.y_train)
    return Scores(
        float(pipeline.score(split.x_train[COLUMNS], split.y_train)),
        float(pipeline.score(split.x_test[COLUMNS], split.y_test)),
    )


# --8<-- [end:pipeline]


# --8<-- [start:outliers]
def without_target_outliers(split: BostonSplit, k: float = DEFAULT_K) -> BostonSplit:
    """訓練データの正解の四分位数から外れ値を決め、訓練データの行だけを除く。"""
    q1, q3 = split.y_train.quantile([0.25, 0.75])
    iqr = q3 - q1
    keep = split.y_train.between(q1 - k * iqr, q3 + k * iqr)  # 境界ちょうどは残す
    return BostonSplit(split.x_train[keep], split.x_test, split.y_train[keep], split.y_test)


# --8<-- [end:outliers]


# --8<-- [start:weather]
def read_bike_and_weather() -> tuple[pd.DataFrame, pd.DataFrame]:
    """bike.tsv はタブ区切り、weather.csv は Shift_JIS として読む。"""
    bike = pd.read_csv(data_path(BIKE), sep="\t")
    weather = pd.read_csv(data_path(WEATHER), encoding="shift_jis")
    return bike, weather


def mean_count_by_weather(bike: pd.DataFrame, weather: pd.DataFrame) -> list[tuple[str, float]]:
    """天気の番号で内部結合し、天気ごとの利用者数の平均を大きい順に並べる。"""
    joined = bike.merge(weather, on=WEATHER_KEY, how="inner", validate="many_to_one")
    means = joined.groupby(WEATHER_NAME)["cnt"].mean().sort_values(ascending=False, kind="stable")
    return [(str(name), float(mean)) for name, mean in means.items()]


# --8<-- [end:weather]


# --8<-- [start:experiment]
@dataclass(frozen=True)
class Experiment:
    """pandas と scikit-learn で求めた、本の 10 行に載る値。"""

    sizes: tuple[int, int]
    feature_names: list[str]
    rm_mean: float
    rm_std: float
    scores: list[Scores]
    n_outliers: int
    without_outliers: Scores
    weather_means: list[tuple[str, float]]


def standardized_rm(x_train: pd.DataFrame) -> tuple[float, float]:
    """StandardScaler で訓練データを標準化し、RM の平均と母標準偏差（ddof=0）を測る。"""
    scaled = StandardScaler().set_output(transform="pandas").fit_transform(x_train)
    return float(scaled["RM"].mean()), float(scaled["RM"].std(ddof=0))


def run_experiment() -> Experiment:
    """Boston.csv・bike.tsv・weather.csv で、本と同じ実験をする。"""
    split = boston_split(pd.read_csv(data_path(BOSTON)))
    reduced = without_target_outliers(split)
    rm_mean, rm_std = standardized_rm(split.x_train)
    return Experiment(
        sizes=(len(split.x_train), len(split.x_test)),
        feature_names=[str(name) for name in split.x_train.columns],
        rm_mean=rm_mean,
        rm_std=rm_std,
        scores=[score_terms(split, terms) for _, terms in FEATURE_SETS],
        n_outliers=len(split.y_train) - len(reduced.y_train),
        without_outliers=score_terms(reduced, COLUMNS + SQUARES),
        weather_means=mean_count_by_weather(*read_bike_and_weather()),
    )


def report(result: Experiment) -> list[str]:
    """本の 10 行と同じ形に並べる。"""
    n_train, n_test = result.sizes
    return [
        f"訓練データ: {n_train} 件, テストデータ: {n_test} 件",
        f"特徴量の列: {', '.join(result.feature_names)}",
        f"標準化した訓練データの RM: 平均 {format_small(result.rm_mean, 2)}, "
        f"標準偏差 {format_small(result.rm_std, 2)}",
        "決定係数:",
        *(
            score_line(label, scores)
            for (label, _), scores in zip(FEATURE_SETS, result.scores, strict=True)
        ),
        f"訓練データの {TARGET} の外れ値: {result.n_outliers} 件",
        score_line("外れ値を除いて 2 乗の項を追加", result.without_outliers),
        weather_line(result.weather_means),
    ]


# --8<-- [end:experiment]


# --8<-- [start:main]
def main() -> None:
    """pandas と scikit-learn で同じ実験をして、本と同じ 10 行を表示する。"""
    for line in report(run_experiment()):
        print(line)


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:main]
