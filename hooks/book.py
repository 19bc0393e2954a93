"""本全体を 1 つの PDF と EPUB 3 にする（nox -s book が動かす。MkDocs のフックではない）。

組み立てたサイト（mkdocs build の出力）から、目次（mkdocs.yml の nav）の順に各ページの本文を
取り出して 1 つの HTML にまとめる。

- PDF: その HTML を Chromium（Playwright）で開いて数式を描き、章ごとに印刷して qpdf でつなぐ。
  章のページ数から目次のページ番号を決める。柱（ページの上の章の題）とノンブル（ページ番号）は、
  ページごとに書いた別の PDF を qpdf で重ねる（Chromium の印刷は柱を章ごとに変えられないため）。
  日本語は IPAex フォントで書き、PDF に埋め込む。章ごとに埋め込まれたフォントの部分集合は、
  つないだ後に 1 つにまとめる（pikepdf と fontTools。31 MB だった PDF が約 9 MB になる）。
- EPUB 3: 同じ本文を pandoc で変換する。数式は MathML にする。

使い方: python hooks/book.py SITE_DIR OUT_DIR
"""

from __future__ import annotations

import contextlib
import html
import io
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright と fontTools は nox -s book のときだけ要る
    from fontTools.ttLib import TTFont
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
BOOK_TITLE = "機械学習から始めるプログラミング入門（Python 版）"
NAV_PAGE = re.compile(r"^\s*- (?:([^:\n]+): )?([\w./-]+\.md)\s*$")
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.DOTALL)
H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)
ANCHOR_ID = re.compile(r'\b(id)="([^"]+)"')
FILE_LINK = re.compile(r'<a\b[^>]*\bhref="file://[^"]*"[^>]*>(.*?)</a>', re.DOTALL)
EMPTY_PATH = re.compile(r"<path(?![^>]*\sd=)")
SVG_DOCTYPE = re.compile(r"<!DOCTYPE svg[^>]*>\s*")
HEADER_LINK = re.compile(r'<a class="headerlink"[^>]*>[^<]*</a>')
SOURCE = re.compile(r'\b(src|href)="(?![a-z]+:|#)([^"]+)"')
INLINE_MATH = re.compile(r'<span class="arithmatex">\\\((.*?)\\\)</span>', re.DOTALL)
DISPLAY_MATH = re.compile(r'<div class="arithmatex">\\\[(.*?)\\\]</div>', re.DOTALL)
PDF_NAME = "getting-started-ml.pdf"
EPUB_NAME = "getting-started-ml.epub"
CHROMIUM = Path("/usr/bin/chromium")
MATHJAX_TIMEOUT_MS = 120_000
PAGE_TIMEOUT_MS = 180_000  # 2 コアを分け合う CI でも、400 ページを開いて印刷し終えるまで待つ


@dataclass(frozen=True)
class Chapter:
    """本の 1 つのページ: 目次の題、ページの見出し（h1）、サイトの HTML の場所、本文の HTML。"""

    title: str
    heading: str
    path: str
    body: str


def nav_pages(mkdocs_yml: str) -> list[tuple[str, str]]:
    """mkdocs.yml の nav のページ（題, docs/ からのパス）を目次の順に。"""
    nav = mkdocs_yml[mkdocs_yml.index("\nnav:") :]
    found = [NAV_PAGE.match(line) for line in nav.splitlines()]
    return [(match.group(1) or "", match.group(2)) for match in found if match]


def html_path(markdown: str) -> str:
    """docs/ からの Markdown のパスを、offline プラグインで組み立てたページのパスにする。"""
    return markdown.removesuffix(".md") + ".html"


def absolute_links(body: str, page: Path) -> str:
    """本文の相対の src と href を、ページの場所から見た file:// の URL にする。"""

    def absolute(match: re.Match[str]) -> str:
        target = (page.parent / html.unescape(match.group(2))).resolve()
        return f'{match.group(1)}="{target.as_uri()}"'

    return SOURCE.sub(absolute, body)


