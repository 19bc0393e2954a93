"""練習用フォルダ（workbook start / check）と、途中の一歩のリプレイのテスト。"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import importlib.metadata
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from getting_started_ml import workbook
from getting_started_ml.workbook import BOOK_ROOT, TodoItem, check, driver, replay, steps
from getting_started_ml.workbook import __main__ as command
from getting_started_ml.workbook.__main__ import main
from getting_started_ml.workbook.workspace import REPOSITORY_FILES, repository_files

CHAPTERS_WITH_STEPS = [path.name for path in workbook.steps_dirs()]


@pytest.fixture(scope="module")
def benches() -> Iterator[list[replay.Bench]]:
    """リプレイと check のテストが続けて使う練習用フォルダの場所と driver（xdist のワーカーごと）。

    章ごとに driver のプロセスを起こして pytest と numpy などを読み込み直さない。数は
    replay_chapter が並べる数（xdist の下では 1）。
    """
    with contextlib.ExitStack() as stack:
        yield [stack.enter_context(replay.Bench()) for _ in range(replay.default_workers())]


@pytest.fixture(scope="module")
def small_bench() -> Iterator[replay.Bench]:
    """driver と Bench と表示の幅のテストが続けて使う、小さな Bench（xdist のワーカーごと）。

    テストごとに driver のプロセスを起こして python と pytest を読み込み直さない。どのテストも
    fresh で空にした練習用フォルダを、fork した新しい子のプロセスで使う。CI・COLUMNS・
    HYPOTHESIS_PROFILE は渡さない（読者の端末と同じ。CI があると pytest は画面の幅で切り詰めない）。
    """
    with pytest.MonkeyPatch.context() as patch:
        for name in ("CI", "COLUMNS", "HYPOTHESIS_PROFILE"):
            patch.delenv(name, raising=False)
        bench = replay.Bench(preload=("colorsys",))
    with bench:
        yield bench


@pytest.mark.parametrize("key", CHAPTERS_WITH_STEPS)
@pytest.mark.replay
def test_本文の途中の一歩は書いてあるとおりに赤と緑になる(
    key: str, benches: list[replay.Bench]
) -> None:
    reports = workbook.replay_chapter(key, benches=benches)

    assert reports, f"chapters/steps/{key} に一歩がありません"
    problems = [report.describe() for report in reports if not report.ok]
    assert not problems, "\n\n".join(problems)


@pytest.mark.replay
def test_本文と違う赤と緑や出力に無い行はリプレイが食い違いとして挙げる(
    monkeypatch: pytest.MonkeyPatch, benches: list[replay.Bench]
) -> None:
    chapter = workbook.load_chapter("06")
    red, green = chapter.steps
    wrong = (
        dataclasses.replace(red, expected=(*red.expected, "本文に無い行")),
        dataclasses.replace(green, outcome="red"),
    )
    monkeypatch.setattr(
        replay, "load_chapter", lambda _key: dataclasses.replace(chapter, steps=wrong)
    )

    reports = workbook.replay_chapter("06", benches=benches)

    assert [(report.ok, report.outcome, report.missing) for report in reports] == [
        (False, "red", ("本文に無い行",)),
        (False, "green", ()),
    ]
    assert "期待 red、結果 green" in reports[1].describe()


@pytest.mark.parametrize("key", CHAPTERS_WITH_STEPS)
def test_TODOの項目はどれも本のテストに対応している(key: str) -> None:
    chapter = workbook.load_chapter(key)
    label = workbook.with_particle(chapter.label, "の")
    assert chapter.todo(), f"{label}本文に TODO リストがありません"
    assert chapter.todo_tests, f"{label} chapter.toml に [todo] がありません"
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


@pytest.mark.parametrize(
    ("relative", "key"),
    [
        ("src/getting_started_ml/chapter03/tree.py", "03"),
        ("src/getting_started_ml/chapter03/__init__.py", "03"),
        ("src/getting_started_ml/appendix_b/ranking.py", "appendix-b"),
        ("tests/support/chapter10.py", "10"),
        ("tests/test_chapter08_robustness.py", "08"),
        ("tests/test_appendix_c_scipy.py", "appendix-c"),
        ("chapters/outputs/chapter08-idiomatic.txt", "08"),
        ("chapters/outputs/chapter01-missing-data.txt", "01"),
        ("chapters/figures/chapter11-roc.svg", "11"),
        ("tests/support/robustness.py", None),
        ("tests/support/figures.py", None),
        ("tests/test_checks.py", None),
        ("src/getting_started_ml/figures.py", None),
    ],
)
def test_章のパッケージと話題ごとのテストのファイルも章が分かる(
    relative: str, key: str | None
) -> None:
    assert workbook.chapter_of(relative) == key


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


def small_workspace(root: Path) -> Path:
    """モジュール 1 つとテスト 1 つだけの練習用フォルダ（driver を速く確かめるため）。"""
    files = {
        "pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\n",
        "src/getting_started_ml/__init__.py": "",
        "src/getting_started_ml/value.py": "VALUE = 1\n",
        "tests/test_value.py": (
            "import os\n\nfrom getting_started_ml.value import VALUE\n\n\n"
            "def test_value() -> None:\n"
            "    assert VALUE == int(os.environ.get('EXPECTED_VALUE', '1'))\n"
        ),
    }
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root


def rewrite_keeping_size_and_time(path: Path, old: str, new: str) -> None:
    """同じ長さの文字列に置き換え、更新時刻をナノ秒まで元に戻す（同じ秒の書き換えと同じ）。"""
    stamp = path.stat()
    text = path.read_text(encoding="utf-8")
    assert len(old) == len(new)
    path.write_text(text.replace(old, new), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (stamp.st_size, stamp.st_mtime_ns)


def test_driverは1つのプロセスで何度も動かし中身の変わったファイルだけをコンパイルし直す(
    small_bench: replay.Bench,
) -> None:
    # Bench の driver は、fresh で fork した 1 つの子のプロセスに、次の fresh まで pytest を頼む
    workspace = small_workspace(small_bench.fresh())
    run = workbook.Run(tests=("tests/test_value.py",))
    with_variable = dataclasses.replace(run, environment=(("EXPECTED_VALUE", "2"),))

    pytest_process = small_bench.driver
    first = pytest_process.run(run)
    unchanged = pytest_process.run(run)
    rewrite_keeping_size_and_time(
        workspace / "src/getting_started_ml/value.py", "VALUE = 1", "VALUE = 2"
    )
    source_changed = pytest_process.run(run)
    expected_by_variable = pytest_process.run(with_variable)
    variable_gone = pytest_process.run(run)
    rewrite_keeping_size_and_time(workspace / "tests/test_value.py", "'1'", "'2'")
    test_changed = pytest_process.run(run)

    # 1 回目は __init__.py・value.py・test_value.py をコンパイルし、2 回目は覚えたものを使う
    assert [first.exit_code, first.compiled] == [0, 3]
    assert [unchanged.exit_code, unchanged.compiled] == [0, 0]
    assert [source_changed.exit_code, source_changed.compiled] == [1, 1]
    assert "assert 2 == 1" in source_changed.output
    # その回だけの環境変数は、その回の pytest にだけ効く
    assert [expected_by_variable.exit_code, expected_by_variable.compiled] == [0, 0]
    assert [variable_gone.exit_code, variable_gone.compiled] == [1, 0]
    assert [test_changed.exit_code, test_changed.compiled] == [0, 1]
    assert test_changed.outcomes == {"tests/test_value.py::test_value": "passed"}


def test_driverはパッケージの一覧を1度だけ探し同じプラグインを見せる(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(importlib.metadata, "distributions", importlib.metadata.distributions)

    def plugins() -> list[tuple[str, list[str]]]:
        return sorted(
            (
                dist.metadata["Name"],
                sorted(ep.value for ep in dist.entry_points.select(group="pytest11")),
            )
            for dist in importlib.metadata.distributions()
        )

    before = plugins()
    driver.remember_distributions()

    assert plugins() == before
    assert ("hypothesis", ["_hypothesis_pytestplugin"]) in before
    first = next(iter(importlib.metadata.distributions()))
    assert next(iter(importlib.metadata.distributions())) is first
    assert importlib.metadata.version("pytest") == pytest.__version__


def test_benchは中身を作り直しても同じプロセスで動かし前のフォルダのモジュールを忘れる(
    small_bench: replay.Bench,
) -> None:
    # small_bench の driver には HYPOTHESIS_PROFILE を渡していない（子の値は Bench が足すもの）
    run = workbook.Run(tests=("tests",), extra_options=("--continue-on-collection-errors",))
    profile = "import gc, os, sys\n\ndef test_profile() -> None:\n"
    profile += "    assert os.environ['HYPOTHESIS_PROFILE'] == 'replay'\n"
    # fork する前に読み込んだモジュールがあり、親のオブジェクトはごみ集めの対象から外れている
    profile += "    assert 'colorsys' in sys.modules\n"
    profile += "    assert gc.get_freeze_count() > 0\n"
    # hypothesis の文字の表（文字列の例に使う）も、子が作り直さずに親から受け継いでいる
    profile += "    from hypothesis.internal import charmap\n"
    profile += "    assert charmap._charmap is not None\n"
    profile += "    assert charmap.intervals_from_codec.cache_info().currsize == 1\n"

    bench = small_bench
    small_workspace(bench.fresh())
    first = bench.driver.run(run)
    process = bench.driver.process
    workspace = bench.fresh()
    emptied = list(workspace.iterdir())
    small_workspace(workspace)
    (workspace / "src/getting_started_ml/value.py").unlink()
    (workspace / "tests/test_profile.py").write_text(profile, encoding="utf-8")
    second = bench.driver.run(run)
    same_process = bench.driver.process is process

    assert first.outcomes == {"tests/test_value.py::test_value": "passed"}
    assert emptied == []
    assert same_process
    assert second.outcomes == {
        "tests/test_profile.py::test_profile": "passed",
        "tests/test_value.py": "failed",
    }
    assert "No module named 'getting_started_ml.value'" in second.output


def test_driverのプロセスが落ちたら標準エラーを添えて失敗にする(tmp_path: Path) -> None:
    workspace = small_workspace(tmp_path / "ws")
    run = workbook.Run(tests=("tests/test_value.py",), place=(("x.py", str(tmp_path / "no")),))

    with replay.Driver(workspace) as pytest_process, pytest.raises(workbook.WorkbookError) as error:
        pytest_process.run(run)

    assert "pytest を動かすプロセスが失敗しました" in str(error.value)
    assert "FileNotFoundError" in str(error.value)


def test_練習用フォルダには前の章のコードがあり第3章のファイルは無い(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("3", workspace)

    package = workspace / "src" / "getting_started_ml"
    tests = workspace / "tests"
    assert sorted(path.stem for path in package.glob("chapter*")) == ["chapter01", "chapter02"]
    assert (tests / "test_chapter02.py").is_file()
    assert (tests / "conftest.py").is_file()
    assert (package / "chapter02" / "__init__.py").is_file()
    assert (workspace / "chapters" / "outputs" / "chapter03.txt").is_file()
    assert sorted(path.name for path in tests.glob("test_chapter03*")) == []
    assert not (package / "workbook").exists()
    assert (package / "checks.py").is_file()
    assert not (package / "chapter03").exists()
    assert len((workspace / "README.md").read_text("utf-8").splitlines()) == 3
    assert 'name = "getting-started-ml-practice"' in (workspace / "pyproject.toml").read_text(
        "utf-8"
    )


def test_練習用フォルダには共通のテストの道具があり本全体と後の章の道具は無い(
    tmp_path: Path,
) -> None:
    workspace = tmp_path / "ws"

    workbook.start("3", workspace)

    support = workspace / "tests" / "support"
    shared = [
        path.name
        for path in (BOOK_ROOT / "tests" / "support").glob("*.py")
        if workbook.chapter_of(path.name) is None
        and path.stem not in ("glossary", "search", "site")
    ]
    assert [name for name in shared if not (support / name).is_file()] == []
    assert (support / "robustness.py").is_file()
    assert (support / "chapter02.py").is_file()
    assert not (support / "chapter10.py").exists()
    assert not (support / "glossary.py").exists()
    assert not (support / "search.py").exists()
    assert not (support / "site.py").exists()


def test_コマンドのstartは作ったフォルダと使い方を表示する(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace = tmp_path / "ws"

    exit_code = main(["start", "3", str(workspace)])

    lines = capsys.readouterr().out.splitlines()
    assert exit_code == 0
    assert lines[0] == f"{workspace} に第 3 章の練習用フォルダを作りました。"
    assert lines[1:] == (workspace / "README.md").read_text("utf-8").splitlines()


def test_コマンドは直せる問題をエラーの1行にして1で終わる(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exit_code = main(["check", str(tmp_path)])

    assert exit_code == 1
    assert capsys.readouterr().err == (
        f"エラー: {tmp_path} に workbook.toml がありません。"
        "python -m getting_started_ml.workbook start N DIR で作ったフォルダを指定してください\n"
    )


def test_別のプロセスで動かす部分は本のパッケージを読み込まない() -> None:
    tree = ast.parse(Path(driver.__file__).read_text(encoding="utf-8"))
    imported = [
        name
        for node in ast.walk(tree)
        for name in (
            [alias.name for alias in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
    ]

    assert imported
    assert [name for name in imported if name.startswith("getting_started_ml")] == []


def test_練習用フォルダには前の章のテストが使う共通の道具もある(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("15", workspace)

    support = workspace / "tests" / "support"
    assert (support / "figures.py").is_file()  # 第 13・14 章の図のテストが使う
    assert (support / "chapter13.py").is_file()
    assert (workspace / "tests" / "test_chapter14_figures.py").is_file()


def test_空でないフォルダには作らない(tmp_path: Path) -> None:
    (tmp_path / "memo.txt").write_text("x", encoding="utf-8")

    with pytest.raises(workbook.WorkbookError, match="空ではありません"):
        workbook.start("3", tmp_path)


def test_手順の無い章は作れない(tmp_path: Path) -> None:
    with pytest.raises(workbook.WorkbookError, match="第 99 章には練習用の手順がまだありません"):
        workbook.start("99", tmp_path / "ws")


def restore_final_files(chapter: workbook.Chapter, workspace: Path) -> None:
    """練習用フォルダに、その章で書くファイル（remove）の本の最終版を置く。"""
    for relative in chapter.remove:
        target = workspace / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if (BOOK_ROOT / relative).is_dir():
            shutil.copytree(BOOK_ROOT / relative, target)
        else:
            shutil.copyfile(BOOK_ROOT / relative, target)


@pytest.mark.replay  # 章のテストを練習用フォルダで動かす（重いので replay と一緒に）
def test_checkは書く前は印を付けず本のコードを置けばすべてに印を付ける(
    tmp_path: Path, benches: list[replay.Bench]
) -> None:
    workspace = tmp_path / "ws"
    chapter = workbook.start("3", workspace)

    before, _ = workbook.check_workspace(workspace, benches[0])
    restore_final_files(chapter, workspace)
    after, result = workbook.check_workspace(workspace, benches[0])

    assert before
    assert all(status.mark == " " for status in before)
    assert [status.line() for status in after if status.mark == " "] == []
    report = workbook.check_report(chapter, after, result)
    assert report.splitlines()[0] == "第 3 章の TODO リスト（本の最終版のテストで確かめた結果）:"
    assert "- [x] ジニ不純度を求める" in report


# 第 4〜6 章の練習用フォルダに最初からある設定（最終版）だけを確かめる項目: 書く前から印が付く
TICKED_BEFORE_WRITING = {
    "4": ["データのコマンドの失敗のしかたを確かめる"],
    "5": [
        "`pyproject.toml` に、パッケージとしての組み立て方、固定した依存関係、extras を書く",
        "カバレッジを測る範囲を決め、データの有無で変わる数値には下限を設けない",
    ],
    "6": [
        "タスクランナーを 1 つ選び、`test`・`lint`・`format`・`type`・`docs`・`all` を定義する",
        "データの場所（`ML_DATA_DIR`）を、テストのタスクに名前を挙げて渡す",
        "README の 2 つのコマンドが入れる道具の違いと、対応するタスクを確かめる",
    ],
}


@pytest.mark.replay  # 章のテストを練習用フォルダで動かす（重いので replay と一緒に）
@pytest.mark.parametrize("key", ["4", "5", "6"])
def test_第4から6章のcheckは最初からある設定の項目だけに印を付け本のコードなら0で終わる(
    tmp_path: Path,
    key: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    benches: list[replay.Bench],
) -> None:
    workspace = tmp_path / "ws"
    chapter = workbook.start(key, workspace)
    in_bench = functools.partial(workbook.check_workspace, bench=benches[0])
    monkeypatch.setattr(command, "check_workspace", in_bench)

    before, _ = workbook.check_workspace(workspace, benches[0])
    restore_final_files(chapter, workspace)
    exit_code = main(["check", str(workspace)])

    report = capsys.readouterr().out
    assert [line for line in report.splitlines() if line.lstrip().startswith("- [")] == [
        f"- [x] {item.text}" for item in chapter.todo()
    ]
    assert exit_code == 0, report
    assert [status.item.text for status in before if status.mark == "x"] == (
        TICKED_BEFORE_WRITING[key]
    )


@pytest.mark.parametrize("key", ["04", "05", "06"])
def test_第4から6章の本文は練習用フォルダに無いファイルをすべて挙げる(key: str) -> None:
    chapter = workbook.load_chapter(key)
    page = chapter.page()
    assert page is not None
    text = page.read_text("utf-8")
    names = [
        f"`{path}/`" if (BOOK_ROOT / path).is_dir() else f"`{path}`" for path in chapter.remove
    ]

    assert [name for name in names if name not in text] == []


def test_練習用フォルダはgitのリポジトリで最初のファイルを追跡している(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("4", workspace)

    listed = subprocess.run(
        ["git", "ls-files"], cwd=workspace, capture_output=True, text=True, check=True
    )
    tracked = listed.stdout.splitlines()
    assert "tests/test_chapter03.py" in tracked
    assert "workbook.toml" in tracked
    assert [name for name in tracked if name.startswith("tests/test_chapter04")] == []


def test_練習用フォルダには第4から6章のテストが読む設定ファイルもある(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"

    workbook.start("7", workspace)

    for relative in ("requirements.lock", "noxfile.py", ".gitignore", ".ci/run", ".ci/setup"):
        assert (workspace / relative).read_bytes() == (BOOK_ROOT / relative).read_bytes()
    assert (workspace / ".github" / "workflows" / "ci.yml").is_file()


def test_この本の読み方は練習用フォルダに写す設定とその章で書く設定を挙げる() -> None:
    reading = (BOOK_ROOT / "docs" / "reading.md").read_text("utf-8")
    copied = {f"{name}/" if (BOOK_ROOT / name).is_dir() else name for name in REPOSITORY_FILES}
    written = {
        path
        for key in CHAPTERS_WITH_STEPS
        for path in workbook.load_chapter(key).remove
        if path in set(repository_files())
    }

    assert written
    assert [name for name in sorted(copied | written) if f"`{name}`" not in reading] == []


def test_練習用フォルダのpytestの表示は画面の幅によらない(small_bench: replay.Bench) -> None:
    workspace = small_bench.fresh()
    workbook.start("3", workspace)
    reason = "80 文字の画面では切り詰められる長さの理由" * 3
    (workspace / "tests" / "test_long.py").write_text(
        f"def test_long() -> None:\n    raise AssertionError({reason!r})\n", encoding="utf-8"
    )
    # 幅ごとに新しいプロセスを起こす代わりに、1 つのプロセス（Bench の driver）で pytest を幅ごとに
    # 動かす。driver は回のあいだに練習用フォルダから読み込んだモジュール（conftest.py とテスト）を
    # 忘れるので、どの回も conftest.py を読み込み直す。表示は pytest の既定の長い形（--tb=auto）で
    # 失敗だけを要約に挙げる（-rf）
    run = workbook.Run(tests=("tests/test_long.py",), extra_options=("--tb=auto", "-rf"))
    narrow, wide = (
        small_bench.driver.run(dataclasses.replace(run, environment=(("COLUMNS", columns),)))
        for columns in ("80", "300")
    )

    assert narrow.outcomes == wide.outcomes == {"tests/test_long.py::test_long": "failed"}
    narrow_output = workbook.normalise(narrow.output, workspace)
    assert narrow_output == workbook.normalise(wide.output, workspace)
    assert f"FAILED tests/test_long.py::test_long - AssertionError: {reason}" in narrow_output


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


@pytest.mark.replay  # 章のテストを練習用フォルダで動かす（重いので replay と一緒に）
def test_checkは集められないファイルがあってもほかのテストを最後まで動かす(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, benches: list[replay.Bench]
) -> None:
    workspace = tmp_path / "ws"
    chapter = workbook.start("1", workspace)
    book = tmp_path / "book"
    for relative in chapter.remove:
        for root in (workspace, book):
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            if (BOOK_ROOT / relative).is_dir():
                shutil.copytree(BOOK_ROOT / relative, root / relative, dirs_exist_ok=True)
            else:
                shutil.copyfile(BOOK_ROOT / relative, root / relative)
    (book / "tests" / "test_chapter01_broken.py").write_text("import missing_module\n")
    broken = dataclasses.replace(
        chapter, remove=(*chapter.remove, "tests/test_chapter01_broken.py")
    )
    monkeypatch.setattr(check, "workspace_chapter", lambda _directory: broken)
    monkeypatch.setattr(check, "BOOK_ROOT", book)

    statuses, result = workbook.check_workspace(workspace, benches[0])

    assert workbook.uncollected_files(result) == ["tests/test_chapter01_broken.py"]
    assert sum(outcome == "passed" for outcome in result.outcomes.values()) > 10
    assert all(status.mark != " " for status in statuses)


def test_リポジトリの外から入れたパッケージでは練習にリポジトリが要ると言う(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(steps, "STEPS_DIR", tmp_path / "no-steps")

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
