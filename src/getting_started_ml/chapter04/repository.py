# --8<-- [start:header]
"""リポジトリ: git が追跡しているファイル、データの写し、.gitignore の規則を確かめる。

git が要る関数は、git が無いか作業ツリーの外なら NotAGitCheckoutError を送出する。
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path


class NotAGitCheckoutError(RuntimeError):
    """git が無いか、フォルダが git の作業ツリーではない。"""


def run_git(root: Path, *arguments: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """root で git を動かす。git が無ければ NotAGitCheckoutError。"""
    git = shutil.which("git")
    if git is None:
        raise NotAGitCheckoutError("git のコマンドが見つかりません")
    return subprocess.run(
        [git, *arguments], cwd=root, input=stdin, capture_output=True, check=False
    )


# --8<-- [end:header]


# --8<-- [start:ignore]
def ignoring_rules(gitignore: Path, paths: Sequence[str]) -> dict[str, str | None]:
    """パスごとの、それを無視する .gitignore の規則（無視されなければ None）。

    空の git リポジトリに gitignore を写して `git check-ignore -v -n --no-index` で尋ねるので、
    このプロジェクトが git の作業ツリーでなくても、ファイルが実在しなくても確かめられる。
    """
    with tempfile.TemporaryDirectory() as temporary:
        workspace = Path(temporary)
        if run_git(workspace, "init", "--quiet").returncode != 0:
            raise NotAGitCheckoutError("git init に失敗しました")
        shutil.copyfile(gitignore, workspace / ".gitignore")
        query = "".join(f"{path}\0" for path in paths).encode("utf-8")
        result = run_git(
            workspace, "check-ignore", "-v", "-n", "-z", "--no-index", "--stdin", stdin=query
        )
    if result.returncode not in (0, 1):
        raise NotAGitCheckoutError(result.stderr.decode("utf-8").strip())
    fields = result.stdout.decode("utf-8").split("\0")
    rules: dict[str, str | None] = {}
    for _source, _line, pattern, path in zip(*[iter(fields[:-1])] * 4, strict=True):
        rules[path] = pattern if pattern and not pattern.startswith("!") else None
    return rules


# --8<-- [end:ignore]


# --8<-- [start:tracked]
def tracked_files(root: Path) -> list[str]:
    """git が追跡しているファイルの、root からの相対パス（git ls-files）。"""
    result = run_git(root, "ls-files", "-z")
    if result.returncode != 0:
        raise NotAGitCheckoutError(f"git の作業ツリーではありません: {root}")
    return [name for name in result.stdout.decode("utf-8").split("\0") if name]


def copies_of_data(root: Path, paths: Sequence[str], data_sha256: Collection[str]) -> list[str]:
    """paths のうち、中身の SHA-256 がデータファイルのどれかと同じものの一覧。"""
    copies = []
    for name in paths:
        path = root / name
        if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() in data_sha256:
            copies.append(name)
    return copies


# --8<-- [end:tracked]
