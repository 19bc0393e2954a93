# --8<-- [start:header]
"""第 15 章: 遅いクライアント。要求を受け取り終える期限を過ぎた接続は、サーバーが閉じる。"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx2
import pytest
from support.chapter15 import running_server, store_with_invented_models

READ_TIMEOUT = 1.5
BOUND = READ_TIMEOUT + 4.0  # 期限のあと、混んだ機械でも閉じるまでに待つ上限
HEAD = b"POST /survived HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
BODY = b'{"pclass": 1, "sex": "female", "sib_sp": 0, "parch": 0, "fare": 50.0}'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """要求を受け取る期限を 1.5 秒にした、本物のサーバー。"""
    store = store_with_invented_models(tmp_path_factory.mktemp("models"))
    with running_server(store.directory, arguments=["--read-timeout", str(READ_TIMEOUT)]) as url:
        yield url


def connect(url: str) -> socket.socket:
    address = urlsplit(url)
    return socket.create_connection((address.hostname or "", address.port or 80), timeout=5.0)


def closed(connection: socket.socket) -> bool:
    """相手が接続を閉じたか（読めるのに 0 バイト、またはリセット）。待たずに確かめる。"""
    readable, _, _ = select.select([connection], [], [], 0)
    if not readable:
        return False
    try:
        return connection.recv(4096) == b""
    except ConnectionError:
        return True


def trickle(connection: socket.socket, pieces: list[bytes], interval: float) -> float:
    """pieces を interval 秒ごとに 1 つずつ送り、閉じられるまでの秒数を返す（BOUND で打ち切る）。"""
    start = time.monotonic()
    for piece in pieces:
        if closed(connection) or time.monotonic() - start > BOUND:
            break
        try:
            connection.sendall(piece)
        except ConnectionError:
            break
        time.sleep(interval)
    while not closed(connection) and time.monotonic() - start <= BOUND:
        time.sleep(0.05)
    return time.monotonic() - start


# --8<-- [end:header]


# --8<-- [start:test-slow]
def test_ヘッダーを少しずつ送る接続は期限で閉じる(server: str) -> None:
    with connect(server) as connection:
        headers = [HEAD] + [b"X-Slow: %d\r\n" % n for n in range(100)]
        elapsed = trickle(connection, headers, interval=0.2)
    assert READ_TIMEOUT * 0.9 <= elapsed <= BOUND


def test_ボディを少しずつ送る接続も期限で閉じる(server: str) -> None:
    with connect(server) as connection:
        head = HEAD + b"Content-Length: %d\r\n\r\n" % len(BODY)
        elapsed = trickle(connection, [head, *(BODY[i : i + 1] for i in range(len(BODY)))], 0.2)
    assert READ_TIMEOUT * 0.9 <= elapsed <= BOUND


def test_何も送らない接続も期限で閉じる(server: str) -> None:
    with connect(server) as connection:
        elapsed = trickle(connection, [], interval=0.0)
    assert READ_TIMEOUT * 0.9 <= elapsed <= BOUND


def test_遅い接続が100本あってもほかの要求に答え全部閉じる(server: str) -> None:
    connections = [connect(server) for _ in range(100)]
    try:
        for connection in connections:
            connection.sendall(HEAD)
        assert httpx2.get(f"{server}/health", timeout=5.0).status_code == 200
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline and not all(closed(c) for c in connections):
            time.sleep(0.1)
        assert all(closed(connection) for connection in connections)
    finally:
        for connection in connections:
            connection.close()


def test_期限のうちに届いた要求には答え続けて使う接続の次の要求も待つ(server: str) -> None:
    head = HEAD + b"Content-Length: %d\r\n\r\n" % len(BODY)
    with connect(server) as connection:
        for _ in range(2):
            for piece in (head[:20], head[20:], BODY):
                connection.sendall(piece)
                time.sleep(0.1)
            response = connection.recv(4096)
            assert response.startswith(b"HTTP/1.1 200 OK"), response
            assert response.endswith(b'{"survived":true}'), response
            time.sleep(READ_TIMEOUT * 1.5)  # 前の要求の期限が残っていれば、ここで閉じられる


# --8<-- [end:test-slow]
