# --8<-- [start:header]
"""第 15 章: 本物の uvicorn を 127.0.0.1 の空きポートで起動し、HTTP で確かめる。"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from support.chapter15 import running_server, store_with_invented_models

from getting_started_ml.chapter15.infrastructure import FileModelStore

VALID_MOVIE = {"sns1": 10, "sns2": 20, "actor": 100, "original": 1}
VALID_PASSENGER = {"pclass": 1, "sex": "female", "sib_sp": 0, "parch": 0, "fare": 50.0}
REQUESTS = [
    ("/cinema/sales", VALID_MOVIE, 200),
    ("/cinema/sales", {**VALID_MOVIE, "original": 2}, 422),
    ("/survived", VALID_PASSENGER, 200),
    ("/survived", {**VALID_PASSENGER, "pclass": 4}, 422),
    ("/survived", "{", 422),
]


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> FileModelStore:
    """架空の 2 つのモデルを置いたフォルダ（データが無くても動く）。"""
    return store_with_invented_models(tmp_path_factory.mktemp("models"))


@pytest.fixture(scope="module")
def server(models: FileModelStore) -> Iterator[str]:
    """このファイルのテストが共有する、本物のサーバー。"""
    with running_server(models.directory) as url:
        yield url


async def send_all(url: str, concurrency: int) -> list[tuple[int, int]]:
    """500 件の要求を concurrency 本の接続で送り、(期待した状態, 返った状態) を集める。"""
    queue: asyncio.Queue[tuple[str, object, int]] = asyncio.Queue()
    for number in range(500):
        queue.put_nowait(REQUESTS[number % len(REQUESTS)])
    results: list[tuple[int, int]] = []

    async def worker(client: httpx2.AsyncClient) -> None:
        while not queue.empty():
            path, body, expected = queue.get_nowait()
            content = body.encode() if isinstance(body, str) else None
            response = await client.post(
                path, content=content, json=None if content is not None else body
            )
            results.append((expected, response.status_code))

    limits = httpx2.Limits(max_connections=concurrency)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=30.0) as client:
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
    return results


# --8<-- [end:header]


# --8<-- [start:test-server]
def test_50の接続から500件を送っても失わず正しく答える(server: str) -> None:
    results = asyncio.run(send_all(server, concurrency=50))
    assert len(results) == 500
    assert [got for _, got in results] == [expected for expected, _ in results]


def test_モデルのファイルを消すと再起動せずにdegradedになる(
    server: str, models: FileModelStore
) -> None:
    assert httpx2.get(f"{server}/health").json()["status"] == "ok"
    path = models.path_of("cinema")
    saved = path.read_bytes()
    try:
        path.unlink()
        health = httpx2.get(f"{server}/health")
        assert health.json() == {
            "status": "degraded",
            "models": {"cinema": False, "survived": True},
        }
        sales = httpx2.post(f"{server}/cinema/sales", json=VALID_MOVIE)
        assert (sales.status_code, sales.json()) == (
            503,
            {"detail": "学習済みモデル cinema が見つかりません"},
        )
        assert httpx2.post(f"{server}/survived", json=VALID_PASSENGER).status_code == 200
    finally:
        path.write_bytes(saved)
    assert httpx2.get(f"{server}/health").json()["status"] == "ok"


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (b" " * (1024 * 1024 + 10), 413),
        (b'{"sns1": NaN, "sns2": 1, "actor": 1, "original": 1}', 422),
        (b'{"sns1": 1e400, "sns2": 1, "actor": 1, "original": 1}', 422),
        (b"[" * 50_000, 422),
    ],
)
def test_大きすぎるボディや読めない数もサーバーは落ちずに答える(
    server: str, content: bytes, status: int
) -> None:
    response = httpx2.post(f"{server}/cinema/sales", content=content, timeout=30.0)
    assert response.status_code == status
    assert httpx2.get(f"{server}/health").status_code == 200


def test_サーバーはボディにファイルの場所を出さない(server: str, models: FileModelStore) -> None:
    path = models.path_of("survived")
    saved = path.read_bytes()
    try:
        path.write_text("{ 壊れたファイル", encoding="utf-8")
        response = httpx2.post(f"{server}/survived", json=VALID_PASSENGER)
        assert response.status_code == 503
        assert str(Path(models.directory)) not in response.text
    finally:
        path.write_bytes(saved)


# --8<-- [end:test-server]
