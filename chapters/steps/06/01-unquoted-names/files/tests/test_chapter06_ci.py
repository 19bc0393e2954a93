"""第 6 章: GitHub Actions のワークフローを、push する前にスキーマで確かめる。"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = PROJECT_ROOT / ".github" / "workflows" / "ci.yml"
CHECK_WORKFLOW = [sys.executable, "-m", "check_jsonschema", "--builtin-schema"]
CHECK_WORKFLOW += ["vendor.github-workflows"]


def validate_workflow(path: Path) -> tuple[int, str]:
    """GitHub Actions のワークフローのスキーマ（check-jsonschema が同梱）で確かめる。"""
    result = subprocess.run(
        [*CHECK_WORKFLOW, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr


def test_ワークフローはスキーマに合う() -> None:
    assert validate_workflow(WORKFLOW) == (0, "ok -- validation done\n")
