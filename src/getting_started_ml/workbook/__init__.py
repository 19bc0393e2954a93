"""練習用のワークスペースと、途中の一歩のリプレイ（読者の道具）。

    python -m getting_started_ml.workbook start 3 DIR   第 3 章を書く練習用フォルダを作る
    python -m getting_started_ml.workbook check DIR     本の最終版のテストで TODO に印を付ける
    python -m getting_started_ml.workbook replay 3      chapters/steps/03 の一歩を当てて確かめる

steps は手順を読み、workspace は練習用フォルダを作り、replay は一歩一歩を当てて pytest を動かし、
check は本の最終版のテストで TODO に印を付ける。pytest は driver が別のプロセスで動かす。
標準ライブラリと pytest だけを使い、章のコードは読み込まない。
"""

from getting_started_ml.workbook.check import (
    TodoStatus,
    check_passed,
    check_report,
    check_workspace,
    child_positions,
    tick,
    uncollected_files,
    workspace_data_environment,
)
from getting_started_ml.workbook.replay import (
    Run,
    RunResult,
    StepReport,
    missing_lines,
    normalise,
    replay_chapter,
)
from getting_started_ml.workbook.steps import (
    BOOK_ROOT,
    STEPS_DIR,
    Chapter,
    Step,
    TodoItem,
    WorkbookError,
    chapter_key,
    chapter_label,
    load_chapter,
    parse_todo,
    steps_dirs,
    with_particle,
)
from getting_started_ml.workbook.workspace import chapter_of, start, workspace_chapter

__all__ = [
    "BOOK_ROOT",
    "STEPS_DIR",
    "Chapter",
    "Run",
    "RunResult",
    "Step",
    "StepReport",
    "TodoItem",
    "TodoStatus",
    "WorkbookError",
    "chapter_key",
    "chapter_label",
    "chapter_of",
    "check_passed",
    "check_report",
    "check_workspace",
    "child_positions",
    "load_chapter",
    "missing_lines",
    "normalise",
    "parse_todo",
    "replay_chapter",
    "start",
    "steps_dirs",
    "tick",
    "uncollected_files",
    "with_particle",
    "workspace_chapter",
    "workspace_data_environment",
]