def read_chapters(site: Path, mkdocs_yml: str) -> list[Chapter]:
    """サイトの各ページの本文（見出しの ¶ を除き、リンクは file:// に）を目次の順に。"""
    chapters = []
    for title, markdown in nav_pages(mkdocs_yml):
        page = site / html_path(markdown)
        article = ARTICLE.search(page.read_text(encoding="utf-8"))
        if article is None:
            raise ValueError(f"{page} に本文（<article>）がありません")
        pid = "page-" + re.sub(r"[^a-z0-9]+", "-", html_path(markdown).removesuffix(".html"))
        body = HEADER_LINK.sub("", article.group(1))
        body = ANCHOR_ID.sub(rf'\1="{pid}-\2"', body)  # 章をまたいで同じ id にしない
        body = absolute_links(body.replace('href="#', f'href="#{pid}-'), page)
        heading = H1.search(body)
        if heading is None:
            raise ValueError(f"{page} に見出し（<h1>）がありません")
        shown = html.unescape(re.sub(r"<[^>]+>", "", heading.group(1))).strip()
        chapters.append(Chapter(title or shown, shown, html_path(markdown), body))
    return chapters


def page_id(chapter: Chapter) -> str:
    """章の始まりに付ける id。"""
    return "page-" + re.sub(r"[^a-z0-9]+", "-", chapter.path.removesuffix(".html"))


def toc(chapters: list[Chapter]) -> str:
    """目次の HTML。番号の場所には同じ幅の見えない 000 を置き、印刷の前に FILL_TOC が埋める。"""
    rows = [
        f"<li><span>{html.escape(chapter.title)}</span>"
        '<span class=toc-page style="visibility: hidden">000</span></li>'
        for chapter in chapters
    ]
    return "<nav class=toc id=toc><h1>目次</h1><ol>" + "".join(rows) + "</ol></nav>"


# IPAex フォントには太字が無い。Chromium は太字を線を太らせた図形（Type 3 のフォント）で描き、
# それが PDF の半分（約 15 MB）を占めていた。太字を作らせず（font-synthesis: none）、強調は
# 日本語の組版の習いどおりゴシック体にする
PRINT_CSS = """
@page { size: B5; margin: 22mm 18mm 20mm 18mm; }
[hidden] { display: none !important; }
html { font-size: 10pt; font-synthesis: none; }
body { margin: 0; font-family: "IPAexMincho", serif; color: #000; background: #fff;
       -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.md-typeset { font-size: 1rem; line-height: 1.7; }
.md-typeset h1, .md-typeset h2, .md-typeset h3, .md-typeset h4, .md-typeset th,
.cover, .toc { font-family: "IPAexGothic", sans-serif; color: #000; }
.md-typeset h1 { font-size: 1.9rem; margin: 0 0 1.5rem; font-weight: 700; }
.md-typeset h2 { font-size: 1.35rem; break-after: avoid; }
.md-typeset h3 { font-size: 1.12rem; break-after: avoid; }
.md-typeset strong, .md-typeset b { font-family: "IPAexGothic", sans-serif; }
.md-typeset code, .md-typeset pre, .md-typeset kbd {
  font-family: "DejaVu Sans Mono", "IPAexGothic", monospace; }
.md-typeset pre > code { white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all;
  font-size: 0.78rem; line-height: 1.45; overflow: visible; background: #f5f5f5; }
.md-typeset pre { break-inside: auto; }
.md-typeset .md-code__nav, .md-typeset .md-clipboard, .md-typeset .md-annotation__index,
.book-figure::after { display: none !important; }
.md-typeset__scrollwrap { overflow: visible !important; margin: 1em 0; }
.md-typeset__table { display: block; }
.md-typeset table:not([class]) { display: table; width: 100%; table-layout: auto;
  font-size: 0.78rem; overflow-wrap: anywhere; word-break: break-word; }
.md-typeset table:not([class]) td, .md-typeset table:not([class]) th { padding: 0.4em 0.5em; }
.md-typeset img { max-width: 100%; height: auto; break-inside: avoid; }
.md-typeset .book-figure img { min-width: 0; }
.md-typeset .admonition, .md-typeset details { break-inside: avoid-page; font-size: 0.92rem; }
.md-typeset mjx-container[display="true"] { overflow: visible; max-width: 100%; }
.chapter { break-before: page; }
.toc li span:first-child { order: 0; }
.cover { height: 200mm; display: flex; flex-direction: column; justify-content: center;
  text-align: center; }
.cover h1 { font-size: 26pt; margin: 0 0 12mm; }
.cover p { font-size: 12pt; margin: 2mm 0; }
.toc { break-before: page; }
.toc h1 { font-size: 1.9rem; }
.toc ol { list-style: none; padding: 0; margin: 0; }
.toc li { display: flex; align-items: baseline; margin: 0.35em 0; }
.toc li a { color: #000; text-decoration: none; }
.toc li::after { content: ""; order: 1; flex: 1; border-bottom: 1px dotted #888;
  margin: 0 0.4em; }
.toc .toc-page { order: 2; }
"""


