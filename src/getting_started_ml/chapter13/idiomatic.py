# --8<-- [start:header]
"""第 13 章を scikit-learn と pandas で書くと: 同じ前処理と主成分分析を、実務の書き方で。

データは分けないので、行の順はファイルのまま。自作版（chapter13）と同じ数が出ることを
tests/test_chapter13_idiomatic.py が許容誤差つきで確かめる。
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler

from getting_started_ml.chapter13 import BOSTON, CATEGORY, COMPONENTS_TO_EXPLAIN, THRESHOLD, TOP_K
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import data_path
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]


# --8<-- [start:idiomatic]
def standardized_boston_frame(name: str = BOSTON) -> pd.DataFrame:
    """ダミー変数を末尾に足し、空欄を列の平均で埋め、StandardScaler で標準化した表。"""
    frame = pd.read_csv(data_path(name))
    numeric = frame.drop(columns=CATEGORY)
    numeric = numeric.fillna(numeric.mean())
    dummies = pd.get_dummies(frame[CATEGORY], prefix=CATEGORY, drop_first=True, dtype=float)
    joined = pd.concat([numeric, dummies], axis=1)
    return pd.DataFrame(StandardScaler().fit_transform(joined), columns=joined.columns)


def fit_library_pca(frame: pd.DataFrame) -> PCA:
    """すべての主成分を求める（svd_solver は既定の "auto"。15 列なら LAPACK の完全な SVD）。"""
    return PCA().fit(frame)


def library_summary(frame: pd.DataFrame) -> list[str]:
    """自作版の main と同じ形の行を、pandas と scikit-learn の結果から作る。"""
    pca = fit_library_pca(frame)
    cumulative = np.cumsum(pca.explained_variance_ratio_)
    needed = min(int(np.searchsorted(cumulative, THRESHOLD)) + 1, len(cumulative))
    ratios = ", ".join(
        f"PC{i} {format_fixed(float(r), 4)}"
        for i, r in enumerate(pca.explained_variance_ratio_[:needed], 1)
    )
    lines = [
        f"データ件数: {frame.shape[0]}, 列数: {frame.shape[1]}",
        f"寄与率: {ratios}",
        f"累積寄与率が {THRESHOLD} に届く主成分の数: {needed}"
        f"（累積寄与率 {format_fixed(float(cumulative[needed - 1]), 4)}）",
    ]
    loadings = pd_loadings(pca, frame.columns)
    for number in range(1, COMPONENTS_TO_EXPLAIN + 1):
        column = loadings[f"PC{number}"]
        top = column.reindex(column.abs().sort_values(ascending=False, kind="stable").index)
        text = ", ".join(f"{name} {format_fixed(float(v), 3)}" for name, v in top[:TOP_K].items())
        lines.append(f"第 {number} 主成分で影響の大きい列: {text}")
    return lines


def pd_loadings(pca: PCA, columns: pd.Index) -> pd.DataFrame:
    """列を行、主成分を列にした重みの表。"""
    names = [f"PC{i}" for i in range(1, pca.n_components_ + 1)]
    return pd.DataFrame(pca.components_.T, index=columns, columns=names)


def main() -> None:
    """pandas と scikit-learn で同じことをして、自作版の章のコマンドと同じ行を表示する。"""
    for line in library_summary(standardized_boston_frame()):
        print(line)


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:idiomatic]
