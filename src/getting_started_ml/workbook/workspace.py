"""練習用フォルダを作る（workbook start）: 前の章までは完成したコードとテスト、その章は空。"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from getting_started_ml.workbook.driver import PACKAGE, SKIPPED_NAMES, remove_path
from getting_started_ml.workbook.steps import (
    BOOK_ROOT,
    Chapter,
    WorkbookError,
    chapter_order,
    load_chapter,
    read_toml,
)

WORKSPACE_FILE = "workbook.toml"
# ワークスペースに写さない、本を作るための道具（このパッケージ）
BOOK_TOOLS = (f"src/{PACKAGE}/workbook/",)
# tests/ のうち章に属さないもので写すもの。tests/support/ の道具は、本全体のテストだけが使う
# BOOK_TEST_HELPERS を除いて写す
TEST_HELPERS = ("tests/conftest.py", "tests/support/", "tests/vectors/")
BOOK_TEST_HELPERS = {
    "tests/support/glossary.py",
    "tests/support/search.py",
    "tests/support/site.py",
}
# 第 4〜6 章のテストが読む、リポジトリの設定ファイル（練習用フォルダにもそのまま置く）
REPOSITORY_FILES = (
    ".gitignore",
    ".gitmessage",
    "requirements.lock",
    "noxfile.py",
    ".ci",
    ".github",
)
# 練習用フォルダの直下に置く conftest.py: pytest の表示を読者の画面の幅によらないものにする
WORKSPACE_CONFTEST = """\
\"\"\"練習用フォルダの pytest の設定。

pytest は失敗の理由を画面の幅で切り詰める。本文に載せた出力と同じ行が、どの幅の画面でも
出るように、幅をリプレイと同じ 200 文字に決めておく。
\"\"\"

import os

