# --8<-- [start:header]
"""第 14 章を scikit-learn と pandas で書くと: 同じ初期中心から KMeans を動かし、pandas で要約する。

初期中心は自作版と同じ JavaRandom の並べ替えで選び、KMeans(init=…, n_init=1) に渡す。
自作版（chapter14）と同じ表が出ることを tests/test_chapter14_idiomatic.py が確かめる。
"""

from __future__ import annotations

import pandas as pd
from sklearn.cluster import KMeans
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from getting_started_ml.arrays import FloatArray
from getting_started_ml.chapter14 import (
    CLUSTER_COUNTS,
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_N_INIT,
    N_CLUSTERS,
    NON_SPENDING_COLUMNS,
    SEED,
    WHOLESALE,
)
from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import data_path
from getting_started_ml.java_random import shuffled_positions
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]


# --8<-- [start:idiomatic]
def spending_frame(name: str = WHOLESALE) -> pd.DataFrame:
    """支出額の 6 列（元の単位）。"""
    return pd.read_csv(data_path(name)).drop(columns=list(NON_SPENDING_COLUMNS))


def fit_from_our_seeds(z: FloatArray, k: int, seed: int = SEED) -> KMeans:
    """自作版と同じ 10 通りの初期中心から KMeans を 1 回ずつ動かし、inertia_ の最小を残す。"""
    best: KMeans | None = None
    for s in range(seed, seed + DEFAULT_N_INIT):
        init = z[shuffled_positions(len(z), s)[:k]]
        with threadpool_limits(1):  # 440 行では、スレッドを起こす手間のほうが高くつく
            model = KMeans(
                n_clusters=k, init=init, n_init=1, tol=0.0, max_iter=DEFAULT_MAX_ITERATIONS
            ).fit(z)
        if best is None or model.inertia_ < best.inertia_:  # 同じなら先の種
            best = model
    assert best is not None
    return best


def kmeans_plus_plus_sse(z: FloatArray, k: int) -> float:
    """scikit-learn 既定の k-means++ で 10 回やり直した最小の SSE（種は random_state=0）。"""
    with threadpool_limits(1):
        return float(KMeans(n_clusters=k, n_init=10, random_state=0).fit(z).inertia_)


def library_report(frame: pd.DataFrame) -> list[str]:
    """自作版の report と同じ形の行を、scikit-learn と pandas で作る。"""
    z = StandardScaler().fit_transform(frame)
    models = {k: fit_from_our_seeds(z, k) for k in CLUSTER_COUNTS}
    lines = [
        f"データ件数: {len(frame)}（支出額 {frame.shape[1]} 列）",
        "クラスタ数ごとの SSE（初期中心 10 通りの最小値）:",
        "クラスタ数\t自作",
    ]
    lines += [f"{k}\t{format_fixed(float(m.inertia_), 2)}" for k, m in models.items()]
    summary = (
        frame.assign(クラスタ=models[N_CLUSTERS].labels_).groupby("クラスタ").agg(["size", "mean"])
    )
    counts = summary[(frame.columns[0], "size")].rename("件数")
    means = summary.xs("mean", axis=1, level=1)
    table = pd.concat([counts, means], axis=1).reset_index()
    table = table.sort_values(["件数", "クラスタ"], ascending=[False, True], kind="stable")
    lines += ["", f"クラスタ数 {N_CLUSTERS} のクラスタごとの件数と平均支出額:"]
    lines.append("\t".join(str(column) for column in table.columns))
    for row in table.itertuples(index=False):
        cluster, count, *values = row
        text = [format_fixed(float(value), 0) for value in values]
        lines.append("\t".join([str(cluster), str(count), *text]))
    return lines


# --8<-- [end:idiomatic]


# --8<-- [start:main]
def main() -> None:
    """pandas と scikit-learn で同じことをして、自作版の章のコマンドと同じ行を表示する。"""
    for line in library_report(spending_frame()):
        print(line)


if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
# --8<-- [end:main]
