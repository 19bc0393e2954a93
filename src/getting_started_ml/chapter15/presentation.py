# --8<-- [start:header]
"""第 15 章: プレゼンテーション層。HTTP の約束（パス、状態コード、ボディ）をここで守る。

FastAPI のボディの検査（pydantic）は使わない。約束の日本語の理由を、決まった順にすべて返すため。
FastAPI が自分で出す英語のエラー（404、405、検査の失敗）も、ここで約束の形に置き換える。
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import (
    LOGGER,
    ModelNotFoundError,
    PredictionNotFiniteError,
    SalesPrediction,
    SurvivalPrediction,
)
from getting_started_ml.chapter15.validation import (
    MAX_BODY_BYTES,
    MOVIE,
    PASSENGER,
    UNREADABLE,
    InvalidRequestError,
    Schema,
    UnreadableBodyError,
    is_integer,
    is_number,
    movie_from,
    passenger_from,
)

NOT_FOUND = "見つかりません"
METHOD_NOT_ALLOWED = "許していないメソッドです"
INTERNAL_ERROR = "予測できませんでした"
TOO_LARGE = "ボディが大きすぎます（1 MiB まで）"


class BodyTooLargeError(Exception):
    """ボディが MAX_BODY_BYTES を超えた。"""


# --8<-- [end:header]


# --8<-- [start:body]
async def read_body(request: Request) -> bytes:
    """ボディを読む。MAX_BODY_BYTES を超えたら、そこで読むのをやめて BodyTooLargeError。

    ASGI の受け取り口（receive）から直接読む。相手が先に切ったら ClientDisconnect。
    """
    if declared_length(request.scope["headers"]) > MAX_BODY_BYTES:
        raise BodyTooLargeError()
    chunks, size, more = [], 0, True
    while more:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise BodyTooLargeError()
        chunks.append(chunk)
        more = message.get("more_body", False)
    return b"".join(chunks)


def declared_length(headers: Iterable[tuple[bytes, bytes]]) -> int:
    """ヘッダーの Content-Length（ASGI の名前は小文字）。無いか数でなければ 0。

    上限より桁の多い長さは int にせずに、MAX_BODY_BYTES + 1 と答える（Python の int は
    4,300 桁を超える文字列を読まずに ValueError を投げるので、何千桁の長さでも 413 にするため）。
    """
    for name, value in headers:
        if name == b"content-length" and value.isdigit():
            digits = value.lstrip(b"0")
            if len(digits) > len(str(MAX_BODY_BYTES)):
                return MAX_BODY_BYTES + 1
            return int(digits or b"0")
    return 0


# --8<-- [end:body]


# --8<-- [start:direct]
class DirectRoute(APIRoute):
    """エンドポイントを、FastAPI の依存の解決（引数の検査と変換）を通さずに直接呼ぶ経路。

    この章のエンドポイントは Request だけを受け取り、ボディを自分で読んで確かめ、Response を
    返す。FastAPI がしてくれる仕事は残っていないので、その手間を 1 件ごとに払わない。
    パスとメソッドの照合、例外の処理、OpenAPI の文書は、ふつうの経路と同じに働く。
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        return cast(Callable[[Request], Coroutine[Any, Any, Response]], self.endpoint)


# --8<-- [end:direct]


# --8<-- [start:encode]
SURVIVED_BODIES = {True: b'{"survived":true}', False: b'{"survived":false}'}
"""生死の応答のボディは 2 通りしかないので、JSON にしておく。"""


def sales_body(prediction: SalesPrediction) -> bytes:
    """{"sales": …} の JSON のバイト列（JSONResponse と同じ。json も数を float の repr で書く）。

    予測が有限の数であることは、SalesPrediction が作られたときに確かめてある。
    """
    if not isinstance(prediction, SalesPrediction):
        raise TypeError(f"prediction は SalesPrediction です（{type(prediction).__name__}）")
    return b'{"sales":' + repr(float(prediction.sales)).encode("ascii") + b"}"


