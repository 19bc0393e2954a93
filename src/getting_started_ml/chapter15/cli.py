"""第 15 章のコマンド: train でモデルを学習して保存し、serve で API を起動する。"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from getting_started_ml.cli import run_chapter

HOST = "127.0.0.1"
PORT = 8015
DEFAULT_MODELS = Path("models")
READ_TIMEOUT = 10.0
"""要求の全体（ヘッダーと本文）を受け取るまでの期限（秒）。"""


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
        help="要求（ヘッダーと本文）を受け取り終えるまでの秒数。過ぎたら接続を閉じる",
    )
    return commands


# --8<-- [start:main]
def train(models: Path) -> None:
    """モデルを学習して保存し、ファイルの名前を表示する（学習の道具は使うときに読み込む）。"""
    from getting_started_ml.chapter15.infrastructure import FileModelStore  # noqa: PLC0415
    from getting_started_ml.chapter15.training import train_and_save_models  # noqa: PLC0415

    paths = train_and_save_models(FileModelStore(models))
    print(f"学習済みモデルを保存しました: {', '.join(path.name for path in paths)}")


def serve(models: Path, host: str, port: int, read_timeout: float = READ_TIMEOUT) -> None:
    """uvicorn で API を起動する。止めるまで戻らない（FastAPI と uvicorn は起動するときに読む）。"""
    from getting_started_ml.chapter15.application import PredictionService  # noqa: PLC0415
    from getting_started_ml.chapter15.infrastructure import FileModelStore  # noqa: PLC0415
    from getting_started_ml.chapter15.presentation import create_app  # noqa: PLC0415
    from getting_started_ml.chapter15.server import run  # noqa: PLC0415

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


if __name__ == "__main__":
    sys.exit(main())
