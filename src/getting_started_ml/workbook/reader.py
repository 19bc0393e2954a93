"""機械の読者（workbook read）: 新しい練習用フォルダで、章を本文だけから作り直して確かめる。

1. 本文をサイトと同じように描き（rendering）、コードのかたまりを本文の順に読む。
2. 見出しがワークスペースのパスのかたまりは、そのファイルに打ち込む（typing_rule）。
3. 「… の結果」のかたまりでは pytest を動かし、端末の記録では章のコマンドを動かして、
   本文の出力と比べる（transcript）。
4. 打ち終えたら、打ち込んだ Python の import を ruff で並べる（ruff check --select I --fix）。
5. 最後に、本の最終版のテストを写して作り直したコードに当て（すべて通る）、章のコマンドの
   出力を黄金ファイル（chapters/outputs/）と比べる（データがあるとき）。ただし、作り直した
   ファイル（remove のうち given と最終版のテストを除くもの）がすべて本と同じなら（Python は
   ast.dump で比べるので空白やコメントは問わない。ほかはバイト列。無いファイルは違う）、最終版の
   テストは動かさずにそう書く。本と同じコードでの結果は nox -s test が確かめる。
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from getting_started_ml.workbook.check import failed_tests, uncollected_files
from getting_started_ml.workbook.driver import SKIPPED_NAMES
from getting_started_ml.workbook.rendering import Block, chapter_blocks
from getting_started_ml.workbook.replay import (
    REPLAY_ENVIRONMENT,
    Driver,
    Run,
    driver_program,
    missing_lines,
    normalise,
    workspace_environment,
)
from getting_started_ml.workbook.steps import BOOK_ROOT, Chapter, load_chapter, with_particle
from getting_started_ml.workbook.transcript import Command, commands, result_files
from getting_started_ml.workbook.typing_rule import Target, target_of, type_into
from getting_started_ml.workbook.workspace import start

DATA_VARIABLE = "ML_DATA_DIR"
RESULT_ENVIRONMENT = tuple(REPLAY_ENVIRONMENT.items())
"""「… の結果」の pytest にだけ足す環境変数。最終版のテストは、例を減らさずに動かす。"""


@dataclass(frozen=True)
class Difference:
    """本文と、本文どおりに打った結果の食い違い。block はかたまりの番号（終わりは None）。"""

    block: int | None
    file: str
    what: str

    def line(self) -> str:
        """表示の 1 項目（複数行のこともある）。"""
        where = f"かたまり {self.block}" if self.block is not None else "章の終わり"
        return f"- {where}（{self.file}）: {self.what}"


@dataclass
class ReadReport:
    """機械の読者の結果。"""

    chapter: Chapter
    differences: list[Difference] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    typed: int = 0
    runs: int = 0

    @property
    def ok(self) -> bool:
        """本文だけから章を作り直せたか。"""
        return not self.differences

    def first_gap(self) -> str:
        """最初の食い違いの 1 行目（xfail の理由に使う）。"""
        return self.differences[0].line().splitlines()[0] if self.differences else ""

    def describe(self) -> str:
        """読者に見せる報告。"""
        heading = with_particle(self.chapter.label, "を")
        lines = [
            f"{heading}本文だけから作り直しました（打ち込んだかたまり {self.typed}、"
            f"比べた実行 {self.runs}）。"
        ]
        lines += [f"  （{note}）" for note in self.notes]
        if self.ok:
            lines.append("本文どおりに作り直せました。")
        else:
            lines.append(f"食い違い {len(self.differences)} 件:")
            lines += [difference.line() for difference in self.differences]
        return "\n".join(lines)


# ---------------------------------------------------------------- データと、章のコマンド


def data_environment() -> dict[str, str]:
    """章のコマンドとテストに渡すデータの場所（ML_DATA_DIR、無ければ本のリポジトリの data/）。"""
    configured = os.environ.get(DATA_VARIABLE, "").strip()
    return {DATA_VARIABLE: configured or str(BOOK_ROOT / "data")}


def data_present() -> bool:
    """データのフォルダに CSV があるか。"""
    return any(Path(data_environment()[DATA_VARIABLE]).expanduser().glob("*.csv"))


def run_module(
    workspace: Path, module: str, arguments: Sequence[str], environment: Mapping[str, str]
) -> tuple[int, str]:
    """ワークスペースの src だけを見て python -m MODULE を動かし、終了コードと出力を返す。"""
    completed = subprocess.run(
        [
            sys.executable,
            "-c",
            driver_program("drive_module(*sys.argv[1:])"),
            str(workspace),
            str(BOOK_ROOT / "src"),
            module,
            *arguments,
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=workspace,
        env=workspace_environment(workspace, {**data_environment(), **environment}),
        check=False,
        timeout=900,
    )
    return completed.returncode, normalise(completed.stdout + completed.stderr, workspace)


def output_difference(expected: Sequence[str], actual: str) -> str:
    """本文の出力と実際の出力の差（同じなら空）。行末の空白と最後の空行は比べない。"""
    wanted = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual.rstrip("\n").splitlines()]
    if wanted == got:
        return ""
    diff = difflib.unified_diff(wanted, got, "本文", "実行", lineterm="", n=1)
    return "\n".join(f"    {line}" for line in diff)


def package_of(key: str) -> str:
    """章のパッケージの名前（"01" → chapter01、"appendix-b" → appendix_b）。"""
    return f"chapter{key}" if key.isdigit() else key.replace("-", "_")


# ---------------------------------------------------------------- 本文を順に読む


def is_output_block(block: Block) -> bool:
    """見出しの無い text のかたまりで、「$ 」の行を含まないもの（直前のコマンドの出力）。"""
    lines = block.text.splitlines()
    return (
        not block.title.strip()
        and block.language == "text"
        and not any(line.startswith("$ ") for line in lines)
    )


def with_shown_outputs(blocks: Sequence[Block]) -> list[Block]:
    """端末のかたまりの最後のコマンドに出力が無く、すぐ次が見出しの無い text のかたまりなら、
    それをそのコマンドの出力としてつなぐ（本文はコマンドと出力を別のかたまりで見せることがある）。
    """
    joined: list[Block] = []
    for block in blocks:
        previous = joined[-1] if joined else None
        if previous is not None and is_output_block(block) and awaits_output(previous):
            text = previous.text.rstrip("\n") + "\n" + block.text
            joined[-1] = dataclasses.replace(previous, text=text)
        else:
            joined.append(block)
    return joined


def awaits_output(block: Block) -> bool:
    """かたまりが章のコマンドで終わり、その出力を見せていないか。"""
    found = commands(block.text)
    return bool(found) and found[-1].module is not None and not found[-1].output


class Reader:
    """1 つの練習用フォルダで、本文のかたまりを順に打ち込み、実行を比べる。"""

    def __init__(self, chapter: Chapter, workspace: Path, *, stop_at_first: bool = False) -> None:
        self.chapter = chapter
        self.workspace = workspace
        self.stop_at_first = stop_at_first
        self.report = ReadReport(chapter)
        self.typed_files: dict[str, list[Block]] = {}
        # 「… の結果」と最終版のテストの pytest は、章を通して 1 つのプロセスに頼む
        self.pytest = Driver(workspace, data_environment())

    def read(self, blocks: Sequence[Block]) -> ReadReport:
        """かたまりを順に扱い、最後に本の最終版のテストと黄金ファイルで確かめる。"""
        stages: list[Callable[[], None]] = [
            partial(self.take, block) for block in with_shown_outputs(blocks)
        ]
        stages += [
            self.sort_imports,
            self.check_names,
            self.check_final_tests,
            self.check_golden_output,
        ]
        with self.pytest:
            for stage in stages:
                stage()
                if self.stop_at_first and self.report.differences:
                    break
        return self.report

    def take(self, block: Block) -> None:
        """かたまりを打ち込むか、pytest を動かすか、章のコマンドを動かす（ほかは読むだけ）。"""
        if (target := target_of(block.title)) is not None:
            self.type_block(block, target)
        elif (files := result_files(block.title)) is not None:
            self.compare_pytest(block, files)
        else:
            for command in commands(block.text):
                if command.module is not None:
                    self.compare_command(block, command)

    def type_block(self, block: Block, target: Target) -> None:
        """かたまりをファイルに打ち込む。Python として読めなければ打たずに食い違いにする。"""
        relative = target.path
        path = self.workspace / relative
        existing = path.read_text(encoding="utf-8") if path.is_file() else None
        try:
            text = type_into(existing, block.text, target)
        except SyntaxError as error:
            self.differ(
                block, relative, f"Python として読めません（{error.msg}、{error.lineno} 行目）"
            )
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.typed_files.setdefault(relative, []).append(block)
        self.report.typed += 1

    def compare_pytest(self, block: Block, files: Sequence[str]) -> None:
        """本文が結果を見せる pytest を動かし、見せた行が出力に現れるかを確かめる。"""
        # 性質のテストの例はリプレイと同じく減らす（本文が見せる件数と行は、例の数によらない）
        result = self.pytest.run(Run(tests=tuple(files), environment=RESULT_ENVIRONMENT))
        output = normalise(result.output, self.workspace)
        self.report.runs += 1
        expected = [line.strip() for line in block.text.splitlines() if line.strip()]
        if missing := missing_lines(expected, output):
            shown = "\n".join(f"    {line}" for line in output.rstrip().splitlines()[-12:])
            lines = "\n".join(f"    {line}" for line in missing)
            self.differ(
                block,
                " ".join(files),
                f"実行の出力が本文と違います。出力に無い行:\n{lines}\n"
                f"  実際の出力（終わりの部分）:\n{shown}",
            )

    def compare_command(self, block: Block, command: Command) -> None:
        """章のコマンドを動かして、本文の出力と比べる（データが要るのに無ければ飛ばす）。"""
        environment = dict(command.environment)
        if DATA_VARIABLE not in environment and not data_present():
            self.report.notes.append(
                f"かたまり {block.number} の {command.line} はデータが無いので飛ばした"
            )
            return
        assert command.module is not None
        code, actual = run_module(self.workspace, command.module, command.arguments, environment)
        self.report.runs += 1
        if not command.output:
            # 本文が出力を見せないコマンドは、動くこと（終了コード 0）だけを確かめる
            if code != 0:
                shown = "\n".join(f"    {line}" for line in actual.rstrip().splitlines()[-12:])
                self.differ(block, command.line, f"コマンドが失敗しました（{code}）:\n{shown}")
        elif difference := output_difference(command.output, actual):
            self.differ(block, command.line, f"コマンドの出力が本文と違います:\n{difference}")

    def sort_imports(self) -> None:
        """打ち込んだ Python の import を ruff で並べる（1.13 節の ruff check --fix と同じ）。

        打ち込みの決まりは、まだ無い import を並びの後ろに足し、from X import のまだ無い名前を
        別の文で足す。本のファイルは ruff で並べてあるので、並べると本と同じ import の文になる。
        """
        python = sorted(path for path in self.typed_files if path.endswith(".py"))
        if not python:
            return
        ruff = Path(sys.executable).with_name("ruff")
        subprocess.run(
            [str(ruff), "check", "--no-cache", "--select", "I", "--fix", "--exit-zero", "--quiet",
             *python],
            capture_output=True, cwd=self.workspace, check=False,
        )  # fmt: skip

    def check_names(self) -> None:
        """打ち込んだ Python に、定義されていない名前（ruff の F821）が無いかを確かめる。"""
        python = sorted(path for path in self.typed_files if path.endswith(".py"))
        if not python:
            return
        ruff = Path(sys.executable).with_name("ruff")
        completed = subprocess.run(
            [str(ruff), "check", "--isolated", "--no-cache", "--select", "F821",
             "--output-format", "json", *python],
            capture_output=True, text=True, encoding="utf-8", cwd=self.workspace, check=False,
        )  # fmt: skip
        undefined: dict[tuple[int | None, str], list[str]] = {}
        for finding in json.loads(completed.stdout or "[]"):
            relative = Path(finding["filename"]).resolve().relative_to(self.workspace.resolve())
            block = self.block_defining(relative.as_posix(), finding)
            name = str(finding["message"]).removeprefix("Undefined name ").strip("`")
            names = undefined.setdefault((block.number if block else None, relative.as_posix()), [])
            if name not in names:
                names.append(name)
        for (number, file), names in undefined.items():
            self.report.differences.append(
                Difference(number, file, f"定義されていない名前: {', '.join(names)}")
            )

    def block_defining(self, relative: str, finding: Mapping[str, object]) -> Block | None:
        """ruff が指した行を打ち込んだ、最後のかたまり。"""
        location = finding.get("location")
        row = location.get("row") if isinstance(location, dict) else None
        lines = (self.workspace / relative).read_text(encoding="utf-8").splitlines()
        if not isinstance(row, int) or not 0 < row <= len(lines):
            return None
        wanted = lines[row - 1].strip()
        blocks = self.typed_files.get(relative, [])
        return next((b for b in reversed(blocks) if wanted in b.text), None)

    def check_final_tests(self) -> None:
        """本の最終版のテストを写して、作り直したコードに当てる。すべて通るはず。

        作り直したファイルがすべて本と同じなら、当てても本のコードと同じ結果なので動かさない
        （本のコードでの結果は nox -s test が確かめる）。
        """
        tests = self.chapter.final_tests()
        if not tests:
            return
        if differing := differing_files(self.chapter, self.workspace):
            self.report.notes.append(
                f"本と違うファイルがあるので最終版のテストを動かした: {', '.join(differing)}"
            )
        else:
            count = len(rebuilt_files(self.chapter, self.workspace))
            self.report.notes.append(
                f"作り直した {count} 個のファイルが本と同じ（Python は構文木で比べた）なので、"
                "最終版のテストは動かさなかった。本のコードでの結果は nox -s test が確かめる"
            )
            return
        for relative in tests:
            target = self.workspace / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(BOOK_ROOT / relative, target)
        run = Run(tests=tuple(tests), extra_options=("--continue-on-collection-errors",))
        result = self.pytest.run(run)
        self.report.runs += 1
        for path in uncollected_files(result):
            errors = [
                line
                for line in normalise(result.output, self.workspace).splitlines()
                if line.startswith("E   ")
            ]
            reason = "\n".join(f"    {line}" for line in errors[:5])
            self.differ(None, path, f"本の最終版のテストを集められません:\n{reason}")
        for nodeid in failed_tests(result):
            self.differ(None, nodeid.split("::", 1)[0], f"本の最終版のテストが失敗: {nodeid}")

    def check_golden_output(self) -> None:
        """章のコマンドの出力を黄金ファイルと比べる（データがあるとき）。"""
        module = f"getting_started_ml.{package_of(self.chapter.key)}"
        golden = BOOK_ROOT / "chapters" / "outputs" / f"{module.rsplit('.', 1)[-1]}.txt"
        if not golden.is_file():
            return
        if not data_present():
            self.report.notes.append("データが無いので、章のコマンドの黄金ファイルとは比べなかった")
            return
        _, actual = run_module(self.workspace, module, (), {})
        self.report.runs += 1
        expected = golden.read_text(encoding="utf-8").rstrip("\n").splitlines()
        if difference := output_difference(expected, actual):
            self.differ(
                None, f"python -m {module}", f"黄金ファイル {golden.name} と違います:\n{difference}"
            )

    def differ(self, block: Block | None, file: str, what: str) -> None:
        """食い違いを 1 つ記録する。"""
        self.report.differences.append(Difference(block.number if block else None, file, what))


# ---------------------------------------------------------------- 作り直したファイルと本のファイル


def files_under(root: Path, relative: str) -> set[str]:
    """root の relative にあるファイル（フォルダなら中のファイル。キャッシュは除く）。"""
    path = root / relative
    if path.is_file():
        return {relative}
    return {
        inner.relative_to(root).as_posix()
        for inner in path.rglob("*")
        if inner.is_file()
        and inner.suffix != ".pyc"
        and not SKIPPED_NAMES.intersection(inner.relative_to(root).parts)
    }


def rebuilt_files(chapter: Chapter, workspace: Path) -> list[str]:
    """読者が本文から作り直すファイル: 本か練習用フォルダにある remove のファイルのうち、
    given（最終版のまま置く）と最終版のテスト（章の終わりに本から写す）を除いたもの。
    """
    found: set[str] = set()
    for relative in chapter.remove:
        found |= files_under(BOOK_ROOT, relative) | files_under(workspace, relative)
    return sorted(found - {*chapter.given, *chapter.final_tests()})


def same_as_book(relative: str, workspace: Path) -> bool:
    """作り直したファイルが本のものと同じか。Python は構文木（ast.dump）で比べるので、空白や
    コメントや書き方の違いは問わない。ほかのファイルはバイト列で比べる。片方に無ければ違う。
    """
    book, typed = BOOK_ROOT / relative, workspace / relative
    if not (book.is_file() and typed.is_file()):
        return False
    if book.suffix != ".py":
        return book.read_bytes() == typed.read_bytes()
    try:
        return ast.dump(ast.parse(book.read_bytes())) == ast.dump(ast.parse(typed.read_bytes()))
    except SyntaxError:
        return False


def differing_files(chapter: Chapter, workspace: Path) -> list[str]:
    """作り直したファイルのうち、本のものと違うもの。"""
    return [
        relative
        for relative in rebuilt_files(chapter, workspace)
        if not same_as_book(relative, workspace)
    ]


def read_chapter(
    key: str, directory: Path | None = None, *, stop_at_first: bool = False
) -> ReadReport:
    """第 KEY 章を、新しい練習用フォルダ（無ければ一時フォルダ）で本文だけから作り直す。"""
    chapter = load_chapter(key)
    blocks = chapter_blocks(chapter.key)
    if directory is not None:
        start(chapter.key, directory)
        return Reader(chapter, directory, stop_at_first=stop_at_first).read(blocks)
    with tempfile.TemporaryDirectory() as temporary:
        workspace = Path(temporary) / "workspace"
        start(chapter.key, workspace)
        return Reader(chapter, workspace, stop_at_first=stop_at_first).read(blocks)