def survived_body(prediction: SurvivalPrediction) -> bytes:
    """{"survived": …} の JSON のバイト列（JSONResponse と同じ）。"""
    if not isinstance(prediction, SurvivalPrediction):
        raise TypeError(f"prediction は SurvivalPrediction です（{type(prediction).__name__}）")
    return SURVIVED_BODIES[bool(prediction.survived)]


def json_response(body: bytes) -> Response:
    """JSON にし終えたボディの、200 の応答。"""
    if not isinstance(body, bytes):
        raise TypeError(f"body はバイト列です（{type(body).__name__} が渡されました）")
    return Response(body, media_type="application/json")


# --8<-- [end:encode]


# --8<-- [start:routes]
def create_app(service: PredictionService) -> FastAPI:
    """サービスを HTTP につないだアプリを作る（サーバーは起動しない）。"""
    app = FastAPI(
        title="機械学習から始めるプログラミング入門 第 15 章の API",
        version="1.0",
        docs_url=None,
        redoc_url=None,
    )
    app.router.route_class = DirectRoute

    @app.get("/health", responses={200: {"content": {"application/json": {"schema": HEALTH}}}})
    async def health(request: Request) -> JSONResponse:
        models = service.health()
        status = "ok" if all(models.values()) else "degraded"
        return JSONResponse({"status": status, "models": models})

    @app.post("/cinema/sales", openapi_extra=contract(MOVIE, SALES))
    async def predict_sales(request: Request) -> Response:
        movie = movie_from(await read_body(request))
        prediction = service.predict_sales(movie)
        return json_response(sales_body(prediction))

    @app.post("/survived", openapi_extra=contract(PASSENGER, SURVIVED))
    async def predict_survival(request: Request) -> Response:
        passenger = passenger_from(await read_body(request))
        prediction = service.predict_survival(passenger)
        return json_response(survived_body(prediction))

    for error, handler in ERROR_HANDLERS.items():
        app.add_exception_handler(error, handler)
    app.add_middleware(FailureLog)
    return app


# --8<-- [end:routes]


# --8<-- [start:errors]
def detail(status: int, message: Any, headers: dict[str, str] | None = None) -> JSONResponse:
    """{"detail": …} のボディの応答。"""
    return JSONResponse({"detail": message}, status_code=status, headers=headers)


async def unreadable(request: Request, error: Exception) -> JSONResponse:
    """読めないボディ、型の違う値、FastAPI 自身の検査の失敗は、すべて同じ 1 つの理由にする。"""
    return detail(422, [UNREADABLE])


async def invalid(request: Request, error: Exception) -> JSONResponse:
    """決まりに合わない値は、集めた理由をすべて返す。"""
    reasons = error.reasons if isinstance(error, InvalidRequestError) else [UNREADABLE]
    return detail(422, reasons)


async def not_finite(request: Request, error: Exception) -> JSONResponse:
    """入力は決まりに合うが、予測が有限の数にならない（JSON に inf は書けない）。"""
    return detail(422, [str(error)])


async def model_not_found(request: Request, error: Exception) -> JSONResponse:
    """モデルが無い（または使えない）。文にファイルの場所は入っていない。"""
    return detail(503, str(error))


async def too_large(request: Request, error: Exception) -> JSONResponse:
    """ボディが大きすぎる。"""
    return detail(413, TOO_LARGE)


async def http_error(request: Request, error: Exception) -> JSONResponse:
    """FastAPI（Starlette）が出す 404 と 405 を、約束の日本語にする。405 には Allow を付ける。"""
    status = error.status_code if isinstance(error, StarletteHTTPException) else 500
    headers = error.headers if isinstance(error, StarletteHTTPException) else None
    messages = {404: NOT_FOUND, 405: METHOD_NOT_ALLOWED}
    return detail(status, messages.get(status, INTERNAL_ERROR), dict(headers or {}))


ERROR_HANDLERS: dict[type[Exception], Callable[[Request, Exception], Any]] = {
    UnreadableBodyError: unreadable,
    RequestValidationError: unreadable,
    InvalidRequestError: invalid,
    PredictionNotFiniteError: not_finite,
    ModelNotFoundError: model_not_found,
    BodyTooLargeError: too_large,
    StarletteHTTPException: http_error,
}


