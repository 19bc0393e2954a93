# --8<-- [start:header]
"""第 10 章を pandas と scikit-learn で書くと: 同じ分け方のアヤメで、ライブラリのモデルを比べる。

行の分け方だけは本の乱数（Java と同じ並べ替え）で決め、その位置を pandas の iloc に渡す。
python -m getting_started_ml.chapter10.idiomatic で結果を表示する。
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.base import ClassifierMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression

from getting_started_ml.chapter02 import IRIS, TARGET, count_test_rows
from getting_started_ml.chapter10.experiment import N_ESTIMATORS, SEED, TEST_SIZE
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import read_text
from getting_started_ml.java_random import shuffled_positions
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]


# --8<-- [start:positions]
def split_positions(n: int, test_size: float, seed: int) -> tuple[list[int], list[int]]:
    """本の分け方（第 2 章の split_train_test）の、訓練データとテストデータの行の位置。"""
    positions = shuffled_positions(n, seed)
    n_train = n - count_test_rows(n, test_size)
    return positions[:n_train], positions[n_train:]


# --8<-- [end:positions]


# --8<-- [start:idiomatic]
@dataclass(frozen=True)
class IrisData:
    """pandas で分けて補完したアヤメ。"""

    x_train: pd.DataFrame
    x_test: pd.DataFrame
    t_train: pd.Series
    t_test: pd.Series


def load_iris_frame() -> pd.DataFrame:
    """iris.csv を（書籍のファイルか確かめてから）DataFrame に読む。"""
    return pd.read_csv(io.StringIO(read_text(IRIS)))


def split_and_fill(frame: pd.DataFrame, test_size: float, seed: int) -> IrisData:
    """本と同じ位置で分け、訓練データの列の平均で両方の欠損値を埋める。"""
    if frame.empty:
        raise ValueError("行が 1 つもない表は分けられません")
    if TARGET not in frame.columns:
        raise ValueError(f"列 {TARGET} がありません（あるのは {', '.join(frame.columns)}）")
    train, test = split_positions(len(frame), test_size, seed)
    x, t = frame.drop(columns=TARGET), frame[TARGET]
    means = x.iloc[train].mean()
    return IrisData(
        x.iloc[train].fillna(means), x.iloc[test].fillna(means), t.iloc[train], t.iloc[test]
    )


FOREST = f"RandomForestClassifier({N_ESTIMATORS})"


def library_models() -> dict[str, ClassifierMixin]:
    """比べるライブラリのモデル（表示する名前とモデル）。"""
    return {
        "LogisticRegression()": LogisticRegression(),
        "LogisticRegression(C=np.inf)": LogisticRegression(C=np.inf, max_iter=10_000),
        FOREST: RandomForestClassifier(n_estimators=N_ESTIMATORS, random_state=SEED),
    }


def library_scores(data: IrisData, models: dict[str, ClassifierMixin]) -> pd.DataFrame:
    """モデルごとに学習し、訓練データとテストデータの正解率を表にする。"""
    rows = {
        name: (
            model.fit(data.x_train, data.t_train).score(data.x_train, data.t_train),
            model.score(data.x_test, data.t_test),
        )
        for name, model in models.items()
    }
    return pd.DataFrame.from_dict(rows, orient="index", columns=["訓練データ", "テストデータ"])


def importances(forest: RandomForestClassifier, data: IrisData) -> pd.Series:
    """学習した森の feature_importances_ に、列の名前を添える。"""
    return pd.Series(forest.feature_importances_, index=data.x_train.columns)


# --8<-- [end:idiomatic]


# --8<-- [start:main]
def main() -> None:
    """ライブラリのモデルの正解率と、ランダムフォレストの重要度を表示する。"""
    data = split_and_fill(load_iris_frame(), TEST_SIZE, SEED)
    models = library_models()
    scores = library_scores(data, models)
    print("モデル\t訓練データ\tテストデータ")
    for name, (train, test) in scores.iterrows():
        print(f"{name}\t{format_fixed(train, 4)}\t{format_fixed(test, 4)}")
    print()
    print(f"{FOREST} の feature_importances_:")
    for column, value in importances(models[FOREST], data).items():
        print(f"{column}\t{format_fixed(float(value), 4)}")


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:main]
