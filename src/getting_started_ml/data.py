"""データファイルを確かめる・置く・どこにあるかを示すコマンド。

python -m getting_started_ml.data check
python -m getting_started_ml.data install PATH/TO/sukkiri-ml-codes.zip
python -m getting_started_ml.data where
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from getting_started_ml import dataset
from getting_started_ml.dataset import (
    DATA_DIR_VARIABLE,
    DataError,
    DataLocation,
    data_location,
    not_a_folder_message,
    require_folder,
    sha256_of,
)

OK = "OK"
MISSING = "missing"
MISMATCH = "checksum mismatch"
INSTALL_COMMAND = "python -m getting_started_ml.data install ZIP"
CHECK_COMMAND = "python -m getting_started_ml.data check"


def file_status(directory: Path, name: str) -> str:
    """1 つのファイルの状態: OK・missing・checksum mismatch。"""
    path = directory / name
    if not path.is_file():
        return MISSING
    return OK if sha256_of(path.read_bytes()) == dataset.DATA_FILES[name].sha256 else MISMATCH


def check(directory: Path) -> bool:
    """すべてのデータファイルの状態を 1 行ずつ表示し、すべて OK なら真を返す。"""
    print(f"データのフォルダ: {directory}（環境変数 {DATA_DIR_VARIABLE} で変えられます）")
    if not directory.exists():
        print(f"このフォルダはまだありません（`{INSTALL_COMMAND}` で作って置けます）")
    statuses = {name: file_status(directory, name) for name in dataset.DATA_FILES}
    for name, status in statuses.items():
        print(f"{status:<17} {name}\t{dataset.DATA_FILES[name].chapters}")
    if MISSING in statuses.values():
        print(f"足りないファイルは `{INSTALL_COMMAND}` で置けます。")
    if MISMATCH in statuses.values():
        print(
            "checksum mismatch のファイルは書籍のファイルと中身が違います。書き換えられているので、"
            "書籍のサポートページから入手し直した ZIP で"
            f" `{INSTALL_COMMAND}` をやり直してください。"
        )
    return all(status == OK for status in statuses.values())


def where(location: DataLocation) -> bool:
    """データのフォルダと、そこに決まった理由と、フォルダの今の状態を表示する。"""
    directory = location.directory
    if directory.exists() and not directory.is_dir():
        print(f"エラー: {not_a_folder_message(directory)}", file=sys.stderr)
        return False
    print(f"データのフォルダ: {directory}")
    print(f"理由: {location.reason}")
    if directory.is_dir():
        print(f"状態: フォルダがあります（中身は `{CHECK_COMMAND}` で確かめられます）")
    else:
        print(f"状態: このフォルダはまだありません（`{INSTALL_COMMAND}` で作って置けます）")
    return True


def archive_members(archive: zipfile.ZipFile) -> dict[str, str]:
    """ZIP の中の、書籍のデータファイルの名前から中での場所への対応。フォルダの深さは問わない。"""
    members: dict[str, str] = {}
    for member in archive.namelist():
        name = PurePosixPath(member).name
        if name in dataset.DATA_FILES and name not in members:
            members[name] = member
    return members


def read_verified(archive_path: Path) -> dict[str, bytes]:
    """ZIP から書籍のデータファイルを読み、SHA-256 が一致したものだけを返す（まだ何も置かない）。

    無いファイルと中身の違うファイルは 1 行ずつ報告する。ZIP が読めなければ DataError。
    """
    if not archive_path.is_file():
        raise DataError(f"ZIP ファイルがありません: {archive_path}")
    try:
        archive = zipfile.ZipFile(archive_path)
    except zipfile.BadZipFile:
        raise DataError(f"ZIP ファイルとして読めません: {archive_path}") from None
    verified: dict[str, bytes] = {}
    with archive:
        members = archive_members(archive)
        for name, file in dataset.DATA_FILES.items():
            if name not in members:
                print(f"{MISSING:<17} {name}\tZIP の中にありません")
                continue
            content = read_member(archive, members[name], archive_path)
            if sha256_of(content) != file.sha256:
                print(f"{MISMATCH:<17} {name}\t置きませんでした（{members[name]}）")
                continue
            verified[name] = content
    return verified


def read_member(archive: zipfile.ZipFile, member: str, archive_path: Path) -> bytes:
    """ZIP の中の 1 つのファイルを読む。壊れていれば（CRC の不一致など）DataError。"""
    try:
        return archive.read(member)
    except (zipfile.BadZipFile, zlib.error, EOFError) as error:
        raise DataError(
            f"ZIP の中の {member} が壊れていて読めません（{error}）。"
            f"{archive_path} を入手し直してください。何も置いていません"
        ) from None
    except (NotImplementedError, RuntimeError) as error:
        raise DataError(
            f"ZIP の中の {member} を取り出せません（{error}）。何も置いていません"
        ) from None


def place(files: dict[str, bytes], directory: Path) -> None:
    """一時フォルダに書いて確かめてから、データのフォルダへ移す。失敗しても書きかけを残さない。"""
    created = not directory.exists()
    directory.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".installing-", dir=directory))
    try:
        for name, content in files.items():
            (staging / name).write_bytes(content)
            if sha256_of((staging / name).read_bytes()) != dataset.DATA_FILES[name].sha256:
                raise DataError(f"{name} を書いたあと読み直すと中身が違いました（{staging}）")
        for name in files:
            os.replace(staging / name, directory / name)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if created and not any(directory.iterdir()):
            directory.rmdir()
        raise
    staging.rmdir()


def install(archive_path: Path, directory: Path) -> bool:
    """ZIP から書籍のデータファイルを取り出し、SHA-256 を確かめてから置く。すべて置けたら真。"""
    require_folder(directory)
    verified = read_verified(archive_path)
    if verified:
        place(verified, directory)
    for name in verified:
        print(f"{OK:<17} {name}\t{directory / name}")
    return len(verified) == len(dataset.DATA_FILES)


def os_error_message(error: OSError, directory: Path) -> str:
    """ファイルの読み書きの失敗を、どのフォルダで何が起きたかの 1 行にする。"""
    target = error.filename if error.filename is not None else directory
    return (
        f"{target} を読み書きできません（{error.strerror or error}）。"
        f"データのフォルダは {directory} です"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """コマンドの入口。うまくいけば 0、そうでなければ 1 を返す。トレースバックは出さない。"""
    parser = argparse.ArgumentParser(
        prog="python -m getting_started_ml.data",
        description="書籍のデータファイルを確かめる・置く・場所を示す",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="データのフォルダにあるファイルを SHA-256 で確かめる")
    install_parser = commands.add_parser("install", help="sukkiri-ml-codes.zip から取り出して置く")
    install_parser.add_argument("archive", type=Path, help="sukkiri-ml-codes.zip の場所")
    commands.add_parser("where", help="データのフォルダと、そこに決まった理由を表示する")
    arguments = parser.parse_args(argv)
    location = data_location()
    try:
        if arguments.command == "where":
            return 0 if where(location) else 1
        require_folder(location.directory)
        if arguments.command == "install":
            return 0 if install(arguments.archive, location.directory) else 1
        return 0 if check(location.directory) else 1
    except DataError as error:
        print(f"エラー: {error}", file=sys.stderr)
    except OSError as error:
        print(f"エラー: {os_error_message(error, location.directory)}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
