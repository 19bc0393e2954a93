"""docs/reading.md の「Material と Zensical の検索」の表が、本物の検索の結果と同じことを確かめる。

表は benchmarks/site_search.py の出力を写したもの。言葉の組と語の数はブラウザを使わずに、Zensical の
2 つの列は本物のブラウザで Zensical のサイトの検索欄に打って確かめる（Material の列がすべて 1 位で
あることは tests/test_site_browser.py が確かめる）。Zensical の版や区切り方が変わって数が変われば
落ちるので、そのとき測り直し、どちらの検索を使うかを選び直す。
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from support.search import ENGINES, chromium, engine_misses, query_sets, require_chromium
from support.site import PROJECT_ROOT, built_zensical_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser

READING = PROJECT_ROOT / "docs" / "reading.md"
HEADER = f"| 言葉の組 | 語の数 | {' | '.join(ENGINES)} |"
TOTAL = "計"


def table(text: str) -> dict[str, list[int]]:
    """HEADER で始まる表の、行の名前と数（語の数、各検索の 1 位の数）。"""
    lines = text[text.index(HEADER) :].splitlines()[2:]
    rows = {}
    for line in lines:
        if not line.startswith("|"):
            break
        name, *numbers = [cell.strip() for cell in line.strip("|").split("|")]
        rows[name] = [int(number) for number in numbers]
    return rows


def test_表を読む() -> None:
    text = (
        f"前\n\n{HEADER}\n|---|---:|---:|---:|---:|\n"
        "| 章の題 | 19 | 19 | 15 | 16 |\n| 計 | 19 | 19 | 15 | 16 |\n\n後"
    )

    assert table(text) == {"章の題": [19, 19, 15, 16], "計": [19, 19, 15, 16]}


def test_表の言葉の組と語の数は検索のテストと同じで_Material_はすべて_1_位() -> None:
    rows = table(READING.read_text(encoding="utf-8"))
    sets = query_sets()

    assert list(rows) == [*sets, TOTAL]
    assert {name: rows[name][:2] for name in sets} == {
        name: [len(words), len(words)] for name, words in sets.items()
    }
    columns = zip(*(rows[name] for name in sets), strict=True)
    assert rows[TOTAL] == [sum(column) for column in columns]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_chromium()
    with chromium() as launched:
        yield launched


@pytest.mark.site
@pytest.mark.parametrize("engine", ENGINES[1:])
def test_Zensical_の検索で_1_位だった語の数は表のとおり(browser: Browser, engine: str) -> None:
    rows = table(READING.read_text(encoding="utf-8"))
    sets = query_sets()
    column = 1 + ENGINES.index(engine)  # 語の数の次が ENGINES の順

    misses = engine_misses(browser, engine, built_zensical_site(), sets)

    measured = {name: len(words) - len(misses[name]) for name, words in sets.items()}
    assert measured == {name: rows[name][column] for name in sets}, misses
