# --8<-- [start:header]
"""第 15 章: uvicorn の起動と、要求を受け取る期限（遅いクライアントへの備え）。

uvicorn の --timeout-keep-alive は、要求と要求の「間」の待ち時間しか見ない。ヘッダーを 1 バイトずつ
ゆっくり送る相手（slowloris）は、いつまでも接続をふさげる。h11 にもヘッダーの期限は無い。
そこで、接続を受けてから（続けて使う接続では、次の要求の最初のバイトから）、要求の全体（ヘッダーと
ボディ）を受け取り終えるまでに期限を設け、過ぎたら接続を閉じる。
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from getting_started_ml.chapter15.domain import LOGGER

READ_TIMEOUT = 10.0
"""要求の全体（ヘッダーとボディ）を受け取り終えるまでの期限（秒）。"""
KEEP_ALIVE = 5
"""応答のあと、次の要求を待つ秒数（uvicorn の既定と同じ）。"""
READING = (h11.IDLE, h11.SEND_BODY)
"""相手（クライアント）が、まだ要求を送っている途中の状態。"""


# --8<-- [end:header]


# --8<-- [start:deadline]
class DeadlineProtocol(H11Protocol):
    """uvicorn の h11 の接続に、要求を受け取り終えるまでの期限を足したもの。

    要求ごとにタイマーを作り直さず、受け取り始めた時刻だけを書き留める。タイマーは接続に
    1 つで、鳴ったときに期限を過ぎていれば閉じ、過ぎていなければ残りの時間で鳴らし直す。
    """

    read_timeout = READ_TIMEOUT
    _since: float | None = None
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """接続を受けたら、最初の要求の期限を計り始める（何も送らない相手も閉じる）。"""
        super().connection_made(transport)
        self._since = self.loop.time()
        self._timer = self.loop.call_later(self.read_timeout, self._check)

    def data_received(self, data: bytes) -> None:
        """次の要求の最初のバイトで計り始め、要求を受け取り終えたら止める。"""
        if self._since is None and self.conn.their_state is h11.IDLE:
            self._since = self.loop.time()
        super().data_received(data)
        if self.conn.their_state not in READING:
            self._since = None

    def connection_lost(self, exc: Exception | None) -> None:
        """閉じた接続のタイマーは要らない。"""
        if self._timer is not None:
            self._timer.cancel()
        super().connection_lost(exc)

    def _check(self) -> None:
        """期限を過ぎていれば閉じ、過ぎていなければ残りの時間で鳴らし直す。"""
        if self._since is None:  # 要求を受け取っていない（応答の途中か、次の要求を待つ間）
            left = self.read_timeout
        else:
            left = self._since + self.read_timeout - self.loop.time()
        if left > 0:
            self._timer = self.loop.call_later(left, self._check)
            return
        if self.conn.their_state is h11.IDLE:  # ヘッダーの途中。ボディの途中ならアプリが 1 行書く
            LOGGER.warning(
                "%s 秒のうちに要求のヘッダーが届かないので接続を閉じます（%s）",
                f"{self.read_timeout:g}",
                _peer(self.client),
            )
        self.transport.close()


def _peer(client: tuple[str, int] | None) -> str:
    return "不明" if client is None else f"{client[0]}:{client[1]}"


def protocol_with(read_timeout: float) -> type[DeadlineProtocol]:
    """期限を read_timeout 秒にした接続の型（uvicorn の http= に渡す）。"""
    if isinstance(read_timeout, bool) or not isinstance(read_timeout, int | float):
        raise TypeError(f"read_timeout は秒数です（{read_timeout!r}）")
    if not 0 < read_timeout < float("inf"):
        raise ValueError(f"read_timeout は正の有限の秒数です（{read_timeout!r}）")
    return type("DeadlineProtocol", (DeadlineProtocol,), {"read_timeout": float(read_timeout)})


# --8<-- [end:deadline]


# --8<-- [start:run]
def run(app: Any, host: str, port: int, read_timeout: float = READ_TIMEOUT) -> None:
    """uvicorn で app を動かす。止めるまで戻らない。ログは 1 件 1 行で標準エラーに書く。"""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,  # warning では書かない行の材料を、1 件ごとに作らない
        http=protocol_with(read_timeout),
        timeout_keep_alive=KEEP_ALIVE,
    )


# --8<-- [end:run]
