# --8<-- [start:header]
"""第 4 章: 書籍のデータが git に入っていないこと（追跡しているファイルの中身で確かめる）。"""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

from getting_started_ml.chapter04 import NotAGitCheckoutError, copies_of_data, tracked_files
from getting_started_ml.dataset import DATA_FILES, data_dir

PROJECT_ROOT = Path(__file__).resolve().parents[1]
# --8<-- [end:header]


# --8<-- [start:tools]
def tracked_or_skip(root: Path) -> list[str]:
    """git が追跡しているファイル。git の作業ツリーでなければ、理由を書いて飛ばす。"""
    try:
        return tracked_files(root)
    except NotAGitCheckoutError as error:
        pytest.skip(f"git の作業ツリーではないので確かめられません（{error}）")


def data_sha256() -> set[str]:
    """書籍のデータの SHA-256: DATA_FILES の表と、データのフォルダに実際にあるファイル。"""
    hashes = {file.sha256 for file in DATA_FILES.values()}
    directory = data_dir()
    if directory.is_dir():
        hashes |= {
            hashlib.sha256(path.read_bytes()).hexdigest()
            for path in directory.iterdir()
            if path.is_file() and path.suffix in {".csv", ".tsv"}
        }
    return hashes


# --8<-- [end:tools]


# --8<-- [start:no-data-in-git]
def test_追跡しているファイルに書籍のデータと同じ中身のものは無い() -> None:
    assert copies_of_data(PROJECT_ROOT, tracked_or_skip(PROJECT_ROOT), data_sha256()) == []


def test_データと同じ中身のファイルを追跡すると見つかる(tmp_path: Path) -> None:
    content = b"x,y\n1,2\n"
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "copy.txt").write_bytes(content)
    (tmp_path / "notes" / "other.txt").write_bytes(content + b"3,4\n")
    subprocess.run(["git", "init", "--quiet"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "notes"], cwd=tmp_path, check=True)

    tracked = tracked_or_skip(tmp_path)

    assert tracked == ["notes/copy.txt", "notes/other.txt"]
    hashes = {hashlib.sha256(content).hexdigest()}
    assert copies_of_data(tmp_path, tracked, hashes) == ["notes/copy.txt"]


def test_git_の作業ツリーでなければ_NotAGitCheckoutError(tmp_path: Path) -> None:
    with pytest.raises(NotAGitCheckoutError, match="git の作業ツリーではありません"):
        tracked_files(tmp_path)


# --8<-- [end:no-data-in-git]


# --8<-- [start:chapter-command]
def test_章のコマンドはこのリポジトリに検査を当てた結果を表示する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    tracked_or_skip(PROJECT_ROOT)
    completed = run_module("getting_started_ml.chapter04")
    assert (completed.returncode, completed.stderr) == (0, "")
    assert completed.stdout == golden("chapter04")


# --8<-- [end:chapter-command]