def cover() -> str:
    """表紙の HTML。"""
    return (
        f"<section class=cover id=cover><h1>{html.escape(BOOK_TITLE)}</h1>"
        "<p>テスト駆動開発で機械学習のアルゴリズムを自作し、ライブラリと突き合わせる本</p>"
        "<p>本文と図: CC BY 4.0 ・ コード: MIT ライセンス</p></section>"
    )


def book_html(site: Path, chapters: list[Chapter]) -> str:
    """印刷する 1 つの HTML（表紙・目次・各章）。"""
    styles = sorted((site / "assets" / "stylesheets").glob("main.*.min.css"))
    links = "".join(f'<link rel="stylesheet" href="{css.as_uri()}">' for css in styles)
    body = "".join(
        f'<section class="chapter md-typeset" id="{page_id(chapter)}">{chapter.body}</section>'
        for chapter in chapters
    )
    mathjax = site / "assets" / "mathjax"
    return (
        # dir=ltr: Material の CSS は箇条書きの字下げやチェックボックスの位置を [dir=ltr] に書く。
        # 無いとチェックボックスが字下げの無い行の頭に重なる
        "<!doctype html><html lang=ja dir=ltr>"
        f"<head><meta charset=utf-8><title>{BOOK_TITLE}</title>"
        f"{links}<style>{PRINT_CSS}</style>"
        f'<script src="{(site / "assets" / "mathjax-config.js").as_uri()}"></script>'
        f'<script src="{(mathjax / "tex-mml-chtml.js").as_uri()}"></script>'
        f"</head><body>{cover()}{toc(chapters)}{body}</body></html>"
    )


def page_count(pdf: Path) -> int:
    """PDF のページ数（pdfinfo）。"""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    match = re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)
    if match is None:
        raise ValueError(f"{pdf} のページ数が読めません")
    return int(match.group(1))


def start_pages(front: int, counts: list[int]) -> list[int]:
    """前付け（表紙と目次）が front ページのとき、各章の始まるページ（1 から数える）。"""
    starts = []
    current = front + 1
    for count in counts:
        starts.append(current)
        current += count
    return starts


def running_heads(titles: list[str], counts: list[int], front: int) -> list[tuple[str, str]]:
    """ページごとの (柱, ノンブル)。表紙は両方とも無し、目次の柱は「目次」、章は章の題。"""
    heads = [("", "")] + [("目次", str(number)) for number in range(2, front + 1)]
    for title, count in zip(titles, counts, strict=True):
        heads += [(title, str(len(heads) + 1 + index)) for index in range(count)]
    return heads


def heads_html(heads: list[tuple[str, str]]) -> str:
    """柱とノンブルだけを書いたページを並べた HTML（本の PDF に重ねる）。"""
    pages = "".join(
        f"<div class=page><div class=head>{html.escape(head)}</div>"
        f"<div class=folio>{folio}</div></div>"
        for head, folio in heads
    )
    css = (
        "@page { size: B5; margin: 0 } body { margin: 0; font-family: 'IPAexGothic' }"
        ".page { height: 257mm; width: 182mm; position: relative; break-after: page;"
        " overflow: hidden }"
        ".head { position: absolute; top: 10mm; left: 18mm; right: 18mm; font-size: 8pt;"
        " color: #555; border-bottom: 0.3pt solid #999; padding-bottom: 1mm; }"
        ".head:empty { border: none }"
        ".folio { position: absolute; bottom: 9mm; left: 0; right: 0; text-align: center;"
        " font-size: 8.5pt }"
    )
    head = f"<head><meta charset=utf-8><style>{css}</style></head>"
    return f"<!doctype html><html lang=ja>{head}<body>{pages}</body></html>"


