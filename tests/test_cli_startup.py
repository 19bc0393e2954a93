"""起動の速さ: 章のコマンドは、データが無いと答えるまでに重いライブラリを読み込まない。

scikit-learn・matplotlib・scipy・pandas は、使う関数の中で読み込む。時間は測らず、
`python -X importtime` が書き出す「読み込んだモジュール」の一覧で確かめる。
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import getting_started_ml

HEAVY = ("sklearn", "matplotlib", "scipy", "pandas")
PACKAGE_DIR = Path(getting_started_ml.__file__).parent


CHAPTER_COMMAND = re.compile(r"getting_started_ml\.(chapter\d+|appendix_[a-z])")
"""章のコマンド `python -m getting_started_ml.chapterNN`（付録は appendix_x）のモジュール名。"""


def chapter_commands() -> list[str]:
    """`cli.run_chapter` を使う章のコマンドの名前（章が増えれば増える）。

    図を描き直すスクリプト（figures）や scikit-learn で書き直した版（sklearn・idiomatic）は、
    matplotlib や scikit-learn を使うのが仕事なので、ここでは数えない。
    """
    commands = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        if "run_chapter(" not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            parts = parts[:-1]
        name = ".".join(parts)
        if CHAPTER_COMMAND.fullmatch(name):
            commands.append(name)
    return commands


def imported_modules(arguments: list[str]) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """python -X importtime ARGUMENTS を動かし、読み込まれたトップレベルのモジュールを集める。"""
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "ML_DATA_DIR": "/nonexistent/ml"}
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,
        check=False,
        timeout=120,
    )
    names = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*([\w.]+)$", result.stderr, re.MULTILINE)
    return result, {name.split(".")[0] for name in names}


def assert_one_line_error(result: subprocess.CompletedProcess[str]) -> None:
    """終了コード 1 で、標準出力は空、標準エラーは（-X importtime の行を除くと）1 行の説明だけ。

    足りないファイルの名前は、章のテストがコマンドの入口をそのプロセスで動かして確かめる。
    """
    assert result.returncode == 1, result.stderr[-2000:]
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if not line.startswith("import time:")]
    assert len(lines) == 1, lines
    assert lines[0].startswith("エラー: データファイル ")
    assert ".csv が見つかりません" in lines[0]
    assert "Traceback" not in result.stderr


def test_章のコマンドが見つかる() -> None:
    commands = chapter_commands()
    assert "getting_started_ml.chapter01" in commands
    assert "getting_started_ml.chapter11" in commands
    assert "getting_started_ml.chapter11.figures" not in commands


@pytest.mark.parametrize("command", chapter_commands())
def test_データが無いと答えるまでに重いライブラリを読み込まない(command: str) -> None:
    result, modules = imported_modules(["-m", command])
    assert_one_line_error(result)
    assert modules & set(HEAVY) == set()


def test_章のモジュールを読み込むだけでは重いライブラリを読み込まない() -> None:
    imports = "; ".join(f"import {command}" for command in chapter_commands())
    _, modules = imported_modules(["-c", imports])
    assert "getting_started_ml" in modules
    assert modules & set(HEAVY) == set()


def test_第11章の図のコマンドもデータが無いと答えるまでmatplotlibを読み込まない() -> None:
    result, modules = imported_modules(["-m", "getting_started_ml.chapter11.figures"])
    assert_one_line_error(result)
    assert modules & set(HEAVY) == set()
