"""docs/reading.md の「Material と Zensical の検索」の表と、本文がそこから言うことを確かめる。

表は benchmarks/site_search.py のある日の出力を写したもの（日時は本文にある）。Zensical が外す語の
数は本文を書き足すたびに 1 つ 2 つ動くので、表の数そのものではなく、本文が表から言うこと（題は
どちらでもすべて 1 位、Zensical は Material より外し、その多くは用語集の用語と読者の言葉）を本物の
ブラウザで確かめる。言葉の組と語の数と Material の列はブラウザを使わずに確かめる（Material が
すべて 1 位であることは tests/test_site_browser.py）。
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from support.search import ENGINES, engines_misses, query_sets
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
def browser(site_browser: Browser) -> Browser:
    return site_browser


TITLE_SETS = ("章の題", "番号付きの章の題")
"""Zensical でも題はすべて 1 位に出る組（表の Zensical の列が語の数と同じ行）。"""
WORD_SETS = ("用語集の用語", "読者の言葉")
"""Zensical が外す語の多くが入る組。"""


def test_表の_Zensical_の列は題の組ではすべて_1_位で計は_Material_より少ない() -> None:
    rows = table(READING.read_text(encoding="utf-8"))

    for engine in ENGINES[1:]:
        column = 1 + ENGINES.index(engine)
        assert [rows[name][column] for name in TITLE_SETS] == [rows[name][0] for name in TITLE_SETS]
        assert rows[TOTAL][column] < rows[TOTAL][1]


@pytest.mark.site
def test_Zensical_の検索はどちらの区切りでも題をすべて_1_位に出し_Material_より外す(
    browser: Browser,
) -> None:
    sets = query_sets()
    site = built_zensical_site()

    by_engine = engines_misses(browser, dict.fromkeys(ENGINES[1:], site), sets)

    for engine, misses in by_engine.items():
        assert {name: misses[name] for name in TITLE_SETS} == {name: {} for name in TITLE_SETS}, (
            engine
        )
        word_misses = sum(len(misses[name]) for name in WORD_SETS)
        other_misses = sum(len(found) for name, found in misses.items() if name not in WORD_SETS)
        assert word_misses > other_misses, (engine, misses)
