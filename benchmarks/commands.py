"""章のコマンドが使う CPU 時間を、データのある場合と無い場合で測る（テストではない）。

python -m getting_started_ml.chapterNN（と appendix_x）を子プロセスで動かし、その子が使った
CPU 時間（user + sys、resource.getrusage(RUSAGE_CHILDREN) の差）を測る。混んだ機械でも揺れに
くいように経過時間ではなく CPU 時間を使い、コマンドを順に回すのを繰り返して中央値を出す。
目安は、データがあれば 1 CPU 秒以下（付録 A は 4 秒以下）、無ければ 0.3 秒以下。データの無い
場合は、ML_DATA_DIR を空のフォルダにして動かす（コマンドは足りないファイルを 1 行で伝えて
終わる）。第 15 章は train（学習して保存するまで）を、一時フォルダに保存させて測る。
読者が 2 回目に打つときと同じ条件にするため、子プロセスにはバイトコード（__pycache__）を
書かせ（PYTHONDONTWRITEBYTECODE を外す）、測る前にどのコマンドも 1 回ずつ動かしておく。

    ML_DATA_DIR=... python benchmarks/commands.py              # 全コマンド、3 回ずつ
    ML_DATA_DIR=... python benchmarks/commands.py --repeats 5 chapter10 appendix_c
    ML_DATA_DIR=... python benchmarks/commands.py --against ../main/src chapter10  # 別の版と比べる

--against に別の版の src を渡すと、同じコマンドをその版でも（PYTHONPATH で先に読ませて）交互に
動かし、データのある場合の CPU 時間の比（この版 / 別の版）も出す。混んだ機械では CPU 時間も
膨らむので、目安との比べより、同じ時間に測った比のほうが頼りになる。
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

COMMANDS = (
    "chapter01",
    "chapter02",
    "chapter03",
    "chapter04",
    "chapter05",
    "chapter07",
    "chapter08",
    "chapter09",
    "chapter10",
    "chapter11",
    "chapter12",
    "chapter13",
    "chapter14",
    "chapter15",
    "appendix_a",
    "appendix_b",
    "appendix_c",
)
TARGET_WITH_DATA = 1.0
TARGET_WITH_DATA_APPENDIX_A = 4.0
TARGET_WITHOUT_DATA = 0.3


@dataclass(frozen=True)
class Row:
    """1 つのコマンドの CPU 時間の中央値（秒）。baseline は --against の版のデータありの値。"""

    command: str
    with_data: float
    without_data: float
    baseline: float | None = None

    @property
    def target_with_data(self) -> float:
        return TARGET_WITH_DATA_APPENDIX_A if self.command == "appendix_a" else TARGET_WITH_DATA

    @property
    def met(self) -> bool:
        return self.with_data <= self.target_with_data and self.without_data <= TARGET_WITHOUT_DATA


def arguments(command: str, workdir: Path) -> list[str]:
    """コマンドの引数。第 15 章は train を一時フォルダに。"""
    extra = ["train", "--models", str(workdir / "models")] if command == "chapter15" else []
    return [sys.executable, "-m", f"getting_started_ml.{command}", *extra]


def cpu_seconds(command: str, data_dir: Path, workdir: Path, source: Path | None = None) -> float:
    """コマンドを 1 回動かし、子プロセスが使った CPU 時間（user + sys、秒）を返す。

    source を渡すと、その src を PYTHONPATH で先に読ませる（別の版のコードで動かす）。
    """
    environment = {**os.environ, "ML_DATA_DIR": str(data_dir), "MPLBACKEND": "Agg"}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    if source is not None:
        environment["PYTHONPATH"] = str(source.resolve())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        arguments(command, workdir), env=environment, cwd=workdir, capture_output=True, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(
    commands: Sequence[str], data_dir: Path, repeats: int, against: Path | None = None
) -> list[Row]:
    """コマンドを順に回すのを repeats 回繰り返し、データの有無ごとの中央値を返す。"""
    with_data: dict[str, list[float]] = {command: [] for command in commands}
    without_data: dict[str, list[float]] = {command: [] for command in commands}
    baseline: dict[str, list[float]] = {command: [] for command in commands}
    with tempfile.TemporaryDirectory() as scratch:
        workdir, empty = Path(scratch) / "work", Path(scratch) / "empty"
        workdir.mkdir()
        empty.mkdir()
        for command in commands:  # 暖機: バイトコードを書かせる（測らない）
            cpu_seconds(command, empty, workdir)
            if against is not None:
                cpu_seconds(command, empty, workdir, against)
        for _ in range(repeats):
            for command in commands:
                with_data[command].append(cpu_seconds(command, data_dir, workdir))
                without_data[command].append(cpu_seconds(command, empty, workdir))
                if against is not None:
                    baseline[command].append(cpu_seconds(command, data_dir, workdir, against))
    return [
        Row(
            command,
            statistics.median(with_data[command]),
            statistics.median(without_data[command]),
            statistics.median(baseline[command]) if against is not None else None,
        )
        for command in commands
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="繰り返す回数（中央値を取る）")
    parser.add_argument("--against", type=Path, help="比べる別の版の src（PYTHONPATH で読ませる）")
    parser.add_argument("commands", nargs="*", metavar="command", help="既定はすべて")
    options = parser.parse_args()
    unknown = sorted(set(options.commands) - set(COMMANDS))
    if unknown:
        parser.error(f"知らないコマンド: {', '.join(unknown)}（選べるのは {', '.join(COMMANDS)}）")
    commands = options.commands or list(COMMANDS)
    data_dir = Path(os.environ.get("ML_DATA_DIR", "data"))
    if not (data_dir / "cinema.csv").is_file():
        parser.error(f"ML_DATA_DIR にデータがありません: {data_dir.resolve()}")
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"日時: {now}")
    print(f"機械: {platform.machine()}, {platform.processor() or '?'}, CPU {os.cpu_count()} 個")
    print(f"Python {platform.python_version()}、負荷の平均（1 分）: {os.getloadavg()[0]:.1f}")
    print(f"CPU 時間（user + sys）の中央値、{options.repeats} 回ずつ")
    against = "" if options.against is None else f"\t{options.against} の版\t比"
    print(f"コマンド\tデータあり\t目安\tデータなし\t目安\t判定{against}")
    rows = measure(commands, data_dir, options.repeats, options.against)
    for row in rows:
        line = (
            f"{row.command}\t{row.with_data:.2f} 秒\t{row.target_with_data:.1f}\t"
            f"{row.without_data:.2f} 秒\t{TARGET_WITHOUT_DATA:.1f}\t{'ok' if row.met else '超過'}"
        )
        if row.baseline is not None:
            line += f"\t{row.baseline:.2f} 秒\t{row.with_data / row.baseline:.2f}"
        print(line)
    print(f"目安を満たしたコマンド: {sum(row.met for row in rows)} / {len(rows)}")


if __name__ == "__main__":
    main()
