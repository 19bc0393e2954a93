"""docs/reading.md が述べる事実: 手順のある章、データが無いときの表示（構成は test_book_layout）"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
READING = (PROJECT_ROOT / "docs" / "reading.md").read_text(encoding="utf-8")


def test_手順はすべての章と付録にある() -> None:
    steps = sorted(path.name for path in (PROJECT_ROOT / "chapters" / "steps").iterdir())
    chapters = [f"{number:02d}" for number in range(1, 16)]
    appendices = ["appendix-a", "appendix-b", "appendix-c"]
    assert [name for name in steps if name != "README.md"] == chapters + appendices
    assert "手順は、第 1〜15 章と付録 A〜C のすべてにあります" in READING


def without_line_number(line: str) -> str:
    """conftest.py:78: のような行番号を取り除く（conftest を直すと変わるため）。"""
    return re.sub(r"\.py:\d+:", ".py:", line)


def test_データが無いときの要約の行は本文に載せたとおり(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 同じ条件の別のプロセスの pytest は test_chapter06_ci.py が動かす。ここでは同じプロセスの中で
    # 動かして、要約の行の文字だけを比べる（別のプロセスを起こすおよそ 2 CPU 秒を使わない）。
    monkeypatch.setenv("ML_DATA_DIR", "/nonexistent")
    monkeypatch.delenv("ML_REQUIRE_DATA", raising=False)
    monkeypatch.chdir(PROJECT_ROOT)
    options = ["-p", "no:cacheprovider", "-n", "0", "-m", "data"]
    result = pytester.runpytest_inprocess(*options, "tests/test_chapter01.py")
    [skipped] = [line for line in result.outlines if line.startswith("SKIPPED")]
    shown = [line for line in READING.splitlines() if line.startswith("SKIPPED")]
    assert [without_line_number(line) for line in shown] == [without_line_number(skipped)]
