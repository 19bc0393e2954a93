"""用語集の表記の決まりを、本文（chapters/ と docs/ の Markdown）が守っていることを確かめる。"""

from __future__ import annotations

from pathlib import Path

from support.glossary import (
    GLOSSARY,
    PROJECT_ROOT,
    Rule,
    rules,
    terms,
    variant_uses,
)

EXAMPLE = """\
| 書き方 | 使わない表記 |
|---|---|
| しきい値 | 閾値 |
| コンピューター | コンピュータ |
| ふるまい（ふるまう） | 振る舞、ふる舞 |
| 機械学習 | — |
"""


def book_pages() -> list[Path]:
    """表記を確かめる Markdown。用語集そのもの（使わない表記を並べている）は除く。"""
    pages = sorted((PROJECT_ROOT / "chapters").glob("*.md")) + sorted(
        (PROJECT_ROOT / "docs").glob("*.md")
    )
    return [page for page in pages if page != GLOSSARY]


def test_表から使う書き方と使わない表記を読む() -> None:
    assert rules(EXAMPLE) == [
        Rule(("しきい値",), ("閾値",)),
        Rule(("コンピューター",), ("コンピュータ",)),
        Rule(("ふるまい", "ふるまう"), ("振る舞", "ふる舞")),
        Rule(("機械学習",), ()),
    ]


def test_使わない表記を行番号と一緒に見つける() -> None:
    text = "閾値を下げる\nコンピューターに作らせる\nコンピュータに作らせ、振る舞いを見る\n"

    assert variant_uses(text, rules(EXAMPLE)) == [(1, "閾値"), (3, "コンピュータ"), (3, "振る舞")]


def test_用語集に本の表記の決まりが載っている() -> None:
    variants = {
        variant for rule in rules(GLOSSARY.read_text(encoding="utf-8")) for variant in rule.variants
    }

    assert {
        "閾値",
        "振る舞",
        "くり返",
        "2 乗",
        "わかる",
        "以前の Python 版",
        "古い Python 版",
    } <= variants
    assert {"ぎざぎざ", "作り物", "作りもののデータ"} <= variants


def test_書名のスッキリわかるは使わない表記に数えない() -> None:
    all_rules = rules(GLOSSARY.read_text(encoding="utf-8"))
    text = "『スッキリわかる Python による機械学習入門』\nすぐにわかる\n作りもののデータ\n"

    assert variant_uses(text, all_rules) == [(2, "わかる"), (3, "作りもののデータ")]


def test_用語にはそれを扱う章のページがある() -> None:
    glossary_terms = terms(GLOSSARY.read_text(encoding="utf-8"))

    assert len(glossary_terms) >= 20
    for term in glossary_terms:
        assert (PROJECT_ROOT / "docs" / term.page).is_file(), term


def test_本文は用語集の使わない表記を使わない() -> None:
    all_rules = rules(GLOSSARY.read_text(encoding="utf-8"))
    found = [
        f"{page.relative_to(PROJECT_ROOT)}:{number}: {variant}"
        for page in book_pages()
        for number, variant in variant_uses(page.read_text(encoding="utf-8"), all_rules)
    ]

    assert found == []
