"""別のプロセスの中で pytest を動かす側（replay と check が使う）。

replay.run_in_workspace が、このファイルを名前ではなく場所で読み込んで drive() を呼ぶ。その
プロセスの getting_started_ml は練習用フォルダの src なので、このモジュールは標準ライブラリと
pytest だけを使い、workbook のほかのモジュールを読み込まない。
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import runpy
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PACKAGE = "getting_started_ml"
PYTEST_OPTIONS = ("-p", "no:cacheprovider", "-q", "--tb=line", "-rfE", "--no-header")
SKIPPED_NAMES = {"__pycache__", ".hypothesis", ".pytest_cache", ".venv", ".mypy_cache"}


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


def drive_module(workspace: str, book_src: str, module: str, *arguments: str) -> None:
    """（別のプロセスの中で）ワークスペースの src だけを見て python -m MODULE を動かす。"""
    isolate(Path(workspace), Path(book_src))
    sys.argv = [module, *arguments]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


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

    def pytest_configure(self, config: Any) -> None:
        """終わりのたびの gc.collect() をやめる（pytest の pytester が中で動かすときと同じ）。

        pytest は終わるとき、捨てられたオブジェクトの後始末で起きた例外を拾うために、ごみ集めを
        1 回する。同じプロセスで何度も動かすと、読み込んだ numpy や pandas のオブジェクトを毎回
        たどり直すことになり、小さな一歩では時間の半分近くになる。
        """
        from _pytest.unraisableexception import gc_collect_iterations_key  # noqa: PLC0415

        config.stash[gc_collect_iterations_key] = 0


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


def remove_path(path: Path) -> None:
    """ファイルかフォルダを消す（無ければ何もしない）。"""
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
