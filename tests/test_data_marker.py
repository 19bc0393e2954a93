"""data マーカーのしくみ（tests/conftest.py）のテスト。別のプロセスで pytest を動かして確かめる。"""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")

TESTS = """
import pytest

@pytest.mark.data("KvsT.csv")
def test_reads_data():
    pass

def test_plain():
    pass
"""


@pytest.fixture
def project(pytester: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """本物の conftest と data マーカーの設定を持つ小さなテストの置き場所。"""
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makeini(
        "[pytest]\naddopts = --strict-markers -ra -p no:cacheprovider\n"
        "markers =\n    data(*files): 書籍の CSV を読むテスト\n"
    )
    pytester.makepyfile(test_sample=TESTS)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("ML_DATA_DIR", str(empty))
    monkeypatch.delenv("ML_REQUIRE_DATA", raising=False)
    return empty


def test_ファイルが無ければdataテストだけがファイル名を理由に飛ばされる(
    pytester: pytest.Pytester, project: Path
) -> None:
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines([f"*データファイルがありません: KvsT.csv（探した場所: {project}*"])


def test_ML_REQUIRE_DATAを付けるとファイルが無いことは失敗になる(
    pytester: pytest.Pytester, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ML_REQUIRE_DATA", "1")
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*KvsT.csv*データ必須*なので失敗にします*"])


def test_require_dataの指定でも失敗になる(pytester: pytest.Pytester, project: Path) -> None:
    result = pytester.runpytest_subprocess("--require-data")
    result.assert_outcomes(passed=1, errors=1)


def test_ファイルがあればdataテストは動き_mでdataテストだけを選べる(
    pytester: pytest.Pytester, project: Path
) -> None:
    (project / "KvsT.csv").write_text("作りもの", encoding="utf-8")
    result = pytester.runpytest_subprocess("-m", "data", "-v")
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.fnmatch_lines(["*test_reads_data PASSED*"])


def test_ファイル名の無いdataマーカーは使い方の誤り(
    pytester: pytest.Pytester, project: Path
) -> None:
    pytester.makepyfile(test_wrong="import pytest\n\n@pytest.mark.data\ndef test_x():\n    pass\n")
    result = pytester.runpytest_subprocess("test_wrong.py")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*data マーカーには必要なファイル名を書きます*"])
