# --8<-- [start:header]
"""第 15 章のコマンド: train で実データの 2 つのモデルを学習して保存し、serve で API を起動する。

学習の条件は第 7 章と第 8 章のまま。層をつなぐのもここ（置き場・サービス・アプリを組み立てる）。
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import CINEMA, fit_linear_regression, prepare_cinema
from getting_started_ml.chapter08 import MAX_DEPTH, SURVIVED, ClassWeight, Pipeline, split_survived
from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.infrastructure import FileModelStore
from getting_started_ml.chapter15.presentation import create_app
from getting_started_ml.chapter15.server import READ_TIMEOUT, run
from getting_started_ml.cli import run_chapter

HOST = "127.0.0.1"
PORT = 8015
DEFAULT_MODELS = Path("models")


# --8<-- [end:header]


# --8<-- [start:train]
def train_and_save_models(store: FileModelStore) -> list[Path]:
    """cinema は第 7 章（外れ値を除き 8 対 2、種 0）、Survived は第 8 章（深さ 5、重みあり）。"""
    cinema = prepare_cinema(Table.load(CINEMA))
    survived = split_survived(Table.load(SURVIVED))
    sales_model = fit_linear_regression(cinema.x_train, cinema.t_train)
    pipeline = Pipeline.build(MAX_DEPTH, ClassWeight.BALANCED).fit(
        survived.x_train, survived.t_train
    )
    return [store.save_sales_model(sales_model), store.save_survival_model(pipeline)]


# --8<-- [end:train]


# --8<-- [start:parser]
def parser() -> argparse.ArgumentParser:
    """引数の読み方。既定値は --help に出る。"""
    commands = argparse.ArgumentParser(
        prog="python -m getting_started_ml.chapter15",
        description="第 15 章: 学習済みモデルを HTTP で提供する API",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    sub = commands.add_subparsers(dest="command", required=True)
    train = sub.add_parser(
        "train",
        help="実データで 2 つのモデルを学習して保存する",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    train.add_argument("--models", type=Path, default=DEFAULT_MODELS, help="モデルを置くフォルダ")
    serve = sub.add_parser(
        "serve",
        help="保存したモデルで API を起動する",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    serve.add_argument("--models", type=Path, default=DEFAULT_MODELS, help="モデルを読むフォルダ")
    serve.add_argument("--host", default=HOST, help="待ち受けるアドレス")
    serve.add_argument("--port", type=int, default=PORT, help="待ち受けるポート")
    serve.add_argument(
        "--read-timeout",
        type=float,
        default=READ_TIMEOUT,
        help="要求（ヘッダーとボディ）を受け取り終えるまでの秒数。過ぎたら接続を閉じる",
    )
    return commands


# --8<-- [end:parser]


# --8<-- [start:main]
def train(models: Path) -> None:
    """モデルを学習して保存し、ファイルの名前を表示する。"""
    paths = train_and_save_models(FileModelStore(models))
    print(f"学習済みモデルを保存しました: {', '.join(path.name for path in paths)}")


def serve(models: Path, host: str, port: int, read_timeout: float = READ_TIMEOUT) -> None:
    """置き場・サービス・アプリを組み立て、uvicorn で API を起動する。止めるまで戻らない。"""
    app = create_app(PredictionService(FileModelStore(models)))
    print(f"API を起動します: http://{host}:{port}", flush=True)
    run(app, host, port, read_timeout)


def main(argv: Sequence[str] | None = None) -> int:
    """引数を読んで train か serve を動かす。"""
    arguments = parser().parse_args(argv)
    if arguments.command == "train":
        return run_chapter(lambda: train(arguments.models))
    return run_chapter(
        lambda: serve(arguments.models, arguments.host, arguments.port, arguments.read_timeout)
    )


# --8<-- [end:main]
