"""サイトの検索を確かめる・測る部品: 読者が打つ言葉の組と、本物の検索欄に打って結果を読む方法。

言葉の組（章の題、「第 N 章」、用語集の用語、読者の言葉）と、それぞれの 1 位に出てよいページは
1 か所（query_sets）にある。tests/test_site_browser.py は Material の検索で全部が 1 位になることを、
tests/test_site_search_engines.py と benchmarks/site_search.py は Material と Zensical の検索の
1 位の当たり数を確かめる・表示する。
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from support.glossary import GLOSSARY, PROJECT_ROOT, terms
from support.site import skip_or_fail

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
# 閉じたネットワークで Chromium が外へつなぎに行かないようにする（機械の説明書にある起動の仕方）
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

NAV_CHAPTER = re.compile(r"^\s*- ((?:第 \d+ 章|付録 [A-Z]) [^:]+): (chapters/[^\s]+\.md)\s*$")
SEARCH_PROMPT = "検索キーワードを入力してください"
SEARCH_LOADING = "初期化"
ZENSICAL_STATUS = re.compile(r"^(\d+ results?|No results)$")
"""Zensical の検索欄の下の、結果を並べ終えたときの知らせ（「29 results」「No results」）。"""
LOADING_TIMEOUT_MS = 180_000
"""索引を読み終えるまで待つ長さ。Zensical はブラウザの中で索引を組むので、
混んだ機械では 1 分を超えた。"""
ENGINES = ("Material", "Zensical", "Zensical（空白で区切る）")
"""比べる検索: Material、Zensical（mkdocs.yml のまま）、区切りを空白だけにした Zensical。"""
PLAIN_SEPARATOR = r"[\s\-]+"
"""空白とハイフンだけで区切る。日本語の語の区切りは Zensical が Intl.Segmenter で決める。"""


def with_plain_separator(site: Path, copy: Path) -> Path:
    """Zensical のサイトを copy に写し、検索の索引の区切り（separator）を PLAIN_SEPARATOR にする。

    mkdocs.yml の separator は Material のために文字の種類の変わり目でも区切る。Zensical の
    Intl.Segmenter に日本語の区切りを任せたときの数も測るため。
    """
    shutil.copytree(site, copy)
    index = json.loads((copy / "search.json").read_text(encoding="utf-8"))
    index["config"]["separator"] = PLAIN_SEPARATOR
    text = json.dumps(index, ensure_ascii=False)
    (copy / "search.json").write_text(text, encoding="utf-8")
    (copy / "search.js").write_text(f"var __index = {text};", encoding="utf-8")
    return copy


def require_chromium() -> None:
    """ブラウザと Playwright があるか。無ければ飛ばす（CI では失敗）。"""
    if importlib.util.find_spec("playwright") is None:
        skip_or_fail("Playwright for Python がありません（pip install -e '.[test]'）")
    if not CHROMIUM.is_file():
        skip_or_fail(f"Chromium がありません: {CHROMIUM}（apt-get install chromium）")


@contextmanager
def chromium() -> Iterator[Browser]:
    """ヘッドレスの Chromium（Debian の chromium を Playwright から動かす）。"""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  無ければ require_chromium が飛ばす

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="session")
def site_browser() -> Iterator[Browser]:
    """サイトのテストが分け合うヘッドレスの Chromium。テストのプロセスにつき 1 度だけ起こす。

    無ければ飛ばす（CI では失敗）。ページはテストやフィクスチャが開いて閉じる。
    """
    require_chromium()
    with chromium() as launched:
        yield launched


class QuietHandler(SimpleHTTPRequestHandler):
    """アクセスの記録を出さないファイルサーバー。"""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """directory を 127.0.0.1 の空いているポートで配り、その URL を渡す。"""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def page_url(markdown: str) -> str:
    """docs/ からの Markdown のパスを、サイトの URL のパスにする。

    offline プラグインはディスクからも開けるように、ページを「名前.html」に組み立てる（README.md は
    そのフォルダの index.html）。
    """
    stem = markdown.removesuffix(".md")
    if stem == "README" or stem.endswith("/README"):
        stem = stem.removesuffix("README") + "index"
    return f"{stem}.html"


def nav_chapters() -> list[tuple[str, str]]:
    """mkdocs.yml の目次にある章と付録の (題, URL のパス)。目次の順に並ぶ。"""
    lines = (PROJECT_ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    found = [NAV_CHAPTER.match(line) for line in lines]
    return [(match.group(1), page_url(match.group(2))) for match in found if match]


def title_words(title: str) -> str:
    """「第 2 章 データの前処理と三角測量」から番号を除いた「データの前処理と三角測量」。"""
    return re.sub(r"^(第 \d+ 章|付録 [A-Z]) ", "", title)


def chapter_label(title: str) -> str:
    """「第 2 章 データの前処理と三角測量」の「第 2 章」。"""
    return title.removesuffix(title_words(title)).strip()


# 読者が打ちそうな言葉と、それを教えるページ。本文と違う名前（ホールドアウト、学習曲線）や、
# 前方一致でほかの語に負けやすい言葉（決定係数は「決定木」に、再現率は付録 B に負けていた）も含む
READER_QUERIES = {
    "決定係数": "chapters/07-linear-regression.md",
    "標準化": "chapters/09-feature-engineering.md",
    "適合率": "chapters/11-evaluation-metrics-and-cross-validation.md",
    "再現率": "chapters/11-evaluation-metrics-and-cross-validation.md",
    "pytest": "chapters/01-machine-learning-and-first-test.md",
    "乱数の種": "chapters/02-data-preprocessing-and-triangulation.md",
    "ホールドアウト": "chapters/02-data-preprocessing-and-triangulation.md",
    "信頼区間": "chapters/appendix-c-before-claiming-improvement.md",
    "学習曲線": "chapters/12-regularization-and-model-selection.md",  # いちばん近いのは検証曲線
    "検証曲線": "chapters/12-regularization-and-model-selection.md",
    "リッジ回帰": "chapters/12-regularization-and-model-selection.md",
    "主成分分析": "chapters/13-pca.md",
    "k-means": "chapters/14-kmeans-clustering.md",
    "ruff": "chapters/05-package-management-and-static-analysis.md",
    "mypy": "chapters/05-package-management-and-static-analysis.md",
    "nox": "chapters/06-task-runner-and-ci.md",
    "FastAPI": "chapters/15-machine-learning-api.md",
    "ダミー変数": "chapters/09-feature-engineering.md",
}

QuerySet = dict[str, frozenset[str]]
"""検索語と、その 1 位に出てよいページ（URL のパス）。付録 B は 2 ページのどちらでもよい。"""


def query_sets() -> dict[str, QuerySet]:
    """言葉の組の名前と、その組の検索語。"""
    chapters = nav_chapters()
    labels: dict[str, set[str]] = {}
    for title, path in chapters:
        labels.setdefault(chapter_label(title), set()).add(path)
    glossary = terms(GLOSSARY.read_text(encoding="utf-8"))
    return {
        "章の題": {title_words(title): frozenset([path]) for title, path in chapters},
        "番号付きの章の題": {title: frozenset([path]) for title, path in chapters},
        "「第 N 章」「付録 X」": {label: frozenset(paths) for label, paths in labels.items()},
        "用語集の用語": {term.name: frozenset([page_url(term.page)]) for term in glossary},
        "読者の言葉": {
            query: frozenset([page_url(path)]) for query, path in READER_QUERIES.items()
        },
    }


def site_paths(hrefs: list[str], base: str) -> list[str]:
    """結果のリンクを、サイトの根からのページのパスにする（節ごとの結果はページ 1 つに数える）。"""
    paths = [urlsplit(href).path.removeprefix(urlsplit(base).path) for href in hrefs]
    return list(dict.fromkeys(paths))


def open_material_search(page: Page, base: str) -> None:
    """Material の検索欄を開き、索引を作り終えるまで待つ。"""
    page.goto(base, wait_until="load")
    page.locator("input.md-search__input").click()
    page.wait_for_function(
        "text => !document.querySelector('.md-search-result__meta').textContent.includes(text)",
        arg=SEARCH_LOADING,
        timeout=LOADING_TIMEOUT_MS,
    )


def material_results(page: Page, base: str, query: str) -> list[str]:
    """Material の検索欄に query を打ち、並んだ結果のページ（URL のパス）を上から返す。"""
    search = page.locator("input.md-search__input")
    meta = page.locator(".md-search-result__meta")
    search.fill("")
    search.press("End")
    meta.filter(has_text=SEARCH_PROMPT).wait_for()
    search.fill(query)
    search.press("End")  # Material はキーを離したときに検索する
    page.wait_for_function(
        "prompt => !document.querySelector('.md-search-result__meta').textContent.includes(prompt)",
        arg=SEARCH_PROMPT,
    )
    hrefs = page.eval_on_selector_all(
        ".md-search-result__item > a.md-search-result__link",
        "links => links.map(a => a.href)",
    )
    return site_paths(hrefs, base)


def start_zensical_search(page: Page, base: str) -> None:
    """Zensical の検索の窓を開いて語を打つ（索引を読み終えるのは待たない）。

    索引はページごとにブラウザの中で組む。何枚かのページを開くときは、先にすべてのページでこれを
    呼んでから知らせを待てば、索引を組む時間が重なる。
    """
    page.goto(base, wait_until="load")
    page.locator(".md-search__button").click()
    page.locator("dialog input[role=combobox]").fill("検索")
    page.evaluate(WITHOUT_BLUR, NO_BLUR)


NO_BLUR = "* { backdrop-filter: none !important; -webkit-backdrop-filter: none !important; }"
"""背景のぼかしを消す CSS。Zensical の検索の窓（Shadow DOM の中）は後ろを blur(8px) でぼかすので、
ヘッドレスの Chromium では結果を描き直すたびに CPU を食う。変わるのは描き方だけ。"""
WITHOUT_BLUR = """css => {
    const roots = [...document.querySelectorAll("div")].map(e => e.shadowRoot).filter(r => r);
    for (const root of [document.head, ...roots]) {
        const style = document.createElement("style");
        style.textContent = css;
        root.append(style);
    }
}"""
"""ページと、検索の窓のある Shadow DOM に NO_BLUR を足す（外の CSS は Shadow DOM に届かない）。"""


def expect_status(page: Page, text: str | re.Pattern[str], timeout: float) -> None:
    """Zensical の検索の窓の知らせが text になるまで待つ。"""
    from playwright.sync_api import expect  # noqa: PLC0415  Playwright が無ければ呼ぶ前に飛ばす

    expect(page.locator("dialog [role=status]")).to_have_text(text, timeout=timeout)


ZENSICAL_RESULTS = """query => {
    const host = [...document.querySelectorAll("div")]
        .find(e => e.shadowRoot?.querySelector("dialog"));
    const dialog = host?.shadowRoot.querySelector("dialog");
    const status = dialog?.querySelector("[role=status]")?.textContent.trim();
    if (status === "No results") return [];
    const count = /^(\\d+) results?$/.exec(status ?? "");
    const links = [...(dialog?.querySelectorAll("ol[role=listbox] a[role=option]") ?? [])];
    const current = links.length > 0 && links.every(a =>
        new URL(a.href).searchParams.get("h") === query
        && a.getAttribute("aria-setsize") === count?.[1]);
    return current ? links.map(a => a.href) : false;
}"""
"""Zensical の検索の窓が query の結果を並べていれば、結果のリンク（無ければ []）。まだなら false。

