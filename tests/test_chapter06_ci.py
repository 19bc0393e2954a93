"""第 6 章: タスクの定義（noxfile.py）、.ci/run、GitHub Actions のワークフローを確かめる。"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import nox

PROJECT_ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = PROJECT_ROOT / ".github" / "workflows" / "ci.yml"


@functools.cache
def load_noxfile() -> ModuleType:
    """noxfile.py をモジュールとして 1 度だけ読み込む（セッションは動かさない）。"""
    spec = importlib.util.spec_from_file_location("noxfile", PROJECT_ROOT / "noxfile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --8<-- [start:sessions-tests]
def test_nox_のセッションは本と同じ名前で並ぶ() -> None:
    noxfile = load_noxfile()
    assert list(nox.registry.get()) == [
        "test",
        "replay",
        "lint",
        "format",
        "type",
        "docs",
        "all",
        "book",
        "lock",
    ]
    assert noxfile.nox.options.sessions == ["all"]


def test_テストに渡すデータの環境変数を名前で選ぶ() -> None:
    noxfile = load_noxfile()
    environment = {"ML_DATA_DIR": "/books/data", "ML_REQUIRE_DATA": "1", "PYTHONPATH": "/x"}
    assert noxfile.data_environment(environment) == {
        "ML_DATA_DIR": "/books/data",
        "ML_REQUIRE_DATA": "1",
    }
    assert noxfile.data_environment({}) == {}


def test_ci_run_はロックファイルから入れて_nox_の_all_を呼ぶ() -> None:
    run = (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    setup = (PROJECT_ROOT / ".ci" / "setup").read_text(encoding="utf-8")
    assert "bash .ci/setup" in run
    assert ".venv/bin/nox -s all" in run
    assert 'ML_DATA_DIR="${ML_DATA_DIR:-$PWD/../shared/data/sukkiri-ml}"' in run
    assert "--require-hashes -r requirements.lock" in setup


# --8<-- [end:sessions-tests]


# --8<-- [start:workflow-tests]
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


def test_コロンと空白を含む値を引用符で囲まないと読めない(tmp_path: Path) -> None:
    broken = tmp_path / "ci.yml"
    text = WORKFLOW.read_text(encoding="utf-8")
    broken.write_text(text.replace('name: "lint: ', "name: lint: ").replace('--check"', "--check"))

    code, output = validate_workflow(broken)

    assert code == 1
    assert "ScannerError: mapping values are not allowed here" in output


def test_runs_on_の無いジョブはスキーマに合わない(tmp_path: Path) -> None:
    broken = tmp_path / "ci.yml"
    text = WORKFLOW.read_text(encoding="utf-8")
    broken.write_text(text.replace("    runs-on: ubuntu-latest\n", ""), encoding="utf-8")

    code, output = validate_workflow(broken)

    assert code == 1
    assert "$.jobs.check: 'runs-on' is a required property" in output


def test_ワークフローはデータを要求せず_同じ_nox_のセッションを呼ぶ() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "ML_REQUIRE_DATA" not in text
    assert "run: bash .ci/setup" in text
    for session in ["test", "lint", "type", "docs"]:
        assert f"run: .venv/bin/nox -s {session}\n" in text


# --8<-- [end:workflow-tests]
