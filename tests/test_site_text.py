"""組み上がったサイトの日本語の文に、ソースの改行から来る空白が無いこと（hooks/cjk_spacing.py）。"""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest
from support.site import PROJECT_ROOT, built_site

CJK = "[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
STRAY_SPACE = re.compile(f"(?<={CJK})[ \\t]*\\n\\s*(?={CJK})")
CONTEXT = 8  # 見つけた空白の前後に付けて見せる文字数
TEXT_BLOCKS = {"p", "li", "td", "th", "dt", "dd"}
HIDDEN = {"pre", "code", "script", "style"}
CODE_MARK = "\ue000"  # コードの代わりに置く印。コードの前後の空白は文の一部として残す


class TextBlocks(HTMLParser):
    """本文（<article>）の段落などの文の部分を、コードを印に置き換えて集める。"""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self.open: list[list[str]] = []
        self.hidden = 0
        self.in_article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        if tag in TEXT_BLOCKS and self.in_article:
            self.open.append([])
        if tag in HIDDEN:
            if self.hidden == 0 and self.open:
                self.open[-1].append(CODE_MARK)
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if tag in HIDDEN:
            self.hidden -= 1
        if tag in TEXT_BLOCKS and self.open:
            self.blocks.append("".join(self.open.pop()))

    def handle_data(self, data: str) -> None:
        if self.open and not self.hidden:
            self.open[-1].append(data)


def stray_spaces(html: str) -> list[str]:
    """日本語の文字どうしの間に改行（ブラウザでは空白になる）がある箇所を、前後を少し付けて返す。

    リンクや強調のタグは取り除いて文字だけで見るので、「は\n<a>データ</a>」も見つかる。
    """
    parser = TextBlocks()
    parser.feed(html)
    return [
        block[max(match.start() - CONTEXT, 0) : match.end() + CONTEXT]
        for block in parser.blocks
        for match in STRAY_SPACE.finditer(block)
    ]


def load_hook() -> ModuleType:
    """hooks/cjk_spacing.py を読み込む（パッケージではないので場所から読む）。"""
    spec = importlib.util.spec_from_file_location(
        "cjk_spacing", PROJECT_ROOT / "hooks" / "cjk_spacing.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_日本語どうしの間の改行を見つける() -> None:
    html = (
        "<article><p>アルゴリズムを <strong>作る</strong>。\n（注）は<code>x = 1</code> です。"
        "A\nB</p>"
        "<pre>あ\nい</pre></article><nav><li>第 1 章\n機械学習</li></nav>"
    )

    assert stray_spaces(html) == ["リズムを 作る。\n（注）は\ue000 です"]


def test_フックは段落の中の改行とリンクや強調の前後の空白を取りコードには触れない() -> None:
    join_cjk = load_hook().join_cjk
    html = (
        '<p>アルゴリズムを <strong>作る</strong> と\n（注）。A\nB は\n<a href="x">用語集</a> に'
        "そろえ、須藤秋良 著</p>\n<pre>あ\nい</pre>"
    )

    assert join_cjk(html) == (
        '<p>アルゴリズムを<strong>作る</strong>と（注）。A\nB は<a href="x">用語集</a>に'
        "そろえ、須藤秋良 著</p>\n<pre>あ\nい</pre>"
    )
    assert join_cjk("<li>例:<pre>あ\nい</pre></li>") == "<li>例:<pre>あ\nい</pre></li>"


@pytest.fixture(scope="module")
def site_dir() -> Path:
    return built_site()


@pytest.mark.site
def test_サイトの日本語の文に余分な空白が無い(site_dir: Path) -> None:
    found = {
        page.relative_to(site_dir).as_posix(): spaces
        for page in sorted(site_dir.rglob("*.html"))
        if "assets" not in page.parts and (spaces := stray_spaces(page.read_text(encoding="utf-8")))
    }

    assert found == {}
