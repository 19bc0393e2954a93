"""テストのセッションの計測: nox -s test と nox -s replay が使う CPU 時間を、目標と並べて表示する。

テストではない（時間は機械と混み具合で変わる）。混んだ機械でも比べられるように、経過時間ではなく
CPU 時間で測る。数え方は 2 通り:

- cgroup: セッションを新しい cgroup に入れ、その中のすべてのプロセスの CPU 時間を数える（Linux で
  /sys/fs/cgroup に書けるとき）。親から離れて動くブラウザ（Chromium は子のプロセスを自分で起こし、
  待たずに終わらせる）の分も入る。目標と比べるのはこちら。
- rusage: pytest と、待って終わらせた子のプロセスの user + sys（getrusage の
  RUSAGE_CHILDREN）。xdist のワーカー、章のコマンドやサーバー、mypy は入るが、ブラウザの描く処理は
  ほとんど入らない。site では cgroup の数の数分の 1 になる。

nox のセッションと
同じ引数で pytest を動かし、環境変数（ML_DATA_DIR、ML_REQUIRE_DATA、CI など）はそのまま渡す。使い方:

    ML_DATA_DIR=... ML_REQUIRE_DATA=1 python benchmarks/suite.py            # test と replay
    ML_DATA_DIR=... ML_REQUIRE_DATA=1 python benchmarks/suite.py test reader  # 選んだセッションだけ

reader（機械の読者）と site（組み立てたサイトとブラウザ）は目標を持たない（site は、ML_SITE_DIR が
無ければサイトの組み立ても入る）。
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import re
import resource
import shlex
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

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
    group: float | None
    """cgroup で数えた、セッションのすべてのプロセスの CPU 秒（数えられなければ None）。"""

    @property
    def rusage(self) -> float:
        """user + sys（秒）: pytest と、待って終わらせた子のプロセス。"""
        return self.user + self.system

    @property
    def cpu(self) -> float:
        """目標と比べる CPU 秒: cgroup で数えられればそれ、無ければ rusage。"""
        return self.rusage if self.group is None else self.group


CGROUP_V1 = Path("/sys/fs/cgroup/cpuacct")
CGROUP_V2 = (Path("/sys/fs/cgroup/unified"), Path("/sys/fs/cgroup"))


@dataclass(frozen=True)
class Cgroup:
    """計測のためだけに作る cgroup 1 つ（v1 の cpuacct か v2）。"""

    path: Path
    version: int

    def usage(self) -> float:
        """この cgroup に入ったすべてのプロセスが使った CPU 秒。"""
        if self.version == 1:
            return int((self.path / "cpuacct.usage").read_text()) / 1e9
        stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
        return int(stat["usage_usec"]) / 1e6

    def wrap(self, command: list[str]) -> list[str]:
        """command を、この cgroup に入ってから動かすコマンド（その子のプロセスも入る）。"""
        procs = shlex.quote(str(self.path / "cgroup.procs"))
        return ["sh", "-c", f'echo $$ > {procs} && exec "$@"', "sh", *command]

    def remove(self) -> None:
        """空になった cgroup を消す（残ったプロセスがあれば消さない）。"""
        with contextlib.suppress(OSError):
            self.path.rmdir()


def new_cgroup() -> Cgroup | None:
    """計測用の cgroup を作る。書けない（root でない、Linux でない）なら None。"""
    name = f"benchmark-{uuid.uuid4().hex[:12]}"
    candidates = [(CGROUP_V1, 1), *((root, 2) for root in CGROUP_V2)]
    for root, version in candidates:
        usage_file = "cpuacct.usage" if version == 1 else "cpu.stat"
        if not (root / usage_file).is_file() or not os.access(root, os.W_OK):
            continue
        try:
            (root / name).mkdir()
        except OSError:
            continue
        return Cgroup(root / name, version)
    return None


def children_times() -> tuple[float, float]:
    """これまでに終わった子のプロセス（その子孫も）の user と sys の CPU 時間。"""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def run_session(arguments: list[str], workers: str) -> Measured:
    """pytest を nox のセッションと同じ引数で動かし、CPU 時間と経過時間と件数の要約を返す。"""
    command = [sys.executable, "-m", "pytest", "-q", f"--numprocesses={workers}", *arguments]
    group = new_cgroup()
    user, system = children_times()
    began = time.perf_counter()
    wrapped = group.wrap(command) if group else command
    result = subprocess.run(wrapped, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - began
    after_user, after_system = children_times()
    used = group.usage() if group else None
    if group:
        group.remove()
    lines = [line for line in result.stdout.splitlines() if COUNTS.search(line)]
    summary = ", ".join(f"{n} {kind}" for n, kind in COUNTS.findall(lines[-1])) if lines else "?"
    for line in result.stdout.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            print(f"  {line}", file=sys.stderr)
    return Measured(
        after_user - user, after_system - system, wall, result.returncode, summary, used
    )


def row(name: str, measured: Measured, target: float | None) -> str:
    """表の 1 行: セッション、CPU 秒（cgroup と rusage）、経過秒、目標と達したか、件数。"""
    goal = "-" if target is None else f"≤ {target:.0f}"
    met = "" if target is None else ("達した" if measured.cpu <= target else "まだ")
    status = "" if measured.returncode == 0 else f"（終了コード {measured.returncode}）"
    group = "-" if measured.group is None else f"{measured.group:.1f}"
    rusage = f"{measured.rusage:.1f}（{measured.user:.1f} + {measured.system:.1f}）"
    return (
        f"| {name} | {group} | {rusage} | {measured.wall:.0f} | {goal} | {met} "
        f"| {measured.summary}{status} |"
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
    print_machine()
    names = ("ML_DATA_DIR", "ML_REQUIRE_DATA", "CI", "ML_SITE_DIR", "PYTHONDONTWRITEBYTECODE")
    shown = {name: os.environ[name] for name in names if name in os.environ}
    print(f"環境変数: {shown or 'なし'}、--numprocesses={options.workers}")
    print()
    if new_cgroup_check() is None:
        print("cgroup に書けないので、CPU 秒は rusage（ブラウザの分がほとんど入らない）で数える")
    columns = ["セッション", "CPU 秒（cgroup）", "CPU 秒（rusage: user + sys）", "経過秒"]
    print(f"| {' | '.join(columns)} | 目標（CPU 秒） | | 件数 |")
    print("|---|---|---|---|---|---|---|")
    for name in sessions:
        arguments, target = SESSIONS[name]
        print(row(name, run_session(arguments, options.workers), target), flush=True)


def print_machine() -> None:
    """測った日時、機械、負荷の平均の 2 行を表示する（計測の出力の最初に置く）。"""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"日時: {now}、機械: {platform.machine()}, CPU {os.cpu_count()} 個")
    print(f"負荷（1・5・15 分の平均）: {', '.join(f'{load:.1f}' for load in os.getloadavg())}")


def new_cgroup_check() -> Cgroup | None:
    """cgroup を作れるかを、作って消して確かめる。"""
    group = new_cgroup()
    if group:
        group.remove()
    return group


if __name__ == "__main__":
    main()