知らせ（「29 results」）と結果の並びは別々に描かれることがあるので、どのリンクも query の結果
（URL の ?h= が query で、aria-setsize が知らせの件数）であることを見る。
"""
NO_RESULTS_SETTLE_MS = 1_500
"""「No results」がこれだけの間続けば、本当に何も見つからないとみなす。Zensical は検索を終える前に、
いったん「No results」と出すことがある（「第 1 章」で 536 件を並べる前に）。"""
RESULTS_SETTLE_MS = 500
"""並んだ結果がこれだけの間変わらなければ、並べ終えたとみなす。混んだ機械では、Zensical が途中の
並び（「第 3 章」で第 8 章が 1 位）をいったん見せてから並べ直したことがある。"""
POLL_MS = 50
ZENSICAL_TIMEOUT_MS = 30_000
"""1 語の結果を並べ終えるまで待つ長さ。"""
ZENSICAL_PAGES = 2
"""1 つの Zensical の検索につき、検索の窓を同時に開くページの数。1 語ごとに結果が落ち着くのを
待つので、1 つのページで語を順に打つと待ち時間が積み重なる（2 つの Zensical で 3 分近く）。
ページごとに別の語を打てば、待つ時間が重なる。2 つの Zensical を同時に比べるので、開くのは
合わせて 4 枚。索引はページごとに組むので、ページを増やせばその分の CPU を使う。"""


def type_query(page: Page, query: str, timeout: float = ZENSICAL_TIMEOUT_MS) -> None:
    """Zensical の検索の窓を空にして知らせが消えるのを待ち、query を打つ。"""
    field = page.locator("dialog input[role=combobox]")
    field.fill("")
    expect_status(page, "", timeout)
    field.fill(query)


@dataclass
class Waiting:
    """1 つのページに打った語の結果が、並べ終わるのを待っているところ。"""

    page: Page
    query: str
    timeout: float = ZENSICAL_TIMEOUT_MS
    began: float = field(default_factory=time.monotonic)
    shown: list[str] | bool | None = None
    since: float = 0.0

    def poll(self, base: str) -> list[str] | None:
        """結果を 1 度読む。並べ終えていればページのパスを上から（何も無ければ []）、まだなら None。

        並んだ結果が RESULTS_SETTLE_MS のあいだ変わらなければ並べ終えたとみなし、「No results」は
        NO_RESULTS_SETTLE_MS 続いたときだけ信じる。
        """
        shown = self.page.evaluate(ZENSICAL_RESULTS, self.query)
        now = time.monotonic()
        if shown is False or shown != self.shown:
            self.shown, self.since = shown, now
        steady_ms = (now - self.since) * 1000
        if shown and steady_ms >= RESULTS_SETTLE_MS:
            return site_paths(shown, base)
        if shown == [] and steady_ms >= NO_RESULTS_SETTLE_MS:
            return []
        if (now - self.began) * 1000 >= self.timeout:
            raise TimeoutError(
                f"Zensical の検索が {self.timeout / 1000:.0f} 秒で「{self.query}」の結果を"
                "並べ終えません"
            )
        return None


Misses = dict[str, dict[str, tuple[str, ...]]]
"""組ごとに、1 位を外した語と、その上位 3 ページ（何も出なければ空）。"""


def zensical_misses(
    windows: dict[str, tuple[str, list[Page]]], sets: dict[str, QuerySet]
) -> dict[str, Misses]:
    """検索ごとの (サイトの URL, 検索の窓を開いたページ) から、検索ごとに 1 位を外した語を返す。

    どの検索にもすべての語を打つ。語はその検索のページに 1 つずつ配り、1 つのページでは 1 語ずつ
    並べ終えるのを待つ（Waiting.poll）。ページごとに別の語を打つので、待つ時間が重なる。
    """
    jobs = {
        engine: deque((name, query) for name, words in sets.items() for query in words)
        for engine in windows
    }
    idle = {engine: list(pages) for engine, (_, pages) in windows.items()}
    found: dict[tuple[str, str, str], list[str]] = {}
    waiting: dict[tuple[str, str, str], Waiting] = {}
    anyone = next(iter(windows.values()))[1][0]
    while any(jobs.values()) or waiting:
        for engine in windows:
            while idle[engine] and jobs[engine]:
                page, (name, query) = idle[engine].pop(), jobs[engine].popleft()
                type_query(page, query)
                waiting[engine, name, query] = Waiting(page, query)
        for job, state in list(waiting.items()):
            if (result := state.poll(windows[job[0]][0])) is not None:
                found[job] = result
                idle[job[0]].append(waiting.pop(job).page)
        if waiting:
            anyone.wait_for_timeout(POLL_MS)
    return {
        engine: {
            name: {
                query: tuple(found[engine, name, query][:3])
                for query, allowed in words.items()
                if not found[engine, name, query] or found[engine, name, query][0] not in allowed
            }
            for name, words in sets.items()
        }
        for engine in windows
    }


Results = Callable[["Page", str, str], list[str]]
"""検索欄に語を打って、結果のページを上から返すもの（material_results）。"""


def first_misses(
    results: Results, page: Page, base: str, expected: QuerySet
) -> dict[str, tuple[str, ...]]:
    """1 位が 1 位に出てよいページでなかった語と、その上位 3 ページ（何も出なければ空）。"""
    misses = {}
    for query, pages in expected.items():
        found = results(page, base, query)
        if not found or found[0] not in pages:
            misses[query] = tuple(found[:3])
    return misses


def engines_misses(
    browser: Browser, sites: dict[str, Path], sets: dict[str, QuerySet]
) -> dict[str, Misses]:
    """検索（ENGINES のどれか）ごとにそのサイトを開き、組ごとに 1 位を外した語と上位 3 ページ。

    Material は 1 枚のページで語を順に打つ。Zensical はどちらの区切りも同時に開き、それぞれ
    ZENSICAL_PAGES 枚のページで語を手分けして打つ（zensical_misses）。索引を組むのも、すべての
    ページで同時に。
    """
    unknown = [engine for engine in sites if engine not in ENGINES]
    if unknown:
        raise ValueError(f"知らない検索です: {unknown}（{', '.join(ENGINES)} のどれか）")
    misses: dict[str, Misses] = {}
    with tempfile.TemporaryDirectory(prefix="zensical-plain-") as scratch, ExitStack() as stack:
        if ENGINES[0] in sites:
            misses[ENGINES[0]] = material_misses(browser, sites[ENGINES[0]], sets)
        windows: dict[str, tuple[str, list[Page]]] = {}
        for engine in [engine for engine in ENGINES[1:] if engine in sites]:
            site = sites[engine]
            if engine == ENGINES[2]:
                site = with_plain_separator(site, Path(scratch) / "site")
            windows[engine] = (stack.enter_context(served(site)), [])
            for _ in range(ZENSICAL_PAGES):
                windows[engine][1].append(page := browser.new_page())
                stack.callback(page.close)
        if windows:
            open_zensical_windows(windows)
            misses.update(zensical_misses(windows, sets))
    return {engine: misses[engine] for engine in sites}


def open_zensical_windows(windows: dict[str, tuple[str, list[Page]]]) -> None:
    """どのページでも Zensical の検索の窓を開き、索引を読み終えるまで待つ。

    索引はページごとにブラウザの中で組むので、先にすべてのページで開いてから待つ（組む時間が重なる）。
    """
    for base, pages in windows.values():
        for page in pages:
            start_zensical_search(page, base)
    for _, pages in windows.values():
        for page in pages:
            expect_status(page, ZENSICAL_STATUS, LOADING_TIMEOUT_MS)


def material_misses(browser: Browser, site: Path, sets: dict[str, QuerySet]) -> Misses:
    """Material の検索で site を開き、組ごとに 1 位を外した語と上位 3 ページ。"""
    with served(site) as base:
        page = browser.new_page()
        try:
            open_material_search(page, base)
            return {
                name: first_misses(material_results, page, base, words)
                for name, words in sets.items()
            }
        finally:
            page.close()
