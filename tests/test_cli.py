"""章のコマンドの共通の入口（getting_started_ml.cli.run_chapter）のテスト。

重いライブラリを読み込まずに答えることは tests/test_cli_startup.py が確かめる。
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import Completed

from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import MissingDataFileError


def test_mainが終われば0を返す(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_chapter(lambda: print("結果")) == 0
    assert capsys.readouterr().out == "結果\n"


def test_データの問題はトレースバックでなく1行の説明にして1を返す(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def main() -> None:
        print("途中まで")
        raise MissingDataFileError("データファイルがありません: iris.csv")

    assert run_chapter(main) == 1
    captured = capsys.readouterr()
    assert captured.out == "途中まで\n"
    assert captured.err == "エラー: データファイルがありません: iris.csv\n"


def test_データの問題でない例外は隠さない() -> None:
    def main() -> None:
        raise ValueError("コードの誤り")

    with pytest.raises(ValueError, match="コードの誤り"):
        run_chapter(main)


def test_データが無いときの章のコマンドの表示はサイトに載せたものと同じ(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    result = run_module(
        "getting_started_ml.chapter02", env={"ML_DATA_DIR": "/nonexistent/sukkiri-ml"}
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == golden("chapter02-missing-data")