SHOW_ONLY = """ids => {
    for (const part of document.querySelectorAll('body > section, body > nav'))
        part.hidden = !ids.includes(part.id);
}"""
"""本の HTML のうち、ids の部分だけを見せる（印刷は見せた部分だけを組む）。"""


def print_part(page: Page, ids: list[str], pdf: Path) -> int:
    """本の HTML の一部分（表紙と目次、または 1 つの章）だけを印刷し、ページ数を返す。

    1 つの HTML を丸ごと印刷すると、600 ページを超える組版に数分かかる（ページ数の 2 乗で遅く
    なる）。数式は 1 度だけ描き、部分ごとに印刷してつなぐ。
    """
    page.evaluate(SHOW_ONLY, ids)
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    return page_count(pdf)


def build_pdf(site: Path, chapters: list[Chapter], out: Path, work: Path) -> tuple[Path, Path]:
    """表紙・目次・章を印刷してつなぎ、柱とノンブルを重ねた PDF を out に書く。EPUB も作る。

    開いた本の MathJax で EPUB のための数式の MathML を作ったら、EPUB を作る pandoc を裏で
    動かし、その間に印刷する（pandoc は 1 つのコアで 30 秒ほどかかり、印刷を待たなくてよい）。
    """
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  nox -s book のときだけ要る

    document = work / "book.html"
    ids = [page_id(chapter) for chapter in chapters]
    parts = [work / f"{index:02d}.pdf" for index in range(1, len(chapters) + 1)]
    front_pdf, body_pdf, heads_pdf = work / "00.pdf", work / "body.pdf", work / "heads.pdf"
    with contextlib.ExitStack() as stack:  # 印刷が途中で失敗しても、裏の pandoc を残さない
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page()
            page.set_default_timeout(PAGE_TIMEOUT_MS)
            document.write_text(book_html(site, chapters), encoding="utf-8")
            open_book(page, document)
            math = formulas(chapters)
            mathml = dict(zip(math, page.evaluate(TO_MATHML, math), strict=True))
            pandoc = start_epub(chapters, mathml, out, work)
            stack.callback(stop, pandoc)
            counts = [
                print_part(page, [part_id], pdf) for part_id, pdf in zip(ids, parts, strict=True)
            ]
            front = print_part(page, ["cover", "toc"], front_pdf)
            starts = start_pages(front, counts)
            numbers = {
                chapter.title: start for chapter, start in zip(chapters, starts, strict=True)
            }
            page.evaluate(FILL_TOC, [str(number) for number in starts])
            if print_part(page, ["cover", "toc"], front_pdf) != front:
                raise RuntimeError("目次にページ番号を入れたら目次のページ数が変わりました")
            heads = running_heads([chapter.title for chapter in chapters], counts, front)
            heads_document = work / "heads.html"
            heads_document.write_text(heads_html(heads), encoding="utf-8")
            page.goto(heads_document.as_uri(), wait_until="load")
            page.pdf(path=str(heads_pdf), prefer_css_page_size=True)
            browser.close()
        subprocess.run(
            ["qpdf", "--empty", "--pages", str(front_pdf), *map(str, parts), "--", str(body_pdf)],
            check=True,
        )
        overlaid, pdf = work / "overlaid.pdf", out / PDF_NAME
        subprocess.run(
            ["qpdf", str(body_pdf), "--overlay", str(heads_pdf), "--", str(overlaid)], check=True
        )
        share_fonts(overlaid, pdf)
        (work / "pages.txt").write_text(
            "".join(f"{title}\t{number}\n" for title, number in numbers.items()), encoding="utf-8"
        )
        epub = finish_epub(pandoc)
    return pdf, epub


def outlined_glyphs(font: TTFont) -> set[int]:
    """輪郭のあるグリフの番号。loca 表の長さだけで分かるので、グリフを読み解かずに済む。"""
    offsets = font["loca"].locations
    return {index for index in range(len(offsets) - 1) if offsets[index + 1] > offsets[index]}


