"""第 5 章: 本文が pyproject.toml の設定について述べる事実。

組み立て方と固定、ignore の理由、複雑度の上限、カバレッジの範囲。
"""

# --8<-- [start:header]
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

PROJECT_ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")

pytestmark = pytest.mark.skipif(
    not (PROJECT_ROOT / "requirements.lock").is_file(),
    reason="requirements.lock が無い（リポジトリの外から入れたなど）ので本のファイルは確かめない",
)
# --8<-- [end:header]


# --8<-- [start:build-tests]
def build_problems(pyproject: str) -> list[str]:
    """本文（5.3 節）が約束する組み立て方・固定した依存関係・extras のうち、足りないもの。"""
    config = tomllib.loads(pyproject)
    build = config.get("build-system", {})
    where = config.get("tool", {}).get("setuptools", {}).get("packages", {}).get("find", {})
    project = config.get("project", {})
    extras = project.get("optional-dependencies", {})
    problems = []
    if build.get("build-backend") != "setuptools.build_meta":
        problems.append("[build-system] の build-backend が setuptools.build_meta ではない")
    if not any(str(item).startswith("setuptools>=") for item in build.get("requires", [])):
        problems.append("[build-system] の requires に setuptools の版の下限が無い")
    if where.get("where") != ["src"]:
        problems.append("[tool.setuptools.packages.find] の where が src ではない")
    problems += [f"extras に {name} が無い" for name in ("test", "docs") if name not in extras]
    requirements = [*project.get("dependencies", [])]
    for group in extras.values():
        requirements += group
    problems += [f"== で固定していない: {item}" for item in requirements if "==" not in item]
    return problems


def test_pyproject_はsrcレイアウトの組み立て方と固定した依存関係とextrasを書いている() -> None:
    assert build_problems(PYPROJECT) == []


def test_組み立て方や固定の無いpyprojectは足りないものを挙げて見つかる() -> None:
    broken = '[project]\ndependencies = ["numpy>=2"]\n\n[project.optional-dependencies]\n'
    broken += 'test = ["pytest==9.2.0"]\n'

    assert build_problems(broken) == [
        "[build-system] の build-backend が setuptools.build_meta ではない",
        "[build-system] の requires に setuptools の版の下限が無い",
        "[tool.setuptools.packages.find] の where が src ではない",
        "extras に docs が無い",
        "== で固定していない: numpy>=2",
    ]


# --8<-- [end:build-tests]


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


# 上限を 7 にすると引っかかる関数と、それがあるファイル（第 8・10 章。練習用フォルダにはまだ無い）
COMPLEX_AT_SEVEN = {
    "broken_json": "tests/test_chapter08.py",
    "logistic_reference": "tests/test_chapter10_logistic.py",
}


def test_複雑度の上限が10なら引っかかる関数は無く_7なら2つ() -> None:
    present = [name for name, path in COMPLEX_AT_SEVEN.items() if (PROJECT_ROOT / path).is_file()]
    assert functions_over_complexity(10) == []
    assert functions_over_complexity(7) == sorted(present)


# --8<-- [start:coverage-tests]
def test_カバレッジはパッケージだけを分岐まで測り下限を設けない() -> None:
    coverage = tomllib.loads(PYPROJECT)["tool"]["coverage"]
    noxfile = (PROJECT_ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert coverage["run"] == {"source": ["getting_started_ml"], "branch": True}
    assert 'if __name__ == "__main__":' in coverage["report"]["exclude_also"]
    assert "fail_under" not in coverage["report"]
    assert "--cov-fail-under" not in noxfile


# --8<-- [end:coverage-tests]


def test_章のコマンドはロックファイルと_BOM_の検査の結果を表示する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    completed = run_module("getting_started_ml.chapter05")
    assert (completed.returncode, completed.stderr) == (0, "")
    assert completed.stdout == golden("chapter05")
