# --8<-- [start:header]
"""第 15 章のテストの道具: 作りものの置き場とモデル、小さな学習済みモデル、本物のサーバーの起動。"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx2
from hypothesis import strategies as st

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import LinearModel
from getting_started_ml.chapter08 import FEATURES, ClassWeight, FittedPipeline, Pipeline
from getting_started_ml.chapter15.domain import (
    SALES_MODEL,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    Movie,
    Passenger,
)
from getting_started_ml.chapter15.infrastructure import FileModelStore

# --8<-- [end:header]


# --8<-- [start:stubs]
@dataclass
class StubSalesModel:
    """いつも同じ売上を返す。"""

    sales: float = 1234.5

    def predict_sales(self, movie: Movie) -> float:
        return self.sales


@dataclass
class StubSurvivalModel:
    """いつも同じ生死を返す。"""

    survived: bool = True

    def survives(self, passenger: Passenger) -> bool:
        return self.survived


@dataclass
class StubStore:
    """メモリの上の置き場。None のモデルは「無い」。"""

    sales: StubSalesModel | None = None
    survival: StubSurvivalModel | None = None

    def load_sales_model(self) -> StubSalesModel:
        if self.sales is None:
            raise ModelNotFoundError(SALES_MODEL)
        return self.sales

    def load_survival_model(self) -> StubSurvivalModel:
        if self.survival is None:
            raise ModelNotFoundError(SURVIVAL_MODEL)
        return self.survival


# --8<-- [end:stubs]


# --8<-- [start:invented]
PASSENGERS = st.builds(  # 年齢は None、-0.0、1e308、桁の多い整数も
    Passenger,
    pclass=st.sampled_from([1, 2, 3]),
    sex=st.sampled_from(["female", "male"]),
    age=st.none() | st.floats(0, 1e308) | st.just(-0.0) | st.integers(0, 10**300),
    sib_sp=st.integers(0, 10**300),
    parch=st.integers(0, 10),
    fare=st.floats(0, 1e308) | st.sampled_from([0.0, -0.0, 5e-324, 7.25]),
    embarked=st.sampled_from([None, "C", "Q", "S"]),
)


def invented_pipeline() -> FittedPipeline:
    """架空の 8 人（女性 4 人は生存、男性 4 人は死亡）で学習したパイプライン。"""
    rows = [
        (pclass, sex, age, "0", "0", fare, port)
        for sex in ("female", "male")
        for pclass, age, fare, port in (
            ("1", "30", "80", "C"),
            ("2", "", "20", "S"),
            ("3", "22", "8", ""),
            ("3", "40", "7", "Q"),
        )
    ]
    labels = [1] * 4 + [0] * 4
    return Pipeline.build(3, ClassWeight.NONE).fit(Table.of(FEATURES, rows), labels)


def invented_linear_model() -> LinearModel:
    """切片 100、係数 SNS1 1、SNS2 2、actor 0.5、original 10 の線形回帰。"""
    return LinearModel(100.0, {"SNS1": 1.0, "SNS2": 2.0, "actor": 0.5, "original": 10.0})


def store_with_invented_models(directory: Path) -> FileModelStore:
    """架空の 2 つのモデルを保存した置き場。"""
    store = FileModelStore(directory)
    store.save_sales_model(invented_linear_model())
    store.save_survival_model(invented_pipeline())
    return store


# --8<-- [end:invented]


# --8<-- [start:server]
SERVE_AND_REPORT_PORT = """
import sys

import uvicorn

from getting_started_ml.chapter15.experiment import main

startup = uvicorn.Server.startup


async def startup_and_report_port(self, sockets=None):
    await startup(self, sockets)
    for server in getattr(self, "servers", []):
        for listening in server.sockets:
            print(f"PORT {listening.getsockname()[1]}", flush=True)


uvicorn.Server.startup = startup_and_report_port
sys.exit(main(sys.argv[1:]))
"""
"""本物の serve コマンドを動かし、uvicorn が待ち受けを始めたら、OS が選んだポートを表示する。"""


@contextmanager
def running_server(
    models: Path, timeout: float = 30.0, arguments: Sequence[str] = ()
) -> Iterator[str]:
    """本物の uvicorn を別のプロセスで起動し、答えるようになったら URL を渡す。最後に止める。

    ポート 0 で起動して、OS が選んだポートを読み返す。空いているポートを調べて閉じてから
    渡すと、サーバーが使う前にほかのプロセスに取られることがある。
    """
    command = ["serve", "--models", str(models), "--port", "0", *arguments]
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE_AND_REPORT_PORT, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    try:
        url = f"http://127.0.0.1:{reported_port(process, timeout)}"
        wait_until_ready(url, process, timeout)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()


def reported_port(process: subprocess.Popen[bytes], timeout: float) -> int:
    """子プロセスが表示する「PORT 番号」の行を待って、その番号を返す。"""
    lines: queue.Queue[str] = queue.Queue()

    def read_lines() -> None:  # 表示を最後まで読み続ける（パイプが詰まらないように）
        assert process.stdout is not None
        with contextlib.suppress(ValueError, OSError):  # 止めたあとにパイプが閉じられたら終わる
            for line in process.stdout:
                lines.put(line.decode("utf-8"))

    threading.Thread(target=read_lines, daemon=True).start()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None and lines.empty():
            error = process.stderr.read().decode("utf-8") if process.stderr else ""
            raise RuntimeError(f"サーバーが起動しませんでした: {error}")
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        if line.startswith("PORT "):
            return int(line.split()[1])
    raise TimeoutError(f"{timeout} 秒待ってもサーバーが待ち受けるポートを表示しません")


def wait_until_ready(url: str, process: subprocess.Popen[bytes], timeout: float) -> None:
    """/health が答えるまで待つ。プロセスが先に終わったら、その出力を添えて失敗する。"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = process.stderr.read().decode("utf-8") if process.stderr else ""
            raise RuntimeError(f"サーバーが起動しませんでした: {error}")
        try:
            httpx2.get(f"{url}/health", timeout=1.0)
            return
        except httpx2.TransportError:
            time.sleep(0.1)
    raise TimeoutError(f"{timeout} 秒待っても {url} が答えません")


# --8<-- [end:server]
