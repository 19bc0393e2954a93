""".ci/run を新しい clone で動かし、手順ごとの経過秒と CPU 秒を表示する（テストではない）。

目標は、空いた機械で新しい clone から 5 分（300 秒）以下。リポジトリ（既定はこのスクリプトの
ある版の HEAD）を一時フォルダに git clone し、CI=true で .ci/run を動かす。出力の行が現れた時刻で
手順（== setup、nox > Running session、nox > の各コマンド、pytest の件数の要約）を区切る。
CPU 秒は、.ci/run を新しい cgroup に入れて、その中のすべてのプロセス（親から離れて動く Chromium も）
の分を数える。手順ごとの CPU 秒は、出力の行が現れるたびに読んだ cgroup の数の差で、経過秒で割った
「コア」が 2 に近いほど、2 つのコアを使い切っている（書けない機械では手順ごとの CPU 秒は出さず、
全体だけを rusage で数える。ブラウザの分はほとんど入らない）。clone は一時
フォルダに作るので、データの場所は ML_DATA_DIR で渡す（.ci/run の既定の ../shared は clone の隣）。

    ML_DATA_DIR=... python benchmarks/ci_run.py  # HEAD を測る
    python benchmarks/ci_run.py --revision main  # 別の版を測る
    python benchmarks/ci_run.py --log ci.log     # .ci/run の出力を残す
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from suite import Cgroup, new_cgroup, print_machine

REPOSITORY = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 300.0
STEP_MARKERS = ("== ", "nox > Running session", "nox > /")
"""この文字で始まる行を、新しい手順の始まりとみなす。"""
SUMMARY_WORDS = (" passed", " failed", " error")


def step_name(line: str) -> str | None:
    """行が手順の始まりなら、その短い名前（コマンドはパスを除いて 60 文字まで）。"""
    if not line.startswith(STEP_MARKERS):
        return None
    text = line.removeprefix("nox > ")
    if text.startswith("/"):
        program, _, arguments = text.partition(" ")
        text = f"{Path(program).name} {arguments}".strip()
    return text[:60]


@dataclass(frozen=True)
class Line:
    """.ci/run の出力の 1 行と、それが現れた時刻（秒）とそのときまでの CPU 秒。"""

    moment: float
    cpu: float
    text: str


@dataclass(frozen=True)
class Step:
    """1 つの手順: 名前、経過秒、CPU 秒、その手順の pytest の要約。"""

    name: str
    seconds: float
    cpu: float
    summary: str


def steps(lines: Iterable[Line]) -> list[Step]:
    """出力の行の並びを、手順の並びにする（0.05 秒に満たず要約も無い手順は除く）。"""
    found: list[Step] = []
    current, began, summary = "（始まり）", Line(0.0, 0.0, ""), ""
    last = began
    for line in lines:
        last = line
        if (name := step_name(line.text)) is not None:
            found.append(Step(current, line.moment - began.moment, line.cpu - began.cpu, summary))
            current, began, summary = name, line, ""
        elif line.text.startswith("=") and any(word in line.text for word in SUMMARY_WORDS):
            summary = line.text.strip("= ")
    found.append(Step(current, last.moment - began.moment, last.cpu - began.cpu, summary))
    return [step for step in found if step.seconds > 0.05 or step.summary]


def run_ci(clone: Path, log: Path | None, group: Cgroup | None) -> tuple[int, list[Line], float]:
    """clone で .ci/run を動かし、(終了コード, 出力の行の並び, 経過秒) を返す。"""
    environment = {**os.environ, "CI": "true"}
    lines: list[Line] = []
    began = time.perf_counter()
    with subprocess.Popen(
        group.wrap(["bash", ".ci/run"]) if group else ["bash", ".ci/run"],
        cwd=clone,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
    ) as process:
        assert process.stdout is not None
        with open(log or os.devnull, "w", encoding="utf-8") as saved:
            for line in process.stdout:
                cpu = group.usage() if group else 0.0
                lines.append(Line(time.perf_counter() - began, cpu, line.rstrip("\n")))
                saved.write(line)
        code = process.wait()
    return code, lines, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--revision", default="HEAD", help="測る版（既定 HEAD）")
    parser.add_argument("--log", type=Path, help=".ci/run の出力を書き残すファイル")
    options = parser.parse_args()
    print_machine()
    with tempfile.TemporaryDirectory() as scratch:
        clone = Path(scratch) / "clone"
        subprocess.run(["git", "clone", "-q", str(REPOSITORY), str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "-q", options.revision], check=True)
        group: Cgroup | None = new_cgroup()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        code, lines, wall = run_ci(clone, options.log, group)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = group.usage() if group else None
        if group:
            group.remove()
    print(f"版: {options.revision}、終了コード {code}")
    print()
    print("| 手順 | 経過秒 | CPU 秒 | コア | pytest の要約 |")
    print("|---|---|---|---|---|")
    for step in steps(lines):
        cpu, cores = (
            (f"{step.cpu:.0f}", f"{step.cpu / max(step.seconds, 0.1):.1f}") if group else ("-", "-")
        )
        print(f"| {step.name} | {step.seconds:.0f} | {cpu} | {cores} | {step.summary} |")
    rusage = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    group_text = "-" if used is None else f"{used:.0f}"
    met = "達した" if wall <= TARGET_SECONDS else "まだ"
    print()
    print(f"経過 {wall:.0f} 秒（目標 {TARGET_SECONDS:.0f} 秒以下: {met}）、"
          f"CPU {group_text} 秒（cgroup）、{rusage:.0f} 秒（rusage）")  # fmt: skip


if __name__ == "__main__":
    main()
