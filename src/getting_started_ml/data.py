"""データファイルを確かめる・置くコマンド。

python -m getting_started_ml.data check
python -m getting_started_ml.data install PATH/TO/sukkiri-ml-codes.zip
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from getting_started_ml import dataset
from getting_started_ml.dataset import DATA_DIR_VARIABLE, data_dir, sha256_of

OK = "OK"
MISSING = "missing"
MISMATCH = "checksum mismatch"


def file_status(directory: Path, name: str) -> str:
    """1 つのファイルの状態: OK・missing・checksum mismatch。"""
    path = directory / name
    if not path.is_file():
        return MISSING
    return OK if sha256_of(path.read_bytes()) == dataset.DATA_FILES[name].sha256 else MISMATCH


def check(directory: Path) -> bool:
    """すべてのデータファイルの状態を 1 行ずつ表示し、すべて OK なら真を返す。"""
    print(f"データのフォルダ: {directory}（環境変数 {DATA_DIR_VARIABLE} で変えられます）")
    statuses = {name: file_status(directory, name) for name in dataset.DATA_FILES}
    for name, status in statuses.items():
        print(f"{status:<17} {name}\t{dataset.DATA_FILES[name].chapters}")
    all_ok = all(status == OK for status in statuses.values())
    if not all_ok:
        print("足りないファイルは `python -m getting_started_ml.data install ZIP` で置けます。")
    return all_ok


def archive_members(archive: zipfile.ZipFile) -> dict[str, str]:
    """ZIP の中の、書籍のデータファイルの名前から中での場所への対応。フォルダの深さは問わない。"""
    members: dict[str, str] = {}
    for member in archive.namelist():
        name = PurePosixPath(member).name
        if name in dataset.DATA_FILES and name not in members:
            members[name] = member
    return members


def install(archive_path: Path, directory: Path) -> bool:
    """ZIP から書籍のデータファイルを取り出し、SHA-256 を確かめてから置く。"""
    if not archive_path.is_file():
        print(f"ZIP ファイルがありません: {archive_path}", file=sys.stderr)
        return False
    try:
        archive = zipfile.ZipFile(archive_path)
    except zipfile.BadZipFile:
        print(f"ZIP ファイルとして読めません: {archive_path}", file=sys.stderr)
        return False
    directory.mkdir(parents=True, exist_ok=True)
    all_ok = True
    with archive:
        members = archive_members(archive)
        for name, file in dataset.DATA_FILES.items():
            if name not in members:
                print(f"{MISSING:<17} {name}\tZIP の中にありません")
                all_ok = False
                continue
            content = archive.read(members[name])
            if sha256_of(content) != file.sha256:
                print(f"{MISMATCH:<17} {name}\t置きませんでした（{members[name]}）")
                all_ok = False
                continue
            (directory / name).write_bytes(content)
            print(f"{OK:<17} {name}\t{directory / name}")
    return all_ok


def main(argv: Sequence[str] | None = None) -> int:
    """コマンドの入口。すべてのファイルが OK なら 0、そうでなければ 1 を返す。"""
    parser = argparse.ArgumentParser(
        prog="python -m getting_started_ml.data",
        description="書籍のデータファイルを確かめる・置く",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="データのフォルダにあるファイルを SHA-256 で確かめる")
    install_parser = commands.add_parser("install", help="sukkiri-ml-codes.zip から取り出して置く")
    install_parser.add_argument("archive", type=Path, help="sukkiri-ml-codes.zip の場所")
    arguments = parser.parse_args(argv)
    directory = data_dir()
    if arguments.command == "install":
        return 0 if install(arguments.archive, directory) else 1
    return 0 if check(directory) else 1


if __name__ == "__main__":
    raise SystemExit(main())
