"""テスト全体の設定: data マーカー、黄金ファイル、章のコマンドの実行。"""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from getting_started_ml.dataset import DATA_DIR_VARIABLE, data_dir, data_file

# 性質のテストは、機械の混み具合で落ちてはならない。1 例ごとの時間制限（既定 200 ms）と
# 「例を作るのが遅い」という健康診断を外す。止まらないことは tests/support/robustness.py の
# time_limit が、1 回の呼び出しごとに確かめる。
settings.register_profile("book", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# CI（CI=true）では、毎回同じ例を試す（テストの関数から種を決める）。運で結果が変わらない。
# 手元に保存した例（.hypothesis）も使わない。新しい例を探すのは nox -s explore の役目。
settings.register_profile(
    "ci", settings.get_profile("book"), derandomize=True, database=None, print_blob=True
)
# nox -s explore: 毎回違う種で、例の数を EXPLORE_FACTOR 倍にして探す。見つけた例は表示するだけで
# 保存しない（次の手元の pytest を赤くしない）。表示された例を @example としてテストに足す。
# derandomize=False は明示する。CI（環境変数 CI）では hypothesis 自身の既定が derandomize=True に
# なり、book もそれを引き継ぐので、書かないと CI の上の explore が毎回同じ例しか試さない。
settings.register_profile(
    "explore",
    settings.get_profile("book"),
    derandomize=False,
    database=None,
    print_blob=True,
)
EXPLORE_FACTOR = 10
# 途中の一歩のリプレイ（workbook の replay_chapter がこの名前を渡す）: ci と同じく毎回同じ例で、
# 例の数を REPLAY_FACTOR 倍にする。一歩ごとに、それまでに書いたテストをすべて動かし直すので、
# 性質のテストは章の中で何十回も動く。例を尽くして確かめるのは nox -s test の役目で、リプレイが
# 見るのは一歩ごとの赤と緑と表示の行。
settings.register_profile("replay", settings.get_profile("ci"))
REPLAY_FACTOR = 0.1
EXAMPLE_FACTORS = {"explore": EXPLORE_FACTOR, "replay": REPLAY_FACTOR}
"""プロファイルの名前 → テストごとの max_examples（書いていなければ既定の 100）に掛ける数。"""
PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"


def hypothesis_profile(environment: Mapping[str, str]) -> str:
    """使うプロファイル: HYPOTHESIS_PROFILE があればそれ、CI=true なら ci、ほかは book。"""
    if environment.get(PROFILE_VARIABLE):
        return environment[PROFILE_VARIABLE]
    return "ci" if environment.get("CI", "").lower() in ("true", "1") else "book"


settings.load_profile(hypothesis_profile(os.environ))

TESTS_DIR = Path(__file__).resolve().parent

# テストの道具は tests/support/<主題>.py に置く。フィクスチャを持つものは、ここでプラグインとして
# 読み込む。章のコードは各フィクスチャの中で読み込むので、どの章の練習用フォルダでも
# conftest は動く。
pytest_plugins = [
    "pytester",
    *sorted(
        f"support.{path.stem}"
        for path in (TESTS_DIR / "support").glob("*.py")
        if "@pytest.fixture" in path.read_text(encoding="utf-8")
    ),
]

PROJECT_ROOT = Path(__file__).resolve().parents[1]
OUTPUTS = PROJECT_ROOT / "chapters" / "outputs"
REQUIRE_DATA_VARIABLE = "ML_REQUIRE_DATA"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--require-data",
        action="store_true",
        help=(
            "データファイルが無い data テストを、飛ばさずに失敗にする"
            f"（{REQUIRE_DATA_VARIABLE}=1 と同じ）"
        ),
    )
    parser.addoption(
        "--replay",
        action="store_true",
        help="replay のテスト（途中の一歩のリプレイ）も動かす（-m に replay と書いたときと同じ）",
    )
    parser.addoption(
        "--reader",
        action="store_true",
        help="reader のテスト（章を本文だけから作り直す）も動かす（-m に reader と書くのと同じ）",
    )
    parser.addoption(
        "--site",
        action="store_true",
        help="site のテスト（組み立てたサイトとブラウザ）も動かす（-m に site と書いたときと同じ）",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """replay・site・reader のテストは、-m に名前を書くか --その名前 を付けたときだけ動かす。

    pytest の -m は 1 つしか効かないので、設定ファイルの addopts に "-m not replay" と書くと、
    コマンドラインの -m "not data" がそれを置き換えて replay まで動いてしまう。ここで外せば、
    -m に何を書いても replay は既定で動かない。site（組み立てたサイトとブラウザ）も同じで、
    nox -s site が動かす。explore と replay のプロファイルでは hypothesis の例の数を変える。
    """
    factor = EXAMPLE_FACTORS.get(settings.get_current_profile_name())
    if factor is not None:
        scale_examples(items, factor)
    for marker in SEPARATE_MARKERS:
        if not marker_is_selected(config, marker):
            deselect_marked(config, items, marker)


SEPARATE_MARKERS = ("replay", "site", "reader")
"""既定の pytest から外し、同じ名前の nox のセッション（nox -s replay など）で動かす印。"""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """-m が replay・site・reader の 1 つだけなら、その印の無いファイルは読まない。

    印はテストファイルに pytest.mark.replay のように書くので、その文字の無いファイルに選ばれる
    テストは無い。集めても外すだけのファイルを読み込まないので、nox -s replay などの xdist の
    ワーカーが、全体を集める時間（1 つおよそ 6 CPU 秒）を使わずに済む。ほかの場合は pytest の
    決め方のまま（None）。
    """
    expression = str(config.getoption("markexpr", "") or "").strip()
    if expression not in SEPARATE_MARKERS or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return f"mark.{expression}" not in collection_path.read_text(encoding="utf-8")


def marker_is_selected(config: pytest.Config, marker: str) -> bool:
    """-m の式に marker が出てくるか、--marker（--replay・--site・--reader）が付いているか。"""
    expression = str(config.getoption("markexpr", "") or "")
    return marker in expression or bool(config.getoption(f"--{marker}"))


def deselect_marked(config: pytest.Config, items: list[pytest.Item], marker: str) -> None:
    """marker の付いたテストを外す（外したことは pytest の deselected に数える）。"""
    marked = [item for item in items if item.get_closest_marker(marker) is not None]
    if marked:
        config.hook.pytest_deselected(items=marked)
        items[:] = [item for item in items if item.get_closest_marker(marker) is None]


def scale_examples(items: list[pytest.Item], factor: float) -> None:
    """hypothesis のテストの max_examples（テストごとに書いた値も）を factor 倍にする（1 以上）。

    パラメーター付きのテストは、いくつの item でも関数は 1 つなので、関数ごとに 1 回だけ掛ける。
    """
    tests = {id(test): test for item in items if (test := getattr(item, "obj", None)) is not None}
    for test in tests.values():
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(current, settings):
            examples = max(1, round(current.max_examples * factor))
            test._hypothesis_internal_use_settings = settings(current, max_examples=examples)


def data_is_required(config: pytest.Config) -> bool:
    """データが無いことを失敗にするか。CI はこれを真にする。"""
    return bool(config.getoption("--require-data")) or os.environ.get(
        REQUIRE_DATA_VARIABLE, ""
    ) not in ("", "0")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """data マーカーの付いたテストは、必要なファイルが無ければ理由を書いて飛ばす。"""
    marker = item.get_closest_marker("data")
    if marker is None:
        return
    if not marker.args:
        raise pytest.UsageError(f"{item.nodeid}: data マーカーには必要なファイル名を書きます")
    for name in marker.args:
        data_file(name)
    directory = data_dir()
    missing = [name for name in marker.args if not (directory / name).is_file()]
    if not missing:
        return
    reason = (
        f"データファイルがありません: {', '.join(missing)}（探した場所: {directory}。"
        f"{DATA_DIR_VARIABLE} で指定できます）"
    )
    if data_is_required(item.config):
        pytest.fail(
            f"{reason}。データ必須（{REQUIRE_DATA_VARIABLE}=1 または --require-data）"
            "なので失敗にします",
            pytrace=False,
        )
    pytest.skip(reason)


# --8<-- [start:run-module]
@dataclass(frozen=True)
class Completed:
    """コマンドを動かした結果。"""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run_module() -> Callable[..., Completed]:
    """python -m MODULE を別のプロセスで動かす。env で環境変数を上書きできる。"""

    def run(module: str, env: Mapping[str, str] | None = None) -> Completed:
        environment = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
        result = subprocess.run(
            [sys.executable, "-m", module],
            capture_output=True,
            env=environment,
            check=False,
            timeout=600,
        )
        return Completed(
            result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")
        )

    return run


@pytest.fixture
def golden() -> Callable[[str], str]:
    """chapters/outputs/NAME.txt（本文が取り込む実行結果）を読む。書き換えはしない。"""

    def read(name: str) -> str:
        return (OUTPUTS / f"{name}.txt").read_text(encoding="utf-8")

    return read


# --8<-- [end:run-module]


RunWithoutData = Callable[[str], Completed]
"""run_module_without_data が返すもの: モジュールの名前を渡すと、動かした結果を返す。"""


@pytest.fixture
def run_module_without_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> RunWithoutData:
    """python -m MODULE と同じ入口（__main__.py）を、データの無い場所を指してこのプロセスで動かす。

    引数は渡さない。別のプロセスで動かして起動の速さと終了コードを確かめるのは
    tests/test_cli_startup.py。
    """

    def run(module: str) -> Completed:
        monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
        monkeypatch.setattr(sys, "argv", [module])
        with pytest.raises(SystemExit) as exited:
            runpy.run_module(module, run_name="__main__")
        captured = capsys.readouterr()
        code = exited.value.code
        assert isinstance(code, int), f"{module} の終了コードが数ではありません: {code!r}"
        return Completed(code, captured.out, captured.err)

    return run
