"""Zensical で組み立てたサイト（hooks/zensical_build.py）を確かめる。

Zensical は MkDocs のフックを動かさないので、hooks/zensical_build.py が出力に同じ直しを後から
当てる。その直しの部品は Zensical を使わずに、組み上がったサイトは Zensical があるときに確かめる
（無ければ飛ばす。CI では失敗）。ML_ZENSICAL_SITE_DIR に組み立て済みのサイトを渡すと組み立てを省く。
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from support.search import served
from support.site import PROJECT_ROOT, built_site, built_zensical_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytest.importorskip("mkdocs", reason="MkDocs がありません（pip install -e '.[docs]'）")

HOOKS = PROJECT_ROOT / "hooks"
MATHJAX_SCRIPTS = (
    '<script src="../assets/mathjax-config.js"></script>'
    '<script src="../assets/mathjax/tex-mml-chtml.js"></script>'
)


def load_script() -> ModuleType:
    """hooks/zensical_build.py を読み込む（フックの部品を読めるよう hooks/ を探す場所に足す）。"""
    if str(HOOKS) not in sys.path:
        sys.path.insert(0, str(HOOKS))
    spec = importlib.util.spec_from_file_location("zensical_build", HOOKS / "zensical_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


script = load_script()


def page(article: str) -> str:
    """Zensical の組み上げるページの形（本文は <article> の中）。"""
    return (
        "<html><body><nav><li><a>第 1 章</a>\n<a>第 2 章</a></li></nav>"
        f'<article class="md-content__inner md-typeset">{article}</article></body></html>'
    )


def test_本文の日本語の間の改行を除き図をリンクで包む() -> None:
    article = '<p>決定木を\n育てる。</p><p><img alt="木" src="figures/tree.svg" /></p>'

    fixed = script.fixed_page(page(article), "chapters/03.html")

    assert fixed == page(
        "<p>決定木を育てる。</p>"
        '<p class="book-figure"><a href="figures/tree.svg" title="図を拡大して開く">'
        '<img alt="木" src="figures/tree.svg" /></a></p>'
    )


def test_本文の外の目次には触れない() -> None:
    original = page("<p>本文</p>")

    assert script.fixed_page(original, "index.html") == original


def test_数式のあるページにだけ_MathJax_をページの場所から相対で足す() -> None:
    formula = '<p><span class="arithmatex">\\( x \\)</span></p>'

    with_math = script.fixed_page(page(formula), "chapters/07.html")
    without = script.fixed_page(page("<p>式は無い</p>"), "chapters/01.html")

    assert with_math == page(formula).replace("</body>", f"{MATHJAX_SCRIPTS}</body>")
    assert "mathjax" not in without


def test_本文の無いページはそのまま() -> None:
    assert script.fixed_page("<html><body>no article</body></html>", "x.html") == (
        "<html><body>no article</body></html>"
    )


def test_検索の索引の本文の_TeX_を読める文字にする() -> None:
    index = {"config": {}, "items": [{"location": "a.html", "text": r"\( \frac{1}{n} \) の和"}]}

    assert script.readable_index(index)["items"] == [{"location": "a.html", "text": "1/n の和"}]


def test_索引に_items_が無ければ止まる() -> None:
    with pytest.raises(ValueError, match="items のリストがありません"):
        script.readable_index({"docs": []})


def test_組み立てる先が空でなければ何も消さずに止まる(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("大事", encoding="utf-8")

    with pytest.raises(FileExistsError, match="空ではありません"):
        script.build(tmp_path)
    assert (tmp_path / "keep.txt").read_text(encoding="utf-8") == "大事"


# ここから下は、Zensical で本当に組み立てたサイトを調べる


@pytest.fixture(scope="module")
def zensical_site() -> Path:
    return built_zensical_site()


def html_pages(site: Path) -> dict[str, str]:
    """サイトのページ（assets/ と 404.html を除く）の、根からのパスと HTML。"""
    found = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if not relative.startswith("assets/") and relative != "404.html":
            found[relative] = path.read_text(encoding="utf-8")
    return found


@pytest.mark.site
def test_Zensical_でも_MkDocs_と同じページがそろう(zensical_site: Path) -> None:
    assert sorted(html_pages(zensical_site)) == sorted(html_pages(built_site()))


@pytest.mark.site
def test_Zensical_でも数式のあるページだけが_MathJax_を読み本体がある(zensical_site: Path) -> None:
    found = html_pages(zensical_site)
    with_math = {path for path, html in found.items() if 'class="arithmatex"' in html}
    loading = {path for path, html in found.items() if "tex-mml-chtml.js" in html}

    assert len(with_math) >= 10
    assert loading == with_math
    assert (zensical_site / "assets" / "mathjax" / "tex-mml-chtml.js").is_file()


@pytest.mark.site
def test_Zensical_でも図は押すと図だけを開く(zensical_site: Path) -> None:
    html = html_pages(zensical_site)["chapters/03-decision-tree-and-obvious-implementation.html"]

    assert re.search(r'<p class="book-figure"><a href="figures/[^"]+\.svg"', html)


CODE = re.compile(r"<pre>.*?</pre>|<code>.*?</code>", re.DOTALL)
"""索引の文のうち、コードのかたまりとコードの語（数式ではないので、TeX が残ったかを見ない）。"""


@pytest.mark.site
def test_Zensical_の検索の索引に_TeX_が残らない(zensical_site: Path) -> None:
    index = json.loads((zensical_site / "search.json").read_text(encoding="utf-8"))
    script_index = (zensical_site / "search.js").read_text(encoding="utf-8")

    texts = [item["text"] for item in index["items"]]
    assert len(texts) > 100
    prose = [CODE.sub("", text) for text in texts]  # コードの中の \[ は正規表現で、TeX ではない
    assert [text for text in prose if re.search(r"\\[()\[\]]|\\frac", text)] == []
    assert json.loads(script_index.removeprefix("var __index = ").removesuffix(";")) == index


MATH_PAGE = "chapters/03-decision-tree-and-obvious-implementation.html"


@pytest.mark.site
def test_Zensical_のサイトでも数式が描かれエラーも外へのリクエストも無い(
    zensical_site: Path, site_browser: Browser
) -> None:
    errors: list[str] = []
    outside: list[str] = []
    with served(zensical_site) as base:
        page = site_browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda r: None if r.url.startswith(base) else outside.append(r.url))
        page.goto(base + MATH_PAGE, wait_until="load")
        page.wait_for_function("() => window.MathJax?.startup?.promise", timeout=15_000)
        page.evaluate("() => MathJax.startup.promise")
        formulas = page.locator(".arithmatex").count()
        rendered = page.locator(".arithmatex mjx-container").count()
        page.close()

    assert formulas >= 10
    assert rendered == formulas
    assert errors == []
    assert outside == []
