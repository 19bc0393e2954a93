"""第 4 章: リポジトリの衛生を確かめる道具（追跡しているファイル、無視の規則、種と分け方）。

機械学習のコードではなく、ほかの章の数値を守るための検査に使う。git が要る関数は、
git が無いか作業ツリーの外なら NotAGitCheckoutError を送出する。
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Collection, Sequence
from pathlib import Path

from getting_started_ml.chapter02 import split_train_test
from getting_started_ml.dataset import DATA_FILES, PROJECT_ROOT, is_checkout


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


# --8<-- [start:seed]
Split = Callable[[Sequence[int], int], Sequence[int]]


def held_out_rows(rows: Sequence[int], seed: int) -> list[int]:
    """第 2 章の split_train_test が、種 seed でテストデータに選ぶ行（3 割）。"""
    return list(split_train_test(rows, rows, 0.3, seed).x_test)


def seed_decides_split(split: Split, rows: Sequence[int], seed: int, other_seed: int) -> bool:
    """同じ種なら同じ分け方、違う種なら違う分け方になるか。"""
    return split(rows, seed) == split(rows, seed) and split(rows, seed) != split(rows, other_seed)


# --8<-- [end:seed]


# --8<-- [start:main]
IGNORE_EXAMPLES = (
    "data/sukkiri-ml-codes.zip",
    "data/iris.csv",
    "models/tree.joblib",
    "experiments/tree.joblib",
    ".env",
    "src/getting_started_ml/chapter04.py",
)


def report_data_copies(root: Path) -> bool:
    """追跡しているファイルにデータの写しが無いかを表示し、無ければ真を返す。"""
    try:
        tracked = tracked_files(root)
    except NotAGitCheckoutError as error:
        print(f"追跡しているファイル: 確かめられません（{error}）")
        return True
    copies = copies_of_data(root, tracked, {file.sha256 for file in DATA_FILES.values()})
    found = ", ".join(copies) or "なし"
    print(f"追跡しているファイルのうち、書籍のデータと同じ中身のもの: {found}")
    return not copies


def report_ignore_rules(gitignore: Path) -> None:
    """例のパスごとに、それを無視する .gitignore の規則を表示する。"""
    try:
        rules = ignoring_rules(gitignore, IGNORE_EXAMPLES)
    except NotAGitCheckoutError as error:
        print(f".gitignore の規則: 確かめられません（{error}）")
        return
    print("git check-ignore が答える規則:")
    for path, rule in rules.items():
        print(f"  {path}: {rule or '無視されない'}")


def report_seeds() -> bool:
    """種 0 と種 1 で 20 行から選ばれるテストデータの行を表示し、種で分け方が決まれば真を返す。"""
    rows = list(range(20))
    for seed in (0, 1):
        chosen = ", ".join(str(row) for row in held_out_rows(rows, seed))
        print(f"種 {seed} で 0〜19 の 20 行からテストデータになる行: {chosen}")
    decided = seed_decides_split(held_out_rows, rows, seed=0, other_seed=1)
    print(f"同じ種なら同じ、違う種なら違う分け方になる: {'はい' if decided else 'いいえ'}")
    return decided


def main() -> int:
    """このリポジトリに第 4 章の検査を当てて結果を表示する。問題があれば 1 を返す。"""
    if not is_checkout(PROJECT_ROOT):
        print("リポジトリの外から動かしているので、追跡しているファイルと .gitignore は見ません")
        return 0 if report_seeds() else 1
    clean = report_data_copies(PROJECT_ROOT)
    report_ignore_rules(PROJECT_ROOT / ".gitignore")
    decided = report_seeds()
    return 0 if clean and decided else 1


if __name__ == "__main__":
    raise SystemExit(main())
# --8<-- [end:main]
