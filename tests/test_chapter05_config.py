"""第 5 章: 本文が pyproject.toml の設定について述べる事実（ignore の理由、複雑度の上限）。"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

PROJECT_ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")

pytestmark = pytest.mark.skipif(
    not (PROJECT_ROOT / "requirements.lock").is_file(),
    reason="本のリポジトリではない（練習用フォルダなど）ので、本のファイルについての事実は確かめない",
)


def ignore_lines(pyproject: str) -> list[str]:
    """[tool.ruff.lint] の ignore = [ ... ] の中の、規則を書いた行。"""
    block = re.search(r"^ignore = \[\n(.*?)^\]", pyproject, flags=re.MULTILINE | re.DOTALL)
    assert block is not None, "[tool.ruff.lint] に ignore = [ ... ] がありません"
    return [line for line in block.group(1).splitlines() if line.strip().startswith('"')]


def test_ignore_に挙げた規則にはどれも理由が書いてある() -> None:
    lines = ignore_lines(PYPROJECT)
    assert lines
    assert [line for line in lines if not re.search(r"#\s*\S", line)] == []


def test_理由の無い規則は見つかる() -> None:
    assert ignore_lines('ignore = [\n  "A1",  # 理由\n  "B2",\n]\n') == [
        '  "A1",  # 理由',
        '  "B2",',
    ]


def functions_over_complexity(limit: int) -> list[str]:
    """ruff の C901 で、循環的複雑度が limit を超える関数の名前。"""
    options = ["--select", "C901", "--config", f"lint.mccabe.max-complexity={limit}"]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--output-format=concise",
            *options,
            ".",
        ],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return sorted(re.findall(r"C901 `([^`]+)` is too complex", result.stdout))


def test_複雑度の上限が10なら引っかかる関数は無く_7なら2つ() -> None:
    assert functions_over_complexity(10) == []
    assert functions_over_complexity(7) == ["broken_json", "logistic_reference"]


def test_章のコマンドはロックファイルと_BOM_の検査の結果を表示する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    completed = run_module("getting_started_ml.chapter05")
    assert (completed.returncode, completed.stderr) == (0, "")
    assert completed.stdout == golden("chapter05")
