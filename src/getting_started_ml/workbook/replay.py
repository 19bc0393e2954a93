"""途中の一歩のリプレイ（workbook replay）と、その土台の「別のプロセスで pytest を動かす」。

一歩一歩のファイルを練習用フォルダに当て、driver を別のプロセスで動かして pytest の結果を受け取り、
出力を正規化して expected.txt の行と照らし合わせる。check も同じ仕組みで本の最終版のテストを動かす。
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from getting_started_ml.workbook import driver
from getting_started_ml.workbook.driver import apply_files, remove_path
from getting_started_ml.workbook.steps import BOOK_ROOT, Step, WorkbookError, load_chapter
from getting_started_ml.workbook.workspace import start

# ---------------------------------------------------------------- 別のプロセスで pytest を動かす


@dataclass(frozen=True)
class Run:
    """別のプロセスで行う 1 回の pytest。先に place（相対パス, 中身の場所）を置き delete を消す。

    environment は、その回だけ足す環境変数（名前, 値）。
    """

    tests: tuple[str, ...]
    place: tuple[tuple[str, str], ...] = ()
    delete: tuple[str, ...] = ()
    extra_options: tuple[str, ...] = ()
    environment: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RunResult:
    """pytest の終了コード、画面の出力、テストごとの結果（nodeid → passed/failed/skipped）。

    cpu_seconds はその回の CPU 時間、compiled はその回にコンパイルした練習用フォルダのファイルの数。
    """

    exit_code: int
    output: str
    outcomes: Mapping[str, str]
    skip_reasons: Mapping[str, str] = field(default_factory=dict)
    cpu_seconds: float = 0.0
    compiled: int = 0


def driver_program(call: str) -> str:
    """driver.py を名前ではなく場所で読み込んで module.CALL を呼ぶ、python -c のプログラム。"""
    return (
        "import importlib.util, sys\n"
        "spec = importlib.util.spec_from_file_location("
        f"'_workbook_driver', {str(Path(driver.__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules['_workbook_driver'] = module\n"
        "spec.loader.exec_module(module)\n"
        f"module.{call}\n"
    )


def workspace_environment(workspace: Path, extra: Mapping[str, str] | None) -> dict[str, str]:
    """別のプロセスの環境変数: 画面の幅、.pyc を書かない、ワークスペースの src を先に。"""
    return {
        **os.environ,
        "COLUMNS": "200",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": str(workspace / "src"),
        **(extra or {}),
    }


RUN_TIMEOUT = 900
"""pytest 1 回に待つ秒数。過ぎたら driver のプロセスを止めて失敗にする。"""


class Driver:
    """1 つの練習用フォルダで pytest を何度も動かす、別の 1 つのプロセス（with で使う）。

    最初の run で driver のプロセスを起こし、あとは同じプロセスに 1 回ずつ頼む。python と pytest と
    numpy などを読み込むのは 1 回だけで済む。ファイルは、run の合間にディスクの上で書き換えてよい。
    run_environment は、どの回にも足す環境変数（その回の Run.environment が優先）。
    """

    def __init__(
        self,
        workspace: Path,
        extra_environment: Mapping[str, str] | None = None,
        run_environment: Mapping[str, str] | None = None,
    ) -> None:
        self.workspace = workspace
        self.environment = workspace_environment(workspace, extra_environment)
        self.run_environment = dict(run_environment or {})
        self.process: subprocess.Popen[str] | None = None
        self.errors: IO[str] | None = None

    def __enter__(self) -> Driver:
        return self

    def __exit__(self, *_exception: object) -> None:
        self.close()

    def start(self) -> subprocess.Popen[str]:
        """driver のプロセスを起こす（起きていればそれを返す）。標準エラーは一時ファイルに。"""
        if self.process is None:
            self.errors = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
            program = driver_program(f"serve({str(self.workspace)!r}, {str(BOOK_ROOT / 'src')!r})")
            self.process = subprocess.Popen(
                [sys.executable, "-c", program],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.errors,
                text=True,
                encoding="utf-8",
                cwd=self.workspace,
                env=self.environment,
            )
        return self.process

    def run(self, run: Run) -> RunResult:
        """place を置き delete を消してから pytest を 1 回動かし、結果を受け取る。"""
        answer = self.request(
            {
                "tests": list(run.tests),
                "place": [list(pair) for pair in run.place],
                "delete": list(run.delete),
                "options": list(run.extra_options),
                "environment": {**self.run_environment, **dict(run.environment)},
            }
        )
        return RunResult(
            answer["exit_code"],
            answer["output"],
            answer["outcomes"],
            answer["skip_reasons"],
            answer["cpu_seconds"],
            answer["compiled"],
        )

    def fork(self) -> None:
        """driver のプロセスを fork し、次の end までの run を子のプロセスに頼む。"""
        self.request({"fork": True})

    def end(self) -> None:
        """fork した子のプロセスを終わらせる（次の run は fork していない親が動かす）。"""
        self.request({"end": True})

    def request(self, request: Mapping[str, object]) -> dict[str, Any]:
        """指示を 1 行送り、答えの 1 行を受け取る。"""
        process = self.start()
        assert process.stdin is not None
        assert process.stdout is not None
        timer = threading.Timer(RUN_TIMEOUT, process.kill)
        timer.start()
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
        except BrokenPipeError:
            line = ""
        finally:
            timer.cancel()
        if not line:
            raise WorkbookError(f"pytest を動かすプロセスが失敗しました:\n{self.stop()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> str:
        """プロセスを終わらせ、標準エラーに書かれたものを返す。"""
        errors = ""
        if self.process is not None:
            if self.process.stdin is not None:
                with contextlib.suppress(BrokenPipeError):
                    self.process.stdin.close()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None
        if self.errors is not None:
            self.errors.seek(0)
            errors = self.errors.read()
            self.errors.close()
            self.errors = None
        return errors

    def close(self) -> None:
        """プロセスを終わらせる（標準エラーは捨てる）。"""
        self.stop()


def run_all(pytest_process: Driver, runs: Sequence[Run]) -> list[RunResult]:
    """runs を順に、起きている（または起こす）1 つの driver のプロセスで行う。"""
    return [pytest_process.run(run) for run in runs]


def run_in_workspace(
    workspace: Path, runs: Sequence[Run], extra_environment: Mapping[str, str] | None = None
) -> list[RunResult]:
    """runs を順に 1 つの別プロセスの中で行う。ワークスペースの src だけを本のパッケージにする。"""
    with Driver(workspace, extra_environment) as pytest_process:
        return run_all(pytest_process, runs)


# ---------------------------------------------------------------- 出力の正規化と照合


def normalise(output: str, workspace: Path) -> str:
    """読者の画面で変わるもの（絶対パス、行番号、時間）を取り除く。"""
    for root in {str(workspace.resolve()), str(workspace)}:
        output = output.replace(root + os.sep, "").replace(root, "")
    output = re.sub(r"(\.py):\d+", r"\1", output)
    return re.sub(r" in \d+(\.\d+)?s( \([^)]*\))?", "", output)


def missing_lines(expected: Sequence[str], output: str) -> list[str]:
    """expected の各行が output の行に、この順に部分文字列として現れるか。現れなかった行を返す。"""
    lines = output.splitlines()
    position = 0
    missing: list[str] = []
    for wanted in expected:
        found = next((i for i in range(position, len(lines)) if wanted in lines[i]), None)
        if found is None:
            missing.append(wanted)
        else:
            position = found + 1
    return missing


def outcome_of(exit_code: int) -> str:
    """pytest の終了コードを red / green に。1 は失敗、2 は集める段階の失敗。"""
    if exit_code == 0:
        return "green"
    if exit_code in (1, 2):
        return "red"
    return f"pytest の終了コード {exit_code}"


# ---------------------------------------------------------------- リプレイ


@dataclass(frozen=True)
class StepReport:
    """一歩を当てた結果。"""

    step: Step
    outcome: str
    output: str
    missing: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """期待どおりの red/green で、expected.txt の行がすべて現れたか。"""
        return self.outcome == self.step.outcome and not self.missing

    def describe(self) -> str:
        """食い違いの説明。"""
        lines = [
            f"{self.step.name}（{self.step.title}）: 期待 {self.step.outcome}、結果 {self.outcome}"
        ]
        lines += [f"  出力に無い行: {line}" for line in self.missing]
        lines += ["  --- 正規化した出力 ---", *("  " + line for line in self.output.splitlines())]
        return "\n".join(lines)


def step_run(step: Step) -> Run:
    """一歩を、別プロセスでの 1 回の pytest に直す。"""
    place = [(relative, str(source)) for source, relative in step.files()]
    place += [(relative, str(BOOK_ROOT / relative)) for relative in step.restore]
    return Run(tests=step.tests, place=tuple(place), delete=step.delete)


REPLAY_ENVIRONMENT = {"HYPOTHESIS_PROFILE": "replay"}
"""リプレイの pytest に渡す環境変数。性質のテストの例を減らす（tests/conftest.py の replay）。"""


def default_workers() -> int:
    """リプレイを並べて動かす数。pytest-xdist の下（すでに並列）なら 1、そうでなければ 2。"""
    return 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2


BENCH_PRELOAD = (
    "numpy",
    "pandas",
    "scipy.stats",
    "scipy.spatial.distance",
    "scipy.special",
    "scipy.optimize",
    "sklearn.base",
    "sklearn.metrics",
    "sklearn.linear_model",
    "sklearn.tree",
    "sklearn.preprocessing",
    "sklearn.model_selection",
    "sklearn.pipeline",
    "sklearn.ensemble",
    "sklearn.decomposition",
    "sklearn.compose",
    "sklearn.cluster",
    "sklearn.impute",
    "matplotlib.figure",
)
"""Bench の driver が fork する前に読み込んでおくモジュール（章のテストと本のコードが読み込む）。"""


class Bench:
    """練習用フォルダを置く 1 つの場所と、そこで pytest を動かす driver（with で使う）。

    driver のプロセスは pytest と numpy などを読み込んだまま続き、練習用フォルダを作り直す
    （fresh）たびに fork する。章ごとに新しいプロセスで動かすのと同じく、前の章のテストが
    残したものは見えず、python を起こして pytest などを読み込むのは 1 回で済む。テストが
    章のリプレイと check を続けて頼む。ここで動かす pytest には、どの回にも
    REPLAY_ENVIRONMENT を渡す。

    driver は、最初に fork する前に preload のモジュール（既定は BENCH_PRELOAD）を読み込み、
    fork のたびにそれまでのオブジェクトをごみ集めの対象から外す（driver.fork_and_wait）。
    章ごとの子のプロセスは scikit-learn などを読み込み直さない。
    """

    def __init__(self, preload: Sequence[str] = BENCH_PRELOAD) -> None:
        self.temporary = tempfile.TemporaryDirectory()
        self.workspace = Path(self.temporary.name) / "workspace"
        self.workspace.mkdir()
        self.driver = Driver(
            self.workspace,
            extra_environment={"REPLAY_PRELOAD": " ".join(preload)},
            run_environment=REPLAY_ENVIRONMENT,
        )
        self.forked = False

    def __enter__(self) -> Bench:
        return self

    def __exit__(self, *_exception: object) -> None:
        self.close()

    def fresh(self) -> Path:
        """前の子のプロセスを終わらせ、練習用フォルダの中身を消し、新しい子のプロセスを fork して
        空のフォルダを返す（フォルダそのものは driver の作業フォルダなので残す）。"""
        if self.forked:
            self.forked = False
            self.driver.end()
        for child in list(self.workspace.iterdir()):
            remove_path(child)
        self.driver.fork()
        self.forked = True
        return self.workspace

    def close(self) -> None:
        """driver のプロセスを終わらせ、フォルダを消す。"""
        self.driver.close()
        self.temporary.cleanup()


def replay_chapter(
    key: str, workers: int | None = None, benches: Sequence[Bench] | None = None
) -> list[StepReport]:
    """章の一歩一歩を、練習用フォルダに順に当てて pytest を動かし、本文どおりかを調べる。

    一歩は前の一歩に積み重なるが、途中の状態はファイルを当てるだけで作れる。そこで一歩の列を
    workers 個に分け、それぞれの練習用フォルダを先に途中まで進めてから、並べて動かす。
    benches を渡せば、その数に分け、それぞれの場所と fork した driver で動かす（テストが使う）。
    渡さなければ、一時フォルダに作り、それぞれ新しい driver のプロセスで動かす。
    """
    chapter = load_chapter(key)
    runs = [step_run(step) for step in chapter.steps]
    count = len(benches) if benches else max(1, workers or default_workers())
    size = max(1, -(-len(runs) // count))
    chunks = [range(first, min(first + size, len(runs))) for first in range(0, len(runs), size)]
    with contextlib.ExitStack() as stack:
        if benches is None:
            temporary = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            workspaces = [temporary / f"workspace{number}" for number in range(len(chunks))]
        else:
            workspaces = [bench.fresh() for bench in benches[: len(chunks)]]
        for workspace, chunk in zip(workspaces, chunks, strict=True):
            start(chapter.key, workspace)
            for run in runs[: chunk.start]:
                apply_files(workspace, run.place, run.delete)
        with ThreadPoolExecutor(max_workers=max(1, len(chunks))) as pool:
            futures = [
                pool.submit(
                    run_chunk,
                    workspace if benches is None else benches[number].driver,
                    [runs[i] for i in chunk],
                )
                for number, (workspace, chunk) in enumerate(zip(workspaces, chunks, strict=True))
            ]
            results = [future.result() for future in futures]
        return [
            step_report(chapter.steps[index], result, workspace)
            for workspace, chunk, chunk_results in zip(workspaces, chunks, results, strict=True)
            for index, result in zip(chunk, chunk_results, strict=True)
        ]


def run_chunk(where: Path | Driver, runs: Sequence[Run]) -> list[RunResult]:
    """一歩の列を、練習用フォルダ（driver のプロセスを起こす）か起きている driver で動かす。"""
    if isinstance(where, Driver):
        return run_all(where, runs)
    return run_in_workspace(where, runs, REPLAY_ENVIRONMENT)


def step_report(step: Step, result: RunResult, workspace: Path) -> StepReport:
    """一歩の pytest の結果を、本文の red/green と expected.txt の行に照らし合わせる。"""
    output = normalise(result.output, workspace)
    missing = missing_lines(step.expected, output)
    return StepReport(step, outcome_of(result.exit_code), output, tuple(missing))
