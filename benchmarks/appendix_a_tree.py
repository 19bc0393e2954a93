"""付録 A の計測: 決定木 1 本を育てる CPU 時間を、自作と scikit-learn で比べる。

テストではない（時間は機械と混み具合で変わる）。本文に載せる数はこのスクリプトの出力で、
本文には測った機械と日付を書く。混んだ機械でも比が揺れにくいように、経過時間ではなく
time.process_time（このプロセスの CPU 時間）で測り、numpy の木と scikit-learn を交互に
繰り返して、それぞれの中央値の比を出す。どちらにも同じ行 × 列の numpy の配列を渡す。使い方:

    ML_DATA_DIR=... python benchmarks/appendix_a_tree.py            # 深さごとの CPU 時間と比
    ML_DATA_DIR=... python benchmarks/appendix_a_tree.py --profile  # 深さ 10 の木のプロファイル
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import os
import platform
import pstats
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial

import numpy as np
import sklearn
from sklearn.tree import DecisionTreeClassifier

from getting_started_ml.appendix_a import (
    BANK,
    fit_preprocessor,
    grow_weighted_numpy,
    prepare_bank,
    to_matrix,
)
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08 import ClassWeight, class_weights, grow_weighted

DEPTHS = (3, 6, 10, 15)
PROFILE_DEPTH = 10
TARGET_RATIO = 3.0


def cpu_seconds(run: Callable[[], object]) -> float:
    """run を 1 回動かした CPU 時間（秒）。"""
    start = time.process_time()
    run()
    return time.process_time() - start


def interleaved_medians(
    repeats: int, first: Callable[[], object], fit: Callable[..., object], *data: object
) -> tuple[float, float]:
    """first と fit(*data) を交互に repeats 回ずつ動かし、それぞれの CPU 時間の中央値。"""
    firsts, seconds = [], []
    for _ in range(repeats):
        firsts.append(cpu_seconds(first))
        seconds.append(cpu_seconds(partial(fit, *data)))
    return statistics.median(firsts), statistics.median(seconds)


def command_cpu_seconds() -> float:
    """python -m getting_started_ml.appendix_a の子プロセスの CPU 時間（user + sys、秒）。"""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "getting_started_ml.appendix_a"], check=True, capture_output=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true", help="深さ 10 の木を cProfile で測る")
    parser.add_argument("--repeats", type=int, default=7, help="交互に繰り返す回数")
    args = parser.parse_args()

    split = prepare_bank(Table.load(BANK))
    preprocessor = fit_preprocessor(split.x_train)
    rows, columns = preprocessor.rows(split.x_train), preprocessor.columns()
    labels = split.t_train
    weights = class_weights(labels, ClassWeight.BALANCED)
    x, y = to_matrix(rows, columns), np.array(labels)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"日時: {now}")
    print(f"機械: {platform.machine()}, {platform.processor() or '?'}, CPU {os.cpu_count()} 個")
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"scikit-learn {sklearn.__version__}"
    )
    print(f"訓練データ: {x.shape[0]} 行 × {x.shape[1]} 列")

    if args.profile:
        for name, grow in [("純 Python", grow_weighted), ("numpy", grow_weighted_numpy)]:
            profiler = cProfile.Profile()
            profiler.runcall(grow, rows, labels, columns, weights, PROFILE_DEPTH)
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(8)
            print(f"--- {name} の木（深さ {PROFILE_DEPTH}）")
            print(out.getvalue())
        return

    start = time.process_time()
    pure_tree = grow_weighted(rows, labels, columns, weights, PROFILE_DEPTH)
    pure_time = time.process_time() - start
    same = grow_weighted_numpy(x, labels, columns, weights, PROFILE_DEPTH) == pure_tree
    print(f"CPU 時間の中央値（{args.repeats} 回ずつ交互に）、比 = numpy / scikit-learn")
    print("深さ\tnumpy の木\tscikit-learn\t比")
    worst = 0.0
    library_at_profile_depth = 0.0
    for depth in DEPTHS:
        fast, library = interleaved_medians(
            args.repeats,
            partial(grow_weighted_numpy, x, labels, columns, weights, depth),
            DecisionTreeClassifier(max_depth=depth, class_weight="balanced").fit,
            x,
            y,
        )
        worst = max(worst, fast / library)
        if depth == PROFILE_DEPTH:
            library_at_profile_depth = library
        print(f"{depth}\t{fast:.3f} 秒\t{library:.3f} 秒\t{fast / library:.1f}")
    print(f"いちばん大きい比: {worst:.1f}（目標 {TARGET_RATIO:.0f} 以下）")
    print(
        f"純 Python の木（第 8 章、深さ {PROFILE_DEPTH}、1 回）: {pure_time:.2f} 秒"
        f"（scikit-learn の {pure_time / library_at_profile_depth:.0f} 倍）"
    )
    print(f"純 Python と numpy の木が同じ: {same}")
    print(f"python -m getting_started_ml.appendix_a: CPU {command_cpu_seconds():.2f} 秒")


if __name__ == "__main__":
    main()
