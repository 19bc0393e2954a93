"""本のサイトの検索を、Material for MkDocs と Zensical で比べる。

同じ mkdocs.yml から MkDocs（hooks/ のフック付き）と Zensical（hooks/zensical_build.py）で
組み立てた 2 つのサイトを、ヘッドレスの Chromium（Debian の chromium を Playwright から）で開き、
tests/support/search.py の言葉の組の検索語を 1 つずつ本物の検索欄に打って、1 位が
その語を教えるページだった数を組ごとに表示する。最後に、1 位を外した語と、その上位 3 ページ。
docs/reading.md の表はこの出力で、tests/test_site_search_engines.py が同じ数になることを確かめる。

使い方: .venv/bin/python benchmarks/site_search.py
（ML_SITE_DIR と ML_ZENSICAL_SITE_DIR に組み立て済みのサイトがあれば、組み立てを省く）
"""

from __future__ import annotations

import datetime
import platform
import sys
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.search import (
    CHROMIUM,
    ENGINES,
    chromium,
    engines_misses,
    query_sets,
)
from support.site import built_site, built_zensical_site


def main() -> None:
    sets = query_sets()
    sites = dict(zip(ENGINES, [built_site(), *[built_zensical_site()] * 2], strict=True))
    with chromium() as browser:
        chromium_version = browser.version
        misses = engines_misses(browser, sites, sets)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"日時: {now}、Chromium {chromium_version}（{CHROMIUM}）")
    print(f"Python {platform.python_version()}、", end="")
    print(f"mkdocs-material {version('mkdocs-material')}、zensical {version('zensical')}")
    print()
    print(f"| 言葉の組 | 語の数 | {' | '.join(ENGINES)} |")
    print(f"|---|---:|{'---:|' * len(ENGINES)}")
    totals = dict.fromkeys(["語", *ENGINES], 0)
    for name, expected in sets.items():
        hits = {engine: len(expected) - len(misses[engine][name]) for engine in ENGINES}
        print(f"| {name} | {len(expected)} | {' | '.join(str(hit) for hit in hits.values())} |")
        totals["語"] += len(expected)
        for engine in ENGINES:
            totals[engine] += hits[engine]
    print(f"| 計 | {' | '.join(str(total) for total in totals.values())} |")
    for engine in ENGINES:
        print()
        print(f"{engine} で 1 位を外した語（上位 3 ページ）:")
        for name in sets:
            for query, found in misses[engine][name].items():
                print(f"  {name}: {query} → {', '.join(found) or '（何も出ない）'}")


if __name__ == "__main__":
    main()