def merged_font(programs: list[bytes]) -> bytes:
    """同じ TrueType フォントの部分集合をまとめ、どれかにあるグリフをすべて持つ 1 つにする。

    Chromium（Skia）の部分集合は、グリフを元のフォントと同じ番号に置く（使わない番号は空）。
    グリフのいちばん多いものに、ほかの部分集合にだけあるグリフを同じ番号で足す。部分集合が
    1 つだけなら、そのまま返す。
    """
    if len(programs) == 1:
        return programs[0]
    from fontTools.ttLib import TTFont  # noqa: PLC0415  nox -s book のときだけ要る

    fonts = [TTFont(io.BytesIO(program)) for program in programs]
    base = max(fonts, key=lambda font: int(font["maxp"].numGlyphs))
    order = base.getGlyphOrder()
    filled = outlined_glyphs(base)
    for font in fonts:
        names = font.getGlyphOrder()
        if len(names) > len(order):
            raise ValueError(f"部分集合のグリフの数が違います（{len(names)} > {len(order)}）")
        for index in sorted(outlined_glyphs(font) - filled):
            glyph = font["glyf"][names[index]]
            for component in getattr(glyph, "components", []):  # 部品の名前を base の番号に
                component.glyphName = order[font.getGlyphID(component.glyphName)]
            base["glyf"][order[index]] = glyph
            base["hmtx"][order[index]] = font["hmtx"][names[index]]
            filled.add(index)
    merged = io.BytesIO()
    base.save(merged)
    return merged.getvalue()


def share_fonts(source: Path, target: Path) -> None:
    """章ごとに印刷してつないだ PDF の、同じフォントの部分集合を 1 つの埋め込みにまとめる。

    章ごとに印刷すると、フォントは章の数だけ別々の部分集合として埋め込まれる。まとめた 1 つを
    どの章のフォントの辞書からも指すようにし、使われなくなった部分集合は書き出さない。
    """
    import pikepdf  # noqa: PLC0415  nox -s book のときだけ要る

    with pikepdf.open(source) as pdf:
        groups: dict[str, list[pikepdf.Dictionary]] = {}
        for item in pdf.objects:
            if (
                isinstance(item, pikepdf.Dictionary)
                and item.get("/Type") == "/FontDescriptor"
                and "/FontFile2" in item
            ):
                groups.setdefault(str(item.FontName).split("+")[-1], []).append(item)
        for descriptors in groups.values():
            program = merged_font([item.FontFile2.read_bytes() for item in descriptors])
            stream = pikepdf.Stream(pdf, program)
            stream.Length1 = len(program)
            for item in descriptors:
                item.FontFile2 = stream
        pdf.save(
            target,
            compress_streams=True,
            recompress_flate=True,
            object_stream_mode=pikepdf.ObjectStreamMode.generate,
        )


FILL_TOC = """numbers => {
    document.querySelectorAll('.toc .toc-page').forEach((span, index) => {
        span.textContent = numbers[index];
        span.style.visibility = 'visible';
    });
}"""
"""目次の番号の場所（同じ幅の見えない 000）に、本当のページ番号を入れる。"""


def open_book(page: Page, document: Path) -> None:
    """本の HTML を開き、数式を描き終えるまで待つ。"""
    page.goto(document.as_uri(), wait_until="load")
    page.wait_for_function("() => window.MathJax?.startup?.promise", timeout=MATHJAX_TIMEOUT_MS)
    page.evaluate("() => MathJax.startup.promise")
    # 折りたたんだ囲み（??? 使う道具）は、紙では開いておく
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")


def formulas(chapters: list[Chapter]) -> list[tuple[str, bool]]:
    """本文のすべての数式（TeX, 別行立てか）。重なりは除く。"""
    found: dict[tuple[str, bool], None] = {}
    for chapter in chapters:
        found.update(dict.fromkeys((tex, False) for tex in INLINE_MATH.findall(chapter.body)))
        found.update(dict.fromkeys((tex, True) for tex in DISPLAY_MATH.findall(chapter.body)))
    return list(found)


TO_MATHML = """items => items.map(([tex, display]) => MathJax.tex2mml(tex, {display}))"""
"""数式を MathJax で MathML にする（EPUB 3 は MathML で数式を持つ）。"""


