"""第 15 章の API の速さを、最小の FastAPI のアプリと比べて測る（テストではない）。

同じ uvicorn の設定（h11、ワーカー 1 つ、ログは warning で 1 件ごとの記録なし、keep-alive 5 秒）で
2 つのサーバーを起動する。1 つは第 15 章の API（架空の 2 つのモデル）、もう 1 つは比べる相手の最小の
アプリ（POST 1 つ、pydantic の本文、内積を返すだけ）。混んだ機械でも比べられるように、

- 相手（A）とこの章の宛先（B）を短い回で交互に測り（AB、BA、AB、…）、同じ組の 2 回の比を取って、
  その中央値と、真ん中の半分の幅（25〜75 パーセンタイル）を出す。
- CPU が 2 つ以上あれば、送り手（このプロセス）とサーバーを別の CPU に固定する。
- サーバーのプロセスが 1 件に使った CPU の時間も出す（待たされた時間は入らない）。

最後に、この章の API に負荷をかけ続け（既定は 5 分）、その始めと終わりの常駐メモリ（RSS）を比べる。

使い方:

    python benchmarks/chapter15_api.py              # 0.5 秒 × 10 組、負荷をかけ続けるのは 300 秒
    python benchmarks/chapter15_api.py --soak 30    # 開発中は短く
    python benchmarks/chapter15_api.py --profile    # サーバーを起こさずに 1 件の手間を測る
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import platform
import pstats
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.chapter15 import store_with_invented_models, wait_until_ready

from getting_started_ml.chapter15 import FileModelStore, PredictionService, create_app

HOST = "127.0.0.1"
CLIENTS = (1, 10, 50)
TARGET_CLIENTS = (10, 50)
"""目標（issue 23）を確かめる接続の数。"""
MIN_RATE_RATIO = 0.8
MAX_P99_RATIO = 1.5
FLAT_MIB = 1.0
"""負荷をかけ続けた後半で、RSS の増えがこれ以下なら「平ら」とみなす。"""
SOAK_CLIENTS = 10
SOAK_CHUNK = 5.0
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
        baseline,
        host=HOST,
        port=port,
        log_level="warning",
        access_log=False,
        http="h11",
        timeout_keep_alive=5,
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

    @property
    def cpu_per_request(self) -> float:
        """1 件あたりのサーバーの CPU（マイクロ秒）。"""
        return self.cpu / max(1, self.count) * 1e6


@dataclass(frozen=True)
class Pair:
    """同じ組で続けて測った、相手とこの章の宛先の 1 回ずつ。"""

    base: Sample
    ours: Sample

    def ratio(self, measure: Callable[[Sample], float]) -> float:
        """この章の宛先の値 ÷ 相手の値（相手が 0 なら無限大）。"""
        denominator = measure(self.base)
        return measure(self.ours) / denominator if denominator else float("inf")


# --8<-- [start:load]
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
    """clients 本の接続を張り終えてから、seconds 秒のあいだ要求を送り続ける（自作の送り手）。"""
    request = target.request()
    latencies: list[float] = []
    errors = 0
    connections = [await asyncio.open_connection(HOST, target.port) for _ in range(clients)]
    stop = time.perf_counter() + seconds

    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal errors
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
    await asyncio.gather(*(client(reader, writer) for reader, writer in connections))
    elapsed = time.perf_counter() - begin
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return Sample(len(latencies), len(latencies) / elapsed, cuts[49] * 1e3, cuts[98] * 1e3, errors)


# --8<-- [end:load]


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


# --8<-- [start:pinning]
def split_cpus(pin: bool) -> tuple[set[int], set[int]] | None:
    """送り手とサーバーの CPU の組（使える CPU の最初の 1 つと、残り）。固定しないなら None。"""
    if not pin or not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None
    return {cpus[0]}, set(cpus[1:])


# --8<-- [end:pinning]


def free_port() -> int:
    """127.0.0.1 で空いているポート（2 つのサーバーを別々のポートで起動するため）。"""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def server(
    command: Sequence[str], port: int, cpus: set[int] | None
) -> Iterator[subprocess.Popen[bytes]]:
    """サーバーを（cpus があればその CPU に固定して）起動し、/health が答えたら渡す。"""
    process = subprocess.Popen(
        [sys.executable, *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    try:
        if cpus is not None:
            os.sched_setaffinity(process.pid, cpus)
        wait_until_ready(f"http://{HOST}:{port}", process, 60.0)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()


# --8<-- [start:interleave]
def measure_pairs(
    base: Target, targets: Sequence[Target], clients: int, seconds: float, rounds: int
) -> dict[str, list[Pair]]:
    """宛先ごとに、相手と交互に rounds 組ずつ測る。組の中の順は回ごとに入れ替える（AB、BA、…）。"""
    pairs: dict[str, list[Pair]] = {target.name: [] for target in targets}
    for round_number in range(rounds):
        for target in targets:
            if round_number % 2 == 0:
                base_sample = timed(base, clients, seconds)
                ours = timed(target, clients, seconds)
            else:
                ours = timed(target, clients, seconds)
                base_sample = timed(base, clients, seconds)
            pairs[target.name].append(Pair(base_sample, ours))
    return pairs


# --8<-- [end:interleave]


def spread(values: Sequence[float]) -> str:
    """中央値と、真ん中の半分の幅（25〜75 パーセンタイル）。"""
    low, _, high = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return f"{statistics.median(values):.2f} ({low:.2f}〜{high:.2f})"


def rate(sample: Sample) -> float:
    return sample.rate


def p99(sample: Sample) -> float:
    return sample.p99


def cpu(sample: Sample) -> float:
    return sample.cpu_per_request


@dataclass(frozen=True)
class Row:
    """表の 1 行（接続の数と宛先ごと）。"""

    clients: int
    name: str
    pairs: list[Pair]

    def cells(self) -> list[str]:
        """件/秒、その比、中央値 ms、99% ms、その比、失敗、CPU µs/件、その比。"""
        ours = [pair.ours for pair in self.pairs]
        base = [pair.base for pair in self.pairs]
        return [
            str(self.clients),
            self.name,
            f"{statistics.median(s.rate for s in ours):.0f}",
            f"{statistics.median(s.rate for s in base):.0f}",
            spread([pair.ratio(rate) for pair in self.pairs]),
            f"{statistics.median(s.p50 for s in ours):.2f}",
            f"{statistics.median(s.p99 for s in ours):.2f}",
            spread([pair.ratio(p99) for pair in self.pairs]),
            str(sum(s.errors for s in ours)),
            f"{statistics.median(s.cpu_per_request for s in ours):.0f}",
            spread([pair.ratio(cpu) for pair in self.pairs]),
        ]

    def ratio(self, measure: Callable[[Sample], float]) -> float:
        """組ごとの比の中央値。"""
        return statistics.median(pair.ratio(measure) for pair in self.pairs)

    @property
    def errors(self) -> int:
        return sum(pair.ours.errors + pair.base.errors for pair in self.pairs)


HEADER = (
    "接続",
    "宛先",
    "件/秒",
    "相手の件/秒",
    "件数の比",
    "中央値 ms",
    "99% ms",
    "99% の比",
    "失敗",
    "CPU µs/件",
    "CPU の比",
)


def print_table(rows: Sequence[Row]) -> None:
    """表を Markdown の形で表示する。"""
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for row in rows:
        print("| " + " | ".join(row.cells()) + " |")


@dataclass(frozen=True)
class Soak:
    """負荷をかけ続けた結果: 秒数、件数、失敗、RSS の記録（経過秒と MiB）。"""

    seconds: float
    count: int
    errors: int
    rss: list[tuple[float, float]]

    @property
    def late_growth(self) -> float:
        """後半（半分の時刻より後）の RSS の増え（MiB）。"""
        half = self.seconds / 2
        middle = next(mib for at, mib in self.rss if at >= half)
        return self.rss[-1][1] - middle


# --8<-- [start:soak]
def soak(targets: Sequence[Target], seconds: float) -> Soak:
    """宛先を SOAK_CHUNK 秒ずつ順に替えながら、seconds 秒のあいだ負荷をかけ続ける。"""
    process = targets[0].process
    begin = time.monotonic()
    rss = [(0.0, rss_mib(process))]
    count = errors = 0
    chunk = 0
    while (elapsed := time.monotonic() - begin) < seconds:
        target = targets[chunk % len(targets)]
        sample = asyncio.run(load(target, SOAK_CLIENTS, min(SOAK_CHUNK, seconds - elapsed)))
        count, errors, chunk = count + sample.count, errors + sample.errors, chunk + 1
        rss.append((time.monotonic() - begin, rss_mib(process)))
    return Soak(seconds, count, errors, rss)


# --8<-- [end:soak]


def print_soak(result: Soak, base_rss: tuple[float, float]) -> None:
    """負荷をかけ続けた結果と、RSS の始め・途中・終わり。"""
    marks = [result.rss[0]]
    for minute in range(60, int(result.seconds), 60):
        marks.append(next(point for point in result.rss if point[0] >= minute))
    marks.append(result.rss[-1])
    print(
        f"負荷をかけ続ける: {result.seconds:g} 秒、接続 {SOAK_CLIENTS} 本、2 つの宛先を "
        f"{SOAK_CHUNK:g} 秒ずつ交互に。{result.count} 件、失敗 {result.errors} 件"
    )
    print("RSS（この章の API）: " + "、".join(f"{at:.0f} 秒 {mib:.1f} MiB" for at, mib in marks))
    print(
        f"RSS の増え: 全体で {result.rss[-1][1] - result.rss[0][1]:+.1f} MiB、"
        f"後半で {result.late_growth:+.1f} MiB"
        f"（相手は表の測定の前後で {base_rss[0]:.1f} → {base_rss[1]:.1f} MiB）"
    )


def verdicts(rows: Sequence[Row], result: Soak | None) -> list[tuple[str, bool]]:
    """issue 23 の目標ごとの、言葉と満たしたか。"""
    checks: list[tuple[str, bool]] = []
    for row in rows:
        if row.clients not in TARGET_CLIENTS:
            continue
        where = f"{row.name}、接続 {row.clients} 本"
        rate_ratio, p99_ratio = row.ratio(rate), row.ratio(p99)
        checks.append(
            (f"{where}: 件数の比 {rate_ratio:.2f} ≥ {MIN_RATE_RATIO}", rate_ratio >= MIN_RATE_RATIO)
        )
        checks.append(
            (f"{where}: 99% の比 {p99_ratio:.2f} ≤ {MAX_P99_RATIO}", p99_ratio <= MAX_P99_RATIO)
        )
    errors = sum(row.errors for row in rows) + (result.errors if result else 0)
    checks.append((f"失敗 {errors} 件 = 0", errors == 0))
    if result is not None:
        growth = result.late_growth
        checks.append(
            (f"RSS の後半の増え {growth:+.1f} MiB ≤ {FLAT_MIB:g} MiB", growth <= FLAT_MIB)
        )
    return checks


def run_benchmark(options: argparse.Namespace) -> None:
    """2 つのサーバーを起動して、表と、負荷をかけ続けた結果と、目標を表示する。"""
    cpus = split_cpus(options.pin)
    print(
        f"マシン: {platform.machine()}、{os.cpu_count()} コア、Python {platform.python_version()}、"
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"日時: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC、1 回 {options.seconds:g} 秒、"
        f"{options.rounds} 組（相手と交互に）、負荷をかけ続けるのは {options.soak:g} 秒"
    )
    if cpus is None:
        print("CPU の固定: なし")
    else:
        print(f"CPU の固定: 送り手 {sorted(cpus[0])}、サーバー {sorted(cpus[1])}")
        os.sched_setaffinity(0, cpus[0])
    with tempfile.TemporaryDirectory() as folder:
        models = store_with_invented_models(Path(folder)).directory
        ours_port, base_port = free_port(), free_port()
        ours_command = ["-m", "getting_started_ml.chapter15", "serve", "--models", str(models)]
        server_cpus = None if cpus is None else cpus[1]
        with (
            server([*ours_command, "--port", str(ours_port)], ours_port, server_cpus) as ours,
            server([__file__, "--serve-baseline", str(base_port)], base_port, server_cpus) as base,
        ):
            base_target = Target("baseline", base, base_port, "/predict", MOVIE)
            targets = [
                Target("/cinema/sales", ours, ours_port, "/cinema/sales", MOVIE),
                Target("/survived", ours, ours_port, "/survived", PASSENGER),
            ]
            for target in [base_target, *targets]:  # 温める
                timed(target, 10, 0.5)
            base_before = rss_mib(base)
            rows = []
            sender_cpu, began = time.process_time(), time.perf_counter()
            for clients in CLIENTS:
                pairs = measure_pairs(
                    base_target, targets, clients, options.seconds, options.rounds
                )
                rows += [Row(clients, name, runs) for name, runs in pairs.items()]
            print_table(rows)
            busy = (time.process_time() - sender_cpu) / (time.perf_counter() - began)
            print(
                f"送り手の CPU: 表を測るあいだの {busy:.0%}（100% に近ければ送り手が詰まっている）"
            )
            base_rss = (base_before, rss_mib(base))
            result = soak(targets, options.soak) if options.soak > 0 else None
            if result is not None:
                print_soak(result, base_rss)
    print("目標（issue 23）:")
    for text, met in verdicts(rows, result):
        print(f"- {'○' if met else '×'} {text}")


def profile(repeats: int) -> None:
    """サーバーを起こさずに ASGI のアプリを直接呼び、1 件の CPU の時間とプロファイルを表示する。"""
    with tempfile.TemporaryDirectory() as folder:
        store = FileModelStore(store_with_invented_models(Path(folder)).directory)
        app = create_app(PredictionService(store))
        calls = {
            "baseline": (baseline, "/predict", MOVIE),
            "/cinema/sales": (app, "/cinema/sales", MOVIE),
            "/survived": (app, "/survived", PASSENGER),
        }
        best = {name: float("inf") for name in calls}
        for _ in range(repeats):  # 交互に測り、いちばん速かった回を取る
            for name, (asgi, path, body) in calls.items():
                start = time.process_time()
                asyncio.run(call_many(asgi, path, body, 300))
                best[name] = min(best[name], (time.process_time() - start) / 300 * 1e6)
        for name, micros in best.items():
            ratio = micros / best["baseline"]
            print(f"{name}: 1 件 {micros:.0f} µs（相手の {ratio:.2f} 倍、アプリの中だけ）")
        for name in ("/cinema/sales", "/survived"):
            asgi, path, body = calls[name]
            profiler = cProfile.Profile()
            profiler.runcall(asyncio.run, call_many(asgi, path, body, 2000))
            text = io.StringIO()
            pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(15)
            print(f"\n{name} のプロファイル（自分の時間の多い順）:")
            print(text.getvalue().split("\n\n", 1)[-1].strip())


async def call_many(asgi: Any, path: str, body: bytes, count: int) -> None:
    """ASGI のアプリに、同じ POST を count 回送る（応答は捨てる）。"""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("ascii"),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", HOST.encode("ascii")),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode("ascii")),
        ],
        "client": (HOST, 1),
        "server": (HOST, 2),
        "state": {},
    }
    for _ in range(count):
        await asgi(dict(scope), receiver(body), discard)


def receiver(body: bytes) -> Callable[[], Awaitable[dict[str, Any]]]:
    """ボディを 1 度だけ渡し、そのあとは切れたと答える receive。"""
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop() if messages else {"type": "http.disconnect"}

    return receive


async def discard(message: dict[str, Any]) -> None:
    """応答を捨てる send。"""


def parser() -> argparse.ArgumentParser:
    """コマンドの引数。"""
    arguments = argparse.ArgumentParser(
        description="第 15 章の API の速さを最小の FastAPI のアプリと比べる"
    )
    arguments.add_argument("--seconds", type=float, default=0.5, help="1 回の秒数（既定 0.5）")
    arguments.add_argument(
        "--rounds", type=int, default=10, help="相手と交互に測る組の数（既定 10）"
    )
    arguments.add_argument(
        "--soak", type=float, default=300.0, help="負荷をかけ続ける秒数（既定 300。0 なら省く）"
    )
    arguments.add_argument(
        "--no-pin", dest="pin", action="store_false", help="送り手とサーバーを別の CPU に固定しない"
    )
    arguments.add_argument(
        "--profile", action="store_true", help="サーバーを起こさずに 1 件の手間とプロファイルを見る"
    )
    return arguments


def main(arguments: Sequence[str]) -> None:
    """2 つのサーバーを起動して測る（--profile なら、サーバーを起こさずに 1 件の手間を見る）。"""
    if arguments[:1] == ["--serve-baseline"]:
        serve_baseline(int(arguments[1]))
        return
    options = parser().parse_args(arguments)
    if options.profile:
        profile(repeats=15)
    else:
        run_benchmark(options)


if __name__ == "__main__":
    main(sys.argv[1:])
