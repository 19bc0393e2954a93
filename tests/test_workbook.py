"""練習用フォルダ（workbook start / check）と、途中の一歩のリプレイのテスト。"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from getting_started_ml import workbook
from getting_started_ml.workbook import BOOK_ROOT, TodoItem

CHAPTERS_WITH_STEPS = [path.name for path in workbook.steps_dirs()]


@pytest.mark.parametrize("key", CHAPTERS_WITH_STEPS)
@pytest.mark.replay
def test_本文の途中の一歩は書いてあるとおりに赤と緑になる(key: str) -> None:
    reports = workbook.replay(key)

    assert reports, f"chapters/steps/{key} に一歩がありません"
    problems = [report.describe() for report in reports if not report.ok]
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("key", CHAPTERS_WITH_STEPS)
def test_TODOの項目はどれも本のテストに対応している(key: str) -> None:
    chapter = workbook.load_chapter(key)
    if not chapter.todo_tests:
        pytest.skip(
            f"{workbook.with_particle(chapter.label, 'の')} chapter.toml に [todo] がまだありません"
        )
    leaves = [
        item.text
        for index, item in enumerate(chapter.todo())
        if not workbook.child_positions(chapter.todo(), index)
    ]
    defined = {
        name
        for path in chapter.final_tests()
        for name in re.findall(r"^def (test_\w+)", (BOOK_ROOT / path).read_text("utf-8"), re.M)
    }

    assert [item for item in leaves if item not in chapter.todo_tests] == []
    assert [
        name for names in chapter.todo_tests.values() for name in names if name not in defined
    ] == []


@pytest.mark.parametrize("key", CHAPTERS_WITH_STEPS)
def test_本文が取り込む一歩のファイルはすべてある(key: str) -> None:
    chapter = workbook.load_chapter(key)
    page = chapter.page()
    assert page is not None
    included = re.findall(r'--8<-- "(chapters/steps/[^":]+)', page.read_text("utf-8"))

    assert [path for path in included if not (BOOK_ROOT / path).is_file()] == []


def test_章の指定は二桁と付録の名前にそろえる() -> None:
    assert workbook.chapter_key("3") == "03"
    assert workbook.chapter_key("11") == "11"
    assert workbook.chapter_key("appendix-b") == "appendix-b"
    with pytest.raises(workbook.WorkbookError, match="第三章"):
        workbook.chapter_key("第三章")


def test_ファイルの章は名前から決まる() -> None:
    assert workbook.chapter_of("src/getting_started_ml/chapter11/roc.py") == "11"
    assert workbook.chapter_of("tests/test_chapter03.py") == "03"
    assert workbook.chapter_of("chapters/outputs/appendix_a.txt") == "appendix-a"
    assert workbook.chapter_of("src/getting_started_ml/numeric.py") is None


def test_TODOリストは最初の一覧を字下げごと読む() -> None:
    markdown = (
        "前書き\n\nTODO リスト:\n\n- [ ] 親\n    - [x] 子\n- [ ] 次\n\n"
        "本文\n\nTODO リスト:\n\n- [x] 後\n"
    )

    assert workbook.parse_todo(markdown) == [
        TodoItem("親", 0),
        TodoItem("子", 1),
        TodoItem("次", 0),
    ]


def test_正規化で絶対パスと行番号と時間を取り除く(tmp_path: Path) -> None:
    output = f"{tmp_path}/tests/test_a.py:12: AssertionError\n1 failed in 0.12s\n"

    assert workbook.normalise(output, tmp_path) == "tests/test_a.py: AssertionError\n1 failed\n"


def test_期待する行は順に部分文字列として現れればよい() -> None:
    output = "FAILED tests/a.py::test_x - assert 1 == 2\n1 failed, 2 passed\n"

    assert workbook.missing_lines(["test_x - assert 1 == 2", "1 failed"], output) == []
    assert workbook.missing_lines(["1 failed", "test_x"], output) == ["test_x"]


def test_練習用フォルダには前の章のコードがあり第3章のファイルは無い(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("3", workspace)

    package = workspace / "src" / "getting_started_ml"
    assert (package / "chapter02.py").is_file()
    assert (workspace / "tests" / "test_chapter02.py").is_file()
    assert (workspace / "tests" / "conftest.py").is_file()
    assert (workspace / "chapters" / "outputs" / "chapter03.txt").is_file()
    assert not (package / "chapter03").exists()
    assert not (workspace / "tests" / "test_chapter03.py").exists()
    assert not (package / "chapter11").exists()
    assert not (package / "workbook.py").exists()
    assert len((workspace / "README.md").read_text("utf-8").splitlines()) == 3
    assert 'name = "getting-started-ml-practice"' in (workspace / "pyproject.toml").read_text(
        "utf-8"
    )


def test_空でないフォルダには作らない(tmp_path: Path) -> None:
    (tmp_path / "memo.txt").write_text("x", encoding="utf-8")

    with pytest.raises(workbook.WorkbookError, match="空ではありません"):
        workbook.start("3", tmp_path)


def test_手順の無い章は作れない(tmp_path: Path) -> None:
    with pytest.raises(workbook.WorkbookError, match="第 99 章には練習用の手順がまだありません"):
        workbook.start("99", tmp_path / "ws")


def test_checkは書く前は印を付けず本のコードを置けばすべてに印を付ける(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    chapter = workbook.start("3", workspace)

    before, _ = workbook.check(workspace)
    for relative in chapter.remove:
        if (BOOK_ROOT / relative).is_dir():
            shutil.copytree(BOOK_ROOT / relative, workspace / relative)
        else:
            shutil.copyfile(BOOK_ROOT / relative, workspace / relative)
    after, result = workbook.check(workspace)

    assert before
    assert all(status.mark == " " for status in before)
    assert [status.line() for status in after if status.mark == " "] == []
    report = workbook.check_report(chapter, after, result)
    assert report.splitlines()[0] == "第 3 章の TODO リスト（本の最終版のテストで確かめた結果）:"
    assert "- [x] ジニ不純度を求める" in report


def test_練習用フォルダには第4から6章のテストが読む設定ファイルもある(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("7", workspace)

    for relative in ("requirements.lock", "noxfile.py", ".gitignore", ".ci/run", ".ci/setup"):
        assert (workspace / relative).read_bytes() == (BOOK_ROOT / relative).read_bytes()
    assert (workspace / ".github" / "workflows" / "ci.yml").is_file()


def test_練習用フォルダのpytestの表示は画面の幅によらない(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workbook.start("3", workspace)
    reason = "80 文字の画面では切り詰められる長さの理由" * 3
    (workspace / "tests" / "test_long.py").write_text(
        f"def test_long() -> None:\n    raise AssertionError({reason!r})\n", encoding="utf-8"
    )

    def run_at(columns: int) -> str:
        environment = {**os.environ, "COLUMNS": str(columns), "PYTHONPATH": str(workspace / "src")}
        environment.pop("CI", None)
        completed = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-p",
                "no:cacheprovider",
                "-q",
                "-rf",
                "tests/test_long.py",
            ],
            cwd=workspace,
            env=environment,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
        )
        return workbook.normalise(completed.stdout, workspace)

    narrow, wide = run_at(80), run_at(300)

    assert narrow == wide
    assert f"FAILED tests/test_long.py::test_long - AssertionError: {reason}" in narrow


def test_checkの表示は失敗したテストと集められなかったファイルを名前で挙げる() -> None:
    chapter = workbook.load_chapter("3")
    outcomes = {
        "tests/test_chapter03.py::test_空ならジニ不純度は0": "passed",
        "tests/test_chapter03.py::test_一種類だけならジニ不純度は0": "failed",
        "tests/test_chapter03_extra.py": "failed",
    }
    output = "ERROR tests/test_chapter03_extra.py\nE   ModuleNotFoundError: No module named 'x'\n"
    result = workbook.RunResult(1, output, outcomes)
    statuses = workbook.tick(chapter, result)

    report = workbook.check_report(chapter, statuses, result)

    assert "失敗したテスト:\n  tests/test_chapter03.py::test_一種類だけならジニ不純度は0" in report
    assert "集められなかったテストファイル:\n  tests/test_chapter03_extra.py" in report
    assert "E   ModuleNotFoundError: No module named 'x'" in report
    assert not workbook.check_passed(statuses, result)


def test_checkはすべての項目に印が付き失敗が無いときだけ通ったとする() -> None:
    chapter = workbook.load_chapter("1")
    names = {name for names in chapter.todo_tests.values() for name in names}
    passed = workbook.RunResult(0, "", {f"tests/t.py::{name}": "passed" for name in names})
    skipped = workbook.RunResult(0, "", {f"tests/t.py::{name}": "skipped" for name in names}, {})

    assert workbook.check_passed(workbook.tick(chapter, passed), passed)
    assert not workbook.check_passed(workbook.tick(chapter, skipped), skipped)


def test_checkは集められないファイルがあってもほかのテストを最後まで動かす(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workspace = tmp_path / "ws"
    chapter = workbook.start("1", workspace)
    book = tmp_path / "book"
    for relative in chapter.remove:
        for root in (workspace, book):
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(BOOK_ROOT / relative, root / relative)
    (book / "tests" / "test_chapter01_broken.py").write_text("import missing_module\n")
    broken = dataclasses.replace(
        chapter, remove=(*chapter.remove, "tests/test_chapter01_broken.py")
    )
    monkeypatch.setattr(workbook, "workspace_chapter", lambda _directory: broken)
    monkeypatch.setattr(workbook, "BOOK_ROOT", book)

    statuses, result = workbook.check(workspace)

    assert workbook.uncollected_files(result) == ["tests/test_chapter01_broken.py"]
    assert sum(outcome == "passed" for outcome in result.outcomes.values()) > 10
    assert all(status.mark != " " for status in statuses)


def test_リポジトリの外から入れたパッケージでは練習にリポジトリが要ると言う(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workbook, "STEPS_DIR", tmp_path / "no-steps")

    with pytest.raises(workbook.WorkbookError, match="本のリポジトリから作ります"):
        workbook.start("7", tmp_path / "ws")


def test_checkはデータの場所に写しでなく読者のフォルダのdataを使う(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ML_DATA_DIR", raising=False)
    (tmp_path / "data").mkdir()

    assert workbook.workspace_data_environment(tmp_path) == {
        "ML_DATA_DIR": str((tmp_path / "data").resolve())
    }
    monkeypatch.setenv("ML_DATA_DIR", "/elsewhere")
    assert workbook.workspace_data_environment(tmp_path) == {}


def test_付録の名前と日本語のあいだには空白を入れる() -> None:
    assert workbook.with_particle(workbook.chapter_label("appendix-a"), "の") == "付録 A の"
    assert workbook.with_particle(workbook.chapter_label("08"), "の") == "第 8 章の"