def epub_body(body: str, mathml: dict[tuple[str, bool], str], figures: dict[str, str]) -> str:
    """EPUB の本文: 数式は MathML に、サイトのページへのリンクは文字だけに、図は写した SVG に。"""
    body = INLINE_MATH.sub(lambda m: mathml[(m.group(1), False)], body)
    body = DISPLAY_MATH.sub(lambda m: f"<div>{mathml[(m.group(1), True)]}</div>", body)
    body = FILE_LINK.sub(r"\1", body)
    for url, copy in figures.items():
        body = body.replace(f'src="{url}"', f'src="{copy}"')
    return body


def copy_figures(chapters: list[Chapter], work: Path) -> dict[str, str]:
    """本文の SVG を、EPUB が許さない外部の DOCTYPE を除いて work に写す（元の URL → 写し）。"""
    copies: dict[str, str] = {}
    for chapter in chapters:
        for url in re.findall(r'src="(file://[^"]+\.svg)"', chapter.body):
            source = Path(url.removeprefix("file://"))
            target = work / "figures" / source.name
            target.parent.mkdir(exist_ok=True)
            svg = SVG_DOCTYPE.sub("", source.read_text("utf-8"))
            svg = EMPTY_PATH.sub('<path d="M 0 0"', svg)  # 空白の字形の path にも d が要る
            target.write_text(svg, encoding="utf-8")
            copies[url] = f"figures/{source.name}"
    return copies


def start_epub(
    chapters: list[Chapter], mathml: dict[tuple[str, bool], str], out: Path, work: Path
) -> PandocRun:
    """同じ本文を pandoc で EPUB 3 にし始める（h1 ごとに 1 つのファイル、数式は MathML）。

    pandoc は裏で動かす。終わるのを待って EPUB の場所を受け取るのは finish_epub。
    """
    figures = copy_figures(chapters, work)
    body = "".join(epub_body(chapter.body, mathml, figures) for chapter in chapters)
    source = work / "epub.html"
    source.write_text(
        f"<!doctype html><html lang=ja><head><meta charset=utf-8><title>{BOOK_TITLE}</title>"
        f"</head><body>{body}</body></html>",
        encoding="utf-8",
    )
    epub = out / EPUB_NAME
    command = [
        "pandoc", str(source), "--from", "html", "--to", "epub3", "--output", str(epub),
        "--toc", "--toc-depth", "2", "--epub-chapter-level", "1", "--quiet",
        "--metadata", f"title={BOOK_TITLE}", "--metadata", "lang=ja",
        "--metadata", "rights=本文と図: CC BY 4.0、コード: MIT ライセンス",
    ]  # fmt: skip
    return PandocRun(subprocess.Popen(command, cwd=work), command, epub)


@dataclass(frozen=True)
class PandocRun:
    """裏で動いている pandoc と、そのコマンドと、書く EPUB の場所。"""

    process: subprocess.Popen[bytes]
    command: list[str]
    epub: Path


def finish_epub(run: PandocRun) -> Path:
    """裏の pandoc が終わるのを待つ。失敗していれば subprocess.run(check=True) と同じく止まる。"""
    returncode = run.process.wait()
    if returncode != 0:
        raise subprocess.CalledProcessError(returncode, run.command)
    return run.epub


def stop(run: PandocRun) -> None:
    """まだ動いている pandoc を止める（印刷が途中で失敗したとき）。"""
    if run.process.poll() is None:
        run.process.kill()
        run.process.wait()


def build_book(site: Path, out: Path) -> tuple[Path, Path]:
    """サイトから PDF と EPUB を out に作る。"""
    missing = [tool for tool in ("pdftotext", "qpdf", "pandoc") if shutil.which(tool) is None]
    missing += [] if CHROMIUM.is_file() else [str(CHROMIUM)]
    if missing:
        raise FileNotFoundError(
            f"本を作る道具がありません: {missing}"
            "（apt-get install chromium poppler-utils qpdf pandoc fonts-ipaexfont）"
        )
    chapters = read_chapters(site, (ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="book-") as scratch:
        work = Path(scratch)
        return build_pdf(site, chapters, out, work)


if __name__ == "__main__":
    for built in build_book(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()):
        print(built)
