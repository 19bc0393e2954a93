"""第 15 章のテストの道具: 作りものの置き場とモデル、小さな学習済みモデル、本物のサーバーの起動。"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
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


# --8<-- [start:server]
def free_port() -> int:
    """127.0.0.1 で空いているポート。"""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_server(
    models: Path, timeout: float = 30.0, arguments: Sequence[str] = ()
) -> Iterator[str]:
    """本物の uvicorn を別のプロセスで起動し、答えるようになったら URL を渡す。最後に止める。"""
    port = free_port()
    command = ["serve", "--models", str(models), "--port", str(port), *arguments]
    process = subprocess.Popen(
        [sys.executable, "-m", "getting_started_ml.chapter15", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(url, process, timeout)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()


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
