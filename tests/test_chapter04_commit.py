# --8<-- [start:header]
"""第 4 章: コミットの約束（1 つの目的、緑のときだけ）を書いたコミットのひな形 .gitmessage。"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = PROJECT_ROOT / ".gitmessage"
# --8<-- [end:header]


# --8<-- [start:commit-tests]
PROMISES = (
    "1 つの目的",
    "git revert",
    "テストが赤いときはコミットしない",
    "nox -s all",
    "git bisect",
)


def test_コミットのひな形は目的を1つにし赤いときにコミットしない理由を書いている() -> None:
    text = TEMPLATE.read_text(encoding="utf-8")
    assert [promise for promise in PROMISES if promise not in text] == []


def test_コミットのひな形はコメントだけでメッセージに残らない() -> None:
    git = shutil.which("git")
    if git is None:
        pytest.skip("git のコマンドが見つかりません")
    stripped = subprocess.run(
        [git, "stripspace", "--strip-comments"],
        input=TEMPLATE.read_bytes(),
        capture_output=True,
        check=True,
    )
    assert TEMPLATE.read_bytes().strip()
    assert stripped.stdout == b""


# --8<-- [end:commit-tests]
