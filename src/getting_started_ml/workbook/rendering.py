"""章の本文をサイトと同じように描き、読者に見えるコードのかたまりを順に取り出す。

mkdocs.yml の markdown_extensions（snippets で取り込むものも含む）で Markdown を HTML にし、
その HTML だけからコードの見出し・言語・中身を読む。リポジトリのほかのものは見ない。
"""

from __future__ import annotations

import html
import importlib
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from getting_started_ml.workbook.steps import BOOK_ROOT, WorkbookError, chapter_key


@dataclass(frozen=True)
class Block:
    """本文のコードのかたまり。number は本文の中での 1 から始まる順番。"""

    number: int
    title: str
    language: str
    text: str


def chapter_pages(key: str) -> list[Path]:
    """章の本文のページ（付録 B は 2 ページ）を、名前の順に。"""
    return sorted((BOOK_ROOT / "chapters").glob(f"{chapter_key(key)}-*.md"))


def render(markdown_text: str) -> str:
    """サイトと同じ Markdown の拡張と設定で HTML にする（snippets は本のリポジトリから読む）。"""
    config = importlib.import_module("mkdocs.config").load_config(
        config_file=str(BOOK_ROOT / "mkdocs.yml")
    )
    extension_configs: dict[str, Any] = dict(config["mdx_configs"])
    snippets = dict(extension_configs.get("pymdownx.snippets", {}))
    snippets["base_path"] = [str(BOOK_ROOT)]
    extension_configs["pymdownx.snippets"] = snippets
    converter = importlib.import_module("markdown").Markdown(
        extensions=config["markdown_extensions"], extension_configs=extension_configs
    )
    try:
        return str(converter.convert(markdown_text))
    except Exception as error:  # snippets の取り込み先が無いなど。拡張ごとに例外の型が違う
        raise WorkbookError(f"本文を描けません（{type(error).__name__}: {error}）") from error


def chapter_blocks(key: str) -> list[Block]:
    """章の本文（すべてのページ）に現れるコードのかたまりを、本文の順に。"""
    pages = chapter_pages(key)
    if not pages:
        raise WorkbookError(f"{chapter_key(key)} の本文が chapters/ にありません")
    found: list[Block] = []
    for page in pages:
        try:
            page_html = render(page.read_text(encoding="utf-8"))
        except WorkbookError as error:
            raise WorkbookError(f"{page.name}: {error}") from error
        found += code_blocks(page_html, start=len(found) + 1)
    return found


def code_blocks(page_html: str, start: int = 1) -> list[Block]:
    """HTML の中のコードのかたまり（<div class="… highlight">）を順に。"""
    parser = BlockParser()
    parser.feed(page_html)
    parser.close()
    return [
        Block(number, title, language, text)
        for number, (title, language, text) in enumerate(parser.blocks, start)
    ]


class BlockParser(HTMLParser):
    """highlight の div から、見出し（span.filename）・言語・コードの文字を集める。"""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, str, str]] = []
        self.depth = 0  # highlight の div の中での div の深さ（外なら 0）
        self.language = ""
        self.title: list[str] | None = None
        self.code: list[str] | None = None
        self.in_title = False
        self.in_code = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """highlight の div・見出しの span・code の始まり。"""
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div" and self.depth:
            self.depth += 1
        elif tag == "div" and "highlight" in classes:
            self.depth = 1
            self.language = next(
                (
                    name.removeprefix("language-")
                    for name in classes
                    if name.startswith("language-")
                ),
                "",
            )
            self.title, self.code = [], []
        elif self.depth and tag == "span" and "filename" in classes:
            self.in_title = True
        elif self.depth and tag == "code":
            self.in_code = True

    def handle_endtag(self, tag: str) -> None:
        """見出し・code・highlight の div の終わり。"""
        if tag == "span" and self.in_title:
            self.in_title = False
        elif tag == "code":
            self.in_code = False
        elif tag == "div" and self.depth:
            self.depth -= 1
            if not self.depth and self.title is not None and self.code is not None:
                self.blocks.append(("".join(self.title), self.language, "".join(self.code)))
                self.title = self.code = None

    def handle_data(self, data: str) -> None:
        """見出しとコードの文字。"""
        if self.in_title and self.title is not None:
            self.title.append(data)
        elif self.in_code and self.code is not None:
            self.code.append(html.unescape(data) if "&" in data else data)
