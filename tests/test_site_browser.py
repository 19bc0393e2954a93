"""組み立てたサイトを、読者と同じように本物のブラウザ（ヘッドレスの Chromium）で開いて確かめる。

サイトは 127.0.0.1 の HTTP サーバーから配り、外へのリクエストが 1 つも無いことを見る。ブラウザは
Debian の chromium（/usr/bin/chromium）を Playwright から動かす（Playwright 用のブラウザは
落とさない）。
ブラウザか Playwright か MkDocs が無ければ理由を書いて飛ばす。ただし CI（CI=true）では失敗にする。
ML_SITE_DIR に組み立て済みのサイトのフォルダを渡すと、組み立てを省く（.ci/run がそうする）。
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from support.glossary import GLOSSARY, PROJECT_ROOT, terms
from support.search import (
    READER_QUERIES,
    SEARCH_LOADING,
    chapter_label,
    nav_chapters,
    open_material_search,
    page_url,
    require_chromium,
    served,
    title_words,
)
from support.search import material_results as result_pages
from support.site import built_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Request

FIGURES = PROJECT_ROOT / "chapters" / "figures"

ABORTED = "net::ERR_ABORTED"
SEARCH_INDEX = "search/search_index.json"
MATHJAX_TIMEOUT_MS = 15_000
WAIT_FOR_MATHJAX = """timeout => new Promise(resolve => {
    const start = Date.now();
    const poll = () => {
        if (window.MathJax?.startup?.promise) MathJax.startup.promise.then(() => resolve(true));
        else if (Date.now() - start > timeout) resolve(false);
        else setTimeout(poll, 50);
    };
    poll();
})"""


def book_order(title: str) -> tuple[int, int]:
    """章は番号の順、付録は章のあとに A, B, C の順。"""
    chapter = re.match(r"第 (\d+) 章", title)
    if chapter:
        return (0, int(chapter.group(1)))
    appendix = re.match(r"付録 ([A-Z])", title)
    assert appendix, title
    return (1, ord(appendix.group(1)))


def test_目次には章と付録が本の順にすべて並ぶ() -> None:
    titles = [title for title, _ in nav_chapters()]
    orders = [book_order(title) for title in titles]

    # 1 つの章や付録が 2 ページ以上に分かれていても（付録 B の表のページ）、順は崩さない
    assert orders == sorted(orders)
    assert list(dict.fromkeys(orders)) == [(0, n) for n in range(1, 16)] + [
        (1, ord(letter)) for letter in "ABC"
    ]


# ここから下はブラウザを使う


@pytest.fixture(scope="module")
def chromium_ready() -> None:
    """ブラウザと Playwright があるか。無ければ飛ばす（CI では失敗）。"""
    require_chromium()


@pytest.fixture(scope="module")
def site_dir(chromium_ready: None) -> Path:
    """組み立てたサイト（ブラウザがあるときだけ組み立てる）。"""
    return built_site()


@pytest.fixture(scope="module")
def base_url(site_dir: Path) -> Iterator[str]:
    """サイトを 127.0.0.1 の空いているポートで配る。"""
    with served(site_dir) as url:
        yield url


@pytest.fixture(scope="module")
def browser(site_browser: Browser) -> Browser:
    """ヘッドレスの Chromium（サイトのテストで分け合う 1 つ。support.search の site_browser）。"""
    return site_browser


@dataclass
class Visit:
    """1 つのページを開いて見たこと。"""

    path: str
    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    formulas: int = 0
    rendered: int = 0
    raw_tex: int = 0
    images: dict[str, bool] = field(default_factory=dict)


def site_pages(site_dir: Path) -> list[str]:
    """サイトにあるすべてのページの URL のパス（サイトの根から）。"""
    pages = [path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*.html")]
    return sorted(page for page in pages if not page.startswith("assets/") and page != "404.html")


def visit(page: Page, base: str, seen: Visit) -> None:
    """ページを開き、数式と画像を seen に記録する（エラーはイベントが記録する）。"""
    response = page.goto(base + seen.path, wait_until="load")
    if response is None or not response.ok:
        seen.errors.append(f"ページが開けない: {response.status if response else '応答なし'}")
    seen.formulas = page.locator(".arithmatex").count()
    if seen.formulas:
        if not page.evaluate(WAIT_FOR_MATHJAX, MATHJAX_TIMEOUT_MS):
            seen.errors.append("MathJax が読み込まれず、数式が描かれない")
        seen.rendered = page.locator(".arithmatex mjx-container").count()
        seen.raw_tex = page.evaluate(
            r"""() => [...document.querySelectorAll('.arithmatex')]
                .filter(e => /\\[(\[]/.test(e.textContent)).length"""
        )
    seen.images = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('article img')]
            .map(img => [img.getAttribute('src'), img.complete && img.naturalWidth > 0]))"""
    )


def record_failure(seen: Visit, request: Request) -> None:
    """読み込めなかったリクエストを記録する。次のページへ移るときに打ち切られたもの
    （検索の索引を作る途中の読み込みなど）はサイトの誤りではないので数えない。"""
    if request.failure != ABORTED:
        seen.errors.append(f"{request.failure}: {request.url}")


@pytest.fixture(scope="module")
def visits(browser: Browser, base_url: str, site_dir: Path) -> dict[str, Visit]:
    """サイトのすべてのページを、1 つのタブで 1 度ずつ開いた記録。"""
    found = {path: Visit(path) for path in site_pages(site_dir)}
    current = [Visit("")]
    page = browser.new_page()
    # Material はページを開くたびに検索の索引を作り直す。ここでは空の索引を渡して時間を省く
    # （本物の索引は検索のテストが 1 つのページで使い、そこでもエラーが無いことを確かめる）
    index = json.loads((site_dir / SEARCH_INDEX).read_text(encoding="utf-8"))
    empty = {"config": index["config"], "docs": []}
    page.route(base_url + SEARCH_INDEX, lambda route: route.fulfill(json=empty))
    page.on("console", lambda m: current[0].errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: current[0].errors.append(str(error)))
    page.on("requestfailed", lambda request: record_failure(current[0], request))
    page.on(
        "response",
        lambda r: current[0].errors.append(f"{r.status}: {r.url}") if r.status >= 400 else None,
    )
    page.on(
        "request",
        lambda r: None if r.url.startswith(base_url) else current[0].outside.append(r.url),
    )
    for seen in found.values():
        current[0] = seen
        visit(page, base_url, seen)
    page.close()
    return found


@pytest.mark.site
def test_どのページもエラーなく開き外へのリクエストが無い(visits: dict[str, Visit]) -> None:
    assert len(visits) >= len(nav_chapters())
    assert {
        path: (v.errors, v.outside) for path, v in visits.items() if v.errors or v.outside
    } == {}


@pytest.mark.site
def test_数式は_TeX_のままでなく描かれている(visits: dict[str, Visit]) -> None:
    with_math = {path: v for path, v in visits.items() if v.formulas}

    assert "chapters/07-linear-regression.html" in with_math
    for path, seen in with_math.items():
        assert (seen.rendered, seen.raw_tex) == (seen.formulas, 0), path


@pytest.mark.site
def test_図はすべて読み込まれている(visits: dict[str, Visit]) -> None:
    shown = {
        Path(urlsplit(src).path).name: loaded
        for seen in visits.values()
        for src, loaded in seen.images.items()
    }

    figures = sorted(path.name for path in FIGURES.glob("*.svg"))
    assert {name: shown.get(name) for name in figures} == dict.fromkeys(figures, True)


@pytest.mark.site
def test_目次の章と付録がブラウザでも本の順に並ぶ(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url, wait_until="load")
    links = page.eval_on_selector_all(
        "nav.md-nav--primary a.md-nav__link", "links => links.map(a => a.textContent.trim())"
    )
    page.close()

    shown = [text for text in links if re.match(r"第 \d+ 章|付録 [A-Z]", text)]
    assert shown == [title for title, _ in nav_chapters()]


@pytest.fixture(scope="module")
def search_errors() -> list[str]:
    """検索に使うページで起きたエラー。"""
    return []


@pytest.fixture(scope="module")
def search_page(browser: Browser, base_url: str, search_errors: list[str]) -> Iterator[Page]:
    """検索欄を開き、本物の索引を作り終えたページ。"""
    page = browser.new_page()
    page.on("console", lambda m: search_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: search_errors.append(str(error)))
    open_material_search(page, base_url)
    yield page
    page.close()


def first_results(page: Page, base: str, expected: dict[str, str]) -> dict[str, tuple[str, str]]:
    """それぞれの語で検索し、1 位が期待したページでなかったものの {語: (期待, 1 位)}。"""
    wrong = {}
    for query, path in expected.items():
        found = result_pages(page, base, query)
        first = found[0] if found else "（何も見つからない）"
        if first != path:
            wrong[query] = (path, first)
    return wrong


@pytest.mark.site
def test_章の題で検索するとその章が_1_位に出る(search_page: Page, base_url: str) -> None:
    chapters = nav_chapters()
    by_words = {title_words(title): path for title, path in chapters}
    by_title = dict(chapters)

    assert first_results(search_page, base_url, by_words) == {}
    assert first_results(search_page, base_url, by_title) == {}


@pytest.mark.site
def test_第_N_章_と付録の番号だけで検索するとその章が_1_位に出る(
    search_page: Page, base_url: str
) -> None:
    labels: dict[str, set[str]] = {}
    for title, path in nav_chapters():
        labels.setdefault(chapter_label(title), set()).add(path)
    wrong = {}
    for label, paths in labels.items():
        found = result_pages(search_page, base_url, label)
        if not found or found[0] not in paths:  # 付録 B は 2 ページのどちらでもよい
            wrong[label] = found[:3]

    assert len(labels) == 18
    assert wrong == {}


@pytest.mark.site
def test_用語集の用語で検索するとそれを扱う章が_1_位に出る(
    search_page: Page, base_url: str, search_errors: list[str]
) -> None:
    glossary = {
        term.name: page_url(term.page) for term in terms(GLOSSARY.read_text(encoding="utf-8"))
    }

    assert len(glossary) >= 30
    assert first_results(search_page, base_url, glossary) == {}
    assert search_errors == []


@pytest.mark.site
def test_読者が打ちそうな言葉で検索するとそれを教える章が_1_位に出る(
    search_page: Page, base_url: str
) -> None:
    expected = {query: page_url(path) for query, path in READER_QUERIES.items()}

    assert first_results(search_page, base_url, expected) == {}


@pytest.mark.site
def test_検索結果の抜き書きに_TeX_が出ない(search_page: Page, base_url: str) -> None:
    result_pages(search_page, base_url, "ジニ不純度")
    snippets = search_page.eval_on_selector_all(
        ".md-search-result__article, .md-search-result__item",
        "items => items.map(e => e.textContent)",
    )

    assert snippets
    assert [text for text in snippets if re.search(r"\\[()\[\]]|\\frac|\\sum", text)] == []


@dataclass
class DiskVisit:
    """ディスクから（file://）開いたサイトで見たこと。"""

    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def disk_page(browser: Browser, site_dir: Path) -> Iterator[tuple[Page, DiskVisit]]:
    """サーバーを使わず、組み立てたサイトの index.html をディスクから開いたタブ。"""
    seen = DiskVisit()
    page = browser.new_page()
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("requestfailed", lambda request: record_failure(Visit("", seen.errors), request))
    page.on(
        "request", lambda r: None if r.url.startswith("file://") else seen.outside.append(r.url)
    )
    page.on("framenavigated", lambda frame: seen.pages.append(frame.url))
    page.goto((site_dir / "index.html").as_uri(), wait_until="load")
    yield page, seen
    page.close()


@pytest.mark.site
def test_ディスクから開いても章へ移れて数式と図が描かれる(
    disk_page: tuple[Page, DiskVisit], site_dir: Path
) -> None:
    page, seen = disk_page
    # はじめにのページの目次の表から、章へリンクをたどる
    page.locator("article a", has_text="線形回帰による数値予測").click()
    page.wait_for_load_state("load")
    chapter7 = page.url
    heading = page.locator("article h1").first.inner_text()
    mathjax = page.evaluate(WAIT_FOR_MATHJAX, MATHJAX_TIMEOUT_MS)
    formulas = page.locator(".arithmatex").count()
    rendered = page.locator(".arithmatex mjx-container").count()
    page.go_back(wait_until="load")
    page.locator("article a", has_text="決定木と明白な実装").click()
    page.wait_for_load_state("load")
    images = page.evaluate(
        "() => [...document.querySelectorAll('article img')]"
        ".map(img => img.complete && img.naturalWidth > 0)"
    )

    # フォルダの一覧ではなく、章のページそのものが開く
    assert chapter7 == (site_dir / "chapters" / "07-linear-regression.html").as_uri()
    assert heading.startswith("第 7 章")
    assert mathjax
    assert formulas > 10
    assert rendered == formulas
    assert images
    assert all(images)
    assert (seen.errors, seen.outside) == ([], [])


@pytest.mark.site
def test_ディスクから開いても検索できる(disk_page: tuple[Page, DiskVisit], site_dir: Path) -> None:
    page, seen = disk_page
    page.locator("input.md-search__input").click()
    page.wait_for_function(
        "text => !document.querySelector('.md-search-result__meta').textContent.includes(text)",
        arg=SEARCH_LOADING,
        timeout=60_000,
    )

    found = result_pages(page, site_dir.as_uri() + "/", "ジニ不純度")

    assert found[0] == "chapters/03-decision-tree-and-obvious-implementation.html"
    assert (seen.errors, seen.outside) == ([], [])


PHONE_WIDTH, PHONE_HEIGHT = 390, 844
TREE_PAGE = "chapters/03-decision-tree-and-obvious-implementation.html"
SCREENSHOTS = Path(os.environ.get("ML_SCREENSHOT_DIR", "/tmp"))


def svg_text_sizes(svg: str) -> tuple[list[float], float]:
    """matplotlib の SVG の文字の大きさ（図の座標で）と、図の幅（viewBox）。

    matplotlib は文字を形（path）で書き、1 文字ずつ scale(大きさ/100 -大きさ/100) を付ける。
    """
    sizes = [float(s) * 100 for s in re.findall(r"scale\(([\d.]+) -[\d.]+\)", svg)]
    view_box = re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', svg)
    assert view_box, "viewBox がありません"
    return sizes, float(view_box.group(1))


@pytest.mark.site
def test_スマートフォンの幅でも木の図の文字が読め_押すと図だけを開く(
    browser: Browser, base_url: str, site_dir: Path
) -> None:
    page = browser.new_page(
        viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page.goto(base_url + TREE_PAGE, wait_until="load")
    figure = page.locator(".book-figure").first
    figure.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "site-phone-chapter03-tree.png"))
    image = figure.locator("img")
    shown = image.evaluate("img => [img.getBoundingClientRect().width, img.naturalWidth]")
    page_width = page.evaluate("() => document.scrollingElement.scrollWidth")
    scrolls = figure.evaluate("e => e.scrollWidth > e.clientWidth")
    cue = figure.evaluate("e => getComputedStyle(e, '::after').content")
    href = figure.locator("a").get_attribute("href")
    page.close()

    svg = (site_dir / "chapters" / "figures" / "chapter03-tree.svg").read_text(encoding="utf-8")
    sizes, width = svg_text_sizes(svg)
    smallest = min(sizes) * shown[0] / width
    # 縮めても文字は 8 px 以上（縮める前の図のままなら 4〜5 px だった）。図は横にずらして見る
    assert smallest >= 8, (shown, smallest)
    assert scrolls
    assert "横にずらせます" in cue
    assert page_width == PHONE_WIDTH  # ページ全体は横にはみ出さない
    assert href == "figures/chapter03-tree.svg"


@pytest.mark.site
def test_スマートフォンの幅ではみ出す表とコードには端に影が付く(
    browser: Browser, base_url: str
) -> None:
    page = browser.new_page(
        viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT}, is_mobile=True, has_touch=True
    )
    page.goto(base_url + TREE_PAGE, wait_until="load")
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll('.md-typeset__scrollwrap, pre > code')]
            .filter(e => e.scrollWidth > e.clientWidth)
            .map(e => [e.className, getComputedStyle(e).backgroundImage])"""
    )
    page.close()

    assert len(overflowing) >= 2
    assert {name.split()[0] if name else "code" for name, _ in overflowing} >= {
        "md-typeset__scrollwrap"
    }
    assert all(background.count("radial-gradient") == 2 for _, background in overflowing)