os.environ["COLUMNS"] = "200"
"""
CHAPTER_PATTERN = re.compile(r"chapter(\d\d)")
APPENDIX_PATTERN = re.compile(r"appendix[-_]([a-z])")


def chapter_of(relative: str) -> str | None:
    """ファイルがどの章のものか（"03"・"appendix-b"）。章に属さない土台なら None。"""
    name = relative.lower()
    if match := CHAPTER_PATTERN.search(name):
        return match.group(1)
    if match := APPENDIX_PATTERN.search(name):
        return f"appendix-{match.group(1)}"
    return None


def book_files() -> Iterator[str]:
    """ワークスペースに写す候補（本のリポジトリからの相対パス）。"""
    for top in ("src", "tests", "chapters/outputs", "chapters/figures"):
        root = BOOK_ROOT / top
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(BOOK_ROOT)
            if path.is_file() and not SKIPPED_NAMES.intersection(relative.parts):
                yield relative.as_posix()


def belongs_in_workspace(relative: str, key: str) -> bool:
    """第 KEY 章の練習用フォルダに写すファイルか。その章のものは、remove を除いてあとで消す。"""
    if relative.startswith(BOOK_TOOLS) or relative.endswith((".pyc", ".egg-info")):
        return False
    owner = chapter_of(relative)
    if owner is not None:
        return chapter_order(owner) <= chapter_order(key)
    if relative.startswith("tests/"):
        return relative.startswith(TEST_HELPERS) and relative not in BOOK_TEST_HELPERS
    return not relative.startswith(("chapters/", "src/getting_started_ml.egg-info"))


def start(key: str, directory: Path) -> Chapter:
    """第 KEY 章の練習用フォルダを作る。前の章は完成したコード、この章は空。"""
    chapter = load_chapter(key)
    if directory.exists() and any(directory.iterdir()):
        raise WorkbookError(f"{directory} は空ではありません。新しいフォルダを指定してください")
    directory.mkdir(parents=True, exist_ok=True)
    copy_earlier_chapters(chapter, directory)
    copy_repository_files(chapter, directory)
    (directory / "conftest.py").write_text(WORKSPACE_CONFTEST, encoding="utf-8")
    (directory / "pyproject.toml").write_text(workspace_pyproject(), encoding="utf-8")
    (directory / "README.md").write_text(WORKSPACE_README, encoding="utf-8")
    (directory / WORKSPACE_FILE).write_text(f'chapter = "{chapter.key}"\n', encoding="utf-8")
    track_with_git(directory)
    return chapter


def track_with_git(directory: Path) -> None:
    """練習用フォルダを git のリポジトリにし、最初のファイルを追跡する（コミットは読者がする）。

    第 4 章の検査（追跡しているファイルにデータの写しが無い）は、git の作業ツリーでだけ動く。
    git が無ければ何もしない（その検査は理由を書いて飛ばされる）。
    """
    git = shutil.which("git")
    if git is None:
        return
    for arguments in (("init", "--quiet"), ("add", "--all")):
        subprocess.run([git, *arguments], cwd=directory, capture_output=True, check=False)


def copy_earlier_chapters(chapter: Chapter, directory: Path) -> None:
    """その章までのコードとテストを写し、その章で書くファイル（remove）を消す。

    given のファイル（図を描くコード、__main__、頑健さのテストなど、章で学ぶことでないもの）は、
    remove で消したあとに最終版のまま置く。本文は、章の始めにそれらがあることを書く。
    """
    for relative in book_files():
        if belongs_in_workspace(relative, chapter.key):
            copy_from_book(relative, directory)
    for relative in chapter.remove:
        remove_path(directory / relative)
    for relative in chapter.given:
        if not (BOOK_ROOT / relative).is_file():
            raise WorkbookError(
                f"{chapter.key} の chapter.toml の given にある {relative} が本にありません"
            )
        copy_from_book(relative, directory)


def copy_repository_files(chapter: Chapter, directory: Path) -> None:
    """第 4〜6 章のテストが読む設定ファイルと、データの置き方の説明を写す。"""
    for relative in repository_files():
        if relative not in chapter.remove:
            copy_from_book(relative, directory)
    if (BOOK_ROOT / "data" / "README.md").is_file():
        copy_from_book("data/README.md", directory)


WORKSPACE_README = """\
python3 -m venv .venv
.venv/bin/pip install -e ".[test]"
.venv/bin/pytest
"""


def repository_files() -> Iterator[str]:
    """REPOSITORY_FILES のうち本のリポジトリにあるファイル（フォルダは中のファイル）。"""
    for name in REPOSITORY_FILES:
        path = BOOK_ROOT / name
        if path.is_file():
            yield name
        elif path.is_dir():
            for inner in sorted(path.rglob("*")):
                if inner.is_file() and not SKIPPED_NAMES.intersection(inner.parts):
                    yield inner.relative_to(BOOK_ROOT).as_posix()


def workspace_pyproject() -> str:
    """本の pyproject.toml のパッケージ名を変えたもの（依存の版と pytest の設定は同じ）。"""
    text = (BOOK_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^name = ".*"$', 'name = "getting-started-ml-practice"', text, count=1)
    return re.sub(
        r'(?m)^description = ".*"$',
        'description = "機械学習から始めるプログラミング入門（Python 版）: 練習用のフォルダ"',
        text,
        count=1,
    )


def copy_from_book(relative: str, directory: Path) -> None:
    """本のファイルを、ワークスペースの同じ相対パスに写す。"""
    target = directory / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(BOOK_ROOT / relative, target)


def workspace_chapter(directory: Path) -> Chapter:
    """練習用フォルダの workbook.toml から章を読む。"""
    marker = directory / WORKSPACE_FILE
    if not marker.is_file():
        raise WorkbookError(
            f"{directory} に {WORKSPACE_FILE} がありません。"
            "python -m getting_started_ml.workbook start N DIR で作ったフォルダを指定してください"
        )
    return load_chapter(str(read_toml(marker).get("chapter", "")))
