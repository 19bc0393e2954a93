"""MkDocs のフック: 日本語の文の中に、書いた覚えのない空白が出ないようにする。

- 段落の途中の改行は、ブラウザでは空白として表示される。日本語どうしの間の改行の大半は
  Markdown の拡張 cjk_autojoin がつなぐが、全角の括弧（「（」など）で始まる行はつながないので、
  組み上がった HTML の段落の中でつなぐ。
- 太字・斜体・リンクの前後に Markdown の都合で入れた空白（「を **テスト駆動開発** で」）も、
  日本語どうしの間なら取り除く。それ以外の空白（「須藤秋良 著」）はわざと置いたものとして残す。

コードのブロック（<pre>）には触れない。tests/test_site_text.py が組み上がった HTML を確かめる。
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # テストは MkDocs の無い環境（.[test] だけ）でもこのファイルを読み込む
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

CJK = "[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
"""日本語の文字: 句読点・かな・漢字・全角の記号。"""

BLOCK = re.compile(r"<(p|li|td|th|dt|dd)\b[^>]*>.*?</\1>", re.DOTALL)
INLINE_OPEN = r"(?:<(?:a|strong|em)\b[^>]*>)"
INLINE_CLOSE = r"(?:</(?:a|strong|em)>)"
GAP = re.compile(
    f"({CJK}{INLINE_CLOSE}*)([ \t]*\n[ \t]*|[ \t]+)(?=({INLINE_OPEN}*){CJK})",
)
"""日本語の文字（とリンク・強調の閉じタグ）、空白か改行、（リンク・強調の開きタグと）日本語の文字。"""


def close_gap(match: re.Match[str]) -> str:
    """改行なら必ず、空白ならリンクか強調の境目にあるときだけ取り除く。"""
    left, gap, right = match.group(1), match.group(2), match.group(3)
    if "\n" in gap or left.endswith(">") or right:
        return left
    return match.group(0)  # 「須藤秋良 著」のように、日本語どうしの間にわざと置いた空白は残す


def join_block(block: str) -> str:
    """段落 1 つの中の、日本語どうしの間の改行と、リンク・強調の前後の空白を取る。"""
    if "<pre" in block:  # コードのブロックを含む箇条書きには触れない
        return block
    return GAP.sub(close_gap, block)


def join_cjk(html: str) -> str:
    """HTML の段落・箇条書き・表のセルの中だけを直す。"""
    return BLOCK.sub(lambda match: join_block(match.group(0)), html)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """ページの本文の HTML を直す。"""
    return join_cjk(html)
