# --8<-- [start:header]
"""第 6 章: タスクの定義（noxfile.py）、.ci/run、GitHub Actions のワークフローを確かめる。"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
import sys
import threading
import tomllib
from pathlib import Path
from types import ModuleType

import nox
import pytest

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


# --8<-- [end:header]


# --8<-- [start:sessions-tests]
def test_nox_のセッションは本と同じ名前で並ぶ() -> None:
    noxfile = load_noxfile()
    assert list(nox.registry.get()) == [
        "test",
        "coverage",
        "replay",
        "reader",
        "site",
        "lint",
        "format",
        "type",
        "docs",
        "all",
        "book",
        "lock",
        "explore",
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
    assert "--require-hashes -r requirements.lock" in setup


# --8<-- [end:sessions-tests]


# --8<-- [start:sessions-more]
def arguments_of(options: dict[str, object]) -> list[str]:
    """RecordingSession が覚えた、道具に渡した引数。"""
    arguments = options["args"]
    assert isinstance(arguments, tuple)
    return [str(argument) for argument in arguments]


class RecordingSession:
    """nox.Session の代わり。run に渡された道具の名前と引数（args とキーワード）を覚えるだけ。"""

    def __init__(self) -> None:
        self.posargs: list[str] = []
        self.calls: list[tuple[str, dict[str, object]]] = []

    def run(self, *arguments: str, **options: object) -> None:
        self.calls.append((Path(arguments[0]).name, {"args": arguments[1:], **options}))

    def log(self, message: str) -> None:
        pass


def test_test_のセッションはデータの環境変数を_env_に書き外の環境変数も渡す(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", "/books/data")
    monkeypatch.delenv("ML_REQUIRE_DATA", raising=False)
    session = RecordingSession()

    load_noxfile().test(session)

    [(tool, options)] = session.calls
    assert tool == "pytest"
    assert options["env"] == {"ML_DATA_DIR": "/books/data"}
    # include_outer_env を渡していないので、nox の既定（True）で外の環境変数もそのまま渡る
    assert "include_outer_env" not in options
    assert not any(str(option).startswith("--cov") for option in arguments_of(options))


def test_カバレッジは別のセッションで測る(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ML_DATA_DIR", "/books/data")
    monkeypatch.delenv("ML_REQUIRE_DATA", raising=False)
    session = RecordingSession()

    load_noxfile().coverage(session)

    [(tool, options)] = session.calls
    assert tool == "pytest"
    assert "--cov" in arguments_of(options)
    assert options["env"] == {"ML_DATA_DIR": "/books/data"}


def test_site_は手の空いたワーカーが残りのテストを引き取る(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ML_DATA_DIR", raising=False)
    monkeypatch.delenv("ML_REQUIRE_DATA", raising=False)
    session = RecordingSession()

    load_noxfile().site(session)

    [(tool, options)] = session.calls
    assert tool == "pytest"
    assert arguments_of(options)[:2] == ["-m", "site"]
    assert "--dist=worksteal" in arguments_of(options)


def test_all_は速い検査から順に_lint_type_docs_test_site_replay_reader_を動かす() -> None:
    session = RecordingSession()

    load_noxfile().all_tasks(session)

    tools = [tool for tool, _ in session.calls]
    # type と docs は同時に動くので、mypy と mkdocs のどちらが先に記録されるかは決まらない
    assert tools[:2] == ["ruff", "ruff"]
    assert sorted(tools[2:5]) == ["mkdocs", "mypy", "python"]
    assert tools.index("mkdocs") < tools.index("python")
    assert tools[5:] == ["pytest"] * 4
    markers = [arguments_of(options)[1] for _, options in session.calls[-3:]]
    assert markers == ["site", "replay", "reader"]
    assert session.calls[-1][1]["env"] == load_noxfile().data_environment(os.environ)


class DocsWatchingSession(RecordingSession):
    """mypy を頼まれたら、docs の mkdocs が始まるのを 10 秒まで待ち、始まったかを覚える。"""

    def __init__(self) -> None:
        super().__init__()
        self.docs_started = threading.Event()
        self.docs_began_during_mypy = False

    def run(self, *arguments: str, **options: object) -> None:
        if Path(arguments[0]).name == "mkdocs":
            self.docs_started.set()
        if Path(arguments[0]).name == "mypy":
            self.docs_began_during_mypy = self.docs_started.wait(timeout=10)
        super().run(*arguments, **options)


def test_all_は_mypy_の終わりを待たずに_docs_を始める() -> None:
    session = DocsWatchingSession()

    load_noxfile().all_tasks(session)

    assert session.docs_began_during_mypy


def test_docs_は_MkDocs_と_Zensical_の両方で渡された場所に組み立てる(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ML_SITE_DIR", "/sites/mkdocs")
    monkeypatch.setenv("ML_ZENSICAL_SITE_DIR", "/sites/zensical")
    session = RecordingSession()

    load_noxfile().docs(session)

    [(mkdocs, built), (python, converted)] = session.calls
    assert (mkdocs, arguments_of(built)) == (
        "mkdocs",
        ["build", "--strict", "--site-dir", "/sites/mkdocs"],
    )
    assert (python, arguments_of(converted)) == (
        "python",
        [os.path.join("hooks", "zensical_build.py"), "/sites/zensical"],
    )


def data_dir_chosen_by_ci_run(environment: dict[str, str]) -> str:
    """.ci/run のデータの場所を決める部分だけを bash で動かし、決まった ML_DATA_DIR を返す。"""
    run = (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    block = re.search(r"^if \[ -z \"\$\{ML_DATA_DIR.*?^fi$", run, flags=re.MULTILINE | re.DOTALL)
    assert block is not None, ".ci/run にデータの場所を決める if がありません"
    result = subprocess.run(
        ["bash", "-c", f'set -eu\n{block.group(0)}\necho "${{ML_DATA_DIR:-（無し）}}"'],
        cwd=PROJECT_ROOT,
        env={"PATH": os.environ.get("PATH", ""), **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


def test_ci_run_は_README_と同じ場所を探し_CI_のときだけ共有フォルダを使う() -> None:
    shared = f"{PROJECT_ROOT}/../shared/data/sukkiri-ml"
    assert data_dir_chosen_by_ci_run({}) == "（無し）"
    assert data_dir_chosen_by_ci_run({"CI": "true"}) == shared
    assert data_dir_chosen_by_ci_run({"CI": "true", "ML_DATA_DIR": "/mine"}) == "/mine"
    assert data_dir_chosen_by_ci_run({"ML_DATA_DIR": "/mine"}) == "/mine"


# --8<-- [end:sessions-more]


# --8<-- [start:readme-tests]
def tools_of(extra: str) -> set[str]:
    """pyproject.toml の extras（.[test] や .[docs]）が入れるパッケージの名前。"""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = config["project"]["optional-dependencies"][extra]
    return {re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0] for requirement in requirements}


def test_READMEの2つのコマンドが入れる道具はタスクが使う道具と対応する(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ML_SITE_DIR", "/sites/mkdocs")
    monkeypatch.setenv("ML_ZENSICAL_SITE_DIR", "/sites/zensical")
    tested, built = RecordingSession(), RecordingSession()

    load_noxfile().test(tested)
    load_noxfile().docs(built)

    assert [tool for tool, _ in tested.calls] == ["pytest"]
    assert [tool for tool, _ in built.calls] == ["mkdocs", "python"]
    assert {"pytest", "nox"} <= tools_of("test")
    assert "mkdocs" not in tools_of("test")
    assert {"mkdocs", "zensical"} <= tools_of("docs")
    assert not {"pytest", "nox"} & tools_of("docs")


# --8<-- [end:readme-tests]


# --8<-- [start:skip-tests]
def run_data_tests(data_dir: Path) -> subprocess.CompletedProcess[str]:
    """第 1 章の data テストだけを、データの無いフォルダを指し、ML_REQUIRE_DATA を付けずに動かす。

    ワークフロー（データも ML_REQUIRE_DATA も無い）の nox -s test と同じ条件の、別のプロセス。
    """
    environment = {**os.environ, "ML_DATA_DIR": str(data_dir), "COLUMNS": "200"}
    environment.pop("ML_REQUIRE_DATA", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-m", "data"]
    return subprocess.run(
        [*command, "tests/test_chapter01.py"],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_データの無いときdataテストは理由と件数を添えて飛ばしたと要約に出る(tmp_path: Path) -> None:
    skipped = run_data_tests(tmp_path)

    summary = re.search(
        r"^SKIPPED \[(\d+)\] tests/conftest.py:\d+: データファイルがありません: (.+)$",
        skipped.stdout,
        flags=re.MULTILINE,
    )
    assert skipped.returncode == 0, skipped.stdout
    assert summary is not None, skipped.stdout
    assert f"（探した場所: {tmp_path}" in summary.group(2)
    assert re.search(rf"^{summary.group(1)} skipped, \d+ deselected", skipped.stdout, re.M)


# --8<-- [end:skip-tests]


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
    sessions = re.findall(r"run: \.venv/bin/nox -s (\w+)\n", text)
    assert sessions == ["lint", "type", "docs", "test"]


# --8<-- [end:workflow-tests]