class FailureLog:
    """上の処理で答えられなかった失敗を、1 件につきログ 1 行にする（ASGI のミドルウェア）。

    思いがけない失敗は 500 と決まった 1 文を返し、ログには種類と文だけを書く（トレースバックは
    DEBUG のときだけ）。相手が先に接続を切ったなら、返す先が無いので、何も返さずに 1 行だけ書く。
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except ClientDisconnect:  # 場所の文字列は、書くときにだけ組み立てる
            LOGGER.info("応答の前に接続が切れました: %s %s", scope["method"], scope["path"])
        except Exception as error:
            where = f"{scope['method']} {scope['path']}"
            LOGGER.error(
                "予測の途中で失敗しました: %s（%s: %s）", where, type(error).__name__, error
            )
            LOGGER.debug("失敗の詳細", exc_info=True)
            if not started:
                await detail(500, INTERNAL_ERROR)(scope, receive, send)


# --8<-- [end:errors]


# --8<-- [start:openapi]
def json_type(spec_kind: Callable[[object], bool]) -> str:
    """検査の関数に対応する JSON Schema の型の名前。"""
    if spec_kind is is_integer:
        return "integer"
    return "number" if spec_kind is is_number else "string"


def require_schema(schema: object) -> None:
    """schema が検査の決まり（Schema）であることを確かめる。"""
    if not isinstance(schema, Schema):
        raise TypeError(f"schema は Schema です（{type(schema).__name__} が渡されました）")


def checked(schema: Schema, check: str) -> set[str]:
    """check で調べる欄の名前。"""
    require_schema(schema)
    return {name for kind, names in schema.checks if kind == check for name in names}


def request_schema(schema: Schema) -> dict[str, Any]:
    """検査の決まりから、OpenAPI に載せる JSON Schema を作る（文書用。検査は Schema が行う）。"""
    require_schema(schema)
    required = sorted(
        {name for check, names in schema.checks if check == "required" for name in names}
    )
    non_negative = {
        name for check, names in schema.checks if check == "non_negative" for name in names
    }
    properties: dict[str, Any] = {}
    for spec in schema.fields:
        prop: dict[str, Any] = {"type": json_type(spec.kind)}
        if spec.choices:
            prop["enum"] = list(spec.choices)
        if spec.name in non_negative:
            prop["minimum"] = 0
        if spec.name not in required:
            prop = {"anyOf": [prop, {"type": "null"}]}
        properties[spec.name] = prop
    return {
        "type": "object",
        "properties": properties,
        "required": [f.name for f in schema.fields if f.name in required],
    }


SALES = {"type": "object", "properties": {"sales": {"type": "number"}}, "required": ["sales"]}
SURVIVED = {
    "type": "object",
    "properties": {"survived": {"type": "boolean"}},
    "required": ["survived"],
}
HEALTH = {
    "type": "object",
    "properties": {
        "status": {"enum": ["ok", "degraded"]},
        "models": {
            "type": "object",
            "properties": {"cinema": {"type": "boolean"}, "survived": {"type": "boolean"}},
        },
    },
}
ERROR_DETAIL = {"type": "object", "properties": {"detail": {}}, "required": ["detail"]}


def contract(schema: Schema, success: dict[str, Any]) -> dict[str, Any]:
    """OpenAPI の requestBody と responses（200、413、422、503）。"""
    errors = {"content": {"application/json": {"schema": ERROR_DETAIL}}}
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": request_schema(schema)}},
        },
        "responses": {
            "200": {"description": "予測", "content": {"application/json": {"schema": success}}},
            "413": {"description": "ボディが大きすぎる", **errors},
            "422": {
                "description": "読めない、決まりに合わない、予測が有限の数にならない",
                **errors,
            },
            "503": {"description": "学習済みモデルが無い", **errors},
        },
    }


# --8<-- [end:openapi]
