"""組み立てたサイトのファイルを確かめる（ブラウザは使わない）: MathJax を読むページ、sitemap.xml、
どのページにもリンクがあること、日本語のフォントの並び。"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from support.site import PROJECT_ROOT, built_site

MATHJAX = "assets/mathjax/tex-mml-chtml.js"
LINK = re.compile(r'<a\b[^>]*\bhref="([^"#]*)[^"]*"')
JAPANESE_FONTS = ["Hiragino Sans", "Yu Gothic", "Meiryo", "Noto Sans CJK JP"]


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def pages(site: Path) -> dict[str, str]:
    """サイトの各ページの (根からのパス, HTML)。offline プラグインでページは「名前.html」。"""
    found = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if not relative.startswith("assets/") and relative != "404.html":
            found[relative] = path.read_text(encoding="utf-8")
    return found


def site_path(url: str) -> str:
    """URL の、サイトの根からのパス（フォルダを指すものは index.html）。"""
    path = urlsplit(url).path.removeprefix("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


@pytest.mark.site
def test_MathJax_は数式のあるページだけが読む(site: Path) -> None:
    found = pages(site)
    with_math = {path for path, html in found.items() if 'class="arithmatex"' in html}
    loading = {path for path, html in found.items() if MATHJAX in html}

    assert "chapters/07-linear-regression.html" in with_math
    assert "glossary.html" not in with_math
    assert loading == with_math
    assert len(found) - len(with_math) >= 10  # 数式の無いページは 1.2 MB を読まない


@pytest.mark.site
def test_MathJax_は設定を読んでから本体を読む(site: Path) -> None:
    html = pages(site)["chapters/07-linear-regression.html"]
    scripts = re.findall(r'<script src="([^"]*(?:mathjax-config|tex-mml-chtml)\.js)"', html)

    assert scripts == ["../assets/mathjax-config.js", f"../{MATHJAX}"]
    assert all((site / "chapters" / src).resolve().is_file() for src in scripts)


@pytest.mark.site
def test_sitemap_はすべてのページを公開の_URL_で挙げる(site: Path) -> None:
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    listed = re.findall(r"<loc>(.*?)</loc>", sitemap)

    assert all(url.startswith("http://127.0.0.1:8000/") for url in listed)  # ML_SITE_URL の既定
    assert sorted(site_path(url) for url in listed) == sorted(pages(site))


@pytest.mark.site
def test_どのページもほかのページからリンクされている(site: Path) -> None:
    found = pages(site)
    linked = {
        site_path(urljoin(f"http://site/{path}", href))
        for path, html in found.items()
        for href in LINK.findall(html)
        if href
    }

    assert "chapters/steps/index.html" in found  # 途中の一歩の書き方は、この本の読み方からたどれる
    assert {path for path in found if path not in linked} == set()


def test_日本語のフォントを名前で挙げ最後は_sans_serif() -> None:
    css = (PROJECT_ROOT / "docs" / "assets" / "book.css").read_text(encoding="utf-8")
    text_fonts = re.search(r"--md-text-font-family:([^;]*);", css)
    mkdocs = (PROJECT_ROOT / "mkdocs.yml").read_text(encoding="utf-8")

    assert text_fonts
    stack = [name.strip().strip('"') for name in text_fonts.group(1).split(",")]
    assert [name for name in stack if name in JAPANESE_FONTS] == JAPANESE_FONTS
    assert stack[-1] == "sans-serif"
    assert "extra_css:\n  - assets/book.css" in mkdocs
    assert "font: false" in mkdocs  # Google Fonts を読まない（オフラインで読める）
