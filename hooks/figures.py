"""MkDocs のフック: 本文の図（SVG）を、それ自身へのリンクで包む。

スマートフォン（幅 390 px）では、図は本文の幅まで縮んで文字が 4〜5 px になる。図を押せば SVG だけを
開き、ベクターのまま拡大して読める。狭い画面では図を読める幅に保ったまま横にずらせるようにもする
（docs/assets/book.css の .book-figure）。tests/test_site_browser.py が 390 × 844 の画面で確かめる。
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # テストは MkDocs の無い環境でもこのファイルを読み込む
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

FIGURE = re.compile(r'<p>(<img\b[^>]*\bsrc="([^"]+\.svg)"[^>]*>)</p>')
"""段落に 1 つだけ置いた SVG の図（Markdown の ![説明](figures/….svg) の組み上がり）。"""


def linked_figures(html: str) -> str:
    """段落だけの SVG の図を、図を開くリンクで包む。"""
    return FIGURE.sub(
        r'<p class="book-figure"><a href="\2" title="図を拡大して開く">\1</a></p>', html
    )


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """ページの本文の図をリンクで包む。"""
    return linked_figures(html)
