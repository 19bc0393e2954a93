"""第 1 章: accuracy の型変数 Label が、mypy --strict に何を求め、何を求めないか。"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """このファイルの mypy が共有するキャッシュ。2 回目は標準ライブラリや章のコードを読み直さない。

    キャッシュは一時フォルダに置くので、リポジトリにも前のセッションにも左右されない。
    """
    return tmp_path_factory.mktemp("mypy-cache")


def mypy_strict(tmp_path: Path, cache: Path, call: str) -> tuple[int, str]:
    """call を書いた小さなファイルを mypy --strict で確かめ、終了コードと出力を返す。"""
    probe = tmp_path / "probe.py"
    probe.write_text(
        f"from getting_started_ml.chapter01 import accuracy\n\nresult: float = {call}\n",
        encoding="utf-8",
    )
    command = ["mypy", "--strict", "--cache-dir", str(cache), str(probe)]
    result = subprocess.run(
        [sys.executable, "-m", *command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode, result.stdout + result.stderr


def test_正解と予測の型が違ってもmypyは通す(tmp_path: Path, mypy_cache: Path) -> None:
    # Label は int と str の共通の上の型（Hashable など）に解かれるので、型の違いは見つからない
    assert mypy_strict(tmp_path, mypy_cache, 'accuracy([1, 2], ["a", "b"])') == (
        0,
        "Success: no issues found in 1 source file\n",
    )


def test_ハッシュできない要素はmypyが断る(tmp_path: Path, mypy_cache: Path) -> None:
    code, output = mypy_strict(tmp_path, mypy_cache, "accuracy([[1]], [[1]])")
    assert code == 1
    assert 'Value of type variable "Label" of "accuracy" cannot be "list[int]"' in output
