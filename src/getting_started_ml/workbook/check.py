"""答え合わせ（workbook check）: 読者のコードに本の最終版のテストを当て、TODO に印を付ける。"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from getting_started_ml.workbook.driver import SKIPPED_NAMES
from getting_started_ml.workbook.replay import (
    Bench,
    Run,
    RunResult,
    normalise,
    run_in_workspace,
)
from getting_started_ml.workbook.steps import BOOK_ROOT, Chapter, TodoItem, with_particle
from getting_started_ml.workbook.workspace import workspace_chapter


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


def check_workspace(
    directory: Path, bench: Bench | None = None
) -> tuple[list[TodoStatus], RunResult]:
    """読者のコードに本の最終版のテストを当て、TODO に印を付ける。読者のテストは書き換えない。

    テストは写しのフォルダで動かす。集められないテストファイルがあっても、ほかのファイルの
    テストは最後まで動かす。データの場所は、写しではなく読者のフォルダの data/ を探させる。
    bench を渡せば、写しをその場所に置き、その driver で動かす（テストがリプレイと続けて使う）。
    """
    chapter = workspace_chapter(directory)
    tests = chapter.final_tests()
    run = Run(
        tests=tuple(tests),
        place=tuple((path, str(BOOK_ROOT / path)) for path in tests),
        extra_options=("--continue-on-collection-errors",),
    )
    environment = workspace_data_environment(directory)
    with contextlib.ExitStack() as stack:
        if bench is None:
            copy = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "workspace"
        else:
            copy = bench.fresh()
        shutil.copytree(
            directory, copy, ignore=shutil.ignore_patterns(*SKIPPED_NAMES), dirs_exist_ok=True
        )
        if bench is None:
            [result] = run_in_workspace(copy, [run], environment)
        else:
            result = bench.driver.run(replace(run, environment=tuple(environment.items())))
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
