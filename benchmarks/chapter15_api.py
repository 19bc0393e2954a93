"""第 15 章の API の速さを、最小の FastAPI のアプリと比べて測る（テストではない）。

同じ uvicorn の設定（h11、ワーカー 1 つ、ログは warning、keep-alive 5 秒）で 2 つのサーバーを
起動する。1 つは第 15 章の API（架空の 2 つのモデル）、もう 1 つは比べる相手の最小のアプリ
（POST 1 つ、pydantic の本文、内積を返すだけ）。接続の数ごとに、3 つの宛先（相手、/cinema/sales、
/survived）へ、順を入れ替えながら短い測定を何回か繰り返し、中央値を表示する。混んだ機械では
絶対の数より、同じ時間に測った相手との比が頼りになる。

使い方: python benchmarks/chapter15_api.py [1 回の秒数] [繰り返す回数]
"""

from __future__ import annotations

import asyncio
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import httpx2
import uvicorn
from fastapi import FastAPI
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.chapter15 import store_with_invented_models

HOST = "127.0.0.1"
CLIENTS = (1, 10, 50)
MOVIE = b'{"sns1":200,"sns2":500,"actor":3000,"original":1}'
PASSENGER = b'{"pclass":3,"sex":"male","age":30,"sib_sp":0,"parch":0,"fare":8.0,"embarked":"S"}'


# --8<-- [start:baseline]
class BaselineMovie(BaseModel):
    """比べる相手の本文（pydantic が検査する）。"""

    sns1: float
    sns2: float
    actor: float
    original: int


WEIGHTS = (1.0, 2.0, 0.5, 10.0)
baseline = FastAPI()


@baseline.get("/health")
async def baseline_health() -> dict[str, str]:
    return {"status": "ok"}


@baseline.post("/predict")
async def baseline_predict(movie: BaselineMovie) -> dict[str, float]:
    """切片と係数の内積を返すだけ。"""
    values = (movie.sns1, movie.sns2, movie.actor, float(movie.original))
    return {"sales": 100.0 + sum(w * x for w, x in zip(WEIGHTS, values, strict=True))}


def serve_baseline(port: int) -> None:
    """比べる相手を、第 15 章と同じ uvicorn の設定で起動する。"""
    uvicorn.run(
        baseline, host=HOST, port=port, log_level="warning", http="h11", timeout_keep_alive=5
    )


# --8<-- [end:baseline]


@dataclass(frozen=True)
class Target:
    """測る宛先: 名前、サーバーのプロセス、パスと本文。"""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    path: str
    body: bytes

    def request(self) -> bytes:
        """keep-alive の POST の要求（毎回同じバイト列）。"""
        head = (
            f"POST {self.path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(self.body)}\r\n\r\n"
        )
        return head.encode("ascii") + self.body


@dataclass(frozen=True)
class Sample:
    """1 回の測定: 件数、1 秒あたりの件数、応答時間の中央値と 99 パーセンタイル（ms）、失敗の数、
    そのあいだにサーバーのプロセスが使った CPU の秒数。"""

    count: int
    rate: float
    p50: float
    p99: float
    errors: int
    cpu: float = 0.0


async def exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> bool:
    """要求を 1 つ送り、応答を読み切る。200 なら真。"""
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    await reader.readexactly(length)
    return head.startswith(b"HTTP/1.1 200 ")


async def load(target: Target, clients: int, seconds: float) -> Sample:
    """clients 本の接続から seconds 秒のあいだ要求を送り続ける（小さな自作の送り手）。"""
    request = target.request()
    latencies: list[float] = []
    errors = 0
    stop = time.perf_counter() + seconds

    async def client() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(HOST, target.port)
        try:
            while time.perf_counter() < stop:
                start = time.perf_counter()
                try:
                    ok = await exchange(reader, writer, request)
                except (OSError, asyncio.IncompleteReadError):
                    errors += 1
                    writer.close()
                    reader, writer = await asyncio.open_connection(HOST, target.port)
                    continue
                latencies.append(time.perf_counter() - start)
                errors += not ok
        finally:
            writer.close()

    begin = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - begin
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    rate = len(latencies) / elapsed
    return Sample(len(latencies), rate, cuts[49] * 1000, cuts[98] * 1000, errors)


def timed(target: Target, clients: int, seconds: float) -> Sample:
    """load を 1 回動かし、サーバーのプロセスの CPU の秒数（ユーザーとシステム）を添える。"""
    before = cpu_seconds(target.process)
    sample = asyncio.run(load(target, clients, seconds))
    return replace(sample, cpu=cpu_seconds(target.process) - before)


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    """プロセスがこれまでに使った CPU の秒数。/proc が無ければ 0。"""
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1]
    except OSError:
        return 0.0
    user, system = fields.split()[11:13]
    return (int(user) + int(system)) / os.sysconf("SC_CLK_TCK")


