"""練習用フォルダのコマンド: python -m getting_started_ml.workbook start|check|replay|read。"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from getting_started_ml.workbook.check import check_passed, check_report, check_workspace
from getting_started_ml.workbook.reader import read_chapter
from getting_started_ml.workbook.replay import replay_chapter
from getting_started_ml.workbook.steps import WorkbookError, with_particle
from getting_started_ml.workbook.workspace import start, workspace_chapter


def main(arguments: Sequence[str] | None = None) -> int:
    """start / check / replay / read。"""
    parser = argparse.ArgumentParser(prog="python -m getting_started_ml.workbook")
    commands = parser.add_subparsers(dest="command", required=True)
    start_command = commands.add_parser("start", help="第 N 章を書く練習用フォルダを作る")
    start_command.add_argument("chapter")
    start_command.add_argument("directory", type=Path)
    check_command = commands.add_parser("check", help="本の最終版のテストで TODO に印を付ける")
    check_command.add_argument("directory", type=Path)
    replay_command = commands.add_parser("replay", help="章の途中の一歩を順に当てて確かめる")
    replay_command.add_argument("chapter")
    read_command = commands.add_parser("read", help="章を本文だけから作り直して確かめる")
    read_command.add_argument("chapter")
    read_command.add_argument("directory", type=Path, nargs="?")
    options = parser.parse_args(arguments)
    try:
        if options.command == "start":
            chapter = start(options.chapter, options.directory)
            label = with_particle(chapter.label, "の")
            print(f"{options.directory} に{label}練習用フォルダを作りました。")
            print((options.directory / "README.md").read_text(encoding="utf-8"), end="")
            return 0
        if options.command == "check":
            statuses, result = check_workspace(options.directory)
            print(check_report(workspace_chapter(options.directory), statuses, result))
            return 0 if check_passed(statuses, result) else 1
        if options.command == "read":
            reading = read_chapter(options.chapter, options.directory)
            print(reading.describe())
            return 0 if reading.ok else 1
        reports = replay_chapter(options.chapter)
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
