"""テストのセッションの計測: nox -s test と nox -s replay が使う CPU 時間を、目標と並べて表示する。

テストではない（時間は機械と混み具合で変わる）。混んだ機械でも比べられるように、経過時間ではなく
CPU 時間（pytest と、その子のプロセスすべての user + sys）で測る。子のプロセスには、xdist の
ワーカー、テストが起こす python -m の章のコマンドやサーバー、ブラウザが入る。nox のセッションと
同じ引数で pytest を動かし、環境変数（ML_DATA_DIR、ML_REQUIRE_DATA、CI など）はそのまま渡す。使い方:

    ML_DATA_DIR=... ML_REQUIRE_DATA=1 python benchmarks/suite.py            # test と replay
    ML_DATA_DIR=... ML_REQUIRE_DATA=1 python benchmarks/suite.py test reader  # 選んだセッションだけ

reader（機械の読者）と site（組み立てたサイトとブラウザ）は目標を持たない（site は、ML_SITE_DIR が
無ければサイトの組み立ても入る）。
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass

SESSIONS: dict[str, tuple[list[str], float | None]] = {
    "test": ([], 45.0),
    "replay": (["-m", "replay"], 30.0),
    "reader": (["-m", "reader"], None),
    "site": (["-m", "site"], None),
}
"""セッションの名前 → (noxfile.py と同じ pytest の引数, CPU 時間の目標（秒。無ければ None）)。"""

COUNTS = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?|deselected)")


@dataclass(frozen=True)
class Measured:
    """1 つのセッションを動かした結果。"""

    user: float
    system: float
    wall: float
    returncode: int
    summary: str

    @property
    def cpu(self) -> float:
        """user + sys（秒）。"""
        return self.user + self.system


def children_times() -> tuple[float, float]:
    """これまでに終わった子のプロセス（その子孫も）の user と sys の CPU 時間。"""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def run_session(arguments: list[str], workers: str) -> Measured:
    """pytest を nox のセッションと同じ引数で動かし、CPU 時間と経過時間と件数の要約を返す。"""
    command = [sys.executable, "-m", "pytest", "-q", f"--numprocesses={workers}", *arguments]
    user, system = children_times()
    began = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    after_user, after_system = children_times()
    lines = [line for line in result.stdout.splitlines() if COUNTS.search(line)]
    summary = ", ".join(f"{n} {kind}" for n, kind in COUNTS.findall(lines[-1])) if lines else "?"
    for line in result.stdout.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            print(f"  {line}", file=sys.stderr)
    return Measured(after_user - user, after_system - system, wall, result.returncode, summary)


def row(name: str, measured: Measured, target: float | None) -> str:
    """表の 1 行: セッション、CPU 秒（user + sys）、経過秒、目標と達したか、件数。"""
    goal = "-" if target is None else f"≤ {target:.0f}"
    met = "" if target is None else ("達した" if measured.cpu <= target else "まだ")
    status = "" if measured.returncode == 0 else f"（終了コード {measured.returncode}）"
    return (
        f"| {name} | {measured.cpu:.1f}（{measured.user:.1f} + {measured.system:.1f}） "
        f"| {measured.wall:.0f} | {goal} | {met} | {measured.summary}{status} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sessions", nargs="*", help=f"{'・'.join(SESSIONS)}（既定 test と replay）")
    parser.add_argument("--workers", default="auto", help="--numprocesses に渡す値（既定 auto）")
    options = parser.parse_args()
    sessions = options.sessions or ["test", "replay"]
    unknown = [name for name in sessions if name not in SESSIONS]
    if unknown:
        parser.error(f"知らないセッション: {', '.join(unknown)}（{'・'.join(SESSIONS)} のどれか）")
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"日時: {now}、機械: {platform.machine()}, CPU {os.cpu_count()} 個")
    print(f"負荷（1・5・15 分の平均）: {', '.join(f'{load:.1f}' for load in os.getloadavg())}")
    names = ("ML_DATA_DIR", "ML_REQUIRE_DATA", "CI", "ML_SITE_DIR", "PYTHONDONTWRITEBYTECODE")
    shown = {name: os.environ[name] for name in names if name in os.environ}
    print(f"環境変数: {shown or 'なし'}、--numprocesses={options.workers}")
    print()
    print("| セッション | CPU 秒（user + sys） | 経過秒 | 目標（CPU 秒） | | 件数 |")
    print("|---|---|---|---|---|---|")
    for name in sessions:
        arguments, target = SESSIONS[name]
        print(row(name, run_session(arguments, options.workers), target), flush=True)


if __name__ == "__main__":
    main()