def rss_mib(process: subprocess.Popen[bytes]) -> float:
    """プロセスの常駐メモリ（MiB）。/proc が無ければ 0。"""
    try:
        status = Path(f"/proc/{process.pid}/status").read_text(encoding="utf-8")
    except OSError:
        return 0.0
    kib = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")), "0")
    return int(kib) / 1024


def free_port() -> int:
    """127.0.0.1 で空いているポート（2 つのサーバーを別々のポートで起動するため）。"""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


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


@contextmanager
def server(command: Sequence[str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    """サーバーを起動し、/health が答えたら渡す。最後に止める。"""
    process = subprocess.Popen(
        [sys.executable, *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    try:
        wait_until_ready(f"http://{HOST}:{port}", process, 60.0)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()


def measure(targets: list[Target], seconds: float, rounds: int) -> None:
    """接続の数ごとに、宛先の順を入れ替えながら rounds 回ずつ測り、中央値と比を表示する。"""
    rss_before = {target.name: rss_mib(target.process) for target in targets}
    shuffle = random.Random(0)
    print("接続 | 宛先 | 件/秒 | 比 | 中央値 ms | 99% ms | 99% の比 | 失敗 | CPU µs/件 | CPU の比")
    for clients in CLIENTS:
        samples: dict[str, list[Sample]] = {target.name: [] for target in targets}
        for _ in range(rounds):
            for target in shuffle.sample(targets, len(targets)):
                samples[target.name].append(timed(target, clients, seconds))
        report(clients, samples)
    for target in targets:
        before, after = rss_before[target.name], rss_mib(target.process)
        print(f"RSS {target.name}: 測定の前 {before:.1f} MiB、後 {after:.1f} MiB")


def report(clients: int, samples: dict[str, list[Sample]]) -> None:
    """1 つの接続の数の結果。比は、同じ回に測った相手との比の中央値。CPU はすべての回の合計から。"""
    base = samples["baseline"]
    base_cpu = cpu_per_request(base)
    for name, runs in samples.items():
        rate = statistics.median(s.rate for s in runs)
        p50 = statistics.median(s.p50 for s in runs)
        p99 = statistics.median(s.p99 for s in runs)
        rate_ratio = statistics.median(s.rate / b.rate for s, b in zip(runs, base, strict=True))
        p99_ratio = statistics.median(s.p99 / b.p99 for s, b in zip(runs, base, strict=True))
        errors = sum(s.errors for s in runs)
        cpu = cpu_per_request(runs)
        print(
            f"{clients} | {name} | {rate:.0f} | {rate_ratio:.2f}× | {p50:.2f} | {p99:.2f} | "
            f"{p99_ratio:.2f}× | {errors} | {cpu:.0f} | {cpu / base_cpu:.2f}×"
        )


def cpu_per_request(runs: list[Sample]) -> float:
    """サーバーが 1 件に使った CPU のマイクロ秒（すべての回の合計から）。"""
    return sum(s.cpu for s in runs) / max(1, sum(s.count for s in runs)) * 1e6


def main(arguments: Sequence[str]) -> None:
    """2 つのサーバーを起動して測る。"""
    if arguments[:1] == ["--serve-baseline"]:
        serve_baseline(int(arguments[1]))
        return
    seconds = float(arguments[0]) if arguments else 0.5
    rounds = int(arguments[1]) if len(arguments) > 1 else 10
    print(
        f"マシン: {platform.machine()}、{os.cpu_count()} コア、Python {platform.python_version()}"
    )
    print(f"日時: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC、1 回 {seconds:g} 秒 × {rounds} 回")
    with tempfile.TemporaryDirectory() as folder:
        models = store_with_invented_models(Path(folder)).directory
        ours_port, base_port = free_port(), free_port()
        ours_command = ["-m", "getting_started_ml.chapter15", "serve", "--models", str(models)]
        with (
            server([*ours_command, "--port", str(ours_port)], ours_port) as ours,
            server([__file__, "--serve-baseline", str(base_port)], base_port) as base,
        ):
            targets = [
                Target("baseline", base, base_port, "/predict", MOVIE),
                Target("/cinema/sales", ours, ours_port, "/cinema/sales", MOVIE),
                Target("/survived", ours, ours_port, "/survived", PASSENGER),
            ]
            for target in targets:  # 温める
                timed(target, 10, 0.5)
            measure(targets, seconds, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
