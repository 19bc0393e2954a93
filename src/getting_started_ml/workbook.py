"""練習用のワークスペースと、途中の一歩のリプレイ。

    python -m getting_started_ml.workbook start 3 DIR   第 3 章を書く練習用フォルダを作る
    python -m getting_started_ml.workbook check DIR     本の最終版のテストで TODO に印を付ける
    python -m getting_started_ml.workbook replay 3      chapters/steps/03 の一歩を当てて確かめる

このモジュールは標準ライブラリと pytest だけを使う。リプレイと check は、別のプロセスで
ワークスペースの src だけを getting_started_ml として読み込み、pytest を動かす。
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BOOK_ROOT = Path(__file__).resolve().parents[2]
STEPS_DIR = BOOK_ROOT / "chapters" / "steps"
PACKAGE = "getting_started_ml"
WORKSPACE_FILE = "workbook.toml"
PYTEST_OPTIONS = ("-p", "no:cacheprovider", "-q", "--tb=line", "-rfE", "--no-header")
SKIPPED_NAMES = {"__pycache__", ".hypothesis", ".pytest_cache", ".venv", ".mypy_cache"}
# ワークスペースに写さない、本を作るための道具
BOOK_TOOLS = {f"src/{PACKAGE}/workbook.py"}
TEST_HELPERS = {
    "tests/conftest.py",
    "tests/support/__init__.py",
    "tests/support/robustness.py",
    "tests/support/figures.py",
}
# 第 4〜6 章のテストが読む、リポジトリの設定ファイル（練習用フォルダにもそのまま置く）
REPOSITORY_FILES = (".gitignore", "requirements.lock", "noxfile.py", ".ci", ".github")
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


def chapter_of(relative: str) -> str | None:
    """ファイルがどの章のものか（"03"・"appendix-b"）。章に属さない土台なら None。"""
    name = relative.lower()
    if match := CHAPTER_PATTERN.search(name):
        return match.group(1)
    if match := APPENDIX_PATTERN.search(name):
        return f"appendix-{match.group(1)}"
    return None


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
    return Chapter(directory.name, directory, tuple(remove), todo_tests, steps)


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


# ---------------------------------------------------------------- ワークスペースを作る


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
    if relative in BOOK_TOOLS or relative.endswith((".pyc", ".egg-info")):
        return False
    owner = chapter_of(relative)
    if owner is not None:
        return chapter_order(owner) <= chapter_order(key)
    if relative.startswith("tests/"):
        return relative in TEST_HELPERS or relative.startswith("tests/vectors/")
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
    return chapter


def copy_earlier_chapters(chapter: Chapter, directory: Path) -> None:
    """その章までのコードとテストを写し、その章で書くファイル（remove）を消す。"""
    for relative in book_files():
        if belongs_in_workspace(relative, chapter.key):
            copy_from_book(relative, directory)
    for relative in chapter.remove:
        remove_path(directory / relative)


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


def remove_path(path: Path) -> None:
    """ファイルかフォルダを消す（無ければ何もしない）。"""
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()


def workspace_chapter(directory: Path) -> Chapter:
    """練習用フォルダの workbook.toml から章を読む。"""
    marker = directory / WORKSPACE_FILE
    if not marker.is_file():
        raise WorkbookError(
            f"{directory} に {WORKSPACE_FILE} がありません。"
            "python -m getting_started_ml.workbook start N DIR で作ったフォルダを指定してください"
        )
    return load_chapter(str(read_toml(marker).get("chapter", "")))


# ---------------------------------------------------------------- 別のプロセスで pytest を動かす


@dataclass(frozen=True)
class Run:
    """別のプロセスで行う 1 回の pytest。先に place（相対パス, 中身の場所）を置き delete を消す。"""

    tests: tuple[str, ...]
    place: tuple[tuple[str, str], ...] = ()
    delete: tuple[str, ...] = ()
    extra_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class RunResult:
    """pytest の終了コード、画面の出力、テストごとの結果（nodeid → passed/failed/skipped）。"""

    exit_code: int
    output: str
    outcomes: Mapping[str, str]
    skip_reasons: Mapping[str, str] = field(default_factory=dict)
    cpu_seconds: float = 0.0


def run_in_workspace(
    workspace: Path, runs: Sequence[Run], extra_environment: Mapping[str, str] | None = None
) -> list[RunResult]:
    """runs を順に 1 つの別プロセスの中で行う。ワークスペースの src だけを本のパッケージにする。"""
    request = {
        "workspace": str(workspace),
        "book_src": str(BOOK_ROOT / "src"),
        "runs": [
            {
                "tests": list(run.tests),
                "place": [list(pair) for pair in run.place],
                "delete": list(run.delete),
                "options": list(run.extra_options),
            }
            for run in runs
        ],
    }
    environment = {
        **os.environ,
        "COLUMNS": "200",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": str(workspace / "src"),
        **(extra_environment or {}),
    }
    driver = (
        "import importlib.util, sys\n"
        "spec = importlib.util.spec_from_file_location("
        f"'_workbook_driver', {str(Path(__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules['_workbook_driver'] = module\n"
        "spec.loader.exec_module(module)\n"
        "module.drive()\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", driver],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=workspace,
        env=environment,
        check=False,
        timeout=900,
    )
    if completed.returncode != 0:
        raise WorkbookError(f"pytest を動かすプロセスが失敗しました:\n{completed.stderr}")
    answers = json.loads(completed.stdout)
    return [
        RunResult(
            answer["exit_code"],
            answer["output"],
            answer["outcomes"],
            answer["skip_reasons"],
            answer["cpu_seconds"],
        )
        for answer in answers
    ]


def drive() -> None:
    """（別のプロセスの中で）標準入力の指示どおりに pytest を順に動かし、結果を JSON で書く。"""
    request = json.loads(sys.stdin.read())
    workspace = Path(request["workspace"])
    isolate(workspace, Path(request["book_src"]))
    answers = []
    for run in request["runs"]:
        apply_files(workspace, run["place"], run["delete"])
        began = time.process_time()
        answer = run_pytest(workspace, [*run["options"], *run["tests"]])
        answers.append({**answer, "cpu_seconds": time.process_time() - began})
    sys.stdout.write(json.dumps(answers))


def apply_files(workspace: Path, place: Sequence[Sequence[str]], delete: Sequence[str]) -> None:
    """place の（相対パス, 中身の場所）を置き、delete を消す。"""
    for relative, source in place:
        target = workspace / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if Path(source).is_dir():  # restore にフォルダ（パッケージ）を書いたとき
            remove_path(target)
            shutil.copytree(source, target, ignore=shutil.ignore_patterns(*SKIPPED_NAMES))
        else:
            shutil.copyfile(source, target)
    for relative in delete:
        remove_path(workspace / relative)


def isolate(workspace: Path, book_src: Path) -> None:
    """本の src を import の探し先から外し、ワークスペースの src を先頭に置く。"""
    book = book_src.resolve()
    sys.path[:] = [entry for entry in sys.path if entry and Path(entry).resolve() != book]
    sys.path.insert(0, str(workspace / "src"))
    sys.meta_path[:] = [
        finder for finder in sys.meta_path if "editable" not in repr(finder).lower()
    ]
    os.chdir(workspace)


def forget_workspace_modules(workspace: Path) -> None:
    """前の一歩で読み込んだ本のモジュールとテストのモジュールを忘れる。"""
    root = str(workspace.resolve())
    for name, module in list(sys.modules.items()):
        location = getattr(module, "__file__", None) or ""
        if name == PACKAGE or name.startswith(f"{PACKAGE}.") or location.startswith(root):
            del sys.modules[name]
    importlib.invalidate_caches()


class OutcomeCollector:
    """pytest のプラグイン。テストごとの結果と、飛ばした理由を集める。"""

    def __init__(self) -> None:
        self.outcomes: dict[str, str] = {}
        self.skip_reasons: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: Any) -> None:
        """setup・call・teardown のうち、いちばん悪い結果をそのテストの結果にする。"""
        nodeid = str(report.nodeid)
        if report.failed:
            self.outcomes[nodeid] = "failed"
        elif report.skipped and self.outcomes.get(nodeid) != "failed":
            self.outcomes[nodeid] = "skipped"
            longrepr = report.longrepr
            if isinstance(longrepr, tuple) and len(longrepr) == 3:
                self.skip_reasons[nodeid] = str(longrepr[2]).removeprefix("Skipped: ")
        elif report.when == "call" and nodeid not in self.outcomes:
            self.outcomes[nodeid] = "passed"

    def pytest_collectreport(self, report: Any) -> None:
        """集める段階で失敗したファイルも失敗として数える。"""
        if report.failed:
            self.outcomes[str(report.nodeid)] = "failed"


def run_pytest(workspace: Path, arguments: list[str]) -> dict[str, Any]:
    """このプロセスの中で pytest を 1 回動かす。"""
    import pytest  # noqa: PLC0415

    forget_workspace_modules(workspace)
    collector = OutcomeCollector()
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
        exit_code = int(pytest.main([*PYTEST_OPTIONS, *arguments], plugins=[collector]))
    return {
        "exit_code": exit_code,
        "output": buffer.getvalue(),
        "outcomes": collector.outcomes,
        "skip_reasons": collector.skip_reasons,
    }


# ---------------------------------------------------------------- 出力の正規化と照合


def normalise(output: str, workspace: Path) -> str:
    """読者の画面で変わるもの（絶対パス、行番号、時間）を取り除く。"""
    for root in {str(workspace.resolve()), str(workspace)}:
        output = output.replace(root + os.sep, "").replace(root, "")
    output = re.sub(r"(\.py):\d+", r"\1", output)
    return re.sub(r" in \d+(\.\d+)?s( \([^)]*\))?", "", output)


def missing_lines(expected: Sequence[str], output: str) -> list[str]:
    """expected の各行が output の行に、この順に部分文字列として現れるか。現れなかった行を返す。"""
    lines = output.splitlines()
    position = 0
    missing: list[str] = []
    for wanted in expected:
        found = next((i for i in range(position, len(lines)) if wanted in lines[i]), None)
        if found is None:
            missing.append(wanted)
        else:
            position = found + 1
    return missing


def outcome_of(exit_code: int) -> str:
    """pytest の終了コードを red / green に。1 は失敗、2 は集める段階の失敗。"""
    if exit_code == 0:
        return "green"
    if exit_code in (1, 2):
        return "red"
    return f"pytest の終了コード {exit_code}"


# ---------------------------------------------------------------- リプレイ


@dataclass(frozen=True)
class StepReport:
    """一歩を当てた結果。"""

    step: Step
    outcome: str
    output: str
    missing: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """期待どおりの red/green で、expected.txt の行がすべて現れたか。"""
        return self.outcome == self.step.outcome and not self.missing

    def describe(self) -> str:
        """食い違いの説明。"""
        lines = [
            f"{self.step.name}（{self.step.title}）: 期待 {self.step.outcome}、結果 {self.outcome}"
        ]
        lines += [f"  出力に無い行: {line}" for line in self.missing]
        lines += ["  --- 正規化した出力 ---", *("  " + line for line in self.output.splitlines())]
        return "\n".join(lines)


def step_run(step: Step) -> Run:
    """一歩を、別プロセスでの 1 回の pytest に直す。"""
    place = [(relative, str(source)) for source, relative in step.files()]
    place += [(relative, str(BOOK_ROOT / relative)) for relative in step.restore]
    return Run(tests=step.tests, place=tuple(place), delete=step.delete)


def default_workers() -> int:
    """リプレイを並べて動かす数。pytest-xdist の下（すでに並列）なら 1、そうでなければ 2。"""
    return 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2


def replay(key: str, workers: int | None = None) -> list[StepReport]:
    """章の一歩一歩を、練習用フォルダに順に当てて pytest を動かし、本文どおりかを調べる。

    一歩は前の一歩に積み重なるが、途中の状態はファイルを当てるだけで作れる。そこで一歩の列を
    workers 個に分け、それぞれの練習用フォルダを先に途中まで進めてから、並べて動かす。
    """
    chapter = load_chapter(key)
    runs = [step_run(step) for step in chapter.steps]
    size = max(1, -(-len(runs) // max(1, workers or default_workers())))
    chunks = [range(first, min(first + size, len(runs))) for first in range(0, len(runs), size)]
    with tempfile.TemporaryDirectory() as temporary:
        workspaces = []
        for number, chunk in enumerate(chunks):
            workspace = Path(temporary) / f"workspace{number}"
            start(chapter.key, workspace)
            for run in runs[: chunk.start]:
                apply_files(workspace, run.place, run.delete)
            workspaces.append(workspace)
        with ThreadPoolExecutor(max_workers=max(1, len(chunks))) as pool:
            futures = [
                pool.submit(run_in_workspace, workspace, [runs[i] for i in chunk])
                for workspace, chunk in zip(workspaces, chunks, strict=True)
            ]
            results = [future.result() for future in futures]
        reports = []
        for workspace, chunk, chunk_results in zip(workspaces, chunks, results, strict=True):
            for index, result in zip(chunk, chunk_results, strict=True):
                step = chapter.steps[index]
                output = normalise(result.output, workspace)
                missing = missing_lines(step.expected, output)
                reports.append(
                    StepReport(step, outcome_of(result.exit_code), output, tuple(missing))
                )
        return reports


# ---------------------------------------------------------------- check


@dataclass(frozen=True)
class TodoStatus:
    """TODO の 1 項目を、本の最終版のテストで確かめた結果。"""

    item: TodoItem
    mark: str  # "x"（通った）、" "（通っていない）、"-"（データが無くて確かめていない）
    note: str = ""

    def line(self) -> str:
        """本文の TODO リストと同じ形の 1 行。"""
        note = f"（{self.note}）" if self.note else ""
        return f"{'    ' * self.item.level}- [{self.mark}] {self.item.text}{note}"


def tick(chapter: Chapter, result: RunResult) -> list[TodoStatus]:
    """TODO の項目ごとに、対応するテストがすべて通ったかを見て印を付ける。"""
    items = chapter.todo()
    statuses: list[TodoStatus | None] = [None] * len(items)
    for index in reversed(range(len(items))):
        item = items[index]
        children = [
            status
            for position, status in enumerate(statuses)
            if status is not None and position in child_positions(items, index)
        ]
        names = chapter.todo_tests.get(item.text)
        if names is None and children:
            statuses[index] = combine(item, children)
        elif names is None:
            statuses[index] = TodoStatus(item, " ", "対応するテストが chapter.toml にありません")
        else:
            statuses[index] = status_of(item, names, result)
    return [status for status in statuses if status is not None]


def child_positions(items: Sequence[TodoItem], index: int) -> set[int]:
    """items[index] のすぐ下の段の項目の位置。"""
    level = items[index].level
    positions: set[int] = set()
    for position in range(index + 1, len(items)):
        if items[position].level <= level:
            break
        if items[position].level == level + 1:
            positions.add(position)
    return positions


def combine(item: TodoItem, children: Sequence[TodoStatus]) -> TodoStatus:
    """子の項目がすべて通れば通った、1 つでも通らなければ通っていない。"""
    marks = {child.mark for child in children}
    if " " in marks:
        return TodoStatus(item, " ")
    return TodoStatus(item, "-" if "-" in marks else "x")


def status_of(item: TodoItem, names: Sequence[str], result: RunResult) -> TodoStatus:
    """名前が names のテスト（パラメーター付きも含む）の結果から印を決める。"""
    matched = {
        nodeid: outcome
        for nodeid, outcome in result.outcomes.items()
        if function_name_of(nodeid) in names
    }
    missing = [name for name in names if name not in {function_name_of(n) for n in matched}]
    if missing and collection_failed(result):
        return TodoStatus(item, " ", "テストを集める段階で失敗しました")
    if missing:
        return TodoStatus(item, " ", f"まだ無いテスト: {', '.join(missing)}")
    if any(outcome == "failed" for outcome in matched.values()):
        return TodoStatus(item, " ")
    skipped = [nodeid for nodeid, outcome in matched.items() if outcome == "skipped"]
    if skipped:
        reasons = sorted({result.skip_reasons.get(nodeid, "") for nodeid in skipped})
        return TodoStatus(item, "-", "飛ばしたテストがあります: " + " ".join(reasons))
    return TodoStatus(item, "x")


def collection_failed(result: RunResult) -> bool:
    """テストファイルを集める段階で失敗したか（nodeid に :: が無い失敗）。"""
    return any(
        "::" not in nodeid and outcome == "failed" for nodeid, outcome in result.outcomes.items()
    )


def function_name_of(nodeid: str) -> str:
    """nodeid "tests/x.py::test_a[1]" のテスト関数名 "test_a"。"""
    return nodeid.rsplit("::", 1)[-1].split("[", 1)[0]


def check(directory: Path) -> tuple[list[TodoStatus], RunResult]:
    """読者のコードに本の最終版のテストを当て、TODO に印を付ける。読者のテストは書き換えない。

    テストは写しのフォルダで動かす。集められないテストファイルがあっても、ほかのファイルの
    テストは最後まで動かす。データの場所は、写しではなく読者のフォルダの data/ を探させる。
    """
    chapter = workspace_chapter(directory)
    with tempfile.TemporaryDirectory() as temporary:
        copy = Path(temporary) / "workspace"
        shutil.copytree(directory, copy, ignore=shutil.ignore_patterns(*SKIPPED_NAMES))
        tests = chapter.final_tests()
        run = Run(
            tests=tuple(tests),
            place=tuple((path, str(BOOK_ROOT / path)) for path in tests),
            extra_options=("--continue-on-collection-errors",),
        )
        [result] = run_in_workspace(copy, [run], workspace_data_environment(directory))
        result = RunResult(
            result.exit_code,
            normalise(result.output, copy),
            result.outcomes,
            result.skip_reasons,
        )
    return tick(chapter, result), result


def workspace_data_environment(directory: Path) -> dict[str, str]:
    """ML_DATA_DIR が無ければ、読者のフォルダの data/ をデータの場所として渡す。"""
    if os.environ.get("ML_DATA_DIR") or not (directory / "data").is_dir():
        return {}
    return {"ML_DATA_DIR": str((directory / "data").resolve())}


def failed_tests(result: RunResult) -> list[str]:
    """失敗したテストの nodeid（集める段階で失敗したファイルは除く）。"""
    return sorted(
        nodeid
        for nodeid, outcome in result.outcomes.items()
        if outcome == "failed" and "::" in nodeid
    )


def uncollected_files(result: RunResult) -> list[str]:
    """集める段階で失敗したテストファイル。"""
    return sorted(
        nodeid
        for nodeid, outcome in result.outcomes.items()
        if outcome == "failed" and "::" not in nodeid
    )


def check_passed(statuses: Sequence[TodoStatus], result: RunResult) -> bool:
    """すべての項目に印が付き、失敗したテストも集められないファイルも無いか。"""
    return all(status.mark == "x" for status in statuses) and not any(
        outcome == "failed" for outcome in result.outcomes.values()
    )


def check_report(chapter: Chapter, statuses: Sequence[TodoStatus], result: RunResult) -> str:
    """check の表示。失敗したテストと集められなかったファイルは名前を挙げる。"""
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for outcome in result.outcomes.values():
        counts[outcome] = counts.get(outcome, 0) + 1
    heading = with_particle(chapter.label, "の")
    lines = [f"{heading} TODO リスト（本の最終版のテストで確かめた結果）:", ""]
    lines += [status.line() for status in statuses]
    lines += [
        "",
        f"通ったテスト {counts['passed']} 件、失敗 {counts['failed']} 件、"
        f"飛ばした {counts['skipped']} 件",
    ]
    if failing := failed_tests(result):
        lines += ["", "失敗したテスト:", *(f"  {nodeid}" for nodeid in failing)]
    if files := uncollected_files(result):
        errors = [
            line for line in result.output.splitlines() if line.startswith(("E   ", "ERROR "))
        ]
        lines += ["", "集められなかったテストファイル:", *(f"  {path}" for path in files)]
        lines += ["", "集める段階の失敗の理由:", *errors]
    return "\n".join(lines)


# ---------------------------------------------------------------- コマンド


def main(arguments: Sequence[str] | None = None) -> int:
    """start / check / replay。"""
    parser = argparse.ArgumentParser(prog="python -m getting_started_ml.workbook")
    commands = parser.add_subparsers(dest="command", required=True)
    start_command = commands.add_parser("start", help="第 N 章を書く練習用フォルダを作る")
    start_command.add_argument("chapter")
    start_command.add_argument("directory", type=Path)
    check_command = commands.add_parser("check", help="本の最終版のテストで TODO に印を付ける")
    check_command.add_argument("directory", type=Path)
    replay_command = commands.add_parser("replay", help="章の途中の一歩を順に当てて確かめる")
    replay_command.add_argument("chapter")
    options = parser.parse_args(arguments)
    try:
        if options.command == "start":
            chapter = start(options.chapter, options.directory)
            label = with_particle(chapter.label, "の")
            print(f"{options.directory} に{label}練習用フォルダを作りました。")
            print((options.directory / "README.md").read_text(encoding="utf-8"), end="")
            return 0
        if options.command == "check":
            statuses, result = check(options.directory)
            print(check_report(workspace_chapter(options.directory), statuses, result))
            return 0 if check_passed(statuses, result) else 1
        reports = replay(options.chapter)
        for report in reports:
            mark = "ok" if report.ok else "NG"
            print(f"{mark} {report.step.name} {report.step.outcome}: {report.step.title}")
            if not report.ok:
                print(report.describe())
        return 0 if all(report.ok for report in reports) else 1
    except WorkbookError as error:
        print(f"エラー: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
