"""付録 A の計測: 決定木 1 本の学習時間を、自作（純 Python と numpy）と scikit-learn で比べる。

テストではない（時間は機械と混み具合で変わる）。本文に載せる数はこのスクリプトの出力で、
本文には測った機械を書く。使い方:

    ML_DATA_DIR=... python benchmarks/appendix_a_tree.py            # 時間と比
    ML_DATA_DIR=... python benchmarks/appendix_a_tree.py --profile  # 純 Python の木のプロファイル
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.appendix_a.experiment import BANK, fit_preprocessor, prepare_bank
from getting_started_ml.appendix_a.fast_tree import grow_weighted_numpy
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08 import ClassWeight, class_weights, grow_weighted

DEPTH = 10


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """repeats 回動かして、いちばん短い経過時間（秒）。"""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="純 Python の木を cProfile で測る")
    parser.add_argument(
        "--repeats", type=int, default=3, help="numpy と scikit-learn の繰り返し回数"
    )
    args = parser.parse_args()

    split = prepare_bank(Table.load(BANK))
    preprocessor = fit_preprocessor(split.x_train)
    rows, columns = preprocessor.rows(split.x_train), preprocessor.columns()
    labels = split.t_train
    weights = class_weights(labels, ClassWeight.BALANCED)
    print(f"機械: {platform.machine()}, {platform.processor() or '?'}, CPU {os.cpu_count()} 個")
    print(f"Python {platform.python_version()}, numpy {np.__version__}")
    print(f"訓練データ: {len(rows)} 行 × {len(columns)} 列, 深さ {DEPTH}")

    if args.profile:
        for name, grow in [("純 Python", grow_weighted), ("numpy", grow_weighted_numpy)]:
            profiler = cProfile.Profile()
            profiler.runcall(grow, rows, labels, columns, weights, DEPTH)
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
            print(f"--- {name} の木")
            print(out.getvalue())
        return

    def pure() -> object:
        return grow_weighted(rows, labels, columns, weights, DEPTH)

    def fast() -> object:
        return grow_weighted_numpy(rows, labels, columns, weights, DEPTH)

    x, y = np.array(rows), np.array(labels)

    def library() -> object:
        return DecisionTreeClassifier(max_depth=DEPTH, class_weight="balanced").fit(x, y)

    same = pure() == fast()
    pure_time = best_of(1, pure)
    fast_time = best_of(args.repeats, fast)
    library_time = best_of(args.repeats, library)
    print(f"純 Python の木（第 8 章）: {pure_time:.3f} 秒")
    print(f"numpy の分割探索の木（付録 A）: {fast_time:.3f} 秒")
    print(f"scikit-learn の DecisionTreeClassifier: {library_time:.3f} 秒")
    print(f"比: 純 Python / scikit-learn = {pure_time / library_time:.1f}")
    print(f"比: numpy / scikit-learn = {fast_time / library_time:.1f}")
    print(f"純 Python と numpy の木が同じ: {same}")

    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "getting_started_ml.appendix_a"],
        check=True,
        capture_output=True,
    )
    print(f"python -m getting_started_ml.appendix_a: {time.perf_counter() - start:.2f} 秒")


if __name__ == "__main__":
    main()
