"""練習用フォルダ（workbook start / check）と、途中の一歩のリプレイのテスト。"""

from __future__ import annotations

import re
import shutil
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
    assert not (package / "chapter03.py").exists()
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
        shutil.copyfile(BOOK_ROOT / relative, workspace / relative)
    after, result = workbook.check(workspace)

    assert before
    assert all(status.mark == " " for status in before)
    assert [status.line() for status in after if status.mark == " "] == []
    report = workbook.check_report(chapter, after, result)
    assert report.splitlines()[0] == "第 3 章の TODO リスト（本の最終版のテストで確かめた結果）:"
    assert "- [x] ジニ不純度を求める" in report


def test_付録の名前と日本語のあいだには空白を入れる() -> None:
    assert workbook.with_particle(workbook.chapter_label("appendix-a"), "の") == "付録 A の"
    assert workbook.with_particle(workbook.chapter_label("08"), "の") == "第 8 章の"
