"""途中の一歩の手順（chapters/steps）を読む: 章の名前と順、chapter.toml・step.toml、TODO。"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getting_started_ml.workbook.driver import SKIPPED_NAMES

BOOK_ROOT = Path(__file__).resolve().parents[3]
STEPS_DIR = BOOK_ROOT / "chapters" / "steps"


class WorkbookError(Exception):
    """練習用のフォルダや手順のファイルにまつわる、読者や著者が直せる問題。"""


# ---------------------------------------------------------------- 章の名前と順


def chapter_key(name: str) -> str:
    """ "3"・"03" は "03" に、"appendix-b"・"b" は "appendix-b" にそろえる。"""
    text = name.strip().lower()
    if text.isdigit():
        return f"{int(text):02d}"
    letter = text.removeprefix("appendix").strip("-_")
    if len(letter) == 1 and letter.isalpha():
        return f"appendix-{letter}"
    raise WorkbookError(f"章の指定 {name!r} が読めません（例: 3, 03, appendix-b）")


def chapter_order(key: str) -> tuple[int, str]:
    """章の並び。付録は第 15 章のあと。"""
    if key.isdigit():
        return int(key), ""
    return 100, key


def chapter_label(key: str) -> str:
    """表示用の章の名前。"""
    if key.isdigit():
        return f"第 {int(key)} 章"
    return f"付録 {key.removeprefix('appendix-').upper()}"


def with_particle(label: str, particle: str) -> str:
    """「第 8 章の」「付録 A の」。英字で終わる名前と日本語のあいだには空白を入れる。"""
    return f"{label} {particle}" if label[-1:].isascii() else f"{label}{particle}"


# ---------------------------------------------------------------- 章の手順ファイル


@dataclass(frozen=True)
class TodoItem:
    """TODO リストの 1 項目。level は字下げの深さ（0 が一番外）。"""

    text: str
    level: int


@dataclass(frozen=True)
class Step:
    """途中の一歩。files の中身をワークスペースに置き、restore を本物に戻し、delete を消す。"""

    name: str
    directory: Path
    title: str
    tests: tuple[str, ...]
    outcome: str
    restore: tuple[str, ...]
    delete: tuple[str, ...]
    expected: tuple[str, ...]

    def files(self) -> list[tuple[Path, str]]:
        """この一歩で置くファイル（手順の中の場所と、ワークスペースでの相対パス）。"""
        root = self.directory / "files"
        if not root.is_dir():
            return []
        return [
            (path, path.relative_to(root).as_posix())
            for path in sorted(root.rglob("*"))
            if path.is_file() and not SKIPPED_NAMES.intersection(path.parts)
        ]


@dataclass(frozen=True)
class Chapter:
    """chapters/steps/KEY/chapter.toml と、その章の一歩一歩。"""

    key: str
    directory: Path
    remove: tuple[str, ...]
    todo_tests: Mapping[str, tuple[str, ...]]
    steps: tuple[Step, ...]
    given: tuple[str, ...] = ()  # remove のうち、練習用フォルダに最終版のまま置くもの

    @property
    def label(self) -> str:
        """表示用の章の名前。"""
        return chapter_label(self.key)

    def page(self) -> Path | None:
        """本文の Markdown（chapters/KEY-*.md）。"""
        pages = sorted((BOOK_ROOT / "chapters").glob(f"{self.key}-*.md"))
        return pages[0] if pages else None

    def todo(self) -> list[TodoItem]:
        """本文の最初の「TODO リスト:」の項目。"""
        page = self.page()
        return parse_todo(page.read_text(encoding="utf-8")) if page else []

    def final_tests(self) -> list[str]:
        """この章の最終版のテストファイル（remove のうち tests/test_*.py）。"""
        return [
            path
            for path in self.remove
            if path.startswith("tests/") and Path(path).name.startswith("test_")
        ]


def steps_dirs() -> list[Path]:
    """手順のある章のフォルダ（chapter.toml があるもの）を章の順に。"""
    found = [path.parent for path in STEPS_DIR.glob("*/chapter.toml")]
    return sorted(found, key=lambda path: chapter_order(path.name))


def load_chapter(key: str) -> Chapter:
    """章の手順を読む。無ければ WorkbookError。"""
    if not STEPS_DIR.is_dir():
        raise WorkbookError(
            "練習用のフォルダは本のリポジトリから作ります（途中の一歩の手順 chapters/steps が"
            f"入っていません: {STEPS_DIR}）。"
            "リポジトリを clone し、その中の .venv から動かしてください"
        )
    directory = STEPS_DIR / chapter_key(key)
    config_path = directory / "chapter.toml"
    if not config_path.is_file():
        raise WorkbookError(
            f"{with_particle(chapter_label(chapter_key(key)), 'には')}練習用の手順がまだありません"
            f"（{config_path.name} が無い）"
        )
    config = read_toml(config_path)
    remove = strings(config.get("remove", []), f"{config_path}: remove")
    todo_table = config.get("todo", {})
    if not isinstance(todo_table, dict):
        raise WorkbookError(f"{config_path}: todo は「項目 = [テスト名, …]」の表です")
    todo_tests = {
        str(item): tuple(strings(names, f"{config_path}: todo.{item}"))
        for item, names in todo_table.items()
    }
    step_dirs = sorted(path for path in directory.iterdir() if (path / "step.toml").is_file())
    steps = tuple(load_step(path) for path in step_dirs)
    given = strings(config.get("given", []), f"{config_path}: given")
    return Chapter(directory.name, directory, tuple(remove), todo_tests, steps, tuple(given))


def load_step(directory: Path) -> Step:
    """step.toml と expected.txt を読む。"""
    config_path = directory / "step.toml"
    config = read_toml(config_path)
    outcome = config.get("outcome")
    if outcome not in ("red", "green"):
        raise WorkbookError(f'{config_path}: outcome は "red" か "green" です（{outcome!r}）')
    tests = strings(config.get("tests", []), f"{config_path}: tests")
    if not tests:
        raise WorkbookError(f"{config_path}: tests に pytest に渡すファイルを書きます")
    expected_path = directory / "expected.txt"
    expected = (
        [line.strip() for line in expected_path.read_text(encoding="utf-8").splitlines()]
        if expected_path.is_file()
        else []
    )
    return Step(
        name=directory.name,
        directory=directory,
        title=str(config.get("title", directory.name)),
        tests=tuple(tests),
        outcome=outcome,
        restore=tuple(strings(config.get("restore", []), f"{config_path}: restore")),
        delete=tuple(strings(config.get("delete", []), f"{config_path}: delete")),
        expected=tuple(line for line in expected if line),
    )


def read_toml(path: Path) -> dict[str, Any]:
    """TOML を読む。読めなければファイル名を挙げて WorkbookError。"""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise WorkbookError(f"{path}: TOML として読めません（{error}）") from error


def strings(value: object, where: str) -> list[str]:
    """文字列のリストであることを確かめる。"""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise WorkbookError(f"{where} は文字列のリストです（{value!r}）")
    return list(value)


TODO_LINE = re.compile(r"^(?P<indent> *)- \[(?P<mark>[ x])\] (?P<text>.+?)\s*$")


def parse_todo(markdown: str) -> list[TodoItem]:
    """本文で最初に現れる TODO リスト（「TODO リスト」と書いた行のすぐ後の箇条書き）を読む。

    字下げ 4 文字で 1 段。
    """
    lines = markdown.splitlines()
    for index, line in enumerate(lines):
        if "TODO リスト" in line:
            items = todo_items_after(lines[index + 1 :])
            if items:
                return items
    return []


def todo_items_after(lines: Sequence[str]) -> list[TodoItem]:
    """空行を飛ばしたあとに続く「- [ ] 項目」の行を読む。"""
    items: list[TodoItem] = []
    for line in lines:
        if not line.strip():
            if items:
                break
            continue
        match = TODO_LINE.match(line)
        if match is None:
            break
        items.append(TodoItem(match.group("text"), len(match.group("indent")) // 4))
    return items
