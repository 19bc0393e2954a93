"""第 5 章: 検査を検査する。わざと違反したファイルを ruff と mypy が本当に見つけること。"""

# --8<-- [start:header]
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from getting_started_ml.chapter04 import NotAGitCheckoutError, tracked_files
from getting_started_ml.chapter05 import BOM, files_with_bom

PROJECT_ROOT = Path(__file__).resolve().parents[1]
# --8<-- [end:header]


# --8<-- [start:violations]
CLEAN = '''def add(a: int, b: int) -> int:
    """足す。"""
    return a + b
'''
VIOLATIONS = """def add(a, b):
    total = a+b
    return a + b
"""


def workspace_with_examples(tmp_path: Path) -> Path:
    """このプロジェクトの pyproject.toml（ruff と mypy の設定）と、2 つの例を写したフォルダ。"""
    shutil.copyfile(PROJECT_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "clean.py").write_text(CLEAN, encoding="utf-8")
    (tmp_path / "example.py").write_text(VIOLATIONS, encoding="utf-8")
    return tmp_path


def run_tool(workspace: Path, *command: str) -> tuple[int, str]:
    """仮想環境の道具を workspace の 2 つの例に対して動かし、終了コードと出力を返す。"""
    result = subprocess.run(
        [sys.executable, "-m", *command, "clean.py", "example.py"],
        cwd=workspace,
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr


# --8<-- [end:violations]


# --8<-- [start:checks-tests]
def test_使わない変数は_ruff_check_が見つける(tmp_path: Path) -> None:
    command = ("ruff", "check", "--no-cache", "--output-format", "concise")
    code, output = run_tool(workspace_with_examples(tmp_path), *command)
    assert code == 1
    assert "example.py:2:5: F841 Local variable `total` is assigned to but never used" in output
    assert "clean.py" not in output


def test_崩れた書式は_ruff_format_check_が見つける(tmp_path: Path) -> None:
    command = ("ruff", "format", "--no-cache", "--check")
    code, output = run_tool(workspace_with_examples(tmp_path), *command)
    assert code == 1
    assert "--> example.py:2:14" in output
    assert "1 file would be reformatted" in output
    assert "clean.py" not in output


def test_型の無い関数は_mypy_が見つける(tmp_path: Path) -> None:
    code, output = run_tool(workspace_with_examples(tmp_path), "mypy", "--no-incremental")
    assert code == 1
    assert "example.py:1: error: Function is missing a type annotation  [no-untyped-def]" in output
    assert "clean.py" not in output


# --8<-- [end:checks-tests]


# --8<-- [start:bom-tests]
def source_files() -> list[str]:
    """確かめるファイル: git が追跡しているもの（git が無ければ src・tests・chapters の下）。"""
    try:
        return tracked_files(PROJECT_ROOT)
    except NotAGitCheckoutError:
        folders = ["src", "tests", "chapters"]
        return [
            str(path.relative_to(PROJECT_ROOT))
            for folder in folders
            for path in (PROJECT_ROOT / folder).rglob("*")
            if path.is_file()
        ]


def test_ソースのファイルに_BOM_の文字は無い() -> None:
    assert files_with_bom(PROJECT_ROOT, source_files()) == []


def test_BOM_の文字を含むファイルは見つかる(tmp_path: Path) -> None:
    (tmp_path / "with_bom.py").write_text(f"{BOM}x = 1\n", encoding="utf-8")
    (tmp_path / "inside.md").write_text(f"# 見出し{BOM}\n", encoding="utf-8")
    (tmp_path / "plain.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "binary.png").write_bytes(b"\x89PNG\xff\xfe")

    names = ["with_bom.py", "inside.md", "plain.py", "binary.png", "missing.py"]

    assert files_with_bom(tmp_path, names) == ["with_bom.py", "inside.md"]


# --8<-- [end:bom-tests]
