"""data マーカーのしくみ（tests/conftest.py）のテスト。小さな置き場所で pytest を動かして確かめる。

マーカーの検査は同じプロセスの中で動かす（速い）。hypothesis のプロファイルは読み込んだときに
決まる全体の設定なので、その検査だけは別のプロセスで動かす。
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import hypothesis_profile

CONFTEST = Path(__file__).with_name("conftest.py")

TESTS = """
import pytest
from conftest import hypothesis_profile

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
    result = pytester.runpytest_inprocess()
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines([f"*データファイルがありません: KvsT.csv（探した場所: {project}*"])


def test_ML_REQUIRE_DATAを付けるとファイルが無いことは失敗になる(
    pytester: pytest.Pytester, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ML_REQUIRE_DATA", "1")
    result = pytester.runpytest_inprocess()
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*KvsT.csv*データ必須*なので失敗にします*"])


def test_require_dataの指定でも失敗になる(pytester: pytest.Pytester, project: Path) -> None:
    result = pytester.runpytest_inprocess("--require-data")
    result.assert_outcomes(passed=1, errors=1)


def test_ファイルがあればdataテストは動き_mでdataテストだけを選べる(
    pytester: pytest.Pytester, project: Path
) -> None:
    (project / "KvsT.csv").write_text("作りもの", encoding="utf-8")
    result = pytester.runpytest_inprocess("-m", "data", "-v")
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.fnmatch_lines(["*test_reads_data PASSED*"])


def test_ファイル名の無いdataマーカーは使い方の誤り(
    pytester: pytest.Pytester, project: Path
) -> None:
    pytester.makepyfile(test_wrong="import pytest\n\n@pytest.mark.data\ndef test_x():\n    pass\n")
    result = pytester.runpytest_inprocess("test_wrong.py")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*data マーカーには必要なファイル名を書きます*"])


REPLAY_TESTS = """
import pytest
from conftest import hypothesis_profile

@pytest.mark.replay
def test_replays_steps():
    pass

@pytest.mark.data("KvsT.csv")
def test_reads_data():
    pass

def test_plain():
    pass
"""


@pytest.fixture
def replay_project(pytester: pytest.Pytester, project: Path) -> Path:
    """replay・data・印の無いテストが 1 つずつある置き場所（KvsT.csv はある）。"""
    pytester.makeini(
        "[pytest]\naddopts = --strict-markers -ra -p no:cacheprovider\nmarkers =\n"
        "    data(*files): 書籍の CSV を読むテスト\n    replay: 途中の一歩のリプレイ\n"
    )
    pytester.makepyfile(test_sample=REPLAY_TESTS)
    (project / "KvsT.csv").write_text("作りもの", encoding="utf-8")
    return project


@pytest.mark.parametrize(
    ("arguments", "passed", "deselected"),
    [
        ((), 2, 1),  # 既定では replay を動かさない
        (("-m", "not data"), 1, 2),  # -m を書いても replay は動かない（以前は動いた）
        (("-m", "replay"), 1, 2),  # -m に replay を書けば動く
        (("--replay",), 3, 0),  # --replay を付ければ、ほかの -m と組み合わせずに動く
        (("--replay", "-m", "not data"), 2, 1),
    ],
)
def test_replayはmで名指すかreplayを付けたときだけ動く(
    pytester: pytest.Pytester,
    replay_project: Path,
    arguments: tuple[str, ...],
    passed: int,
    deselected: int,
) -> None:
    result = pytester.runpytest_inprocess(*arguments)
    result.assert_outcomes(passed=passed, deselected=deselected)


@pytest.mark.parametrize(
    ("arguments", "outcomes"),
    [
        (("-m", "replay"), {"passed": 1, "deselected": 2}),  # 名前の無いファイルは読み込まない
        (("-m", "not data"), {"errors": 1}),  # ほかの -m では集めて、集める段階で止まる
        (("--replay",), {"errors": 1}),
    ],
)
def test_mがreplayだけならreplayと書かれていないファイルは集めない(
    pytester: pytest.Pytester,
    replay_project: Path,
    arguments: tuple[str, ...],
    outcomes: dict[str, int],
) -> None:
    pytester.makepyfile(test_broken="raise RuntimeError('集めると失敗する')\n")
    result = pytester.runpytest_inprocess(*arguments)
    result.assert_outcomes(**outcomes)


SITE_TESTS = """
import pytest

@pytest.mark.site
def test_opens_site():
    pass

def test_plain():
    pass
"""


@pytest.mark.parametrize(
    ("arguments", "passed", "deselected"),
    [
        ((), 1, 1),  # 既定では site を動かさない（nox -s site が動かす）
        (("-m", "not data"), 1, 1),
        (("-m", "site"), 1, 1),
        (("--site",), 2, 0),
    ],
)
def test_siteはmで名指すかsiteを付けたときだけ動く(
    pytester: pytest.Pytester,
    project: Path,
    arguments: tuple[str, ...],
    passed: int,
    deselected: int,
) -> None:
    pytester.makeini(
        "[pytest]\naddopts = --strict-markers -ra -p no:cacheprovider\nmarkers =\n"
        "    data(*files): 書籍の CSV を読むテスト\n    site: サイトのテスト\n"
    )
    pytester.makepyfile(test_sample=SITE_TESTS)
    result = pytester.runpytest_inprocess(*arguments)
    result.assert_outcomes(passed=passed, deselected=deselected)


PROFILE_TEST = """
from hypothesis import HealthCheck, settings

def test_profile(request):
    assert request.config.pluginmanager.has_plugin("hypothesispytest")
    current = settings.default
    assert settings.get_current_profile_name() == "{name}"
    assert (current.derandomize, current.database) == ({derandomize}, None)
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check
"""


def test_使うhypothesisのプロファイルは環境変数で決まる() -> None:
    assert hypothesis_profile({}) == "book"
    assert hypothesis_profile({"CI": "true"}) == "ci"
    assert hypothesis_profile({"CI": "false"}) == "book"
    assert hypothesis_profile({"CI": "true", "HYPOTHESIS_PROFILE": "explore"}) == "explore"


SCALED_TEST = """
import pytest
from hypothesis import given, settings, strategies as st

@pytest.mark.parametrize("sign", [1, -1])
@settings(max_examples=30)
@given(st.integers())
def test_property(sign, number):
    assert sign * number * sign == number

def test_zz_examples():
    assert test_property._hypothesis_internal_use_settings.max_examples == {examples}
"""


# パラメーター付きのテストでも、掛けるのは関数ごとに 1 回（item ごとに掛けると 2 回になる）。
# プロファイルは読み込んだときに決まるので、別のプロセスで動かす。起こすのはプロファイルごとに
# 1 回で、設定を見るテストと例の数を見るテストを一緒に動かす。replay は ci を引き継ぐので、
# 毎回同じ例を試す。
@pytest.mark.parametrize(
    ("environment", "name", "examples"),
    [
        ({"CI": "true"}, "ci", 30),
        ({"HYPOTHESIS_PROFILE": "replay"}, "replay", 3),
        ({"HYPOTHESIS_PROFILE": "explore"}, "explore", 300),
    ],
)
def test_CIではhypothesisが毎回同じ例を試し_replayは例の数を10分の1にしexploreは10倍にする(
    pytester: pytest.Pytester,
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    environment: dict[str, str],
    name: str,
    examples: int,
) -> None:
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    derandomize = name in ("ci", "replay")
    pytester.makepyfile(
        test_sample=PROFILE_TEST.format(name=name, derandomize=derandomize),
        test_scaled=SCALED_TEST.format(examples=examples),
    )
    # pytest は、プラグインを持つパッケージのモジュールを、すべて assert を書き換えながら読み込む。
    # .pyc を書かない環境（PYTHONDONTWRITEBYTECODE=1）では、hypothesis だけでプロセスごとに
    # 1 CPU 秒ほどになる。プラグインを自動では読み込まず、hypothesis のものだけを -p で読み込めば、
    # 書き換えるのはプラグインのモジュールだけになる（読み込んだことは test_profile が確かめる）。
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "hypothesispytest")
    result.assert_outcomes(passed=4)
