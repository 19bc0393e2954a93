"""第 15 章の API の速さを測る（テストではない）。

架空の 2 つのモデルを一時フォルダに置いて本物の uvicorn を起動し、POST /cinema/sales に
CLIENTS 本の接続から REQUESTS 件を送って、1 秒あたりの件数と応答時間の中央値・99 パーセンタイルを
表示する。使い方: python benchmarks/chapter15_api.py [接続の数] [件数]
"""

from __future__ import annotations

import asyncio
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from chapter15_support import running_server, store_with_invented_models

MOVIE = {"sns1": 200, "sns2": 500, "actor": 3000, "original": 1}


async def measure(url: str, clients: int, requests: int) -> tuple[float, list[float]]:
    """要求をすべて送り終えるまでの秒数と、1 件ごとの応答時間（秒）。"""
    remaining = iter(range(requests))
    latencies: list[float] = []

    async def worker(client: httpx2.AsyncClient) -> None:
        for _ in remaining:
            start = time.perf_counter()
            response = await client.post("/cinema/sales", json=MOVIE)
            latencies.append(time.perf_counter() - start)
            response.raise_for_status()

    limits = httpx2.Limits(max_connections=clients)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=60.0) as client:
        start = time.perf_counter()
        await asyncio.gather(*(worker(client) for _ in range(clients)))
        return time.perf_counter() - start, latencies


def main() -> None:
    """測って結果を表示する。"""
    clients = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    with tempfile.TemporaryDirectory() as folder:
        store = store_with_invented_models(Path(folder))
        with running_server(store.directory) as url:
            asyncio.run(measure(url, clients, min(requests, 200)))  # 温める
            elapsed, latencies = asyncio.run(measure(url, clients, requests))
    quantiles = statistics.quantiles(latencies, n=100)
    print(f"マシン: {platform.machine()}、Python {platform.python_version()}")
    print(f"接続 {clients} 本、{requests} 件: {requests / elapsed:.0f} 件/秒")
    median, p99 = quantiles[49] * 1000, quantiles[98] * 1000
    print(f"応答時間: 中央値 {median:.1f} ms、99 パーセンタイル {p99:.1f} ms")


if __name__ == "__main__":
    main()
